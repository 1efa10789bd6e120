// Route matching as patched (workers/patches/@remix-run+router+1.23.3.patch, issue 17): ranked branches kept
// per routes array, RegExps compiled once, only branches that can match the first segment tried.
// With our ~220 routes, matching was half the CPU of a simple page; these tests hold the patched
// matcher to what react-router's own rules say.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { AgnosticRouteObject as RouteObject, matchRoutes as MatchRoutes } from "@remix-run/router";
// The ES module: what Remix's compiler and wrangler bundle (Node's require would load router.cjs.js).
import * as bundled from "@remix-run/router/dist/router.js";
import { describe, expect, it } from "vitest";

const { matchRoutes } = bundled as unknown as { matchRoutes: typeof MatchRoutes };

function product(): RouteObject[] {
  return [
    {
      id: "root",
      path: "",
      children: [
        { id: "home", index: true },
        { id: "classes", path: "classes" },
        { id: "class", path: "classes/:storefrontSlug/:classSlug" },
        {
          id: "app",
          path: "apps/:storefrontSlug/:appSlug",
          children: [
            { id: "app-landing", index: true },
            { id: "app-today", path: "today" },
          ],
        },
        {
          id: "dashboard",
          path: "dashboard",
          children: [
            { id: "dashboard-home", index: true },
            { id: "builder", path: "builder" },
          ],
        },
        { id: "about", path: ":lang?/about" },
        { id: "case-only", path: "CaseOnly", caseSensitive: true },
        { id: "not-found", path: "*" },
      ],
    },
  ];
}

const ids = (routes: RouteObject[], path: string) => matchRoutes(routes, path)?.map((m) => m.route.id);
const leaf = (routes: RouteObject[], path: string) => matchRoutes(routes, path)?.at(-1);

describe("route matching (patched)", () => {
  const routes = product();

  it("finds the route of each kind of path, in rank order, with its params", () => {
    expect(ids(routes, "/")).toEqual(["root", "home"]);
    expect(ids(routes, "/classes")).toEqual(["root", "classes"]);
    expect(ids(routes, "/CLASSES/")).toEqual(["root", "classes"]);
    expect(leaf(routes, "/classes/ana/guitar-basics")).toMatchObject({
      route: { id: "class" },
      params: { storefrontSlug: "ana", classSlug: "guitar-basics" },
      pathname: "/classes/ana/guitar-basics",
    });
    expect(ids(routes, "/apps/ana/run")).toEqual(["root", "app", "app-landing"]);
    expect(matchRoutes(routes, "/apps/ana/run/today")?.map((m) => [m.route.id, m.pathname, m.pathnameBase])).toEqual([
      ["root", "/", "/"],
      ["app", "/apps/ana/run", "/apps/ana/run"],
      ["app-today", "/apps/ana/run/today", "/apps/ana/run/today"],
    ]);
    expect(ids(routes, "/dashboard/builder")).toEqual(["root", "dashboard", "builder"]);
    expect(ids(routes, "/dashboard")).toEqual(["root", "dashboard", "dashboard-home"]);
  });

  it("tries branches that start with a param or a splat for every first segment", () => {
    expect(leaf(routes, "/about")).toMatchObject({ route: { id: "about" }, params: {} });
    expect(leaf(routes, "/fr/about")).toMatchObject({ route: { id: "about" }, params: { lang: "fr" } });
    expect(leaf(routes, "/nowhere/at/all")).toMatchObject({
      route: { id: "not-found" },
      params: { "*": "nowhere/at/all" },
    });
    expect(leaf(routes, "/classes/ana")).toMatchObject({ route: { id: "not-found" } });
    expect(leaf(routes, "/%C3%BCber")).toMatchObject({ route: { id: "not-found" }, params: { "*": "über" } });
  });

  it("keeps a case-sensitive route case-sensitive", () => {
    expect(leaf(routes, "/CaseOnly")?.route.id).toBe("case-only");
    expect(leaf(routes, "/caseonly")?.route.id).toBe("not-found");
  });

  it("gives the same answer on every call, and each routes array its own route objects", () => {
    const first = matchRoutes(routes, "/classes/ana/guitar-basics");
    const again = matchRoutes(routes, "/classes/ana/guitar-basics");
    expect(again).toEqual(first);
    expect(again?.[0].params).not.toBe(first?.[0].params);
    const other = product();
    expect(leaf(other, "/classes")?.route).toBe(other[0].children?.[1]);
  });

  it("sees a route added to an array it already matched against (the client router adds routes)", () => {
    const growing = product();
    expect(leaf(growing, "/pricing")?.route.id).toBe("not-found");
    growing[0].children?.push({ id: "pricing", path: "pricing" });
    expect(leaf(growing, "/pricing")?.route.id).toBe("pricing");
  });

  it("is the patched copy that the app and the worker bundle", () => {
    const installed = createRequire(import.meta.url).resolve("@remix-run/router/dist/router.js");
    expect(readFileSync(installed, "utf8")).toContain("Patched (workers/patches/@remix-run+router+1.23.3.patch)");
  });
});

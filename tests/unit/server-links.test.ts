// Remix's <Link> as the server renders it (workers/patches/@remix-run+react+2.17.5.patch, issue 17 goal 2).
// On the server a link is only its <a>: the patch writes that <a> directly instead of running Remix's
// prefetch behaviour and React Router's link (its href resolved three times, a click handler, navigation
// hooks), which cost the catalogue's page of cards ~0.4 ms of its render. The browser still renders the
// full link and hydrates the same markup. These tests hold the server's <a> to what the two links wrote
// before, attribute for attribute, for the props our pages use and the ones they might.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { createElement as h, type ReactElement } from "react";
import { renderToString } from "react-dom/server";
import { Link } from "@remix-run/react";
import { createMemoryRouter, Link as RouterLink, RouterProvider } from "react-router-dom";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

type Props = Record<string, unknown> & { to: string | { pathname?: string; search?: string; hash?: string } };

const ABSOLUTE_URL = /^(?:[a-z][a-z0-9+.-]*:|\/\/)/i;

/** What Remix's link passed React Router's: the props, and data-discover for a link to one of our routes. */
function routerLink(props: Props): ReactElement {
  const { prefetch: _prefetch, discover = "render", ...rest } = props;
  const absolute = typeof props.to === "string" && ABSOLUTE_URL.test(props.to);
  const discoverAttr = discover === "render" && !absolute && !props.reloadDocument ? "true" : undefined;
  return h(RouterLink, { ...(rest as Props), "data-discover": discoverAttr } as never);
}

/** The element rendered on /classes/some-school/some-class (a nested route, for relative links). */
function page(element: ReactElement): string {
  const router = createMemoryRouter([{ path: "/", children: [{ path: "classes/:storefront/:slug", element }] }], {
    initialEntries: ["/classes/some-school/some-class"],
    hydrationData: { loaderData: {} },
  });
  return renderToString(h(RouterProvider, { router }));
}

const noop = () => undefined;
const cases: [string, Props][] = [
  ["a class card's link", { to: "/classes/school/class-1", prefetch: "intent", className: "product-card__link" }],
  ["a current view tab", { to: "/classes?view=New", "aria-current": "page", className: "browse__view" }],
  ["a path object", { to: { pathname: "/cart", search: "?from=card", hash: "#summary" } }],
  ["a relative path", { to: "../other-class?x=1", relative: "path" }],
  ["a route-relative path", { to: "lessons" }],
  ["another site", { to: "https://example.com/help", target: "_blank", rel: "noreferrer" }],
  ["a protocol-relative URL", { to: "//cdn.example.com/file.pdf" }],
  [
    "a full page load with navigation options",
    { to: "/auth/login?redirect=/cart", reloadDocument: true, replace: true, state: { from: "card" } },
  ],
  ["no discovery", { to: "/library", discover: "none", preventScrollReset: true, viewTransition: true }],
  ["prefetch on viewport", { to: "/library", prefetch: "viewport" }],
  [
    "handlers and attributes",
    {
      to: "/classes?cursor=abc&view=All+classes",
      onClick: noop,
      onMouseEnter: noop,
      onFocus: noop,
      id: "more",
      tabIndex: -1,
      "aria-disabled": true,
      style: { color: "red" },
      title: "Load “more” <classes> & co",
    },
  ],
];

const globals = globalThis as { document?: unknown };
// React's development build (the one Node loads) warns that the router's layout effects do nothing on the
// server; any other console error fails the test.
let errors: unknown[][] = [];
beforeEach(() => {
  errors = [];
  vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => {
    if (!String(args[0]).includes("useLayoutEffect does nothing on the server")) errors.push(args);
  });
});
afterEach(() => {
  delete globals.document;
  vi.restoreAllMocks();
  expect(errors).toEqual([]);
});

describe("Remix's Link on the server (patched)", () => {
  it("is the patched one in node_modules, in both of Remix's builds", () => {
    const require = createRequire(import.meta.url);
    const dist = dirname(require.resolve("@remix-run/react"));
    for (const file of [join(dist, "components.js"), join(dist, "esm", "components.js")])
      expect(readFileSync(file, "utf8")).toContain("function ServerLink(");
  });

  for (const [name, props] of cases)
    it(`writes the <a> Remix and React Router wrote: ${name}`, () => {
      const ours = page(h(Link, props as never));
      expect(ours).toContain("<a ");
      expect(ours).toBe(page(routerLink(props)));
    });

  it("renders the full link in the browser, with the same markup", () => {
    // React Router checks only that a document exists before it takes its browser paths.
    globals.document = {};
    const [, props] = cases[0];
    expect(page(h(Link, props as never))).toBe(page(routerLink(props)));
  });
});

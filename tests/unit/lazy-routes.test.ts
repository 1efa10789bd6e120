// Route modules loaded on first use (workers/lazy-routes.ts): the patched Remix build gives a lazy route
// `lazy: { load, exports }`, and the worker makes it a module whose loader and action import the real one.
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";
import { lazyRouteModule, withLazyRoutes, type BuiltRoute } from "../../workers/lazy-routes";

type Loose = Record<string, (...args: never[]) => unknown>;

const real = {
  loader: vi.fn(async ({ params }: { params: { slug: string } }) => ({ slug: params.slug })),
  action: vi.fn(async () => ({ saved: true })),
  default: ({ title }: { title: string }) => createElement("h1", null, `Real ${title}`),
  meta: () => [{ title: "Real page" }],
  headers: () => ({ "Cache-Control": "private" }),
  handle: { never: "read" },
};

describe("lazyRouteModule", () => {
  it("has what the route exports, and nothing the server never calls", () => {
    const load = vi.fn(async () => real);
    const module = lazyRouteModule("routes/a", { load, exports: ["loader", "default", "meta", "shouldRevalidate"] });
    expect(Object.keys(module).sort()).toEqual(["default", "loader", "meta"]);
    // A resource route (no component) stays one to Remix: no `default` key at all.
    const resource = lazyRouteModule("routes/api.a", { load, exports: ["loader", "action"] });
    expect("default" in resource).toBe(false);
    expect(load).not.toHaveBeenCalled();
  });

  it("its loader and action import the module, then answer with the real ones", async () => {
    const load = vi.fn(async () => real);
    const module = lazyRouteModule("routes/a", { load, exports: ["loader", "action"] }) as unknown as Loose;
    await expect(module.loader({ params: { slug: "jazz" } } as never)).resolves.toEqual({ slug: "jazz" });
    expect(real.loader).toHaveBeenCalledWith({ params: { slug: "jazz" } });
    await expect(module.action({} as never)).resolves.toEqual({ saved: true });
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("renders the real component, meta and headers once the loader has run, and says so before", async () => {
    const module = lazyRouteModule("routes/a", {
      load: async () => real,
      exports: ["loader", "default", "meta", "headers"],
    }) as unknown as Loose & { default: (props: { title: string }) => null };
    expect(() => renderToString(createElement(module.default, { title: "page" }))).toThrow(
      "route routes/a: its default was used before its loader loaded the module",
    );
    expect(() => module.meta()).toThrow("its meta was used before");
    await module.loader({ params: { slug: "x" } } as never);
    expect(renderToString(createElement(module.default, { title: "page" }))).toBe("<h1>Real page</h1>");
    expect(module.meta()).toEqual([{ title: "Real page" }]);
    expect(module.headers()).toEqual({ "Cache-Control": "private" });
  });

  it("tries the import again after it failed", async () => {
    const load = vi.fn().mockRejectedValueOnce(new Error("no module")).mockResolvedValue(real);
    const module = lazyRouteModule("routes/a", { load, exports: ["loader"] }) as unknown as Loose;
    await expect(module.loader({ params: { slug: "x" } } as never)).rejects.toThrow("no module");
    await expect(module.loader({ params: { slug: "y" } } as never)).resolves.toEqual({ slug: "y" });
    expect(load).toHaveBeenCalledTimes(2);
  });
});

describe("withLazyRoutes", () => {
  it("keeps the eager routes' modules and gives each lazy route one that loads it", async () => {
    const eager = { loader: async () => "eager" };
    const routes = {
      root: { id: "root", path: "", module: eager },
      "routes/a": {
        id: "routes/a",
        parentId: "root",
        path: "a",
        lazy: { load: async () => real, exports: ["loader"] },
      },
    } as unknown as Record<string, BuiltRoute>;
    const built = withLazyRoutes(routes);
    expect(built.root).toEqual({ id: "root", path: "", module: eager });
    expect(built["routes/a"]).toMatchObject({ id: "routes/a", parentId: "root", path: "a" });
    expect("lazy" in built["routes/a"]).toBe(false);
    const loader = built["routes/a"].module.loader as unknown as Loose[string];
    await expect(loader({ params: { slug: "z" } } as never)).resolves.toEqual({ slug: "z" });
  });
});

/**
 * Route modules loaded on first use (issue 17 goal 5). The routes remix.config.js names in
 * `serverLazyRoutes` (the builder, admin, account, sign-in and API routes: none of them is a first
 * page view) are left out of the worker's startup module: the patched Remix compiler
 * (workers/patches/@remix-run+dev) splits the server build and gives each such route
 * `lazy: { load, exports }` in place of its module. Here each becomes a module Remix can use: its
 * loader and action import the real module first; what renders (the component, meta, links,
 * headers) uses the module the loader brought in. The compiler only makes a route lazy when that
 * holds: a route that renders has a loader, and none exports `handle` (Remix reads it before any
 * request).
 */
import type { ServerBuild } from "@remix-run/cloudflare";
import { createElement, type ComponentType } from "react";
import { loadOnce } from "~/platform/load-once";

type ServerRoute = ServerBuild["routes"][string];
type RouteModule = ServerRoute["module"];
type Loose = Record<string, unknown>;

/** A route of the patched build: its module, or how to load it and the names it exports. */
export type BuiltRoute = Omit<ServerRoute, "module"> &
  ({ module: RouteModule; lazy?: undefined } | { module?: undefined; lazy: LazyRoute });

export interface LazyRoute {
  load: () => Promise<unknown>;
  exports: string[];
}

/** The build's routes, each lazy one with a module that loads the real one on first use. */
export function withLazyRoutes(routes: Record<string, BuiltRoute>): ServerBuild["routes"] {
  return Object.fromEntries(
    Object.entries(routes).map(([id, { lazy, module, ...route }]) => [
      id,
      { ...route, module: lazy ? lazyRouteModule(id, lazy) : (module as RouteModule) },
    ]),
  );
}

/** A route module whose exports load (loader, action) or use (what renders) the module `lazy.load` brings. */
export function lazyRouteModule(id: string, { load, exports }: LazyRoute): RouteModule {
  // What renders needs the module at once (no await): `loaded` is what `ensure` brought in.
  let loaded: Loose | null = null;
  const ensure = loadOnce(async () => (loaded = (await load()) as Loose));
  const need = (name: string): Loose => {
    if (!loaded) throw new Error(`route ${id}: its ${name} was used before its loader loaded the module`);
    return loaded;
  };
  const call = (name: string) => (args: unknown) => (need(name)[name] as (args: unknown) => unknown)(args);
  const module: Loose = {};
  for (const name of exports) {
    if (name === "loader" || name === "action")
      // `return await`: a rejected promise handed on unawaited is an unhandled rejection to workerd for a tick.
      module[name] = async (args: unknown) => await ((await ensure())[name] as (args: unknown) => unknown)(args);
    else if (name === "default" || name === "ErrorBoundary" || name === "HydrateFallback" || name === "Layout")
      module[name] = function LazyRouteComponent(props: object) {
        return createElement(need(name)[name] as ComponentType, props);
      };
    else if (name === "meta" || name === "links" || name === "headers") module[name] = call(name);
    // The rest (shouldRevalidate, clientLoader, clientAction) only the browser's build calls.
  }
  return module as unknown as RouteModule;
}

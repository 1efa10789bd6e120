// The routes of the built app, read from the build's own route manifest (public/build/manifest-*.js,
// the one build/worker.js names), so a test that visits "every route" can never go stale.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";

/**
 * Every route module of the build: its id (routes/api.getCart), its full URL pattern
 * (/api/getCart, /apps/:storefrontSlug/:appSlug; "*" for a splat) and whether it has a loader and
 * an action. Empty when there is no build yet.
 */
export function builtRoutes(root) {
  const worker = join(root, "build/worker.js");
  if (!existsSync(worker)) return [];
  const name = /manifest-[A-Z0-9]+\.js/.exec(readFileSync(worker, "utf8"))?.[0];
  if (!name) return [];
  const text = readFileSync(join(root, "public/build", name), "utf8");
  const manifest = JSON.parse(text.slice(text.indexOf("{"), text.lastIndexOf("}") + 1));
  const routes = manifest.routes;
  const fullPath = (id) => {
    const parts = [];
    for (let route = routes[id]; route; route = routes[route.parentId]) if (route.path) parts.unshift(route.path);
    return `/${parts.join("/")}`.replace(/\/+/g, "/");
  };
  return Object.values(routes)
    .filter((route) => route.id !== "root")
    .map((route) => ({
      id: route.id,
      path: fullPath(route.id),
      hasLoader: Boolean(route.hasLoader),
      hasAction: Boolean(route.hasAction),
    }))
    .sort((a, b) => a.id.localeCompare(b.id));
}

// react-dom's entry files as patched (workers/patches/react-dom+18.3.1.patch): in the worker, react-dom is an
// empty module and react-dom/server brings only the streaming renderer. React's own builds are untouched.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";

const require = createRequire(import.meta.url);
const reactDom = dirname(require.resolve("react-dom/package.json"));

describe("react-dom in the worker", () => {
  it("leaves the browser's DOM renderer out of the worker: there, react-dom is an empty module", () => {
    const manifest = JSON.parse(readFileSync(join(reactDom, "package.json"), "utf8")) as {
      exports: Record<string, unknown>;
    };
    expect(manifest.exports["."]).toEqual({ workerd: "./worker.js", default: "./index.js" });
    expect(Object.keys(require(join(reactDom, "worker.js")) as object)).toEqual([]);
    // Safe while react-router-dom (the only importer in the worker) takes nothing but flushSync from it, and
    // does without it: an upgrade that uses more fails here.
    const router = readFileSync(require.resolve("react-router-dom").replace(/main\.js$/, "index.js"), "utf8");
    expect(router.match(/ReactDOM[.[][^;]*/g)).toEqual(["ReactDOM[FLUSH_SYNC]"]);
    expect(router).toMatch(/if \(flushSyncImpl\) \{\s*flushSyncImpl\(cb\);\s*\} else \{\s*cb\(\);/);
  });

  it("is all the worker's react-dom/server brings: the legacy renderers stay out of the bundle", () => {
    // The worker resolves react-dom/server to server.browser.js, which required renderToString's build too.
    const entry = readFileSync(join(reactDom, "server.browser.js"), "utf8");
    const required = [...entry.matchAll(/require\('([^']+)'\)/g)].map((match) => match[1]);
    expect(required).toEqual([
      "./cjs/react-dom-server.browser.production.min.js",
      "./cjs/react-dom-server.browser.development.js",
    ]);
  });
});

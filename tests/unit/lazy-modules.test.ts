// The build step that keeps PDF.js, Stripe, the disposable-domain list and the common-password list out of the
// worker's startup module (workers/lazy-modules.mjs): each bare import() is pointed at its file beside the worker,
// from whichever of the worker's modules imports it (worker.js, or a chunk of the split build in chunks/).
import { describe, expect, it } from "vitest";
import { LAZY_MODULES, pointAtLazyModules } from "../../workers/lazy-modules.mjs";

const built = (imports: string[]) => `var a=1;${imports.map((s) => `await import("${s}");`).join("")}export{a};`;
const [first, ...rest] = LAZY_MODULES;

describe("pointAtLazyModules", () => {
  it("points each lazy module's one import() at its file, and nothing else", () => {
    const source = built([...LAZY_MODULES.map((m) => m.specifier), "./routes/other.js"]);
    expect(pointAtLazyModules({ "worker.js": source })).toEqual({
      "worker.js": built([...LAZY_MODULES.map((m) => `./${m.file}`), "./routes/other.js"]),
    });
  });
  it("points an import in a chunk of the split build from the chunks folder", () => {
    const pointed = pointAtLazyModules({
      "worker.js": built(rest.map((m) => m.specifier)),
      "chunks/route-A1.js": built([first.specifier]),
      "chunks/chunk-B2.js": built([]),
    });
    expect(pointed["chunks/route-A1.js"]).toBe(built([`../${first.file}`]));
    expect(pointed["worker.js"]).toBe(built(rest.map((m) => `./${m.file}`)));
    expect(pointed["chunks/chunk-B2.js"]).toBe(built([]));
  });
  it("leaves a build it already pointed as it is", () => {
    const once = pointAtLazyModules({
      "worker.js": built(rest.map((m) => m.specifier)),
      "chunks/route-A1.js": built([first.specifier]),
    });
    expect(pointAtLazyModules(once)).toEqual(once);
  });
  it("fails the build when a library is no longer imported exactly once with import()", () => {
    // A static import would be bundled back into the startup module; two would be ambiguous.
    const missing = built(rest.map((m) => m.specifier));
    expect(() => pointAtLazyModules({ "worker.js": missing })).toThrow(`expected one import("${first.specifier}")`);
    const twice = built([first.specifier, ...LAZY_MODULES.map((m) => m.specifier)]);
    expect(() => pointAtLazyModules({ "worker.js": twice })).toThrow("found 2");
    const inTwoModules = {
      "worker.js": built(LAZY_MODULES.map((m) => m.specifier)),
      "chunks/c.js": built([first.specifier]),
    };
    expect(() => pointAtLazyModules(inTwoModules)).toThrow("found 2");
  });
});

// The build step that keeps PDF.js, Stripe, the disposable-domain list and the common-password list out of the
// worker's startup module (workers/lazy-modules.mjs): each bare import() is pointed at its file beside the worker.
import { describe, expect, it } from "vitest";
import { LAZY_MODULES, pointAtLazyModules } from "../../workers/lazy-modules.mjs";

const built = (imports: string[]) => `var a=1;${imports.map((s) => `await import("${s}");`).join("")}export{a};`;

describe("pointAtLazyModules", () => {
  it("points each lazy module's one import() at its file, and nothing else", () => {
    const source = built([...LAZY_MODULES.map((m) => m.specifier), "./routes/other.js"]);
    expect(pointAtLazyModules(source)).toBe(built([...LAZY_MODULES.map((m) => `./${m.file}`), "./routes/other.js"]));
  });
  it("leaves a build it already pointed as it is", () => {
    const once = pointAtLazyModules(built(LAZY_MODULES.map((m) => m.specifier)));
    expect(pointAtLazyModules(once)).toBe(once);
  });
  it("fails the build when a library is no longer imported exactly once with import()", () => {
    // A static import would be bundled back into the startup module; two would be ambiguous.
    const missing = built(LAZY_MODULES.slice(1).map((m) => m.specifier));
    expect(() => pointAtLazyModules(missing)).toThrow(`expected one import("${LAZY_MODULES[0].specifier}")`);
    const twice = built([LAZY_MODULES[0].specifier, ...LAZY_MODULES.map((m) => m.specifier)]);
    expect(() => pointAtLazyModules(twice)).toThrow("found 2");
  });
});

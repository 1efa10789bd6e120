// The patches in workers/patches each fit one version of their package (workers/README.md "Patches"):
// an upgrade fails here until the patch is regenerated or dropped, and its decision record revisited.
import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

const folder = new URL("../../workers/patches/", import.meta.url);
const patches = readdirSync(folder).filter((name) => name.endsWith(".patch"));

/** "@remix-run+dev+2.17.5.patch" → { name: "@remix-run/dev", version: "2.17.5" } */
function fitsVersion(file: string) {
  const parts = file.replace(/\.patch$/, "").split("+");
  const version = parts.pop()!;
  return { name: parts.join("/"), version };
}

describe("workers/patches", () => {
  it.each(patches)("%s fits the installed version of its package", (file) => {
    const { name, version } = fitsVersion(file);
    const installed = JSON.parse(
      readFileSync(new URL(`../../node_modules/${name}/package.json`, import.meta.url), "utf8"),
    ).version;
    expect(installed, `${name} is ${installed}; ${file} was made for ${version}: regenerate or drop it`).toBe(version);
  });

  it("has a decision record for each patch in workers/README.md", () => {
    const readme = readFileSync(new URL("../../workers/README.md", import.meta.url), "utf8");
    for (const file of patches) expect(readme, `workers/README.md names ${file}`).toContain(file);
  });

  it("never patches a minified file", () => {
    for (const file of patches) {
      const touched = [...readFileSync(new URL(file, folder), "utf8").matchAll(/^\+\+\+ b\/(\S+)/gm)].map((m) => m[1]);
      expect(
        touched.filter((path) => /\.min\.js$/.test(path)),
        file,
      ).toEqual([]);
    }
  });
});

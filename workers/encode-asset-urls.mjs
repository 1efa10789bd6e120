// Runs after `remix build` (npm run build). Remix names route chunks after their files, so param
// routes give URLs like /build/routes/classes_.$storefrontSlug.$classSlug-X.js. Workers Static
// Assets answers a bare '$' with a 307 to its percent-encoded form: one extra round trip for every
// such page's script. This writes those URLs percent-encoded in the server build and the client
// manifest, so the first request is the canonical one. Route ids (no '/build/' prefix) are untouched.
import { readFileSync, readdirSync, writeFileSync } from "node:fs";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const assetUrl = /"\/build\/[^"]*\$[^"]*"/g;

export function encodeAssetUrls(source) {
  return source.replace(assetUrl, (url) => url.replaceAll("$", "%24"));
}

function main() {
  const files = [
    `${root}build/worker.js`,
    ...readdirSync(`${root}public/build`)
      .filter((f) => /^manifest-.*\.js$/.test(f))
      .map((f) => `${root}public/build/${f}`),
  ];
  let changed = 0;
  for (const file of files) {
    const before = readFileSync(file, "utf8");
    const after = encodeAssetUrls(before);
    if (after !== before) {
      writeFileSync(file, after);
      changed += 1;
    }
  }
  console.log(`encode-asset-urls: ${changed} of ${files.length} files rewritten`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) main();

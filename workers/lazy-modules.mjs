// Runs after `remix build` (npm run build). Some libraries only some requests need: PDF.js (through
// unpdf, a third of the worker: describing an uploaded PDF), Stripe (payments), Sentry (error reports,
// where a DSN is set), the disposable-domain list (email forms), the user-agent parser (sign-in), the
// JPEG decoders (photo analysis), jose (identity tokens), the QR painter (authenticator setup), the AI
// SDK with its providers (calls to Workers AI or an OpenAI-compatible endpoint), and our own data: the
// common-password list (forms that set a password), the embedded AI's practice taxonomy, tagger and font
// (the builder) and the legal texts (named `#lazy/…` through package.json "imports" so the Remix build sees
// a package it can leave external). Each is loaded through platform/load-once. Bundled into
// build/worker.js they are parsed with the rest whenever an isolate starts; as modules of their own
// (build/lazy/*.mjs, uploaded beside the worker through wrangler.toml's `find_additional_modules` rule)
// workerd reads each on its first `import("./lazy/….mjs")`.
//
// The Remix build leaves these specifiers external (remix.config.js), and the app imports each with a
// dynamic import only, so the worker's modules (build/worker.js and the chunks of its lazy routes, see
// workers/lazy-routes.ts) name each in exactly one import(), which this points at the module it writes.
import { build } from "esbuild";
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { posix } from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
/** The chunks of the split server build (remix.config.js serverLazyRoutes), beside the worker in build/chunks. */
const workerChunks = () =>
  existsSync(`${root}build/chunks`) ? readdirSync(`${root}build/chunks`).filter((f) => f.endsWith(".js")) : [];

export const LAZY_MODULES = [
  { specifier: "unpdf/pdfjs", file: "lazy/pdfjs.mjs" },
  { specifier: "stripe", file: "lazy/stripe.mjs" },
  // Error reporting: loaded by the first request of a worker that has a DSN (platform/error-reporting.server).
  { specifier: "@sentry/cloudflare", file: "lazy/sentry.mjs" },
  // CommonJS only: its module gets named exports as Node's import() gives them (see entryOf).
  { specifier: "disposable-email-domains-js", file: "lazy/disposable-email-domains.mjs", commonJs: true },
  { specifier: "#lazy/common-passwords", file: "lazy/common-passwords.mjs" },
  // The embedded AI's practice taxonomy: requests that read a creator's idea (platform/adapters/ai/embedded/idea).
  { specifier: "#lazy/practice-domains", file: "lazy/practice-domains.mjs" },
  // The part-of-speech tagger (compromise) that reads an idea's nouns (platform/adapters/ai/embedded/idea).
  { specifier: "#lazy/nlp", file: "lazy/nlp.mjs" },
  // The font the embedded AI paints app screenshots with (platform/adapters/ai/embedded/canvas).
  { specifier: "#lazy/fonts", file: "lazy/fonts.mjs" },
  // The legal pages' texts (/terms, /privacy).
  { specifier: "#lazy/legal-texts", file: "lazy/legal-texts.mjs" },
  // The user-agent parser that names a device at sign-in (features/identity/devices).
  { specifier: "bowser", file: "lazy/bowser.mjs" },
  // The JPEG decoder of photo analysis (platform/adapters/ai/embedded/jpeg); CommonJS.
  { specifier: "jpeg-js", file: "lazy/jpeg-js.mjs", commonJs: true },
  // Our reader of JPEGs too large for jpeg-js, at one eighth of their size (platform/adapters/ai/embedded/jpeg).
  { specifier: "#lazy/jpeg-blocks", file: "lazy/jpeg-blocks.mjs" },
  // The AI SDK and its Workers AI and OpenAI-compatible providers: a call to a real provider
  // (platform/adapters/ai/sdk-provider), never the embedded default.
  { specifier: "#lazy/ai-sdk", file: "lazy/ai-sdk.mjs" },
  // The JWT library of the identity API's tokens (features/identity/signing-keys).
  { specifier: "jose", file: "lazy/jose.mjs" },
  // The QR code of authenticator setup (features/identity/totp).
  { specifier: "uqr", file: "lazy/uqr.mjs" },
];

/**
 * What esbuild bundles for a lazy module. An ES module is its own entry. A CommonJS package bundled as
 * an ES module would only have a default export (its module.exports), where Node's import() (the unit and
 * integration tests) also gives each property as a named export: the entry re-exports them by name.
 */
function entryOf({ specifier, commonJs }) {
  // A package's own import (#…) resolves only from inside the package: the entry re-exports it from there.
  if (specifier.startsWith("#"))
    return { stdin: { contents: `export * from "${specifier}";\n`, resolveDir: root, loader: "js" } };
  if (!commonJs) return { entryPoints: [specifier] };
  const names = Object.keys(createRequire(`${root}package.json`)(specifier)).filter((name) => name !== "default");
  return {
    stdin: {
      // require(), not a default import: the package marks itself __esModule, so that would be its (absent) .default.
      contents: `const lib = require("${specifier}");\nexport default lib;\nexport const { ${names.join(", ")} } = lib;\n`,
      resolveDir: root,
      loader: "js",
    },
  };
}

/** The import path of `file` (beside the worker) from the module at `from` (worker.js, chunks/…). */
const importPath = (from, file) => {
  const path = posix.relative(posix.dirname(from), file);
  return path.startsWith(".") ? path : `./${path}`;
};

/**
 * The worker's modules (path under build/ → source: worker.js, and with lazy routes the chunks/ of the
 * split build) with each lazy module's bare specifier pointing at its file beside the worker. Each is
 * imported exactly once in all of them.
 */
export function pointAtLazyModules(sources) {
  const out = { ...sources };
  for (const { specifier, file } of LAZY_MODULES) {
    const names = Object.keys(out);
    // Run twice on one build, the import already points at the file.
    if (names.some((name) => out[name].includes(`import("${importPath(name, file)}")`))) continue;
    const found = names.filter((name) => out[name].includes(`import("${specifier}")`));
    const imports = found.reduce((n, name) => n + out[name].split(`import("${specifier}")`).length - 1, 0);
    if (imports !== 1)
      throw new Error(`lazy-modules: expected one import("${specifier}") in the worker's modules, found ${imports}`);
    out[found[0]] = out[found[0]].replace(`import("${specifier}")`, `import("${importPath(found[0], file)}")`);
  }
  return out;
}

async function main() {
  rmSync(`${root}build/lazy`, { recursive: true, force: true });
  for (const module of LAZY_MODULES)
    await build({
      // Resolved by esbuild under the worker's conditions (Node's own resolution would pick Stripe's Node build).
      ...entryOf(module),
      absWorkingDir: root,
      outfile: `${root}build/${module.file}`,
      bundle: true,
      format: "esm",
      platform: "neutral",
      conditions: ["workerd", "worker", "browser"],
      mainFields: ["browser", "module", "main"],
      minify: true,
      // workerd provides these (nodejs_compat and its own modules).
      external: ["node:*", "cloudflare:*"],
      logLevel: "warning",
    });
  // Types beside each module: TypeScript prefers a .d.mts to the .mjs, so a typecheck after the build (the
  // tests import build/worker.js) does not parse 1.6 MB of minified PDF.js (its checker overflows the stack).
  for (const { specifier, file } of LAZY_MODULES)
    writeFileSync(`${root}build/${file.replace(/\.mjs$/, ".d.mts")}`, `export * from "${specifier}";\n`);
  const modules = ["worker.js", ...workerChunks().map((chunk) => `chunks/${chunk}`)];
  const sources = Object.fromEntries(modules.map((name) => [name, readFileSync(`${root}build/${name}`, "utf8")]));
  const pointed = pointAtLazyModules(sources);
  for (const name of modules) if (pointed[name] !== sources[name]) writeFileSync(`${root}build/${name}`, pointed[name]);
  console.log(`lazy-modules: ${LAZY_MODULES.map((m) => m.file).join(", ")} written beside build/worker.js`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await main();

// Parts of `npm run bench` (tests/tools/bench.mjs) for issue 17's goals: the static-asset limit, a
// signed-in session, the worker's size by dependency, and the PASS/FAIL of goals 1–5.
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join, posix } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";

/** Where the bench puts the static copy of a page: served by the asset layer, never by the worker. */
export const STATIC_DIR = "public/__bench";
// The asset layer serves classes.html at /__bench/classes (it redirects the .html address there).
export const STATIC_PATH = "/__bench/classes";

/** Saves `html` as a static file under public/ (the worker started after this serves it as an asset). */
export function writeStaticCopy(root, html) {
  mkdirSync(`${root}/${STATIC_DIR}`, { recursive: true });
  writeFileSync(`${root}/${STATIC_DIR}/classes.html`, html);
}

export function removeStaticCopy(root) {
  rmSync(`${root}/${STATIC_DIR}`, { recursive: true, force: true });
}

/** Signs a demo account in through the Log In form, as a browser without JavaScript; answers its Cookie header. */
export async function signIn(base, email, password) {
  const response = await fetch(`${base}/auth/login`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: base },
    body: new URLSearchParams({ email, password, redirect: "/library" }),
  });
  const session = response.headers.getSetCookie().find((c) => c.startsWith("studio_session="));
  if (response.status !== 303 || !session)
    throw new Error(`signing in ${email} answered ${response.status} without a session: ${await response.text()}`);
  return session.split(";")[0];
}

/** The npm package a bundled file belongs to ("app" for our own code). */
function packageOf(path) {
  const at = path.lastIndexOf("node_modules/");
  if (at === -1) return path.startsWith("app/") || path.startsWith("workers/") ? "(our code)" : "(other)";
  const parts = path.slice(at + "node_modules/".length).split("/");
  return parts[0].startsWith("@") ? `${parts[0]}/${parts[1]}` : parts[0];
}

/** The modules a worker module imports statically (`import … from "./…"`, `import "./…"`), as paths beside `file`. */
export function staticImportsOf(file, source) {
  return [...source.matchAll(/(?:\bfrom|\bimport)\s*"(\.{1,2}\/[^"]+)"/g)].map(([, path]) =>
    posix.normalize(posix.join(posix.dirname(file), path)),
  );
}

/**
 * The worker's modules in `dir` (a wrangler dry-run's outdir, or build/): the startup modules (worker.js
 * and the chunks it imports statically, each gzipped alone as each is uploaded and parsed), the lazy
 * modules (lazy/*.mjs, workers/lazy-modules.mjs) and the chunks of the lazy routes (workers/lazy-routes.ts).
 */
export function workerModules(dir) {
  const sizeOf = (name) => {
    const buffer = readFileSync(join(dir, name));
    return { name, raw: buffer.length, gzip: gzipSync(buffer, { level: 9 }).length };
  };
  const startup = new Set();
  const pending = ["worker.js"];
  while (pending.length) {
    const file = pending.pop();
    if (startup.has(file)) continue;
    startup.add(file);
    pending.push(...staticImportsOf(file, readFileSync(join(dir, file), "utf8")));
  }
  const files = readdirSync(dir, { recursive: true })
    .map((f) => f.split("\\").join("/"))
    .filter((f) => /\.m?js$/.test(f));
  const sizes = [...startup].map(sizeOf);
  return {
    startup: [...startup],
    raw: sizes.reduce((sum, m) => sum + m.raw, 0),
    gzip: sizes.reduce((sum, m) => sum + m.gzip, 0),
    lazy: files.filter((f) => f.startsWith("lazy/")).map(sizeOf),
    routes: files.filter((f) => f.startsWith("chunks/") && !startup.has(f)).map(sizeOf),
  };
}

/**
 * The worker's size by dependency: the bytes each package puts into the startup modules of the Remix
 * server build (its esbuild metafile), and their share of the deployed startup modules' gzip size (gzip
 * is not additive, so each share is the package's part of the whole gzip, in proportion to its bytes).
 */
export function workerByDependency(metafilePath, bundle) {
  if (!existsSync(metafilePath)) return [];
  const meta = JSON.parse(readFileSync(metafilePath, "utf8"));
  const startup = new Set(bundle.startup.map((file) => `build/${file}`));
  const outputs = Object.entries(meta.outputs).filter(([name]) => startup.has(name));
  if (!outputs.length) return [];
  const bytes = new Map();
  for (const [, output] of outputs)
    for (const [path, { bytesInOutput }] of Object.entries(output.inputs))
      bytes.set(packageOf(path), (bytes.get(packageOf(path)) ?? 0) + bytesInOutput);
  const inRemix = [...bytes.values()].reduce((s, b) => s + b, 0);
  // What wrangler adds when it bundles build/worker.js (the module glue; PDF.js is a lazy module beside it).
  if (bundle.raw > inRemix) bytes.set("(added by wrangler: the module glue)", bundle.raw - inRemix);
  const total = [...bytes.values()].reduce((s, b) => s + b, 0);
  return [...bytes.entries()]
    .map(([name, raw]) => ({ name, raw, gzip: Math.round((bundle.gzip * raw) / total) }))
    .sort((a, b) => b.raw - a.raw);
}

/** The gzip size of a file (for the static copy's size line). */
export const gzipBytes = (buffer) => gzipSync(buffer, { level: 9 }).length;

export const GOALS = {
  /** Goal 1: an anonymous shared page's p50 against the same bytes as a static asset. */
  sharedToStatic: 1.5,
  /** Goal 2: a signed-in page's p50 against the signed-in floor, and that floor against the static asset. */
  signedInToFloor: 1.5,
  floorToStatic: 3,
  /** Goal 3: /classes throughput with analytics on, against off. */
  analyticsSpread: 0.1,
  /** Goal 4: client JS of a page that works without JavaScript, gzip. */
  clientJsBytes: 90 * 1024,
  /** Goal 5: the worker, gzip. */
  workerBytes: 450 * 1024,
};

/** Writes a bench's summary to tests/.report/{name} (git-ignored), dated, as it printed it. */
export function writeReport(name, lines) {
  const dir = fileURLToPath(new URL("../.report/", import.meta.url));
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, name), `${new Date().toISOString()}\n${lines.join("\n")}\n`);
  console.log(`(written to tests/.report/${name})`);
}

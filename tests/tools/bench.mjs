#!/usr/bin/env node
// `npm run bench [-- N] [--keep] [--rounds R] [--duration S] [--warmup S] [--connections C] [--debugger]`
//
// Measures the production build against a large local catalogue (demo + N synthetic classes,
// default 100,000). Machines are small and noisy, so every number that matters is a RATIO against a
// limit measured in the same run: the static asset (the HTML of /classes served by the asset layer),
// the floor /status (a page in the normal layout that reads no catalogue), and the signed-in floor.
//
//   1. remix build (production), the worker bundle size (wrangler deploy --dry-run --minify) and its
//      size by dependency (the Remix server build's esbuild metafile)
//   2. tests/.state/bench: migrated, demo catalogue + N synthetic classes (--keep reuses it when it
//      already holds the same N)
//   3. a worker with analytics off (ANALYTICS_EVENTS=off) on 127.0.0.1:8798, over a copy of that
//      database: its /classes HTML saved to public/__bench/ as the static copy (removed at the end)
//   4. a worker as deployed, on 127.0.0.1:8797: real targets from the API (a class page, a category, a
//      search, the cursor 500 pages deep, a collection, the demo app's landing page), the static copy,
//      and the demo learner's pages signed in. Both workers are wrangler's dev server with no debugger
//      attached (serve-without-debugger.mjs says why: the debugger adds ~6 ms of CPU to every D1, KV or
//      cache call, and nothing to a static file); --debugger measures with `wrangler dev` as it is
//   5. autocannon: every page warmed up once, then R rounds in alternating order, each page S seconds
//      a round (default 12 × 2 s): every page is measured in short slices spread over the whole load
//      phase, so a page and the limit it is divided by see the same drift of this shared machine.
//      Latencies are kept per response (sub-millisecond), and a page's p50 and p99 are over all its
//      responses. The analytics-off worker's /classes runs right beside the main worker's (goal 3)
//   6. client JavaScript each page loads (external scripts, modulepreloads, imports), gzipped
//   7. a Markdown table with PASS/FAIL for issue 17's goals 1–5 on stdout and in tests/.report/bench.md
//
// A missed goal is reported, not fatal: this is a measurement. The exit code is non-zero only when
// the server errs, a page answers non-2xx, or the setup fails. The workers are always stopped.
import autocannon from "autocannon";
import { spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import {
  GOALS,
  gzipBytes,
  removeStaticCopy,
  signIn,
  STATIC_PATH,
  workerByDependency,
  workerModules,
  writeStaticCopy,
} from "./bench-parts.mjs";
import {
  buildApp,
  executeSqlFile,
  migrate,
  root,
  run,
  startWorker,
  stopGroup,
  waitForUp,
  wranglerBin,
  wranglerEnv,
  writeTempSql,
} from "./wrangler-env.mjs";

// ── options ──────────────────────────────────────────────────────────────────────────────────────
const usage =
  "usage: npm run bench -- [N=100000] [--keep] [--rounds 12] [--duration 2] [--warmup 2] [--connections 4] [--debugger]";
const opts = { count: 100_000, keep: false, rounds: 12, duration: 2, warmup: 2, connections: 4, debugger: false };
{
  const argv = process.argv.slice(2);
  const numeric = {
    "--rounds": "rounds",
    "--duration": "duration",
    "--warmup": "warmup",
    "--connections": "connections",
  };
  for (let i = 0; i < argv.length; i++) {
    const [flag, inline] = argv[i].includes("=") ? argv[i].split("=", 2) : [argv[i], undefined];
    if (flag === "-h" || flag === "--help") {
      console.log(usage);
      process.exit(0);
    } else if (flag === "--keep") opts.keep = true;
    else if (flag === "--debugger") opts.debugger = true;
    else if (numeric[flag]) opts[numeric[flag]] = Number(inline ?? argv[++i]);
    else if (/^\d+$/.test(flag)) opts.count = Number(flag);
    else {
      console.error(`unknown argument ${argv[i]}\n${usage}`);
      process.exit(2);
    }
  }
  for (const key of ["rounds", "duration", "connections"]) {
    if (!Number.isInteger(opts[key]) || opts[key] < 1) {
      console.error(`--${key} must be a positive whole number\n${usage}`);
      process.exit(2);
    }
  }
  if (!(opts.warmup >= 0)) {
    console.error(`--warmup must be a number of seconds\n${usage}`);
    process.exit(2);
  }
}

const PORT = 8797;
const INSPECTOR_PORT = 9797;
const BASE = `http://127.0.0.1:${PORT}`;
// The worker with analytics off (goal 3), running beside the main one on a copy of its database: the two
// are measured in turn within each round, so both see the same moment of this shared machine.
const OFF_PORT = 8798;
const OFF_INSPECTOR_PORT = 9798;
const OFF_BASE = `http://127.0.0.1:${OFF_PORT}`;
const DEEP_PAGES = 500; // the deep page is page 500: 499 cursors from the first
let deepPage = DEEP_PAGES;
const PAGE_SIZE = 24; // /classes page size (app/features/catalog/rules.ts)
const stateDir = `${root}/tests/.state/bench`;
const marker = `${stateDir}/bench-seed.json`;
const reportDir = `${root}/tests/.report`;

const runStarted = Date.now();
let loadBefore = loadavg()[0].toFixed(2); // the 1-minute load average when the load phase starts
const timings = {};
const secondsSince = (t0) => (Date.now() - t0) / 1000;
const fmtS = (s) => (s >= 90 ? `${Math.floor(s / 60)} min ${Math.round(s % 60)} s` : `${s.toFixed(1)} s`);
const log = (msg) => console.log(`› ${msg}`);

// ── the worker is ours to stop, whatever happens ────────────────────────────────────────────────
let worker = null;
let workerExited = false;
let offWorker = null;
let offWorkerExited = false;
let stopping = false;
const serverFailures = [];
function stopWorker() {
  if (worker && !workerExited) stopGroup(worker);
  if (offWorker && !offWorkerExited) stopGroup(offWorker);
}
process.on("exit", stopWorker);
for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) {
  process.on(signal, () => {
    console.error(`\n${signal}: stopping the worker.`);
    stopWorker();
    process.exit(130);
  });
}

async function stopWorkerAndWait(which = worker, exitedAlready = workerExited) {
  if (!which || exitedAlready) return;
  const exited = new Promise((resolve) => which.once("exit", resolve));
  stopGroup(which);
  const timedOut = await Promise.race([exited.then(() => false), sleep(8000).then(() => true)]);
  if (timedOut) {
    try {
      process.kill(-which.pid, "SIGKILL");
    } catch {
      // already gone
    }
  }
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

function portFree(port) {
  return new Promise((resolve) => {
    const server = createServer();
    server.once("error", () => resolve(false));
    server.listen(port, "127.0.0.1", () => server.close(() => resolve(true)));
  });
}

// ── HTTP helpers ────────────────────────────────────────────────────────────────────────────────
async function get(path, { timeoutMs = 60_000, headers = {}, base = BASE } = {}) {
  const t0 = performance.now();
  const response = await fetch(new URL(path, base), {
    redirect: "manual",
    headers,
    signal: AbortSignal.timeout(timeoutMs),
  });
  const body = Buffer.from(await response.arrayBuffer());
  return {
    status: response.status,
    ok: response.ok,
    location: response.headers.get("location"),
    body,
    shared: response.headers.get("x-shared-page"),
    text: () => body.toString("utf8"),
    ms: performance.now() - t0,
  };
}

async function getJson(path) {
  const r = await get(path);
  if (!r.ok) throw new Error(`GET ${path} answered ${r.status}: ${r.text().slice(0, 300)}`);
  return JSON.parse(r.text());
}

/** Text as React writes it into HTML. */
const escapeHtml = (text) =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#x27;" })[c]);

/** The product cards' links on a page: /classes/{storefront}/{class}. */
function classLinks(html) {
  return new Set([...html.matchAll(/href="(\/classes\/[^"/?#]+\/[^"/?#]+)"/g)].map((m) => m[1]));
}

// ── 1. build + worker bundle ────────────────────────────────────────────────────────────────────
async function build() {
  log("Building (npm run build, production)…");
  const t0 = Date.now();
  buildApp({ quiet: true });
  timings.build = secondsSince(t0);
  log(`built in ${fmtS(timings.build)}`);
}

function workerBundleSize() {
  const t0 = Date.now();
  const outdir = mkdtempSync(join(tmpdir(), "studio-bench-bundle-"));
  try {
    const result = spawnSync(wranglerBin, ["deploy", "--dry-run", "--outdir", outdir, "--minify"], {
      cwd: root,
      env: wranglerEnv,
      encoding: "utf8",
      timeout: 180_000,
      stdio: ["ignore", "pipe", "pipe"],
    });
    if (result.status === 0 && existsSync(join(outdir, "worker.js")))
      return { source: "wrangler deploy --dry-run --minify", ...workerModules(outdir), seconds: secondsSince(t0) };
    const why = (result.error?.message ?? `${result.stderr ?? ""}${result.stdout ?? ""}`)
      .trim()
      .split("\n")
      .slice(-3)
      .join(" / ");
    return {
      source: `build/ (dry-run failed: ${why.slice(0, 200)})`,
      ...workerModules(`${root}/build`),
      seconds: secondsSince(t0),
    };
  } finally {
    rmSync(outdir, { recursive: true, force: true });
  }
}

// ── 2. database ─────────────────────────────────────────────────────────────────────────────────
function prepareDatabase() {
  const previous = existsSync(marker) ? JSON.parse(readFileSync(marker, "utf8")) : null;
  if (opts.keep && previous?.count === opts.count && previous?.complete) {
    log(
      `--keep: reusing ${stateDir} (demo + ${opts.count.toLocaleString("en")} synthetic classes, seeded ${previous.seededAt})`,
    );
    migrate(stateDir); // no-op unless a migration was added since
    // Every run records its page views (about 80,000); a kept database starts each run without those of
    // earlier runs, so runs differ by their code, not their history: the table's size is a cost the
    // analytics-on worker alone pays (goal 3).
    const { file, cleanup } = writeTempSql("earlier-runs.sql", [
      `DELETE FROM analytics_events WHERE created_at > ${Date.parse(previous.seededAt)};`,
    ]);
    try {
      executeSqlFile(file, stateDir);
    } finally {
      cleanup();
    }
    timings.seedDemo = 0;
    timings.seedSynthetic = 0;
    timings.reused = true;
    return;
  }
  if (opts.keep) log(`--keep: ${stateDir} does not hold demo + ${opts.count} synthetic classes; recreating it`);
  rmSync(stateDir, { recursive: true, force: true });
  mkdirSync(stateDir, { recursive: true });
  log("Applying migrations…");
  let t0 = Date.now();
  migrate(stateDir);
  timings.migrate = secondsSince(t0);

  log("Seeding the demo catalogue…");
  t0 = Date.now();
  run(process.execPath, [`${root}/tests/tools/seed.mjs`, "--persist-to", stateDir]);
  timings.seedDemo = secondsSince(t0);

  // After the demo seed: seed.mjs replaces every catalogue row, the synthetic seeder only adds its own.
  log(`Seeding ${opts.count.toLocaleString("en")} synthetic classes…`);
  t0 = Date.now();
  run(process.execPath, [`${root}/tests/tools/seed-synthetic.mjs`, String(opts.count), "--persist-to", stateDir]);
  timings.seedSynthetic = secondsSince(t0);
  writeFileSync(
    marker,
    JSON.stringify({ count: opts.count, complete: true, seededAt: new Date().toISOString() }, null, 2),
  );
  log(
    `seeding took ${fmtS(timings.seedDemo + timings.seedSynthetic)} (demo ${fmtS(timings.seedDemo)}, synthetic ${fmtS(timings.seedSynthetic)})`,
  );
}

// ── 3. worker ───────────────────────────────────────────────────────────────────────────────────
/** Starts a production worker on `port` over the database in `persistTo`; `onExit` hears when it stops. */
async function startOn({ port, inspectorPort, persistTo, vars = {}, name, onExit }) {
  for (const p of [port, inspectorPort]) {
    if (!(await portFree(p)))
      throw new Error(`port ${p} is already in use (an earlier bench still running?); not starting a second worker`);
  }
  const base = `http://127.0.0.1:${port}`;
  log(`Starting the ${name} on ${base}…`);
  const t0 = Date.now();
  // Production, as deployed: the pages measured need nothing development-only.
  const started = startWorker({
    port,
    inspectorPort,
    persistTo,
    stdio: "ignore",
    vars: { ENVIRONMENT: "production", ...vars },
    debuggable: opts.debugger,
  });
  started.on("exit", (code, signal) => {
    onExit();
    if (!stopping) {
      console.error(`\n✗ the ${name} exited unexpectedly (${signal ?? `exit ${code}`})`);
      serverFailures.push(`${name} exited (${signal ?? `exit ${code}`})`);
    }
  });
  await waitForUp(`${base}/api/up`, 90_000);
  log(`${name} up in ${fmtS(secondsSince(t0))}`);
  return { started, seconds: secondsSince(t0) };
}

async function start() {
  const up = await startOn({
    port: PORT,
    inspectorPort: INSPECTOR_PORT,
    persistTo: stateDir,
    name: "worker",
    onExit: () => (workerExited = true),
  });
  worker = up.started;
  timings.workerStart = up.seconds;
}

/** The worker with analytics off (ANALYTICS_EVENTS=off), on a fresh copy of the bench database. */
async function startAnalyticsOff() {
  const offDir = `${stateDir}-analytics-off`;
  rmSync(offDir, { recursive: true, force: true });
  cpSync(stateDir, offDir, { recursive: true });
  const up = await startOn({
    port: OFF_PORT,
    inspectorPort: OFF_INSPECTOR_PORT,
    persistTo: offDir,
    vars: { ANALYTICS_EVENTS: "off" },
    name: "worker with analytics off",
    onExit: () => (offWorkerExited = true),
  });
  offWorker = up.started;
}
// ── 4. targets ──────────────────────────────────────────────────────────────────────────────────
/** Fetches a page once (its first request: list caches in KV still cold) and checks it is a real 2xx page. */
const servedAs = {};
async function firstVisit(path, check, headers = {}) {
  const r = await get(path, { headers });
  if (!r.ok) throw new Error(`GET ${path} answered ${r.status}: ${r.text().slice(0, 300).replace(/\s+/g, " ")}`);
  const problem = check?.(r.text());
  if (problem) throw new Error(`GET ${path}: ${problem}`);
  // A shared page's second request shows whether visitors get the kept copy.
  servedAs[path + (headers.Cookie ? " (signed in)" : "")] =
    (await get(path, { headers })).shared ?? "not a shared page";
  return r.ms;
}

async function pickTargets() {
  log("Picking targets…");
  const firstMs = {};
  const hasClasses = (html) => (classLinks(html).size ? null : "no class cards on the page");

  firstMs.floor = await firstVisit("/status", (html) =>
    /<title>Status<\/title>/.test(html) && /is up/.test(html) ? null : "not the status page",
  );
  firstMs.home = await firstVisit("/", hasClasses);
  firstMs.first = await firstVisit("/classes", hasClasses);

  const search = "guitar";
  firstMs.search = await firstVisit(`/classes?search=${search}`, hasClasses);

  const { products, count } = await getJson("/api/getProducts?limit=1");
  if (!products?.length) throw new Error("GET /api/getProducts?limit=1 returned no products");
  const expected = opts.count;
  if (count < expected)
    throw new Error(`the catalogue has ${count} classes, expected at least ${expected} (demo + synthetic)`);

  let category = "Guitar";
  const byCategory = await getJson(`/api/getProducts?limit=1&categories=${encodeURIComponent(category)}`);
  if (!byCategory.count) category = products[0].category;
  firstMs.category = await firstVisit(`/classes?category=${encodeURIComponent(category)}`, hasClasses);

  const top = products[0];
  const classPath = `/classes/${top.storefrontSlug}/${top.classSlug}`;
  firstMs.class = await firstVisit(classPath, (html) =>
    html.includes(escapeHtml(top.title)) ? null : `the page does not show "${top.title}"`,
  );

  // Page 500 when the catalogue has that many pages (npm run bench -- 2000 has fewer: its last page then).
  const pages = Math.min(DEEP_PAGES, Math.ceil(count / PAGE_SIZE));
  log(`walking ${pages - 1} cursors for the deep page (GET /api/getProducts?limit=${PAGE_SIZE}&lastProductId=…)…`);
  const t0 = Date.now();
  let cursor = null;
  for (let page = 1; page < pages; page++) {
    const body = await getJson(`/api/getProducts?limit=${PAGE_SIZE}${cursor ? `&lastProductId=${cursor}` : ""}`);
    if (!body.hasMore || !body.lastProductId)
      throw new Error(`the list ends after ${page} pages, but ${count} classes make ${pages}`);
    cursor = body.lastProductId;
  }
  timings.walk = secondsSince(t0);
  if (!cursor) throw new Error("the catalogue has a single page; there is no deep page");
  deepPage = pages;
  const deepPath = `/classes?cursor=${cursor}`;
  firstMs.deep = await firstVisit(deepPath, hasClasses);
  log(
    `walked in ${fmtS(timings.walk)}; catalogue: ${count.toLocaleString("en")} classes, deep page = page ${deepPage}`,
  );

  // A collection and the demo app's landing page, as the catalogue shows them.
  const home = (await get("/")).text();
  const collectionPath = home.match(/href="(\/collections\/[^"?#]+)"/)?.[1] ?? "/collections/bedroom-producer";
  firstMs.collection = await firstVisit(collectionPath);
  const appPath = "/apps/marisol-vega/half-marathon";
  firstMs.app = await firstVisit(appPath);

  // The static limit: the HTML of /classes as the asset layer serves it (written before this worker started).
  firstMs.static = await firstVisit(STATIC_PATH, (html) => (html.includes("<title>") ? null : "not the saved page"));

  // Signed in as the demo learner: the floor and the learner's pages, with the session cookie.
  const cookie = await signIn(BASE, "learner@studio.example", "learner-demo-1");
  const signedIn = { Cookie: cookie };
  const mine = (html) => (html.includes("Lena") ? null : "not signed in as Lena");
  firstMs.floorIn = await firstVisit("/status", mine, signedIn);
  firstMs.classesIn = await firstVisit("/classes", mine, signedIn);
  firstMs.classIn = await firstVisit(classPath, mine, signedIn);
  firstMs.libraryIn = await firstVisit("/library", mine, signedIn);
  firstMs.cartIn = await firstVisit("/cart", mine, signedIn);

  return {
    catalogueCount: count,
    firstMs,
    targets: [
      { key: "static", group: "static", name: "static asset: /classes HTML", path: STATIC_PATH },
      { key: "floor", group: "floor", name: "floor: /status", path: "/status" },
      { key: "home", group: "anonymous", name: "home /", path: "/" },
      { key: "first", group: "anonymous", name: "/classes (page 1)", path: "/classes" },
      { key: "deep", group: "anonymous", name: `/classes page ${deepPage} (cursor)`, path: deepPath },
      { key: "search", group: "anonymous", name: `search "${search}"`, path: `/classes?search=${search}` },
      {
        key: "category",
        group: "anonymous",
        name: `category ${category}`,
        path: `/classes?category=${encodeURIComponent(category)}`,
      },
      { key: "class", group: "anonymous", name: "class page", path: classPath },
      { key: "collection", group: "anonymous", name: "collection page", path: collectionPath },
      { key: "app", group: "anonymous", name: "app landing page", path: appPath },
      { key: "floorIn", group: "signedInFloor", name: "signed in: floor /status", path: "/status", headers: signedIn },
      { key: "classesIn", group: "signedIn", name: "signed in: /classes", path: "/classes", headers: signedIn },
      { key: "classIn", group: "signedIn", name: "signed in: class page", path: classPath, headers: signedIn },
      { key: "libraryIn", group: "signedIn", name: "signed in: /library", path: "/library", headers: signedIn },
      { key: "cartIn", group: "signedIn", name: "signed in: /cart", path: "/cart", headers: signedIn },
    ],
  };
}

// ── 5. load ─────────────────────────────────────────────────────────────────────────────────────
/** One autocannon run; `latencies` (when given) receives every response's time in ms, unrounded. */
function cannon(path, duration, headers = {}, base = BASE, latencies = null) {
  const run = autocannon({ url: `${base}${path}`, connections: opts.connections, duration, timeout: 30, headers });
  if (latencies) {
    // autocannon's own percentiles are whole milliseconds: too coarse against a 7-ms static asset.
    run.on("response", (_client, status, _bytes, ms) => {
      if (status >= 200 && status < 300) latencies.push(ms);
    });
  }
  return run;
}

/** The q-quantile (0–1) of sorted values, by nearest rank. */
const quantile = (sorted, q) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] : NaN;
const ms1 = (v) => Math.round(v * 10) / 10;

async function measure(targets) {
  const samples = Object.fromEntries(targets.map((t) => [t.key, []]));
  log(
    `Load: each of ${targets.length} pages warmed up ${opts.warmup} s, then ${opts.rounds} rounds × ${opts.duration} s a page in alternating order, ${opts.connections} connections — about ${fmtS(targets.length * (opts.warmup + opts.rounds * opts.duration))}`,
  );
  loadBefore = loadavg()[0].toFixed(2);
  const t0 = Date.now();
  const gone = (target) => workerExited || (target.base === OFF_BASE && offWorkerExited);
  for (const target of opts.warmup > 0 ? targets : []) {
    if (gone(target)) throw new Error("the worker is gone");
    const warm = await cannon(target.path, opts.warmup, target.headers, target.base);
    samples[target.key].push({
      warmup: true,
      non2xx: warm.non2xx,
      errors: warm.errors + warm.timeouts,
      codes: warm.statusCodeStats,
    });
  }
  for (let round = 0; round < opts.rounds; round++) {
    const order = round % 2 === 0 ? targets : [...targets].reverse();
    const line = [];
    for (const target of order) {
      if (gone(target)) throw new Error("the worker is gone");
      if (target.warmEachRound) await cannon(target.path, target.warmEachRound, target.headers, target.base);
      const latencies = [];
      const r = await cannon(target.path, opts.duration, target.headers, target.base, latencies);
      latencies.sort((a, b) => a - b);
      const sample = {
        latencies,
        p50: ms1(quantile(latencies, 0.5)),
        rps: r.requests.average,
        total: r.requests.total,
        non2xx: r.non2xx,
        errors: r.errors + r.timeouts,
        codes: r.statusCodeStats,
      };
      samples[target.key].push(sample);
      if (sample.non2xx || sample.errors) {
        console.log(
          `  round ${round + 1}  ${target.name}: ✗ ${sample.non2xx} non-2xx, ${sample.errors} errors ${JSON.stringify(sample.codes)}`,
        );
      }
      line.push(`${target.key} ${sample.p50}`);
    }
    console.log(`  round ${round + 1}/${opts.rounds} p50 ms: ${line.join(" · ")}`);
  }
  timings.load = secondsSince(t0);
  return samples;
}

const median = (values) => {
  const v = [...values].sort((a, b) => a - b);
  const mid = Math.floor(v.length / 2);
  return v.length % 2 ? v[mid] : (v[mid - 1] + v[mid]) / 2;
};

// ── 6. client JavaScript ────────────────────────────────────────────────────────────────────────
function attr(tag, name) {
  const m = tag.match(new RegExp(`\\b${name}\\s*=\\s*("([^"]*)"|'([^']*)'|([^\\s>]+))`, "i"));
  return m ? (m[2] ?? m[3] ?? m[4]) : null;
}

/**
 * Every script a page makes the browser load: <script src>, <link rel=modulepreload>, and the imports in
 * inline module scripts. `onNeed`: those in the page's <template id="app-scripts">, which the browser
 * loads only on the visitor's first press, touch, key or focus (app/platform/app-on-first-need).
 */
function scriptsOf(html) {
  const template = html.match(/<template id="app-scripts">([\s\S]*?)<\/template>/i);
  const atLoad = template ? html.replace(template[0], "") : html;
  const onNeed = template ? urlsOf(template[1]).urls.filter((u) => !urlsOf(atLoad).urls.includes(u)) : [];
  // Inline bytes over the whole page: the template's data script runs at load too.
  return { urls: urlsOf(atLoad).urls, onNeed, inlineBytes: urlsOf(html).inlineBytes };
}

function urlsOf(html) {
  const urls = new Set();
  let inlineBytes = 0;
  for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const src = attr(m[1], "src");
    if (src) {
      urls.add(src);
      continue;
    }
    const body = m[2];
    inlineBytes += Buffer.byteLength(body);
    for (const imp of body.matchAll(/\bimport\s*\(\s*["']([^"']+)["']\s*\)/g)) urls.add(imp[1]);
    for (const imp of body.matchAll(/\bimport\s+(?:[\w*{}\s,$]+?\s+from\s+)?["']([^"']+)["']/g)) urls.add(imp[1]);
  }
  for (const m of html.matchAll(/<link\b([^>]*)>/gi)) {
    if ((attr(m[1], "rel") ?? "").toLowerCase() === "modulepreload") {
      const href = attr(m[1], "href");
      if (href) urls.add(href);
    }
  }
  return { urls: [...urls].map((u) => u.replace(/&amp;/g, "&")), inlineBytes };
}

async function clientJs(targets) {
  log("Measuring client JavaScript…");
  const result = {};
  const cache = new Map();
  for (const target of targets) {
    const page = await get(target.path, { headers: target.headers });
    if (!page.ok) throw new Error(`GET ${target.path} answered ${page.status}`);
    const { urls, inlineBytes, onNeed } = scriptsOf(page.text());
    result[target.key] = { ...(await weigh(target, urls)), inlineBytes, onNeed: await weigh(target, onNeed) };
  }
  return result;

  async function weigh(target, urls) {
    let raw = 0;
    let gzip = 0;
    const redirected = [];
    for (const url of urls) {
      const abs = new URL(url, BASE);
      if (abs.origin !== BASE) throw new Error(`${target.path} loads a script from another origin: ${url}`);
      if (!cache.has(abs.href)) {
        // Follow redirects as a browser would, but count them: each is an extra round trip.
        let r = await get(abs.pathname + abs.search);
        let hops = 0;
        while (r.status >= 300 && r.status < 400 && r.location && hops < 5) {
          const next = new URL(r.location, abs);
          r = await get(next.pathname + next.search);
          hops++;
        }
        if (!r.ok) throw new Error(`${target.path} loads ${url}, which answers ${r.status}`);
        cache.set(abs.href, { raw: r.body.length, gzip: gzipSync(r.body, { level: 9 }).length, redirected: hops > 0 });
      }
      const file = cache.get(abs.href);
      raw += file.raw;
      gzip += file.gzip;
      if (file.redirected) redirected.push(url);
    }
    return { files: urls.length, raw, gzip, redirected };
  }
}

// ── 7. report ───────────────────────────────────────────────────────────────────────────────────
const kb = (bytes) => (bytes / 1024).toFixed(1);
const ratio = (a, b) => (b > 0 ? a / b : Infinity);
const x = (r) => `${r.toFixed(2)}×`;
const passFail = (ok) => (ok ? "PASS" : "**FAIL**");

function report({ targets, samples, js, bundle, dependencies, analyticsOff, staticGzip, firstMs, catalogueCount }) {
  const rows = targets.map((t) => {
    const runs = samples[t.key].filter((s) => !s.warmup);
    const all = samples[t.key];
    // p50 and p99 over every response of every round: each page's rounds span the whole load phase.
    const latencies = runs.flatMap((s) => s.latencies).sort((a, b) => a - b);
    return {
      ...t,
      p50: ms1(quantile(latencies, 0.5)),
      p99: ms1(quantile(latencies, 0.99)),
      rps: median(runs.map((s) => s.rps)),
      requests: runs.reduce((s, r) => s + r.total, 0),
      non2xx: all.reduce((s, r) => s + r.non2xx, 0),
      errors: all.reduce((s, r) => s + r.errors, 0),
      codes: all.reduce((acc, r) => {
        for (const [code, { count }] of Object.entries(r.codes ?? {})) acc[code] = (acc[code] ?? 0) + count;
        return acc;
      }, {}),
      p50s: runs.map((s) => s.p50),
      runs,
      js: js[t.key],
      firstMs: firstMs[t.key],
    };
  });
  const floor = rows.find((r) => r.key === "floor");
  const staticPage = rows.find((r) => r.key === "static");
  const floorIn = rows.find((r) => r.key === "floorIn");
  const first = rows.find((r) => r.key === "first");
  const deep = rows.find((r) => r.key === "deep");
  // The same ratio within each round: pages measured minutes apart share less of the machine's noise.
  const perRound = (a, b, key = "p50") => a.runs.map((run, i) => ratio(run[key], b.runs[i][key]));

  const lines = [];
  lines.push(`# Studio benchmark`, "");
  lines.push(
    `${new Date().toISOString()} · ${catalogueCount.toLocaleString("en")} classes (demo + ${opts.count.toLocaleString("en")} synthetic) · ` +
      `each page warmed up ${opts.warmup} s, then ${opts.rounds} rounds in alternating order, ${opts.duration} s a page each round, at ${opts.connections} connections · ` +
      `p50 and p99 over all of a page's responses (every round), req/s the median of its rounds · ${opts.debugger ? "`wrangler dev` (debugger attached)" : "wrangler's dev server, no debugger attached"} · Node ${process.version} · ${cpus().length} CPUs, load average ${loadBefore} before the load, ${loadavg()[0].toFixed(2)} after`,
    "",
  );
  lines.push(
    "| page | served | p50 ms | p99 ms | req/s | p50 ratio to static | p50 ratio to floor | client JS gzip KB at load | + on first need |",
  );
  lines.push("|---|---|---:|---:|---:|---:|---:|---:|---:|");
  for (const r of rows) {
    const served = servedAs[r.path + (r.headers?.Cookie ? " (signed in)" : "")] ?? "";
    const base = r.group === "signedIn" ? floorIn : floor;
    lines.push(
      `| ${r.name} | ${served} | ${r.p50} | ${r.p99} | ${r.rps.toFixed(0)} | ${x(ratio(r.p50, staticPage.p50))} | ${r.group === "static" ? "" : `${x(ratio(r.p50, base.p50))}${base === floorIn ? " (signed-in floor)" : ""}`} | ${kb(r.js.gzip)} | ${r.js.onNeed.files ? kb(r.js.onNeed.gzip) : ""} |`,
    );
  }
  lines.push("");
  const deepRatio = ratio(deep.p50, first.p50);

  // Issue 17's goals, each a ratio measured in this run.
  const shared = rows.filter((r) => r.group === "anonymous");
  const slowShared = shared.filter((r) => ratio(r.p50, staticPage.p50) > GOALS.sharedToStatic);
  const signedIn = rows.filter((r) => r.group === "signedIn");
  const slowSignedIn = signedIn.filter((r) => ratio(r.p50, floorIn.p50) > GOALS.signedInToFloor);
  const floorRatio = ratio(floorIn.p50, staticPage.p50);
  const onRps = first.rps;
  const offRps = analyticsOff.rps;
  // Each round measures the two right after each other: the median of those pairs' ratios, so the
  // machine's drift between rounds cancels (the medians of each apart moved ±12% between runs).
  const onOff = perRound(first, analyticsOff, "rps");
  const spread = Math.abs(median(onOff) - 1);
  const pages = rows.filter((r) => r.group !== "static");
  const heavy = pages.filter((r) => r.js.gzip > GOALS.clientJsBytes);
  const onNeed = pages.filter((r) => r.js.onNeed.files);
  const over = (list, of) =>
    list.length ? ` — over: ${list.map((r) => `${r.name} ${x(ratio(r.p50, of.p50))}`).join(", ")}` : "";
  lines.push("Goals (issue 17):", "");
  lines.push(
    `- ${passFail(!slowShared.length)} 1. anonymous pages from the cache: p50 ≤ ${GOALS.sharedToStatic}× the static asset (${staticPage.p50} ms)${over(slowShared, staticPage)}`,
  );
  lines.push(
    `- ${passFail(!slowSignedIn.length && floorRatio <= GOALS.floorToStatic)} 2. signed in: every page p50 ≤ ${GOALS.signedInToFloor}× the signed-in floor (${floorIn.p50} ms)${over(slowSignedIn, floorIn)}; the floor ≤ ${GOALS.floorToStatic}× static: ${x(floorRatio)}`,
  );
  lines.push(
    `- ${passFail(spread <= GOALS.analyticsSpread)} 3. analytics on/off: /classes ${onRps.toFixed(0)} req/s with analytics, ${offRps.toFixed(0)} without (ANALYTICS_EVENTS=off), medians of the rounds; on/off within each round, median ${x(median(onOff))} (${onOff.map(x).join(", ")}): ${(spread * 100).toFixed(1)}% apart (≤ ${GOALS.analyticsSpread * 100}%); no page writes to D1 while it is read (page views wait in the analytics buffers)`,
  );
  lines.push(
    `- ${passFail(!heavy.length)} 4. client JS ≤ ${kb(GOALS.clientJsBytes)} KB gzip loaded with pages that work without JavaScript: at most ${kb(Math.max(...pages.map((r) => r.js.gzip)))} KB${heavy.length ? ` — over: ${heavy.map((r) => `${r.name} ${kb(r.js.gzip)} KB`).join(", ")}` : ""}${onNeed.length ? `; the app loads on the visitor's first press, touch, key or focus on ${onNeed.length} of ${pages.length}: ${kb(Math.min(...onNeed.map((r) => r.js.onNeed.gzip)))}–${kb(Math.max(...onNeed.map((r) => r.js.onNeed.gzip)))} KB then` : ""}`,
  );
  lines.push(
    `- ${passFail(bundle.gzip <= GOALS.workerBytes)} 5. worker's startup modules ≤ ${kb(GOALS.workerBytes)} KB gzip: ${kb(bundle.gzip)} KB in ${bundle.startup.length} file${bundle.startup.length === 1 ? "" : "s"}, each gzipped (by dependency below)${bundle.lazy.length ? `; loaded on first use, beside them: ${bundle.lazy.map((m) => `${m.name} ${kb(m.gzip)} KB`).join(", ")}` : ""}${bundle.routes.length ? `; the lazy routes and the code only they use, ${bundle.routes.length} files, ${kb(bundle.routes.reduce((sum, m) => sum + m.gzip, 0))} KB` : ""}`,
  );
  lines.push("");
  lines.push(
    `- Deep page (page ${deepPage}${deepPage < DEEP_PAGES ? `, the last: the catalogue has fewer than ${DEEP_PAGES} pages` : ""}) p50 ratio to /classes page 1: ${x(deepRatio)} (per round: ${perRound(deep, first).map(x).join(", ")})`,
  );
  lines.push(
    `- Worker bundle: ${kb(bundle.gzip)} KB gzip (${kb(bundle.raw)} KB raw) at startup, ${kb([...bundle.lazy, ...bundle.routes].reduce((sum, m) => sum + m.gzip, bundle.gzip))} KB gzip with its lazy modules and routes, from ${bundle.source}`,
  );
  lines.push(`- The static copy of /classes: ${kb(staticGzip)} KB gzip, served by the asset layer`);
  lines.push("");
  if (dependencies.length) {
    lines.push("Worker by dependency (minified bytes in the bundle; gzip is each one's share of the whole):", "");
    lines.push("| dependency | KB raw | ≈ KB gzip |", "|---|---:|---:|");
    for (const d of dependencies.slice(0, 20)) lines.push(`| ${d.name} | ${kb(d.raw)} | ${kb(d.gzip)} |`);
    const rest = dependencies.slice(20);
    if (rest.length)
      lines.push(
        `| ${rest.length} others | ${kb(rest.reduce((s, d) => s + d.raw, 0))} | ${kb(rest.reduce((s, d) => s + d.gzip, 0))} |`,
      );
    lines.push("");
  }

  lines.push("Details:", "");
  lines.push(
    "| page | URL | p50 per round ms | p50 ratio to floor per round | requests | non-2xx / errors | first request ms (KV cold, 1 sample) | JS files (redirected) | JS raw KB | inline script KB |",
  );
  lines.push("|---|---|---|---|---:|---:|---:|---:|---:|---:|");
  for (const r of rows) {
    const url = r.path.length > 60 ? `${r.path.slice(0, 57)}…` : r.path;
    lines.push(
      `| ${r.name} | \`${url}\` | ${r.p50s.join(", ")} | ${perRound(r, floor).map(x).join(", ")} | ${r.requests} | ${r.non2xx} / ${r.errors} | ${r.firstMs.toFixed(0)} | ${r.js.files}${r.js.redirected.length ? ` (${r.js.redirected.length})` : ""} | ${kb(r.js.raw)} | ${kb(r.js.inlineBytes)} |`,
    );
  }
  lines.push("");
  lines.push(
    "Notes: latencies are each 2xx response's time as autocannon timed it, unrounded (non-2xx are counted apart). Catalogue lists are read through the KV cache " +
      "(60 s), so steady-state list pages mostly measure cache hits; the first-request column is each page's first visit after start-up. " +
      "Client JS = every `<script src>`, `<link rel=modulepreload>` and `import` in inline scripts, each file gzipped (level 9) and summed; " +
      "inline scripts (route data and the bootstrap) are listed apart, raw. At load: what the browser fetches with the page; on first need: " +
      "the app (React, Remix, the route) that pages working without JavaScript fetch at the visitor's first press, touch, key or focus " +
      '(`<template id="app-scripts">`, app/platform/app-on-first-need), and never for a page read and left.',
  );
  lines.push("");
  const seeding = timings.reused
    ? "reused (--keep)"
    : `${fmtS(timings.seedDemo + timings.seedSynthetic)} (demo ${fmtS(timings.seedDemo)}, ${opts.count.toLocaleString("en")} synthetic ${fmtS(timings.seedSynthetic)})`;
  lines.push(
    `Timings: whole run ${fmtS(secondsSince(runStarted))} · build ${fmtS(timings.build)} · worker bundle ${fmtS(bundle.seconds)} · seeding ${seeding} · ` +
      `worker start ${fmtS(timings.workerStart)} · cursor walk ${fmtS(timings.walk)} · load ${fmtS(timings.load)}`,
  );

  const redirects = [...new Set(rows.flatMap((r) => r.js.redirected))];
  if (redirects.length) {
    lines.push(
      "",
      `Scripts that answer with a redirect before the file (an extra round trip each): ${redirects.map((u) => `\`${u}\``).join(", ")}`,
    );
  }

  const failing = rows.filter((r) => r.non2xx || r.errors);
  for (const r of failing) {
    serverFailures.push(
      `${r.name} (${r.path}): ${r.non2xx} non-2xx, ${r.errors} errors/timeouts, status codes ${JSON.stringify(r.codes)}`,
    );
  }
  if (serverFailures.length) {
    lines.push("", "## ✗ SERVER ERRORS", "", ...serverFailures.map((f) => `- ${f}`));
  }
  return lines.join("\n") + "\n";
}

// ── main ────────────────────────────────────────────────────────────────────────────────────────
async function main() {
  await build();
  log("Measuring the worker bundle (wrangler deploy --dry-run --minify)…");
  const bundle = workerBundleSize();
  const dependencies = workerByDependency(`${root}/build/metafile.server.json`, bundle);
  log(`worker bundle ${kb(bundle.gzip)} KB gzip (${bundle.source})`);

  prepareDatabase();
  try {
    // The worker with analytics off first: its /classes HTML is saved as a static file for the main
    // worker's asset layer to serve (the static limit), so it must exist before that worker starts.
    await startAnalyticsOff();
    const staticHtml = (await get("/classes", { base: OFF_BASE })).body;
    writeStaticCopy(root, staticHtml);

    await start();
    const { targets, firstMs, catalogueCount } = await pickTargets();
    // Goal 3: /classes with analytics off is measured right beside /classes with it, in every round.
    // The analytics-off worker serves nothing else, so it idles half a minute between its slices while
    // the main one stays busy: both get a second's unmeasured warm-up before each slice, so each starts
    // its slice equally warm (the round-to-round drift was the larger cause: goal 3 pairs the rounds).
    const off = {
      key: "classesOff",
      name: "/classes, analytics off",
      path: "/classes",
      base: OFF_BASE,
      warmEachRound: 1,
    };
    const withOff = targets.flatMap((t) => (t.key === "first" ? [{ ...t, warmEachRound: 1 }, off] : [t]));
    const samples = await measure(withOff);
    const offRuns = samples.classesOff.filter((s) => !s.warmup);
    const analyticsOff = { rps: median(offRuns.map((s) => s.rps)), runs: offRuns };
    const js = await clientJs(targets);

    // Errors the server logged as 5xx during the load show up as non-2xx; ask each failing page once more for its body.
    for (const t of targets) {
      const bad = samples[t.key].some((s) => s.non2xx || s.errors);
      if (bad) {
        const r = await get(t.path, { headers: t.headers }).catch((e) => ({ status: e.message, text: () => "" }));
        console.error(`✗ ${t.name} ${t.path}: now answers ${r.status} ${r.text().slice(0, 200).replace(/\s+/g, " ")}`);
      }
    }

    stopping = true;
    await stopWorkerAndWait();
    await stopWorkerAndWait(offWorker, offWorkerExited);

    const markdown = report({
      targets,
      samples,
      js,
      bundle,
      dependencies,
      analyticsOff,
      staticGzip: gzipBytes(staticHtml),
      firstMs,
      catalogueCount,
    });
    mkdirSync(reportDir, { recursive: true });
    writeFileSync(`${reportDir}/bench.md`, markdown);
    console.log(`\n${markdown}`);
    console.log(`(written to tests/.report/bench.md)`);
    return serverFailures.length ? 1 : 0;
  } finally {
    removeStaticCopy(root);
  }
}

main().then(
  (code) => process.exit(code),
  async (error) => {
    console.error(`\n✗ bench failed: ${error?.stack ?? error}`);
    stopping = true;
    await stopWorkerAndWait();
    process.exit(1);
  },
);

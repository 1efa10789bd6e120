#!/usr/bin/env node
// `npm run bench:ab -- [name=]REF [name=]REF… [--count 20000] [--rounds 6] [--duration 2] [--connections 4] [--pages home,classesIn,…]`
//
// An A/B of whole builds in one run: each REF (a commit, branch or tag; the first is the baseline) is
// checked out in its own worktree under $TMPDIR/studio-bench-ab/ (outside the project, so its tools never
// read them), installed (its own patches applied) and built
// for production; each build runs as a worker of its own (wrangler's dev server with no debugger,
// serve-without-debugger.mjs) on its own copy of one seeded database (demo + N synthetic classes). Then
// the pages a patch or a piece of render machinery serves are measured in rounds: every page on every
// build in alternating order, short slices at a time, so the builds compared see the same drift of the
// machine. Per page and build: p50 over all responses, the p50 against the baseline's (median of the
// rounds' ratios), and the CPU the worker's processes spent per request (workerd and wrangler's proxy
// in its process group, /proc, over each slice). Per build: the startup module's size (worker.js and the
// chunks it imports statically, each gzipped). Report: tests/.report/bench-ab.md.
//
// To judge a patch: commit its removal on a branch, then `npm run bench:ab -- main no-patch=that-branch`.
import autocannon from "autocannon";
import { spawn, spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { signIn, workerModules } from "./bench-parts.mjs";
import { migrate, root, run, stopGroup, waitForUp, wranglerEnv } from "./wrangler-env.mjs";

const usage =
  "usage: npm run bench:ab -- [name=]REF [name=]REF… [--count 20000] [--rounds 6] [--duration 2] [--connections 4] [--pages home,classesIn,…]";
const opts = { count: 20_000, rounds: 6, duration: 2, connections: 4 };
let only = null; // --pages home,classesIn,…: a subset of the pages, by key
const variants = [];
{
  const argv = process.argv.slice(2);
  for (let i = 0; i < argv.length; i++) {
    const [flag, inline] = argv[i].includes("=") && argv[i].startsWith("--") ? argv[i].split("=", 2) : [argv[i]];
    if (flag === "-h" || flag === "--help") {
      console.log(usage);
      process.exit(0);
    } else if (flag === "--pages") only = (inline ?? argv[++i]).split(",");
    else if (flag.startsWith("--") && flag.slice(2) in opts) opts[flag.slice(2)] = Number(inline ?? argv[++i]);
    else if (!flag.startsWith("-")) {
      const [name, ref] = flag.includes("=") ? flag.split("=", 2) : [flag.replace(/[^\w.-]/g, "-"), flag];
      variants.push({ name, ref });
    } else {
      console.error(`unknown argument ${argv[i]}\n${usage}`);
      process.exit(2);
    }
  }
  if (variants.length < 2 || Object.values(opts).some((v) => !Number.isInteger(v) || v < 1)) {
    console.error(usage);
    process.exit(2);
  }
}

const abDir = join(tmpdir(), "studio-bench-ab");
const dbDir = `${abDir}/db`;
const reportDir = `${root}/tests/.report`;
const PORT0 = 8830;
const log = (msg) => console.log(`› ${msg}`);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const git = (...args) => spawnSync("git", args, { cwd: root, encoding: "utf8" });

// ── builds ──────────────────────────────────────────────────────────────────────────────────────
/** The variant's worktree at its ref, installed and built; reused when it already holds that commit's build. */
function prepare(variant) {
  const commit = git("rev-parse", "--verify", `${variant.ref}^{commit}`).stdout.trim();
  if (!commit) throw new Error(`${variant.ref} is not a commit`);
  variant.commit = commit;
  variant.dir = `${abDir}/${variant.name}`;
  const marker = `${variant.dir}/.ab-built`;
  if (existsSync(marker) && readFileSync(marker, "utf8") === commit) {
    log(`${variant.name}: ${commit.slice(0, 10)} already built`);
  } else {
    git("worktree", "remove", "--force", variant.dir);
    rmSync(variant.dir, { recursive: true, force: true });
    const added = git("worktree", "add", "--detach", variant.dir, commit);
    if (added.status !== 0) throw new Error(`git worktree add ${variant.ref}: ${added.stderr}`);
    log(`${variant.name}: installing and building ${commit.slice(0, 10)}…`);
    for (const args of [
      ["install", "--prefer-offline", "--no-audit", "--no-fund"],
      ["run", "build"],
    ]) {
      const r = spawnSync("npm", args, { cwd: variant.dir, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
      if (r.status !== 0) throw new Error(`${variant.name}: npm ${args[0]} failed\n${r.stdout}${r.stderr}`);
    }
    writeFileSync(marker, commit);
  }
  variant.startup = workerModules(`${variant.dir}/build`);
}

function seed() {
  const marker = `${dbDir}/ab-seed.json`;
  if (existsSync(marker) && JSON.parse(readFileSync(marker, "utf8")).count === opts.count) {
    migrate(dbDir);
    return;
  }
  log(`Seeding the demo catalogue and ${opts.count.toLocaleString("en")} synthetic classes…`);
  rmSync(dbDir, { recursive: true, force: true });
  mkdirSync(dbDir, { recursive: true });
  migrate(dbDir);
  run(process.execPath, [`${root}/tests/tools/seed.mjs`, "--persist-to", dbDir], { quiet: true });
  run(process.execPath, [`${root}/tests/tools/seed-synthetic.mjs`, String(opts.count), "--persist-to", dbDir], {
    quiet: true,
  });
  writeFileSync(marker, JSON.stringify({ count: opts.count }));
}

// ── workers ─────────────────────────────────────────────────────────────────────────────────────
const started = [];
let stopping = false;
function stopAll() {
  stopping = true;
  for (const child of started) if (child.exitCode === null) stopGroup(child);
}
process.on("exit", stopAll);
for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"])
  process.on(signal, () => {
    stopAll();
    process.exit(130);
  });

async function startWorker(variant, index) {
  const persistTo = `${abDir}/db-${variant.name}`;
  rmSync(persistTo, { recursive: true, force: true });
  cpSync(dbDir, persistTo, { recursive: true });
  variant.base = `http://127.0.0.1:${PORT0 + index}`;
  const child = spawn(
    process.execPath,
    [
      `${root}/tests/tools/serve-without-debugger.mjs`,
      ...["--config", `${variant.dir}/wrangler.toml`, "--port", String(PORT0 + index), "--persist-to", persistTo],
      ...["--var", "ENVIRONMENT:production", "--var", "AI_PROVIDER:embedded"],
    ],
    { cwd: variant.dir, env: wranglerEnv, stdio: "ignore", detached: true },
  );
  child.on("exit", (code) => {
    if (!stopping) console.error(`✗ ${variant.name}'s worker exited (${code})`);
  });
  started.push(child);
  variant.worker = child;
  await waitForUp(`${variant.base}/api/up`, 120_000);
  log(`${variant.name} up on ${variant.base}`);
}

/** CPU seconds spent so far by the processes of a worker's process group (workerd and wrangler's proxy). */
function groupCpuSeconds(pgid) {
  let ticks = 0;
  for (const pid of readdirSync("/proc")) {
    if (!/^\d+$/.test(pid)) continue;
    let stat;
    try {
      stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    } catch {
      continue;
    }
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    if (Number(fields[2]) === pgid) ticks += Number(fields[11]) + Number(fields[12]);
  }
  return ticks / 100; // USER_HZ
}

// ── pages ───────────────────────────────────────────────────────────────────────────────────────
async function pages(baseline) {
  const products = await (await fetch(`${baseline.base}/api/getProducts?limit=1`)).json();
  const top = products.products[0];
  const classPath = `/classes/${top.storefrontSlug}/${top.classSlug}`;
  const all = [
    { key: "floor", name: "floor: /status", path: "/status" },
    { key: "home", name: "home / (shared copy)", path: "/" },
    { key: "classes", name: "/classes (shared copy)", path: "/classes" },
    { key: "class", name: "class page (shared copy)", path: classPath },
    { key: "app", name: "app landing page", path: "/apps/marisol-vega/half-marathon" },
    { key: "floorIn", name: "signed in: floor /status", path: "/status", signedIn: true },
    { key: "classesIn", name: "signed in: /classes", path: "/classes", signedIn: true },
    { key: "classIn", name: "signed in: class page", path: classPath, signedIn: true },
    { key: "libraryIn", name: "signed in: /library", path: "/library", signedIn: true },
  ];
  const chosen = all.filter((page) => !only || only.includes(page.key));
  if (!chosen.length) throw new Error(`--pages names none of ${all.map((page) => page.key).join(", ")}`);
  return chosen;
}

function slice(url, headers, duration, latencies) {
  const run = autocannon({ url, connections: opts.connections, duration, timeout: 30, headers });
  run.on("response", (_c, status, _b, ms) => {
    if (status >= 200 && status < 300) latencies?.push(ms);
  });
  return run;
}

const median = (values) => {
  const v = [...values].sort((a, b) => a - b);
  const mid = Math.floor(v.length / 2);
  return v.length % 2 ? v[mid] : (v[mid - 1] + v[mid]) / 2;
};
const p50 = (values) => median(values);
const pct = (ratio) => `${ratio >= 1 ? "+" : ""}${((ratio - 1) * 100).toFixed(1)}%`;

async function main() {
  const t0 = Date.now();
  mkdirSync(abDir, { recursive: true });
  for (const variant of variants) prepare(variant);
  seed();
  for (const [i, variant] of variants.entries()) await startWorker(variant, i);
  const baseline = variants[0];
  const targets = await pages(baseline);
  for (const variant of variants) {
    variant.cookie = await signIn(variant.base, "learner@studio.example", "learner-demo-1");
    for (const page of targets) {
      const headers = page.signedIn ? { Cookie: variant.cookie } : {};
      for (let i = 0; i < 2; i++) {
        const r = await fetch(`${variant.base}${page.path}`, { headers, redirect: "manual" });
        if (!r.ok) throw new Error(`${variant.name} ${page.path} answered ${r.status}`);
        await r.arrayBuffer();
      }
    }
  }
  const samples = new Map(); // `${page}/${variant}` → rounds of { latencies, cpuPerRequest }
  const failures = [];
  const loadBefore = loadavg()[0].toFixed(2);
  log(
    `Load: ${targets.length} pages × ${variants.length} builds, ${opts.rounds} rounds × ${opts.duration} s each, ${opts.connections} connections`,
  );
  for (const page of targets)
    for (const variant of variants)
      await slice(`${variant.base}${page.path}`, page.signedIn ? { Cookie: variant.cookie } : {}, 1);
  for (let round = 0; round < opts.rounds; round++) {
    const line = [];
    for (const page of targets) {
      const order = round % 2 ? [...variants].reverse() : variants;
      for (const variant of order) {
        const latencies = [];
        const cpuBefore = groupCpuSeconds(variant.worker.pid);
        const r = await slice(
          `${variant.base}${page.path}`,
          page.signedIn ? { Cookie: variant.cookie } : {},
          opts.duration,
          latencies,
        );
        const cpu = groupCpuSeconds(variant.worker.pid) - cpuBefore;
        if (r.non2xx || r.errors || r.timeouts) failures.push(`${variant.name} ${page.path}: ${r.non2xx} non-2xx`);
        const key = `${page.key}/${variant.name}`;
        if (!samples.has(key)) samples.set(key, []);
        samples
          .get(key)
          .push({ latencies, p50: p50(latencies), cpuPerRequest: (cpu * 1000) / Math.max(1, r.requests.total) });
      }
      line.push(page.key);
    }
    console.log(`  round ${round + 1}/${opts.rounds} done`);
  }
  stopAll();

  const lines = [
    `# Bench A/B`,
    ``,
    `${variants.length} builds, ${targets.length} pages, ${opts.rounds} rounds × ${opts.duration} s a page and build, ${opts.connections} connections; demo + ${opts.count.toLocaleString("en")} synthetic classes. ${cpus().length} CPUs, load ${loadBefore} before the load phase and ${loadavg()[0].toFixed(2)} after; ${Math.round((Date.now() - t0) / 1000)} s in all.`,
    ``,
    `Builds (the first is the baseline): ${variants.map((v) => `**${v.name}** = \`${v.ref}\` (${v.commit.slice(0, 10)})`).join(", ")}.`,
    ``,
    `## Startup module (worker.js and the chunks it imports statically, each gzipped)`,
    ``,
    `| build | gzip KB | against ${baseline.name} |`,
    `|---|---:|---:|`,
    ...variants.map(
      (v) => `| ${v.name} | ${(v.startup.gzip / 1024).toFixed(1)} | ${pct(v.startup.gzip / baseline.startup.gzip)} |`,
    ),
    ``,
    `## Pages`,
    ``,
    `p50 over all responses; "against" is the median of the rounds' p50 ratios to the baseline; CPU is the worker's processes' CPU per request (median of the rounds).`,
    ``,
    `| page | build | p50 ms | p50 against ${baseline.name} | CPU ms/request | CPU against ${baseline.name} |`,
    `|---|---|---:|---:|---:|---:|`,
  ];
  for (const page of targets) {
    const base = samples.get(`${page.key}/${baseline.name}`);
    for (const variant of variants) {
      const rounds = samples.get(`${page.key}/${variant.name}`);
      const all = rounds.flatMap((r) => r.latencies);
      const ratio = median(rounds.map((r, i) => r.p50 / base[i].p50));
      const cpu = median(rounds.map((r) => r.cpuPerRequest));
      const cpuRatio = median(rounds.map((r, i) => r.cpuPerRequest / base[i].cpuPerRequest));
      lines.push(
        `| ${page.name} | ${variant.name} | ${p50(all).toFixed(2)} | ${variant === baseline ? "" : pct(ratio)} | ${cpu.toFixed(2)} | ${variant === baseline ? "" : pct(cpuRatio)} |`,
      );
    }
  }
  if (failures.length) lines.push(``, `## Failures`, ``, ...failures.map((f) => `- ${f}`));
  const markdown = `${lines.join("\n")}\n`;
  mkdirSync(reportDir, { recursive: true });
  writeFileSync(`${reportDir}/bench-ab.md`, markdown);
  console.log(`\n${markdown}(written to tests/.report/bench-ab.md)`);
  return failures.length ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  async (error) => {
    console.error(`\n✗ bench:ab failed: ${error?.stack ?? error}`);
    stopAll();
    await sleep(500);
    process.exit(1);
  },
);

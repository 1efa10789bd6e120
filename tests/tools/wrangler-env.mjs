// Shared by the project's scripts: wrangler offline, and the way to run it.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

export const root = resolve(fileURLToPath(new URL("../..", import.meta.url)));
export const wranglerBin = `${root}/node_modules/.bin/wrangler`;

/** Keeps wrangler from phoning home: no update checks, metrics, or cf.json fetches (each costs seconds offline). */
export const wranglerEnv = {
  ...process.env,
  WRANGLER_SEND_METRICS: "false",
  WRANGLER_SEND_ERROR_REPORTS: "false",
  WRANGLER_HIDE_BANNER: "true",
  CLOUDFLARE_CF_FETCH_ENABLED: "false",
};

/** Runs a command to completion, streaming its output; exits the script when it fails. */
export function run(command, args, { quiet = false, env = wranglerEnv } = {}) {
  const result = spawnSync(command, args, {
    cwd: root,
    env,
    stdio: quiet ? ["ignore", "pipe", "pipe"] : "inherit",
    encoding: "utf8",
  });
  if (result.status !== 0) {
    if (quiet) process.stderr.write(`${result.stdout ?? ""}${result.stderr ?? ""}`);
    console.error(`\n✗ ${command} ${args.join(" ")} failed (exit ${result.status})`);
    process.exit(result.status ?? 1);
  }
  return result;
}

export function persistArgs(dir) {
  return dir ? ["--persist-to", resolve(dir)] : [];
}

/** Splits argv into positionals and --persist-to (also --persist-to=DIR). Exits on unknown options. */
export function parseArgs(argv, { valueOptions = ["--persist-to"], usage = "" } = {}) {
  const positionals = [];
  const options = {};
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === "-h" || a === "--help") {
      console.log(usage);
      process.exit(0);
    }
    const eq = a.indexOf("=");
    const name = a.startsWith("--") && eq > 0 ? a.slice(0, eq) : a;
    if (valueOptions.includes(name)) {
      const value = eq > 0 && name !== a ? a.slice(eq + 1) : argv[++i];
      if (value === undefined || value === "") fail(`${name} needs a value\n${usage}`);
      options[name.slice(2)] = value;
    } else if (a.startsWith("--")) {
      fail(`unknown option ${a}\n${usage}`);
    } else {
      positionals.push(a);
    }
  }
  return { positionals, options };
}

export function fail(message) {
  console.error(message);
  process.exit(1);
}

/**
 * Runs wrangler from the project root with telemetry off. Returns { status, stdout, stderr };
 * with check (default) exits the process with wrangler's output when it fails.
 */
export function runWrangler(args, { check = true, quiet = true } = {}) {
  const res = spawnSync(wranglerBin, args, {
    cwd: root,
    env: wranglerEnv,
    encoding: "utf8",
    maxBuffer: 256 * 1024 * 1024,
    stdio: quiet ? ["ignore", "pipe", "pipe"] : "inherit",
  });
  if (res.error) fail(`could not run ${wranglerBin}: ${res.error.message}`);
  if (check && res.status !== 0) {
    if (quiet) process.stderr.write(`${res.stdout ?? ""}${res.stderr ?? ""}`);
    fail(`wrangler ${args.slice(0, 3).join(" ")} failed (exit ${res.status})`);
  }
  return res;
}

/** Executes a SQL file against the local D1 database DB. */
export function executeSqlFile(file, persistTo) {
  return runWrangler(["d1", "execute", "DB", "--local", "--file", file, ...persistArgs(persistTo)]);
}

/** Writes statements to a temporary .sql file; returns { file, cleanup }. */
export function writeTempSql(name, statements) {
  const dir = mkdtempSync(join(tmpdir(), "studio-seed-"));
  const file = join(dir, name);
  writeFileSync(file, `${statements.join("\n")}\n`);
  return { file, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

/** Applies the D1 migrations to a local database folder (the default one when dir is undefined). */
export function migrate(dir) {
  runWrangler(["d1", "migrations", "apply", "DB", "--local", ...persistArgs(dir)]);
}

/** A new local database in `dir` (whatever was there is removed), migrated and seeded with the demo data. */
export function freshSeededDatabase(dir) {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  migrate(dir);
  run(process.execPath, [`${root}/tests/tools/seed.mjs`, "--persist-to", dir], { quiet: true });
}

/**
 * A new, empty local database in `dir` with the schema of every migration, for a run that needs no demo
 * data and keeps no history: the migrations in order as one `wrangler d1 execute` (one wrangler start,
 * about a fifth of the time `d1 migrations apply` takes to apply them one by one), so the database has
 * no d1_migrations record of them.
 */
export function freshMigratedDatabase(dir) {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const folder = `${root}/migrations`;
  const files = readdirSync(folder)
    .filter((name) => name.endsWith(".sql"))
    .sort();
  const { file, cleanup } = writeTempSql(
    "schema.sql",
    files.map((name) => readFileSync(`${folder}/${name}`, "utf8")),
  );
  try {
    executeSqlFile(file, dir);
  } finally {
    cleanup();
  }
}

/** What runs after `remix build`, in order (package.json's "build" script lists the same). */
export const AFTER_REMIX_BUILD = [
  { name: "Encode asset URLs", script: `${root}/workers/encode-asset-urls.mjs` },
  { name: "Lazy modules", script: `${root}/workers/lazy-modules.mjs` },
];

/** The production build: `npm run build` (remix build, asset URLs percent-encoded, lazy modules written). */
export function buildApp({ quiet = false } = {}) {
  run(`${root}/node_modules/.bin/remix`, ["build"], { quiet });
  for (const { script } of AFTER_REMIX_BUILD) run(process.execPath, [script], { quiet });
}

export function ensureBuilt() {
  if (!existsSync(`${root}/build/worker.js`)) buildApp();
}

const ENVIRONMENTS = ["development", "test", "production"];

/**
 * Starts `wrangler dev` in its own process group so the whole tree can be stopped together. The
 * caller names vars.ENVIRONMENT: wrangler.toml says production (what a deploy runs), and the local
 * tools opt in to development or test themselves (the /dev pages, the card page, the outbox). It
 * runs without remote bindings (`--local`): no Cloudflare login, and no Workers AI.
 * `debuggable: false` serves it the same way with no debugger attached (serve-without-debugger.mjs);
 * `local: false` leaves out `--local`, so the Workers AI binding is the real, remote one (it needs
 * `npx wrangler login`; the other bindings stay local).
 */
export function startWorker({
  port,
  inspectorPort,
  persistTo,
  stdio = "inherit",
  vars = {},
  debuggable = true,
  local = true,
}) {
  if (!ENVIRONMENTS.includes(vars.ENVIRONMENT))
    throw new Error(`startWorker: name vars.ENVIRONMENT (${ENVIRONMENTS.join(", ")}); got ${vars.ENVIRONMENT}`);
  // Workers AI cannot run here (--local below). Development and test leave it alone by themselves
  // (providerFor), so a model named in .dev.vars is used; a worker run as production (the benches) is
  // told to use the embedded default, unless the caller names a provider or an endpoint.
  const configured = "AI_PROVIDER" in vars || "AI_BASE_URL" in vars;
  const ai = vars.ENVIRONMENT === "production" && !configured ? { AI_PROVIDER: "embedded" } : {};
  const varArgs = Object.entries({ ...ai, ...vars }).flatMap(([k, v]) => ["--var", `${k}:${v}`]);
  const options = { cwd: root, env: wranglerEnv, stdio, detached: true };
  if (!debuggable)
    return spawn(
      process.execPath,
      [`${root}/tests/tools/serve-without-debugger.mjs`, "--port", String(port), ...persistArgs(persistTo), ...varArgs],
      options,
    );
  return spawn(
    wranglerBin,
    [
      "dev",
      // No remote bindings: Workers AI (wrangler.toml [ai]) would need a Cloudflare login; offline it is
      // bound but cannot run, and the AI layer uses its embedded default outside production.
      ...(local ? ["--local"] : []),
      "--ip",
      "127.0.0.1",
      "--port",
      String(port),
      "--inspector-port",
      String(inspectorPort),
      ...persistArgs(persistTo),
      ...varArgs,
    ],
    options,
  );
}

export function stopGroup(child) {
  try {
    process.kill(-child.pid, "SIGTERM");
  } catch {
    // already gone
  }
}

export async function waitForUp(url, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000}s`);
}

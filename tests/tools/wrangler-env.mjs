// Shared by the project's scripts: wrangler offline, and the way to run it.
import { spawn, spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";

export const root = fileURLToPath(new URL("../..", import.meta.url));
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
  const result = spawnSync(command, args, { cwd: root, env, stdio: quiet ? ["ignore", "pipe", "pipe"] : "inherit", encoding: "utf8" });
  if (result.status !== 0) {
    if (quiet) process.stderr.write(`${result.stdout ?? ""}${result.stderr ?? ""}`);
    console.error(`\n✗ ${command} ${args.join(" ")} failed (exit ${result.status})`);
    process.exit(result.status ?? 1);
  }
  return result;
}

export function persistArgs(dir) {
  return dir ? ["--persist-to", dir] : [];
}

/** Applies the D1 migrations to a local database folder (the default one when dir is undefined). */
export function migrate(dir) {
  run(wranglerBin, ["d1", "migrations", "apply", "DB", "--local", ...persistArgs(dir)], { quiet: true });
}

export function ensureBuilt() {
  if (!existsSync(`${root}/build/worker.js`)) run(`${root}/node_modules/.bin/remix`, ["build"]);
}

/** Starts `wrangler dev` in its own process group so the whole tree can be stopped together. */
export function startWorker({ port, inspectorPort, persistTo, stdio = "inherit", vars = {} }) {
  const varArgs = Object.entries(vars).flatMap(([k, v]) => ["--var", `${k}:${v}`]);
  return spawn(wranglerBin, ["dev", "--ip", "127.0.0.1", "--port", String(port), "--inspector-port", String(inspectorPort), ...persistArgs(persistTo), ...varArgs], {
    cwd: root,
    env: wranglerEnv,
    stdio,
    detached: true,
  });
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

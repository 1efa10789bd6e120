// A `wrangler dev` that keeps answering through a long test run.
//
// wrangler 4's dev server is two workerd processes: a ProxyWorker on the public port and the worker
// itself behind it. When the worker's runtime goes away mid-run, the ProxyWorker holds every later
// request forever (seen here: kill the inner workerd and /api/up never answers), and a request the
// ProxyWorker loses makes wrangler exit while its workerd children may live on, holding the port
// (workers-sdk #15317, #15451: "Error inside ProxyWorker", "Network connection lost", more often on
// slow two-core machines). A CI run of the end-to-end suite hung that way: every test after some
// point timed out. So the server is watched: when wrangler exits, or /api/up stops answering, the
// whole process group is stopped and wrangler started again on the same port and database folder.
// The test that was running fails and its retry runs against the new server. Each restart is written,
// with the last of wrangler's output before it, to tests/.report/worker-restarts.log, which `npm test`
// prints at its end, so a CI log's tail says what happened.
import { appendFileSync, mkdirSync } from "node:fs";
import { root, startWorker, stopGroup } from "./wrangler-env.mjs";

export const RESTARTS_LOG = `${root}/tests/.report/worker-restarts.log`;

const CHECK_EVERY_MS = 5_000;
/** One check waits this long: /api/up answers in milliseconds, even on a busy machine. */
const CHECK_TIMEOUT_MS = 15_000;
/** Missed checks in a row before a restart (about a minute of silence). */
const MISSES_BEFORE_RESTART = 3;
/** A (re)started server that does not answer within this is restarted again. */
const START_TIMEOUT_MS = 120_000;

const log = (message) => process.stderr.write(`[supervised-worker] ${message}\n`);
/** How much of wrangler's latest output a restart's record keeps. */
const TAIL_CHARS = 6_000;

/**
 * Starts `wrangler dev` (startWorker's options) and restarts it whenever it exits or stops answering
 * `healthUrl`. Returns stop(), which ends it for good.
 */
export function superviseWorker(options, healthUrl) {
  let child = null;
  let stopping = false;
  let startedAt = 0;
  let answered = false;
  let misses = 0;
  let checking = false;
  let tail = "";

  function start() {
    startedAt = Date.now();
    answered = false;
    misses = 0;
    const current = startWorker({ ...options, stdio: ["ignore", "pipe", "pipe"] });
    child = current;
    for (const [stream, to] of [
      [current.stdout, process.stdout],
      [current.stderr, process.stderr],
    ])
      stream.on("data", (chunk) => {
        to.write(chunk);
        tail = (tail + chunk.toString()).slice(-TAIL_CHARS);
      });
    current.on("exit", (code, signal) => {
      if (stopping || child !== current) return;
      restart(current, `wrangler dev exited (${signal ?? `code ${code}`})`);
    });
  }

  function restart(old, reason) {
    log(`${reason}: stopping what is left of it and starting it again`);
    try {
      mkdirSync(`${root}/tests/.report`, { recursive: true });
      appendFileSync(
        RESTARTS_LOG,
        `${new Date().toISOString()} ${reason}; wrangler's last output:\n${tail.replace(/\x1b\[[0-9;]*m/g, "")}\n\n`,
      );
    } catch {
      // the record is a help, not a condition
    }
    tail = "";
    child = null;
    stopGroup(old);
    // Whatever ignored SIGTERM (a wedged workerd holding the port) goes with SIGKILL.
    setTimeout(() => {
      try {
        process.kill(-old.pid, "SIGKILL");
      } catch {
        // the group is gone
      }
      if (!stopping) start();
    }, 2_000);
  }

  async function check() {
    if (!child || checking || stopping) return;
    checking = true;
    const current = child;
    try {
      const response = await fetch(healthUrl, { signal: AbortSignal.timeout(CHECK_TIMEOUT_MS) });
      if (!response.ok) throw new Error(`status ${response.status}`);
      answered = true;
      misses = 0;
    } catch (error) {
      if (child !== current || stopping) return;
      if (!answered) {
        if (Date.now() - startedAt > START_TIMEOUT_MS) {
          restart(current, `wrangler dev did not come up within ${START_TIMEOUT_MS / 1000} s`);
        }
        return;
      }
      misses += 1;
      if (misses >= MISSES_BEFORE_RESTART) {
        restart(current, `${healthUrl} did not answer ${misses} times in a row (${error?.message ?? error})`);
      }
    } finally {
      checking = false;
    }
  }

  start();
  const timer = setInterval(check, CHECK_EVERY_MS);
  return {
    stop() {
      stopping = true;
      clearInterval(timer);
      if (child) stopGroup(child);
    },
  };
}

#!/usr/bin/env node
// `npm run bench:plans [-- --n 100] [-- --port 8797]`: N anonymous visitors at once complete the demo
// app's onboarding through the JSON API (each sends completeOnboarding TWICE at the same moment, a
// double submit), then poll checkPlanStatus until their plan is there. Prints plans completed,
// duplicates (jobs or plans beyond one per visitor, read from D1 afterwards: must be 0), and the p50
// and p99 of time to plan (completion sent → plan completed). Exits non-zero on a duplicate, a
// missing plan or a server error. Uses its own database in tests/.state/bench-plans and the built
// worker (plan jobs run by their Durable Objects with alarms, as in production). Each visitor comes
// from an address of its own (CF-Connecting-IP); first plans are never limited.
import { writeReport } from "./bench-parts.mjs";
import {
  buildApp,
  freshSeededDatabase,
  root,
  runWrangler,
  startWorker,
  stopGroup,
  waitForUp,
} from "./wrangler-env.mjs";

const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
};
const N = arg("n", 100);
const PORT = arg("port", 8797);
const BASE = `http://127.0.0.1:${PORT}`;
const S = "marisol-vega/half-marathon";
const persistTo = `${root}/tests/.state/bench-plans`;
const TIMEOUT_MS = 120_000;

let retried = 0;

async function request(path, { anon, ip, body } = {}) {
  for (let attempt = 0; ; attempt++) {
    let response;
    try {
      response = await fetch(`${BASE}${path}`, {
        method: body ? "POST" : "GET",
        headers: {
          Origin: BASE,
          "X-Non-Auth-User-Id": anon,
          // Each visitor from an address of their own, as N people would be: the worker runs as in
          // production, where plan limits count per connecting address (CF-Connecting-IP).
          "CF-Connecting-IP": ip,
          ...(body ? { "Content-Type": "application/json" } : {}),
        },
        body: body ? JSON.stringify(body) : undefined,
        signal: AbortSignal.timeout(30_000),
      });
    } catch (error) {
      // A connection the overloaded local runtime dropped or left hanging: sent again (every call here is idempotent).
      if (attempt >= 5) throw error;
      retried++;
      continue;
    }
    if (response.status === 503 && attempt < 5) {
      retried++;
      await response.text();
      await new Promise((r) => setTimeout(r, 200 * (attempt + 1)));
      continue;
    }
    if (response.status >= 500)
      throw new Error(`${path} answered ${response.status}: ${(await response.text()).slice(0, 200)}`);
    return response.json();
  }
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
const LEVELS = ["beginner", "intermediate", "advanced"];
const GOALS = ["finish", "sub2", "pb"];

async function visitor(i) {
  const anon = `anon_${crypto.randomUUID()}`;
  const ip = `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;
  const finalUserState = {
    goal: GOALS[i % 3],
    currentLevel: LEVELS[i % 3],
    daysPerWeek: 2 + (i % 5),
    longestRunKm: i % 20,
  };
  const started = performance.now();
  const answers = await Promise.all(
    [1, 2].map(() =>
      request(`/api/apps/completeOnboarding/${S}`, { anon, ip, body: { finalUserState, pagesInfo: {} } }),
    ),
  );
  if (answers.some((a) => a.status !== "success"))
    throw new Error(`completeOnboarding answered ${JSON.stringify(answers[0])}`);
  while (performance.now() - started < TIMEOUT_MS) {
    const status = await request(`/api/apps/checkPlanStatus/${anon}/${S}`, { anon, ip });
    if (status.status === "completed") {
      if (status.plan.phases.length !== 13) throw new Error(`a plan with ${status.plan.phases.length} phases`);
      return { anon, ms: performance.now() - started };
    }
    if (status.status === "failed") throw new Error("a plan failed");
    // A browser polls every 1.75 s (plans/rules.ts POLL_MS); the bench a little more often.
    await new Promise((r) => setTimeout(r, 1000));
  }
  throw new Error("no plan within 2 minutes");
}

function d1(sql) {
  const res = runWrangler(["d1", "execute", "DB", "--local", "--persist-to", persistTo, "--json", "--command", sql]);
  return JSON.parse(res.stdout)[0].results;
}

console.log("› Building and seeding…");
buildApp({ quiet: true });
freshSeededDatabase(persistTo);
// Production, as deployed: onboarding and plans need nothing development-only.
const worker = startWorker({
  port: PORT,
  inspectorPort: PORT + 1000,
  persistTo,
  stdio: ["ignore", "ignore", "inherit"],
  vars: { ENVIRONMENT: "production" },
});
let exitCode = 0;
let ok = [];
let failed = [];
let wall = 0;
try {
  await waitForUp(`${BASE}/api/up`);
  console.log(
    `› ${N} anonymous visitors complete the onboarding at once (each submitting twice) and wait for their plan…`,
  );
  const startedAll = performance.now();
  const results = await Promise.allSettled(Array.from({ length: N }, (_, i) => visitor(i)));
  wall = performance.now() - startedAll;
  ok = results.filter((r) => r.status === "fulfilled").map((r) => r.value);
  failed = results.filter((r) => r.status === "rejected");
} catch (error) {
  console.error(error);
  exitCode = 1;
} finally {
  stopGroup(worker);
}
await new Promise((r) => setTimeout(r, 1500));
const [jobs] = d1("SELECT count(*) AS jobs, count(DISTINCT json_extract(input, '$.subject')) AS subjects FROM jobs");
const [plans] = d1(
  "SELECT count(*) AS plans, count(DISTINCT subject) AS subjects, sum(status = 'completed') AS completed FROM personalized_plans",
);
const duplicates = jobs.jobs - jobs.subjects + (plans.plans - plans.subjects);
const times = ok.map((r) => r.ms).sort((a, b) => a - b);
const summary = [];
summary.push(`\n  visitors          ${N}`);
summary.push(`  plans completed   ${plans.completed} (jobs ${jobs.jobs})`);
summary.push(`  duplicates        ${duplicates} (must be 0)`);
summary.push(
  `  retried requests  ${retried} (503s or dropped connections from the overloaded local runtime, sent again)`,
);
summary.push(`  failed visitors   ${failed.length}${failed.length ? ` (first: ${failed[0].reason?.message})` : ""}`);
if (times.length)
  summary.push(
    `  time to plan p50  ${percentile(times, 50).toFixed(0)} ms\n  time to plan p99  ${percentile(times, 99).toFixed(0)} ms`,
  );
summary.push(`  wall time         ${(wall / 1000).toFixed(1)} s\n`);
console.log(summary.join("\n"));
writeReport("bench-plans.txt", summary);
if (duplicates > 0 || failed.length > 0 || plans.completed !== N) exitCode = 1;
process.exit(exitCode);

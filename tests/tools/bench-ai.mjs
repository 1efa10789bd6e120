#!/usr/bin/env node
// `npm run bench:ai [-- --creators 10] [-- --builds 50] [-- --plans 200] [-- --port N]`: the AI meter
// and the builds under load, through the JSON API as people send them, against a local stand-in of an
// OpenAI-compatible model that counts every call it answers (tests/tools/ai-stand-in.mjs), with the
// worker in production mode (the real throttles, each visitor's address from CF-Connecting-IP).
//  - CREATORS creators send BUILDS builds at once (POST /api/app-builder/buildApp), every creator's
//    first idea twice, then poll GET /api/jobs/{jobId} until each job ends;
//  - PLANS anonymous plan requests arrive at once for the demo app (POST
//    /api/apps/createPersonalizedPlan/…, a made-up X-Non-Auth-User-Id each, from 20 addresses), then
//    their plans are polled until each is made; then REGENERATORS of those visitors ask for a new plan
//    5 times each at once (3 an hour are allowed per visitor, 60 per app: the rest must be 429s).
// It prints and checks: 0 duplicate apps (one job, one app per distinct idea) and 0 lost jobs; 0 jobs
// failed (on a constraint or anything else); the meter's units equal to the calls the stand-in answered;
// every refusal a 429 with Retry-After. Exits non-zero when a check fails. Uses its own database in
// tests/.state/bench-ai and the built worker; the figures also go to tests/.report/bench-ai.txt.
import { mkdirSync, writeFileSync } from "node:fs";
import { startOpenAiStandIn } from "./ai-stand-in.mjs";
import { freePorts } from "./free-ports.mjs";
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
const CREATORS = arg("creators", 10);
const BUILDS = arg("builds", 50);
const PLANS = arg("plans", 200);
const REGENERATORS = arg("regenerators", 20);
const [freePort, freeInspector] = await freePorts(2);
const PORT = arg("port", freePort);
const BASE = `http://127.0.0.1:${PORT}`;
const persistTo = `${root}/tests/.state/bench-ai`;
const TIMEOUT_MS = 240_000;
const IDEAS = [
  "Yoga for desk workers with stiff backs",
  "Guitar for adult beginners",
  "Learn Spanish for travel in 3 months",
  "Chess openings for club players",
  "Home cooking for busy families on a budget",
  "A meditation app for anxious students",
  "Couch to 5k for over-50s",
  "Beekeeping for city dwellers",
  "Piano for kids aged 6 to 10",
  "Public speaking confidence for introverts",
];

let retried = 0;

async function request(path, { cookie, body, form, headers = {} } = {}) {
  for (let attempt = 0; ; attempt++) {
    let response;
    try {
      response = await fetch(`${BASE}${path}`, {
        method: body || form ? "POST" : "GET",
        redirect: "manual",
        headers: {
          Origin: BASE,
          ...(cookie ? { Cookie: cookie } : {}),
          ...(body ? { "Content-Type": "application/json" } : {}),
          ...headers,
        },
        body: body ? JSON.stringify(body) : form ? new URLSearchParams(form) : undefined,
        // Writes are sent once, so they may wait as long as a loaded two-core machine needs.
        signal: AbortSignal.timeout(body || form ? 120_000 : 30_000),
      });
    } catch (error) {
      // A connection the overloaded local runtime dropped: only reads are sent again.
      if (attempt >= 5 || body || form) throw error;
      retried++;
      continue;
    }
    if (response.status === 503 && attempt < 5 && !body && !form) {
      retried++;
      await response.text();
      await new Promise((r) => setTimeout(r, 200 * (attempt + 1)));
      continue;
    }
    return response;
  }
}

/** What every refusal must be: a 429 with Retry-After. Anything else that is not a success is a failure. */
const refusals = { ok: 0, bad: [] };
async function refusal(response, what) {
  if (response.status === 429 && Number(response.headers.get("Retry-After")) > 0) refusals.ok++;
  else refusals.bad.push(`${what} answered ${response.status}: ${(await response.text()).slice(0, 160)}`);
}

async function creator(i) {
  const email = `bench-ai-${i}-${crypto.randomUUID().slice(0, 8)}@studio.example`;
  const response = await request("/auth/create-account", {
    form: { email, firstName: "Bench", lastName: `Creator ${i}`, password: "bench-ai-creator-1" },
    headers: { "CF-Connecting-IP": `192.0.2.${i + 1}` },
  });
  const session = response.headers.getSetCookie().find((c) => c.startsWith("studio_session="));
  if (response.status !== 303 || !session) throw new Error(`sign-up answered ${response.status}`);
  return session.split(";")[0];
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

async function build(idea, cookie) {
  const started = performance.now();
  const response = await request("/api/app-builder/buildApp", { cookie, body: { appIdea: idea } });
  if (response.status !== 202) {
    await refusal(response, "buildApp");
    return null;
  }
  const { jobId, appId, statusUrl } = (await response.json()).response;
  while (performance.now() - started < TIMEOUT_MS) {
    const status = (await (await request(statusUrl, { cookie })).json()).response;
    if (status.status === "completed") return { jobId, appId, idea, ms: performance.now() - started };
    if (status.status === "failed") throw new Error(`build ${jobId} failed: ${status.error}`);
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`build ${jobId}: no app within ${TIMEOUT_MS / 1000} s`);
}

const APP = "/api/apps/createPersonalizedPlan/marisol-vega/half-marathon";
const ANSWERS = { goal: "finish", currentLevel: "beginner", daysPerWeek: 3, targetDate: "2027-04-18" };

const visitorHeaders = (visitor, i) => ({
  "X-Non-Auth-User-Id": visitor,
  "CF-Connecting-IP": `198.51.100.${(i % 20) + 1}`,
});

async function plan(i) {
  const visitor = `anon_${crypto.randomUUID()}`;
  const headers = visitorHeaders(visitor, i);
  const started = performance.now();
  const response = await request(APP, { body: { userState: ANSWERS }, headers });
  if (response.status !== 200) {
    await refusal(response, "createPersonalizedPlan");
    return null;
  }
  while (performance.now() - started < TIMEOUT_MS) {
    const status = await (
      await request(`/api/apps/checkPlanStatus/${visitor}/marisol-vega/half-marathon`, { headers })
    ).json();
    if (status.status === "completed") return { visitor, i, ms: performance.now() - started };
    if (status.status === "failed") throw new Error(`plan of ${visitor} failed`);
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`plan of ${visitor}: not made within ${TIMEOUT_MS / 1000} s`);
}

/** A visitor asks for a new plan 5 times at once: answers how many were accepted. */
async function regenerate({ visitor, i }) {
  const answers = await Promise.all(
    Array.from({ length: 5 }, () =>
      request(APP, { body: { forceRegenerate: true }, headers: visitorHeaders(visitor, i) }),
    ),
  );
  let accepted = 0;
  for (const response of answers)
    if (response.status === 200) accepted++;
    else await refusal(response, "createPersonalizedPlan (new plan)");
  return accepted;
}

function d1(sql) {
  const res = runWrangler(["d1", "execute", "DB", "--local", "--persist-to", persistTo, "--json", "--command", sql]);
  return JSON.parse(res.stdout)[0].results;
}

console.log("› Building and seeding…");
buildApp({ quiet: true });
freshSeededDatabase(persistTo);
const model = await startOpenAiStandIn();
const worker = startWorker({
  port: PORT,
  inspectorPort: freeInspector,
  persistTo,
  stdio: ["ignore", "ignore", "inherit"],
  vars: {
    ENVIRONMENT: "production",
    AI_BASE_URL: model.url,
    AI_API_KEY: model.apiKey,
    AI_MODEL: "stand-in-chat",
    // The stand-in answers at once; a loaded two-core machine must not turn that into a timeout.
    AI_TIMEOUT_MS: "60000",
  },
});
let exitCode = 0;
let builds = [];
let plans = [];
const failures = [];
let wall = 0;
let requested = [];
let regenerated = 0;
try {
  await waitForUp(`${BASE}/api/up`);
  const cookies = [];
  for (let i = 0; i < CREATORS; i++) cookies.push(await creator(i));
  // Each creator's builds, their first idea sent twice (the second must answer the first build).
  requested = Array.from({ length: BUILDS }, (_, i) => {
    const c = i % CREATORS;
    const n = Math.floor(i / CREATORS);
    return { creator: c, idea: IDEAS[(c + Math.max(0, n - 1)) % IDEAS.length] };
  });
  console.log(
    `› ${BUILDS} builds from ${CREATORS} creators and ${PLANS} anonymous plans at once, against the stand-in model…`,
  );
  const startedAll = performance.now();
  const [built, planned] = await Promise.all([
    Promise.allSettled(requested.map((r) => build(r.idea, cookies[r.creator]))),
    Promise.allSettled(Array.from({ length: PLANS }, (_, i) => plan(i))),
  ]);
  wall = performance.now() - startedAll;
  builds = built.filter((r) => r.status === "fulfilled" && r.value).map((r) => r.value);
  plans = planned.filter((r) => r.status === "fulfilled" && r.value).map((r) => r.value);
  failures.push(...[...built, ...planned].filter((r) => r.status === "rejected").map((r) => r.reason?.message));
  console.log(`› ${REGENERATORS} visitors ask for a new plan 5 times each, at once…`);
  regenerated = (await Promise.all(plans.slice(0, REGENERATORS).map(regenerate))).reduce((a, b) => a + b, 0);
  // Their jobs finish before the counts are read.
  for (const p of plans.slice(0, REGENERATORS)) {
    const deadline = performance.now() + TIMEOUT_MS;
    while (performance.now() < deadline) {
      const status = await (
        await request(`/api/apps/checkPlanStatus/${p.visitor}/marisol-vega/half-marathon`, {
          headers: visitorHeaders(p.visitor, p.i),
        })
      ).json();
      if (status.status !== "pending") break;
      await new Promise((r) => setTimeout(r, 500));
    }
  }
} catch (error) {
  console.error(error);
  exitCode = 1;
} finally {
  stopGroup(worker);
}
await new Promise((r) => setTimeout(r, 1500));
await model.close();

const distinctIdeas = new Set(requested.map((r) => `${r.creator}|${r.idea}`)).size;
const [jobs] = d1(
  "SELECT count(*) AS jobs, sum(status = 'completed') AS completed, sum(status = 'failed') AS failed, sum(status IN ('queued', 'running')) AS unfinished, sum(error LIKE '%constraint%') AS onConstraint FROM jobs WHERE kind IN ('build-app', 'plan')",
);
const [buildJobs] = d1(
  "SELECT count(*) AS n, sum(status = 'completed') AS completed FROM jobs WHERE kind = 'build-app'",
);
const [made] = d1(
  "SELECT count(*) AS apps, count(DISTINCT a.id) AS distinctApps FROM apps a JOIN jobs j ON json_extract(j.input, '$.appId') = a.id WHERE j.kind = 'build-app'",
);
const [units] = d1("SELECT count(*) AS n FROM ai_units");
// New plans beyond each visitor's first: at most 3 a visitor (concurrent asks for the same one share its job).
const [renewed] = d1(
  "SELECT coalesce(sum(n - 1), 0) AS total, coalesce(max(n - 1), 0) AS most FROM (SELECT count(*) AS n FROM jobs WHERE kind = 'plan' GROUP BY json_extract(input, '$.subject'))",
);
const calls = model.requests.filter((r) => r.path.startsWith("/v1/")).length;
const duplicates = buildJobs.n - distinctIdeas + (made.apps - made.distinctApps);
// A job still queued or running after every request ended, or a completed build that made no app.
const lost = (jobs.unfinished ?? 0) + ((buildJobs.completed ?? 0) - made.distinctApps);
const times = [...builds, ...plans].map((r) => r.ms).sort((a, b) => a - b);
const lines = [
  `  builds requested   ${BUILDS} (${CREATORS} creators, ${distinctIdeas} distinct ideas)`,
  `  build jobs         ${buildJobs.n}, apps made ${made.distinctApps}`,
  `  plans requested    ${PLANS} (anonymous, 20 addresses), made ${plans.length}`,
  `  new plans asked    ${Math.min(REGENERATORS, plans.length) * 5} (${REGENERATORS} visitors × 5 at once), answered ${regenerated} with a plan, ${renewed.total} new plans made (at most 3 each: most ${renewed.most})`,
  `  jobs               ${jobs.jobs} (completed ${jobs.completed ?? 0}, failed ${jobs.failed ?? 0}, on a constraint ${jobs.onConstraint ?? 0})`,
  `  duplicates         ${duplicates} (must be 0)`,
  `  lost jobs          ${lost} (must be 0)`,
  `  metered units      ${units.n}, model calls ${calls} (must be equal)`,
  `  refusals           ${refusals.ok} × 429 with Retry-After, ${refusals.bad.length} otherwise (must be 0)${refusals.bad.length ? `: ${refusals.bad[0]}` : ""}`,
  `  failed requests    ${failures.length}${failures.length ? ` (first: ${failures[0]})` : ""}`,
  `  retried reads      ${retried}`,
  times.length
    ? `  time to result     p50 ${percentile(times, 50).toFixed(0)} ms, p99 ${percentile(times, 99).toFixed(0)} ms`
    : "  time to result     -",
  `  wall time          ${(wall / 1000).toFixed(1)} s`,
];
const pass =
  exitCode === 0 &&
  duplicates === 0 &&
  lost === 0 &&
  (jobs.failed ?? 0) === 0 &&
  units.n === calls &&
  // 3 new plans an hour per visitor, 60 per app (app/features/plans/rules.ts PLAN_LIMITS).
  renewed.most <= 3 &&
  renewed.total <= 60 &&
  refusals.bad.length === 0 &&
  failures.length === 0;
const verdict = `${pass ? "PASS" : "FAIL"}: 0 duplicates, 0 lost or failed jobs, units = model calls, every refusal a 429`;
console.log(`\n${lines.join("\n")}\n\n  ${verdict}\n`);
mkdirSync(`${root}/tests/.report`, { recursive: true });
writeFileSync(`${root}/tests/.report/bench-ai.txt`, `${new Date().toISOString()}\n${lines.join("\n")}\n${verdict}\n`);
process.exit(pass ? 0 : 1);

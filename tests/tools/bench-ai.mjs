#!/usr/bin/env node
// `npm run bench:ai [-- --n 50] [-- --creators 5] [-- --port 8798]`: N app builds at once on the
// embedded AI default, through the JSON API as creators send them (POST /api/app-builder/buildApp,
// then polling GET /api/jobs/{jobId}), run by the build jobs' Durable Objects with alarms, as in
// production. Prints builds completed, jobs per minute, p50/p99 time to result (request sent → app
// made), duplicates (apps beyond one per build job, or jobs beyond one per request: must be 0) and
// lost jobs (not completed: must be 0). Exits non-zero on a duplicate, a lost job or a server error.
// Uses its own database in tests/.state/bench-ai and the built worker.
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
const N = arg("n", 50);
// Creators without a studio tier have 20 AI generations a day: the builds are shared out among them.
const CREATORS = arg("creators", Math.max(1, Math.ceil(N / 15)));
const PORT = arg("port", 8798);
const BASE = `http://127.0.0.1:${PORT}`;
const persistTo = `${root}/tests/.state/bench-ai`;
const TIMEOUT_MS = 180_000;
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

async function request(path, { cookie, body, form } = {}) {
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
        },
        body: body ? JSON.stringify(body) : form ? new URLSearchParams(form) : undefined,
        signal: AbortSignal.timeout(30_000),
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
    if (response.status >= 500)
      throw new Error(`${path} answered ${response.status}: ${(await response.text()).slice(0, 200)}`);
    return response;
  }
}

async function creator(i) {
  const email = `bench-ai-${i}-${crypto.randomUUID().slice(0, 8)}@studio.example`;
  const response = await request("/auth/create-account", {
    form: { email, firstName: "Bench", lastName: `Creator ${i}`, password: "bench-ai-creator-1" },
  });
  const session = response.headers.getSetCookie().find((c) => c.startsWith("studio_session="));
  if (response.status !== 303 || !session) throw new Error(`sign-up answered ${response.status}`);
  return session.split(";")[0];
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

async function build(i, cookie) {
  const started = performance.now();
  const response = await request("/api/app-builder/buildApp", { cookie, body: { appIdea: IDEAS[i % IDEAS.length] } });
  if (response.status !== 202) throw new Error(`buildApp answered ${response.status}: ${await response.text()}`);
  const { jobId, appId, statusUrl } = (await response.json()).response;
  while (performance.now() - started < TIMEOUT_MS) {
    const status = (await (await request(statusUrl, { cookie })).json()).response;
    if (status.status === "completed") return { jobId, appId, ms: performance.now() - started };
    if (status.status === "failed") throw new Error(`build ${jobId} failed`);
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error("no app within 3 minutes");
}

function d1(sql) {
  const res = runWrangler(["d1", "execute", "DB", "--local", "--persist-to", persistTo, "--json", "--command", sql]);
  return JSON.parse(res.stdout)[0].results;
}

console.log("› Building and seeding…");
buildApp({ quiet: true });
freshSeededDatabase(persistTo);
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
  const cookies = [];
  for (let i = 0; i < CREATORS; i++) cookies.push(await creator(i));
  console.log(`› ${N} app builds at once from ${CREATORS} creators, on the embedded AI default…`);
  const startedAll = performance.now();
  const results = await Promise.allSettled(Array.from({ length: N }, (_, i) => build(i, cookies[i % CREATORS])));
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
const [jobs] = d1(
  "SELECT count(*) AS jobs, sum(status = 'completed') AS completed, count(DISTINCT json_extract(input, '$.appId')) AS appIds FROM jobs WHERE kind = 'build-app'",
);
const [made] = d1(
  "SELECT count(*) AS apps, count(DISTINCT a.id) AS distinctApps FROM apps a JOIN jobs j ON json_extract(j.input, '$.appId') = a.id WHERE j.kind = 'build-app'",
);
const [versions] = d1(
  "SELECT count(*) AS n FROM app_versions v JOIN jobs j ON json_extract(j.input, '$.appId') = v.app_id WHERE j.kind = 'build-app' AND v.reason = 'create'",
);
const duplicates = jobs.jobs - N + (made.apps - made.distinctApps) + (versions.n - 4 * made.distinctApps);
const lost = N - (jobs.completed ?? 0);
const times = ok.map((r) => r.ms).sort((a, b) => a - b);
console.log(`\n  builds requested  ${N} (${CREATORS} creators)`);
console.log(`  apps made         ${made.distinctApps} (build jobs ${jobs.jobs}, completed ${jobs.completed ?? 0})`);
console.log(`  duplicates        ${duplicates} (must be 0)`);
console.log(`  lost jobs         ${lost} (must be 0)`);
console.log(`  retried reads     ${retried}`);
console.log(`  failed builds     ${failed.length}${failed.length ? ` (first: ${failed[0].reason?.message})` : ""}`);
if (times.length)
  console.log(
    `  time to result    p50 ${percentile(times, 50).toFixed(0)} ms, p99 ${percentile(times, 99).toFixed(0)} ms`,
  );
console.log(`  jobs per minute   ${wall > 0 ? ((ok.length / wall) * 60_000).toFixed(1) : "0"}`);
console.log(`  wall time         ${(wall / 1000).toFixed(1)} s`);
const verdict = duplicates === 0 && lost === 0 && failed.length === 0 ? "PASS" : "FAIL";
console.log(`\n  ${verdict}: 0 duplicates and 0 lost jobs required\n`);
if (verdict === "FAIL") exitCode = 1;
process.exit(exitCode);

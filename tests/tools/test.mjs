// `npm test`: every test, in order — typecheck, format, lint, the dependency rule, unit, build, the bindings' generated types, the AI check (every AI task against the stand-in), integration (workerd + D1), end-to-end (Chromium, JS on and off).
// Ends with one line 'N passed, N failed' summed over all runners.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { CHROMIUM_HINT, chromiumPath } from "./chromium.mjs";
import { RESTARTS_LOG } from "./supervised-worker.mjs";
import { AFTER_REMIX_BUILD, root, wranglerEnv } from "./wrangler-env.mjs";

const bin = (name) => `${root}/node_modules/.bin/${name}`;
const reports = `${root}/tests/.report`;
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

const chromium = chromiumPath();
if (!chromium) {
  console.error(CHROMIUM_HINT);
  process.exit(1);
}

let passed = 0;
let failed = 0;
const failedSteps = [];

function step(name, command, args, env = {}) {
  console.log(`\n━━ ${name}`);
  const started = Date.now();
  const result = spawnSync(command, args, {
    cwd: root,
    stdio: "inherit",
    env: { ...wranglerEnv, CHROME_PATH: chromium, ...env },
  });
  console.log(`━━ ${name}: ${Math.round((Date.now() - started) / 1000)} s`);
  if (result.status !== 0) failedSteps.push(name);
  return result.status === 0;
}

/** Runs the steps at the same time; prints each one's output, in the given order, once it has ended. */
async function together(steps) {
  const runs = steps.map(([name, command, args]) => {
    const started = Date.now();
    const child = spawn(command, args, { cwd: root, env: { ...wranglerEnv, CHROME_PATH: chromium } });
    let output = "";
    child.stdout.on("data", (chunk) => (output += chunk));
    child.stderr.on("data", (chunk) => (output += chunk));
    return new Promise((resolve) => {
      const took = () => Math.round((Date.now() - started) / 1000);
      child.on("error", (error) => resolve({ name, ok: false, output: `${output}${error.message}\n`, took: took() }));
      child.on("close", (code) => resolve({ name, ok: code === 0, output, took: took() }));
    });
  });
  const results = [];
  for (const run of runs) {
    const { name, ok, output, took } = await run;
    console.log(`\n━━ ${name} (${took} s, side by side)`);
    process.stdout.write(output);
    if (!ok) failedSteps.push(name);
    results.push(ok);
  }
  return results;
}

function countVitest(file) {
  if (!existsSync(file)) return false;
  const report = JSON.parse(readFileSync(file, "utf8"));
  passed += report.numPassedTests;
  failed += report.numFailedTests;
  return true;
}

function countPlaywright(file) {
  if (!existsSync(file)) return false;
  const { stats } = JSON.parse(readFileSync(file, "utf8"));
  passed += stats.expected + stats.flaky;
  failed += stats.unexpected;
  return true;
}

// The checks that need no build run side by side, each one's output printed whole when it ends: on two
// cores together they take about half the time they take one after another.
const [typesOk, formatOk, lintOk, rulesOk] = await together([
  ["Typecheck", bin("tsc"), ["--noEmit"]],
  // Formatting, lint and the dependency rule (features in their order, no cycles): each failure counts once.
  ["Format (Prettier)", bin("prettier"), ["--check", "--log-level", "warn", "."]],
  ["Lint (ESLint)", bin("eslint"), ["--config", "tests/lint/eslint.config.js", "."]],
  ["Dependency rule (dependency-cruiser)", bin("depcruise"), ["app", "workers"]],
  [
    "Unit tests",
    bin("vitest"),
    [
      "run",
      "--config",
      "tests/vitest.unit.config.ts",
      "--reporter=default",
      "--reporter=json",
      `--outputFile.json=${reports}/unit.json`,
    ],
  ],
]);
for (const ok of [typesOk, formatOk, lintOk, rulesOk]) if (!ok) failed += 1;
if (!countVitest(`${reports}/unit.json`)) failed += 1;
const built =
  step("Build", bin("remix"), ["build"]) &&
  AFTER_REMIX_BUILD.every(({ name, script }) => step(name, process.execPath, [script]));
if (built) {
  // The bindings' types are generated from wrangler.toml and the built worker (`npm run types`; the
  // Durable Objects are typed by their classes in build/worker.js, so this runs after the build): a
  // stale or hand-edited copy fails.
  {
    const file = `${root}/workers/worker-configuration.d.ts`;
    const committed = readFileSync(file, "utf8");
    const generated = step("Bindings' types (wrangler types)", bin("wrangler"), [
      "types",
      "workers/worker-configuration.d.ts",
      "--env-interface",
      "Bindings",
      "--include-runtime",
      "false",
      "--strict-vars",
      "false",
    ]);
    const fresh = readFileSync(file, "utf8");
    if (!generated) failed += 1;
    else if (fresh !== committed) {
      console.error(
        "workers/worker-configuration.d.ts is not what `npm run types` generates: run it and commit the result.",
      );
      writeFileSync(file, committed);
      failedSteps.push("Bindings' types");
      failed += 1;
    }
  }
  // Every AI task through the JSON API, for a panel of ideas, against the OpenAI-compatible stand-in
  // (`npm run ai:check`, on its own ports and database): an answer that fails validation, a fallback or a
  // refusal fails it. It uses the build above.
  if (
    !step("AI check (every AI task against the stand-in)", process.execPath, [
      `${root}/tests/tools/ai-check.mjs`,
      "--stand-in",
      "--no-build",
      "--quiet",
    ])
  )
    failed += 1;
  step("Integration tests (workerd + D1)", bin("vitest"), [
    "run",
    "--config",
    "tests/vitest.integration.config.ts",
    "--reporter=default",
    "--reporter=json",
    `--outputFile.json=${reports}/integration.json`,
  ]);
  if (!countVitest(`${reports}/integration.json`)) failed += 1;
  step(
    "End-to-end tests (Chromium, JavaScript on and off)",
    bin("playwright"),
    ["test", "--config", "tests/playwright.config.ts"],
    { PLAYWRIGHT_JSON: `${reports}/e2e.json` },
  );
  if (!countPlaywright(`${reports}/e2e.json`)) failed += 1;
  // The e2e server restarts a wrangler dev that stopped answering (tools/supervised-worker.mjs): say so here.
  if (existsSync(RESTARTS_LOG))
    console.log(`\nThe end-to-end server restarted wrangler dev:\n${readFileSync(RESTARTS_LOG, "utf8")}`);
} else {
  failed += 1;
}

if (failedSteps.length) console.log(`\nFailed: ${failedSteps.join(", ")}`);
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed > 0 || failedSteps.length > 0 ? 1 : 0);

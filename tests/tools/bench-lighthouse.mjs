#!/usr/bin/env node
// `npm run bench:lighthouse`: issue 17 goal 6. Lighthouse's mobile preset with simulated throttling
// (its default), in Debian's Chromium, against the production build on `wrangler dev` with the demo
// data: home, /classes, a class page, /cart and an app landing page. Prints each page's four scores
// and PASS/FAIL (performance >= 95; accessibility, best practices and SEO 100); the report, with every
// failing audit, goes to tests/.report/lighthouse.md.
//
// The first visit of a shared page renders it (a miss); each page is fetched once before it is
// measured, as a visitor after the first would find it.
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { mkdirSync, writeFileSync } from "node:fs";
import { CHROMIUM_HINT, chromiumPath } from "./chromium.mjs";
import { buildApp, freshSeededDatabase, root, startWorker, stopGroup, waitForUp } from "./wrangler-env.mjs";

const PORT = 8798;
const INSPECTOR_PORT = 9798;
const BASE = `http://127.0.0.1:${PORT}`;
const stateDir = `${root}/tests/.state/lighthouse`;
const PAGES = [
  { name: "home", path: "/" },
  { name: "/classes", path: "/classes" },
  { name: "class page", path: "/classes/dex-okafor/blues-lead-guitar" },
  { name: "/cart", path: "/cart" },
  { name: "app landing page", path: "/apps/marisol-vega/half-marathon" },
];
const GOAL = { performance: 95, accessibility: 100, "best-practices": 100, seo: 100 };
const CATEGORIES = Object.keys(GOAL);

const log = (message) => console.log(`› ${message}`);
const chrome = chromiumPath();
if (!chrome) {
  console.error(CHROMIUM_HINT);
  process.exit(1);
}

log("building for production");
buildApp({ quiet: true });
log("seeding the demo data into tests/.state/lighthouse");
freshSeededDatabase(stateDir);
log(`starting the worker on ${BASE}`);
const worker = startWorker({
  port: PORT,
  inspectorPort: INSPECTOR_PORT,
  persistTo: stateDir,
  stdio: "ignore",
  vars: { ENVIRONMENT: "production" },
});
const stop = () => stopGroup(worker);
process.on("exit", stop);
for (const signal of ["SIGINT", "SIGTERM"])
  process.on(signal, () => {
    stop();
    process.exit(130);
  });

const rows = [];
let browser = null;
try {
  await waitForUp(`${BASE}/api/up`, 120_000);
  for (const page of PAGES) {
    const response = await fetch(BASE + page.path);
    if (!response.ok) throw new Error(`${page.path} answered ${response.status}`);
    await response.arrayBuffer();
  }
  browser = await chromeLauncher.launch({
    chromePath: chrome,
    // The machine's network is closed: without these Chromium keeps trying Google's hosts.
    chromeFlags: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
    ],
  });
  for (const page of PAGES) {
    log(`lighthouse ${page.path}`);
    const result = await lighthouse(BASE + page.path, {
      port: browser.port,
      output: "json",
      logLevel: "error",
      onlyCategories: CATEGORIES,
    });
    const lhr = result.lhr;
    const scores = Object.fromEntries(CATEGORIES.map((c) => [c, Math.round((lhr.categories[c]?.score ?? 0) * 100)]));
    const failing = CATEGORIES.flatMap((c) =>
      lhr.categories[c].auditRefs
        .filter((ref) => ref.weight > 0)
        .map((ref) => lhr.audits[ref.id])
        .filter((audit) => audit.score !== null && audit.score < 1)
        .map((audit) => `${c}: ${audit.title}${audit.displayValue ? ` (${audit.displayValue})` : ""}`),
    );
    const metrics = {
      fcp: lhr.audits["first-contentful-paint"]?.displayValue,
      lcp: lhr.audits["largest-contentful-paint"]?.displayValue,
      tbt: lhr.audits["total-blocking-time"]?.displayValue,
      cls: lhr.audits["cumulative-layout-shift"]?.displayValue,
    };
    rows.push({ ...page, scores, failing, metrics });
  }
} finally {
  if (browser) await browser.kill();
  stop();
}

const pass = (row) => CATEGORIES.every((c) => row.scores[c] >= GOAL[c]);
const lines = [
  `# Lighthouse (mobile, simulated throttling), ${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC`,
  "",
  `Chromium: ${chrome}. Goal 6: performance ≥ ${GOAL.performance}; accessibility, best practices and SEO 100.`,
  "",
  "| page | performance | accessibility | best practices | SEO | FCP | LCP | TBT | CLS |",
  "|---|---:|---:|---:|---:|---:|---:|---:|---:|",
  ...rows.map(
    (r) =>
      `| ${r.name} (${r.path}) | ${r.scores.performance} | ${r.scores.accessibility} | ${r.scores["best-practices"]} | ${r.scores.seo} | ${r.metrics.fcp} | ${r.metrics.lcp} | ${r.metrics.tbt} | ${r.metrics.cls} |`,
  ),
  "",
  `- ${rows.every(pass) ? "PASS" : "FAIL"} 6. Lighthouse: ${rows.filter(pass).length} of ${rows.length} pages meet every score`,
  "",
  "## Audits below full marks",
  "",
  ...rows.flatMap((r) => [
    `### ${r.name}`,
    "",
    ...(r.failing.length ? r.failing.map((f) => `- ${f}`) : ["- none"]),
    "",
  ]),
];
mkdirSync(`${root}/tests/.report`, { recursive: true });
writeFileSync(`${root}/tests/.report/lighthouse.md`, lines.join("\n"));
console.log(`\n${lines.slice(4, 7 + rows.length + 2).join("\n")}\n`);
console.log(`Full report: tests/.report/lighthouse.md`);
process.exit(rows.every(pass) ? 0 : 1);

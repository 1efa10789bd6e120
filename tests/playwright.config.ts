// End-to-end tests in Debian's Chromium, with JavaScript on and off. `npm run test:e2e`
import { defineConfig, devices } from "@playwright/test";
import { chromiumPath } from "./tools/chromium.mjs";
import { freePorts } from "./tools/free-ports.mjs";

// The e2e server's ports (its worker, the worker's inspector, the OpenID Connect provider, the web
// stand-in): free ones picked when the run starts, so a run works beside `npm start` or a run in
// another checkout. They go into the environment, where the server (tools/e2e-server.mjs) and the
// specs read them; Playwright's workers load this file again and find them set. One set by hand is kept.
const E2E_PORTS = ["E2E_PORT", "E2E_INSPECTOR_PORT", "E2E_OIDC_PORT", "E2E_WEB_PORT"];
const unset = E2E_PORTS.filter((name) => !process.env[name]);
const picked = await freePorts(unset.length);
unset.forEach((name, i) => (process.env[name] = String(picked[i])));
const baseURL = `http://127.0.0.1:${process.env.E2E_PORT}`;

export default defineConfig({
  testDir: "./e2e",
  outputDir: "./.results",
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  // CI machines are shared: with two cores under an outside load average of 8–10, a sign-in (PBKDF2)
  // plus the next page's scripts took 5–7 s, and those runs failed on waits, not on behaviour. CI gets
  // twice the waiting time; every assertion stays as it is.
  timeout: process.env.CI ? 60_000 : 30_000,
  expect: { timeout: process.env.CI ? 10_000 : 5_000 },
  reporter: process.env.PLAYWRIGHT_JSON
    ? [["list"], ["json", { outputFile: process.env.PLAYWRIGHT_JSON }]]
    : [["list"]],
  use: {
    baseURL,
    ...devices["Desktop Chrome"],
    viewport: { width: 1120, height: 900 },
    launchOptions: {
      executablePath: chromiumPath() ?? undefined,
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE localhost , EXCLUDE 127.0.0.1",
      ],
    },
    // Recording a trace (a DOM snapshot and screencast per action) costs about two thirds of Chromium's CPU
    // in a run: only the retry of a failed test records one.
    trace: "on-first-retry",
  },
  projects: [
    { name: "js", use: { javaScriptEnabled: true } },
    { name: "no-js", use: { javaScriptEnabled: false } },
  ],
  webServer: {
    command: "node tests/tools/e2e-server.mjs",
    cwd: "..",
    url: `${baseURL}/api/up`,
    reuseExistingServer: false,
    // e2e-server.mjs stops its wrangler process group on SIGTERM; a SIGKILL would leave it running.
    gracefulShutdown: { signal: "SIGTERM", timeout: 10_000 },
    timeout: 120_000,
    stdout: "ignore",
    stderr: "pipe",
  },
});

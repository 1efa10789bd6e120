// The server Playwright tests run against: a fresh database folder, migrated and seeded, on its own ports.
import { freePorts } from "./free-ports.mjs";
import { localProviders, startOidcServer } from "./oidc-server.mjs";
import { startWebStandIn } from "./web-stand-in.mjs";
import { superviseWorker } from "./supervised-worker.mjs";
import { ensureBuilt, freshSeededDatabase, root } from "./wrangler-env.mjs";

// The ports tests/playwright.config.ts picked (free ones, when the run started); run by hand, free ones.
const names = ["E2E_PORT", "E2E_INSPECTOR_PORT", "E2E_OIDC_PORT", "E2E_WEB_PORT"];
const picked = await freePorts(names.filter((name) => !process.env[name]).length);
const [port, inspectorPort, oidcPort, webPort] = names.map((name) => Number(process.env[name] || picked.shift()));
// Its own database folder, made afresh each run (npm start's is .wrangler/state).
const persistTo = `${root}/tests/.state/e2e`;
ensureBuilt();
freshSeededDatabase(persistTo);
// Social sign-in goes to a real local OpenID Connect provider, standing in for Google and Apple.
await startOidcServer(oidcPort);
// Links and online videos in the media library are read from a local web, the only one let through.
await startWebStandIn(webPort);
// Supervised: a wrangler dev that stops answering mid-run is started again (supervised-worker.mjs).
const worker = superviseWorker(
  {
    port,
    inspectorPort,
    persistTo,
    vars: {
      ENVIRONMENT: "test",
      OAUTH_PROVIDERS: JSON.stringify(localProviders(oidcPort)),
      LINK_FETCH_ALLOW: `127.0.0.1:${webPort}`,
      YOUTUBE_BASE_URL: `http://127.0.0.1:${webPort}`,
    },
  },
  `http://127.0.0.1:${port}/api/up`,
);
console.log(`e2e server on http://127.0.0.1:${port} (OpenID Connect ${oidcPort}, web ${webPort})`);
for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) process.on(signal, () => (worker.stop(), process.exit(0)));

// The server Playwright tests run against: a fresh database folder, migrated and seeded, on its own port.
import { localProviders, startOidcServer } from "./oidc-server.mjs";
import { startWebStandIn } from "./web-stand-in.mjs";
import { superviseWorker } from "./supervised-worker.mjs";
import { ensureBuilt, freshSeededDatabase, root } from "./wrangler-env.mjs";

const port = Number(process.env.E2E_PORT ?? 8799);
// The e2e specs' login fixtures (tests/e2e/db.ts) write users and sessions straight into this folder's D1 file.
const persistTo = `${root}/tests/.state/e2e`;
ensureBuilt();
freshSeededDatabase(persistTo);
// Social sign-in goes to a real local OpenID Connect provider, standing in for Google and Apple.
const oidcPort = port - 3;
await startOidcServer(oidcPort);
// Links and online videos in the media library are read from a local web, the only one let through.
const webPort = port - 4;
await startWebStandIn(webPort);
// Supervised: a wrangler dev that stops answering mid-run is started again (supervised-worker.mjs).
const worker = superviseWorker(
  {
    port,
    inspectorPort: port + 1000,
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
for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) process.on(signal, () => (worker.stop(), process.exit(0)));

// The server Playwright tests run against: a fresh database folder, migrated and seeded, on its own port.
import { localProviders, startOidcServer } from "./oidc-server.mjs";
import { startWebStandIn } from "./web-stand-in.mjs";
import { ensureBuilt, freshSeededDatabase, root, startWorker, stopGroup } from "./wrangler-env.mjs";

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
const worker = startWorker({
  port,
  inspectorPort: port + 1000,
  persistTo,
  vars: {
    ENVIRONMENT: "test",
    OAUTH_PROVIDERS: JSON.stringify(localProviders(oidcPort)),
    LINK_FETCH_ALLOW: `127.0.0.1:${webPort}`,
    YOUTUBE_BASE_URL: `http://127.0.0.1:${webPort}`,
  },
});
for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) process.on(signal, () => (stopGroup(worker), process.exit(0)));
worker.on("exit", (code) => process.exit(code ?? 0));

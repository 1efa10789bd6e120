// `npm start`: builds, migrates and seeds the local database, then serves the product on http://127.0.0.1:8787.
import { demoAccountsTable } from "./demo-accounts.mjs";
import { startWebStandIn } from "./web-stand-in.mjs";
import { buildApp, migrate, root, run, startWorker, stopGroup, waitForUp } from "./wrangler-env.mjs";

const PORT = Number(process.env.PORT ?? 8787);
const INSPECTOR_PORT = Number(process.env.INSPECTOR_PORT ?? 9787);
// A local web page and video files the media library can read offline (links to the internet need the
// network; YouTube's details need youtube.com, so an online-video link says it could not reach it).
const WEB_PORT = PORT + 8;
const persistTo = `${root}/.wrangler/state`;

console.log("› Building…");
buildApp({ quiet: true });
console.log("› Creating and seeding the local database…");
migrate(persistTo);
run(process.execPath, [`${root}/tests/tools/seed.mjs`, "--persist-to", persistTo]);
// Made-up visits and sales for /admin/analytics (demo data; never in the end-to-end tests' database).
run(process.execPath, [`${root}/tests/tools/seed-demo-analytics.mjs`, "--persist-to", persistTo]);

// Development, explicitly: a deploy is production (wrangler.toml), where /dev/outbox, the card page and the outbox do not exist.
const web = await startWebStandIn(WEB_PORT);
const worker = startWorker({
  port: PORT,
  inspectorPort: INSPECTOR_PORT,
  persistTo,
  stdio: ["ignore", "inherit", "inherit"],
  vars: { ENVIRONMENT: "development", LINK_FETCH_ALLOW: `127.0.0.1:${WEB_PORT}` },
});
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => (stopGroup(worker), web.close(), process.exit(0)));
worker.on("exit", (code) => process.exit(code ?? 0));
await waitForUp(`http://127.0.0.1:${PORT}/api/up`);
console.log(
  `\n  ${process.env.npm_package_name ?? "studio"} is running at http://127.0.0.1:${PORT}\n\n` +
    `  Demo accounts (role, email, password):\n${demoAccountsTable()}\n\n` +
    `  Emails (reset codes…) land in http://127.0.0.1:${PORT}/dev/outbox\n` +
    `  Links the media library can read offline: a web page, http://127.0.0.1:${WEB_PORT}/article,\n` +
    `  and a video file, http://127.0.0.1:${WEB_PORT}/video/lesson-1.mp4\n  (Ctrl+C to stop)\n`,
);

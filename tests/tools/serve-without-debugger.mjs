#!/usr/bin/env node
// `node tests/tools/serve-without-debugger.mjs --port P --persist-to DIR [--config wrangler.toml] [--var KEY:VALUE]…`
//
// The worker as `wrangler dev` serves it (wrangler's own startWorker: the same local runtime, proxy,
// assets and bindings), with no debugger attached. `wrangler dev` always attaches one, and it asks the
// runtime for every network event: each subrequest (a D1 query, a KV read, a cache look-up) then also
// costs CPU in wrangler's proxy and in Node, about 6 ms more a call on the bench machine, which a deployed
// worker never pays. The bench (tests/tools/bench.mjs) measures with this; `npm start` keeps the debugger.
// Stops on SIGTERM or SIGINT.
import { unstable_startWorker } from "wrangler";
import { resolve } from "node:path";
import { root } from "./wrangler-env.mjs";

const argv = process.argv.slice(2);
const options = { port: 0, persistTo: null, config: `${root}/wrangler.toml`, vars: {} };
for (let i = 0; i < argv.length; i++) {
  const flag = argv[i];
  const value = argv[++i];
  if (value === undefined) throw new Error(`${flag} needs a value`);
  if (flag === "--port") options.port = Number(value);
  else if (flag === "--persist-to") options.persistTo = resolve(value);
  else if (flag === "--config") options.config = resolve(value);
  else if (flag === "--var") {
    const at = value.indexOf(":");
    options.vars[value.slice(0, at)] = value.slice(at + 1);
  } else throw new Error(`unknown option ${flag}`);
}
if (!options.port || !options.persistTo)
  throw new Error("usage: serve-without-debugger.mjs --port P --persist-to DIR [--var K:V]…");

const worker = await unstable_startWorker({
  config: options.config,
  bindings: Object.fromEntries(
    Object.entries(options.vars).map(([name, value]) => [name, { type: "plain_text", value }]),
  ),
  dev: {
    server: { hostname: "127.0.0.1", port: options.port },
    inspector: false,
    persist: options.persistTo,
    remote: false,
    watch: false,
    liveReload: false,
    logLevel: "warn",
  },
});
await worker.ready;
let stopping = false;
for (const signal of ["SIGTERM", "SIGINT"])
  process.on(signal, async () => {
    if (stopping) return;
    stopping = true;
    await worker.dispose().catch(() => {});
    process.exit(0);
  });

#!/usr/bin/env node
// Sets a feature flag in the LOCAL D1 database (until admin screens exist) and drops its KV cache entry.
//
//   node tests/tools/flag.mjs <key> on|off [--payload '<json object>'] [--persist-to DIR]
//
// Upserts feature_flags(key, enabled, payload, updated_at). Without --payload an existing
// payload is kept (a new row gets NULL); --payload null clears it. Then deletes the KV key
// "flag:<key>" from the CACHE namespace so the next read sees the change ("not found" is fine).
import { featureFlagStatement, sqlValue } from "./catalogue-sql.mjs";
import { fail, parseArgs, persistArgs, runWrangler } from "./wrangler-env.mjs";

const usage = `usage: node tests/tools/flag.mjs <key> on|off [--payload '<json>'] [--persist-to DIR]
example: node tests/tools/flag.mjs homepage-yellow-banner-text on --payload '{"titleBoldText":"Holiday sale"}'`;

const { positionals, options } = parseArgs(process.argv.slice(2), {
  valueOptions: ["--persist-to", "--payload"],
  usage,
});
if (positionals.length !== 2) fail(usage);
const [key, state] = positionals;
if (!/^[A-Za-z0-9][A-Za-z0-9._:-]{0,127}$/.test(key))
  fail(`invalid flag key "${key}" (letters, digits, . _ : - ; at most 128 characters)`);
const onOff = { on: true, off: false, true: true, false: false, 1: true, 0: false }[state.toLowerCase()];
if (onOff === undefined) fail(`second argument must be "on" or "off", got "${state}"\n${usage}`);

let payload;
const hasPayload = options.payload !== undefined;
if (hasPayload) {
  try {
    payload = JSON.parse(options.payload);
  } catch (e) {
    fail(`--payload is not valid JSON: ${e.message}`);
  }
  if (payload !== null && (typeof payload !== "object" || Array.isArray(payload)))
    fail("--payload must be a JSON object (or null to clear it)");
}

const now = Date.now();
const sql = hasPayload
  ? featureFlagStatement(key, onOff, payload, now)
  : `INSERT INTO feature_flags (key, enabled, payload, updated_at) VALUES (${sqlValue(key)}, ${onOff ? 1 : 0}, NULL, ${now})\n` +
    `ON CONFLICT(key) DO UPDATE SET enabled = excluded.enabled, updated_at = excluded.updated_at;`;
runWrangler(["d1", "execute", "DB", "--local", "--command", sql, ...persistArgs(options["persist-to"])]);

const kvKey = `flag:${key}`;
const kv = runWrangler(
  ["kv", "key", "delete", "--binding", "CACHE", "--local", kvKey, ...persistArgs(options["persist-to"])],
  { check: false },
);
let cache;
if (kv.status === 0) cache = `deleted KV cache key "${kvKey}" (if it was cached)`;
else if (/not.?found|does not exist|404/i.test(`${kv.stdout}${kv.stderr}`))
  cache = `KV cache key "${kvKey}" was not set`;
else {
  process.stderr.write(`${kv.stdout ?? ""}${kv.stderr ?? ""}`);
  fail(
    `flag "${key}" was set, but deleting KV cache key "${kvKey}" failed (exit ${kv.status}); it expires on its own TTL`,
  );
}

const where = options["persist-to"] ? ` (local D1 in ${options["persist-to"]})` : " (local D1)";
const what = hasPayload
  ? payload === null
    ? "payload cleared"
    : `payload ${JSON.stringify(payload)}`
  : "payload unchanged";
console.log(`Flag "${key}" is ${onOff ? "ON" : "OFF"}${where}; ${what}; ${cache}.`);

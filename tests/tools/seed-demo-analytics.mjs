#!/usr/bin/env node
// DEMO DATA: replaces the local D1's demo analytics history (tests/tools/demo-analytics-sql.mjs)
// with a fresh one ending today, so /admin/analytics has something to chart. `npm start` runs it;
// the end-to-end tests' database does not.
//
//   node tests/tools/seed-demo-analytics.mjs [--persist-to DIR]
import { demoAnalyticsRows, demoAnalyticsStatements } from "./demo-analytics-sql.mjs";
import { executeSqlFile, fail, parseArgs, writeTempSql } from "./wrangler-env.mjs";

const usage = "usage: node tests/tools/seed-demo-analytics.mjs [--persist-to DIR]";
const { positionals, options } = parseArgs(process.argv.slice(2), { usage });
if (positionals.length) fail(usage);
const now = Date.now();
const { file, cleanup } = writeTempSql("demo-analytics.sql", demoAnalyticsStatements(now));
try {
  executeSqlFile(file, options["persist-to"]);
} finally {
  cleanup();
}
const { events, checkouts } = demoAnalyticsRows(now);
console.log(
  `Seeded demo analytics (made-up data): ${events.length} events and ${checkouts.length} purchases over the last 35 days.`,
);

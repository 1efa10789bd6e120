#!/usr/bin/env node
// Seeds the LOCAL D1 database with the demo catalogue (tests/fixtures/catalogue).
//
//   node tests/tools/seed.mjs [--persist-to DIR]
//
// Migrations must already be applied (wrangler d1 migrations apply DB --local [--persist-to DIR]).
// Replaces every catalogue row (collection_items, collections, lessons, product_tags, products,
// creators) in one batch (one transaction), upserts the homepage banner feature flag, the demo
// accounts (tests/tools/demo-accounts.mjs), the studio tiers and the demo creator's published app
// (tests/tools/apps-sql.mjs), the running demo challenge (tests/tools/challenge-sql.mjs), the
// behind-the-scenes videos with some feedback (tests/tools/bts-sql.mjs) and the home hero's A/B test
// (tests/tools/experiments-sql.mjs).
import { DEMO_APP_ID, demoAppStatements, studioTierStatements } from "./apps-sql.mjs";
import { BTS_VIDEOS, btsStatements } from "./bts-sql.mjs";
import { catalogueCounts, catalogueStatements } from "./catalogue-sql.mjs";
import { challengeStatements } from "./challenge-sql.mjs";
import { DEMO_ACCOUNTS, demoAccountStatements, demoDiscountStatements } from "./demo-accounts.mjs";
import { experimentStatements } from "./experiments-sql.mjs";
import { executeSqlFile, fail, parseArgs, writeTempSql } from "./wrangler-env.mjs";

function main() {
  const usage = "usage: node tests/tools/seed.mjs [--persist-to DIR]";
  const { positionals, options } = parseArgs(process.argv.slice(2), { usage });
  if (positionals.length) fail(usage);
  const started = Date.now();
  const creator = DEMO_ACCOUNTS.find((a) => a.role === "creator");
  const statements = [
    ...catalogueStatements(started),
    ...demoAccountStatements(started),
    ...demoDiscountStatements(started),
    ...studioTierStatements(),
    ...demoAppStatements(started, creator.id),
    ...challengeStatements(started),
    ...btsStatements(started),
    ...experimentStatements(started),
  ];
  const { file, cleanup } = writeTempSql("catalogue.sql", statements);
  try {
    executeSqlFile(file, options["persist-to"]);
  } finally {
    cleanup();
  }
  const c = catalogueCounts();
  console.log(
    `Seeded local D1${options["persist-to"] ? ` (${options["persist-to"]})` : ""}: ${c.creators} creators, ${c.classes} classes + ${c.subscriptions} subscription, ` +
      `${c.lessons} lessons, ${c.productTags} tags, ${c.collections} collections + ${c.schools} school (${c.collectionItems} items), ` +
      `${c.featureFlags} feature flag, ${DEMO_ACCOUNTS.length} demo accounts, the demo app ${DEMO_APP_ID}, ${BTS_VIDEOS.length} bts videos in ${((Date.now() - started) / 1000).toFixed(1)}s (${statements.length} statements).`,
  );
}

main();

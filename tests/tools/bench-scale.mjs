#!/usr/bin/env node
// `npm run bench:scale`: issue 17 goal 7's simulation. How the catalogue's and progress's queries
// behave when the product is ten times the bench's size: 1,000,000 classes (the bench's 100,000
// synthetic classes copied nine times, with the full-text index kept by its triggers) and 10,000,000
// lesson progress rows (100,000 learners with 100 lessons each).
//
// It works on a copy of the bench's local D1 database (run `npm run bench` first) with Debian's
// sqlite3 (the engine D1 runs), timing the product's own query shapes (products.server.ts and the
// learning queries): keyset pages at the first and the 500th page, a category, full-text search, the
// browse count, and a learner's progress. Each query runs 5 times; the median is reported, at 100,000
// classes (the bench's copy as it is) and after scaling. The report: tests/.report/scale.md.
import { spawnSync } from "node:child_process";
import { copyFileSync, existsSync, mkdirSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { root } from "./wrangler-env.mjs";

const COPIES = 9; // 100,000 synthetic classes + 9 copies ≈ 1,000,000
const LEARNERS = 100_000;
const LESSONS_EACH = 100; // 10,000,000 progress rows
const RUNS = 5;
const PAGE = 25; // the list's page size + 1, as listProducts asks for
const log = (message) => console.log(`› ${message}`);

const sqlite = spawnSync("sqlite3", ["--version"], { encoding: "utf8" });
if (sqlite.status !== 0) {
  console.error("sqlite3 not found: install Debian's package with `sudo apt-get install -y sqlite3`.");
  process.exit(1);
}
const d1Dir = `${root}/tests/.state/bench/v3/d1/miniflare-D1DatabaseObject`;
const source = existsSync(d1Dir)
  ? readdirSync(d1Dir)
      .filter((f) => f.endsWith(".sqlite"))
      .map((f) => `${d1Dir}/${f}`)
      .sort((a, b) => statSync(b).size - statSync(a).size)[0]
  : null;
if (!source) {
  console.error("No bench database: run `npm run bench` first (it seeds tests/.state/bench).");
  process.exit(1);
}

const dir = `${root}/tests/.state/scale`;
const db = `${dir}/scale.sqlite`;
rmSync(dir, { recursive: true, force: true });
mkdirSync(dir, { recursive: true });
copyFileSync(source, db);
for (const suffix of ["-wal", "-shm"]) if (existsSync(source + suffix)) copyFileSync(source + suffix, db + suffix);

/** Runs SQL through sqlite3 on the copy; answers its output. */
function sql(text, { timer = false } = {}) {
  const result = spawnSync("sqlite3", [db], {
    input: `${timer ? ".timer on\n" : ""}${text}\n`,
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
  });
  if (result.status !== 0 || result.stderr.trim()) throw new Error(`sqlite3: ${result.stderr || result.stdout}`);
  return result.stdout.trim();
}
const scalar = (text) => sql(text).split("\n").at(-1);

const classCount = () => Number(scalar("SELECT count(*) FROM products WHERE kind = 'class';"));
const progressCount = () => Number(scalar("SELECT count(*) FROM lesson_progress;"));

/** The product's query shapes, with the values of this database. */
function queries() {
  const summary = "SELECT p.*, c.name FROM products p JOIN creators c ON c.id = p.creator_id";
  const byPopularity = "ORDER BY p.popularity DESC, p.id DESC";
  const deepCursor = scalar(
    `SELECT id FROM products WHERE kind = 'class' ORDER BY popularity DESC, id DESC LIMIT 1 OFFSET ${499 * (PAGE - 1)};`,
  );
  const learner = scalar("SELECT user_id FROM lesson_progress ORDER BY rowid DESC LIMIT 1;");
  const product = scalar(`SELECT product_id FROM lesson_progress WHERE user_id = '${learner}' LIMIT 1;`);
  const fts = `p.rowid IN (SELECT rowid FROM products_fts WHERE products_fts MATCH '"guitar"*')`;
  return [
    ["/classes page 1 (keyset)", `${summary} WHERE p.kind = 'class' ${byPopularity} LIMIT ${PAGE}`],
    [
      "/classes page 500 (keyset cursor)",
      `${summary} WHERE p.kind = 'class' AND (p.popularity, p.id) < (SELECT x.popularity, x.id FROM products x WHERE x.id = '${deepCursor}') ${byPopularity} LIMIT ${PAGE}`,
    ],
    [
      "category Guitar, page 1",
      `${summary} WHERE p.kind = 'class' AND p.category IN ('Guitar') ${byPopularity} LIMIT ${PAGE}`,
    ],
    [
      'search "guitar", page 1 (full text)',
      `${summary} WHERE p.kind = 'class' AND ${fts} ${byPopularity} LIMIT ${PAGE}`,
    ],
    ['search "guitar": the count', `SELECT count(*) FROM products p WHERE p.kind = 'class' AND ${fts}`],
    ["all classes: the count", "SELECT count(*) FROM products p WHERE p.kind = 'class'"],
    [
      "a learner's last 10 lessons (continue watching)",
      `SELECT * FROM lesson_progress WHERE user_id = '${learner}' ORDER BY updated_at DESC LIMIT 10`,
    ],
    [
      "a learner's progress in one class",
      `SELECT * FROM lesson_progress WHERE user_id = '${learner}' AND product_id = '${product}' ORDER BY updated_at DESC`,
    ],
  ];
}

/** Median wall time (ms) of a query over RUNS runs, as sqlite3's timer reports it. */
function time(query) {
  const text = Array.from({ length: RUNS }, () => `SELECT count(*) FROM (${query});`).join("\n");
  const times = [...sql(text, { timer: true }).matchAll(/Run Time: real ([\d.]+)/g)].map((m) => Number(m[1]) * 1000);
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)];
}

function measure() {
  return Object.fromEntries(queries().map(([name, query]) => [name, time(query)]));
}

const started = Date.now();
log(
  `copy of ${source.replace(root + "/", "")}: ${classCount().toLocaleString("en")} classes, ${progressCount().toLocaleString("en")} progress rows`,
);
log("the progress of 10,000 learners (1,000,000 rows) for the small size");
const columns = sql("SELECT name FROM pragma_table_info('products');").split("\n");
const addLearners = (from, to) =>
  sql(`
PRAGMA foreign_keys = OFF;
BEGIN;
WITH RECURSIVE n(i) AS (SELECT ${from} UNION ALL SELECT i + 1 FROM n WHERE i < ${to - 1})
INSERT OR IGNORE INTO users (id, email, username, first_name, last_name, sign_up_date)
SELECT 'sim-user-' || i, 'sim-user-' || i || '@sim.example', 'sim-user-' || i, 'Sim', 'Learner', 0 FROM n;
WITH RECURSIVE n(i) AS (SELECT ${from * LESSONS_EACH} UNION ALL SELECT i + 1 FROM n WHERE i < ${to * LESSONS_EACH - 1}),
  total(count) AS (SELECT max(rowid) FROM lessons)
INSERT OR IGNORE INTO lesson_progress (user_id, lesson_id, product_id, percent_complete, position_seconds, seconds_watched, completed_at, reported_at, updated_at)
SELECT 'sim-user-' || (n.i / ${LESSONS_EACH}), l.id, l.product_id, (n.i * 37) % 101, (n.i * 13) % 600, (n.i * 17) % 900,
  CASE WHEN (n.i * 37) % 101 = 100 THEN 1700000000000 + n.i ELSE NULL END, 1700000000000 + n.i, 1700000000000 + n.i
FROM n, total JOIN lessons l ON l.rowid = 1 + ((n.i * 7919) % total.count);
COMMIT;
ANALYZE;`);
addLearners(0, LEARNERS / 10);
const small = { classes: classCount(), progress: progressCount(), times: measure() };

log(`scaling: ${COPIES} copies of the synthetic classes (the full-text index follows by its triggers)`);
const copied = columns
  .map((c) => (c === "id" || c === "class_slug" ? `${c} || '-x' || k.k` : c === "title" ? `title || ' ' || k.k` : c))
  .join(", ");
for (let k = 1; k <= COPIES; k++)
  sql(`
PRAGMA foreign_keys = OFF;
BEGIN;
INSERT INTO products (${columns.join(", ")})
SELECT ${copied} FROM products, (SELECT ${k} AS k) k WHERE products.storefront_slug LIKE 'synth-%' AND products.id NOT LIKE '%-x%';
COMMIT;`);
log(`progress: ${LEARNERS.toLocaleString("en")} learners × ${LESSONS_EACH} lessons`);
for (let from = LEARNERS / 10; from < LEARNERS; from += LEARNERS / 10) addLearners(from, from + LEARNERS / 10);
sql("ANALYZE;");
const large = { classes: classCount(), progress: progressCount(), times: measure() };
const sizeMb = (statSync(db).size / 1024 / 1024).toFixed(0);

// sqlite3 times to the millisecond: under one is shown as such.
const fmt = (ms) => (ms < 1 ? "< 1" : ms < 10 ? ms.toFixed(1) : ms.toFixed(0));
const lines = [
  `# Scale simulation, ${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC`,
  "",
  `${sql("SELECT sqlite_version();")} (sqlite3 on this machine, the engine D1 runs); median of ${RUNS} runs; database file ${sizeMb} MB at the large size.`,
  "",
  `| query | ${small.classes.toLocaleString("en")} classes, ${small.progress.toLocaleString("en")} progress rows (ms) | ${large.classes.toLocaleString("en")} classes, ${large.progress.toLocaleString("en")} progress rows (ms) |`,
  "|---|---:|---:|",
  ...Object.keys(large.times).map((name) => `| ${name} | ${fmt(small.times[name])} | ${fmt(large.times[name])} |`),
  "",
  `Took ${Math.round((Date.now() - started) / 1000)} s.`,
];
mkdirSync(`${root}/tests/.report`, { recursive: true });
writeFileSync(`${root}/tests/.report/scale.md`, lines.join("\n") + "\n");
console.log(`\n${lines.join("\n")}\n`);
rmSync(dir, { recursive: true, force: true });

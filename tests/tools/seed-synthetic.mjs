#!/usr/bin/env node
// Seeds N synthetic classes into the LOCAL D1 database for benchmarks.
//
//   node tests/tools/seed-synthetic.mjs [N=100000] [--persist-to DIR] [--chunk 25000] [--statement-bytes 12000]
//
// Adds ~200 synthetic creators (storefront slugs "synth-...") and N classes with generated
// titles, 2 topics each (+1 genre for music categories), 4 lessons each, seeded-random prices,
// ratings, popularity and release dates over the last 3 years, and covers reused from the demo
// catalogue. Previous synthetic rows are deleted first; the demo catalogue is left alone (and
// `node tests/tools/seed.mjs` removes synthetic rows along with everything else).
// Deterministic: the same N always produces the same classes, titles, prices, ratings and ids
// (v5 UUIDs of "synth:..."); timestamps are relative to now.
// SQL is written as multi-row INSERTs into a few files of `--chunk` classes each, every file
// applied with one `wrangler d1 execute --local --file` (one transaction per file); lessons are
// generated inside SQLite with INSERT ... SELECT. 100,000 classes take about 2 minutes on 2 cores.
import {
  classes as demoClasses,
  MUSIC_CATEGORIES,
  CATEGORIES,
  GENRES,
  uuidV5,
  ratingScore,
} from "../fixtures/catalogue/index.mjs";
import { DAY_MS, insertStatements, PRODUCT_COLUMNS, sqlValue } from "./catalogue-sql.mjs";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { executeSqlFile, fail, parseArgs, writeTempSql } from "./wrangler-env.mjs";

const usage =
  "usage: node tests/tools/seed-synthetic.mjs [N=100000] [--persist-to DIR] [--chunk CLASSES_PER_FILE] [--statement-bytes 12000]";
const CREATORS = 200;
const LESSONS_PER_CLASS = 4;
const ROWS_PER_INSERT = 2000;
/**
 * Target size of each multi-row INSERT. Local D1 costs ~2 ms per statement, so statements should
 * be big; but wrangler's SQL splitter is quadratic in the length of each statement (it re-runs a
 * regex over the statement so far after every character), and D1 rejects statements over 100 KB.
 * ~8-16 KB was the sweet spot when measured. Overridable with --statement-bytes.
 */
let statementBytes = 12000;
const SYNTH = "synth-";

function prng(seed) {
  let a = seed >>> 0;
  const r = () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  r.int = (lo, hi) => lo + Math.floor(r() * (hi - lo + 1));
  r.pick = (arr) => arr[Math.floor(r() * arr.length)];
  return r;
}

const kebab = (s) =>
  s
    .toLowerCase()
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/&/g, "and")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");

const FIRST = [
  "Ada",
  "Bea",
  "Cal",
  "Dara",
  "Eli",
  "Fen",
  "Gus",
  "Hana",
  "Ivo",
  "Jo",
  "Kai",
  "Lena",
  "Milo",
  "Nia",
  "Otis",
  "Pia",
  "Quinn",
  "Rafa",
  "Sol",
  "Tess",
  "Uma",
  "Vik",
  "Wren",
  "Yara",
  "Zeb",
];
const LAST = [
  "Abara",
  "Brandt",
  "Castillo",
  "Dunmore",
  "Eklund",
  "Farrow",
  "Gallo",
  "Hayes",
  "Ilves",
  "Jansen",
  "Kowal",
  "Lacroix",
  "Moreau",
  "Novak",
  "Okoye",
  "Price",
  "Quint",
  "Rossi",
  "Sato",
  "Tanaka",
  "Ueda",
  "Varga",
  "Whitlock",
  "Xu",
  "Young",
  "Zamora",
];

const SUBJECTS = {
  Guitar: [
    "Guitar",
    "Acoustic Guitar",
    "Electric Guitar",
    "Slide Guitar",
    "Jazz Guitar",
    "Fingerstyle Guitar",
    "Rhythm Guitar",
  ],
  Piano: ["Piano", "Jazz Piano", "Classical Piano", "Keyboard", "Gospel Piano", "Piano Improvisation"],
  Vocals: ["Singing", "Vocal Technique", "Harmony Singing", "Vocal Performance", "Choir Singing"],
  Songwriting: ["Songwriting", "Lyric Writing", "Melody Writing", "Co-Writing", "Topline Writing"],
  "Music Production": ["Beat Production", "Mixing", "Sound Design", "Mastering", "Synth Programming", "Home Recording"],
  DJing: ["DJing", "Turntablism", "Beatmatching", "Club Mixing", "Radio DJing"],
  Drums: ["Drumming", "Groove Drumming", "Hand Percussion", "Double Bass Drumming", "Cajón"],
  Illustration: ["Drawing", "Watercolour", "Ink Illustration", "Character Design", "Comics"],
  Cooking: ["Baking", "Pasta Making", "Street Food", "Vegetarian Cooking", "Bread Baking"],
  Photography: ["Street Photography", "Portrait Photography", "Film Photography", "Landscape Photography"],
};
const TOPICS = {
  Guitar: ["fingerpicking", "chord voicings", "strumming", "bending", "scales", "riffs", "tone"],
  Piano: ["chord voicings", "scales", "sight-reading", "left-hand patterns", "pedalling", "improvisation"],
  Vocals: ["breathing", "pitch", "warm-ups", "harmony", "belting", "riffs and runs"],
  Songwriting: ["lyrics", "melody", "song structure", "hooks", "chord progressions", "rhyme"],
  "Music Production": ["mixing", "eq", "compression", "sound design", "arrangement", "sampling", "mastering"],
  DJing: ["beatmatching", "phrasing", "scratching", "set building", "eq mixing", "looping"],
  Drums: ["grooves", "fills", "ghost notes", "independence", "timing", "rudiments"],
  Illustration: ["sketching", "colour", "composition", "line", "inking"],
  Cooking: ["knife skills", "dough", "seasoning", "baking", "sauces"],
  Photography: ["composition", "light", "editing", "low light", "portraits"],
};
const PREFIX = [
  "Essential",
  "Modern",
  "Practical",
  "Creative",
  "Complete",
  "Everyday",
  "Fast-Track",
  "Deep-Dive",
  "Weekend",
  "Pro",
  "Intuitive",
  "Fearless",
  "Groove-First",
  "Little",
];
const SUFFIX = [
  "Fundamentals",
  "Masterclass",
  "Workshop",
  "Bootcamp",
  "Techniques",
  "for Beginners",
  "in Practice",
  "Toolkit",
  "Sessions",
  "Lab",
  "Crash Course",
  "Deep Dive",
];
const LEVELS = ["Beginner", "Beginner", "Intermediate", "Intermediate", "Advanced", "All levels"];
const LESSON_TITLES = [
  "Warm-up and setup",
  "The core technique",
  "Putting it into practice",
  "Play-along and next steps",
  "Common mistakes",
  "A complete example",
];

// Covers: reuse the demo covers of the same category, in rotation.
const coversByCategory = new Map();
for (const p of demoClasses) {
  if (!coversByCategory.has(p.category)) coversByCategory.set(p.category, []);
  coversByCategory.get(p.category).push(p.coverUrl);
}
// Music categories are more common than "other pursuits".
const CATEGORY_WEIGHTS = CATEGORIES.map((c) => [c, MUSIC_CATEGORIES.includes(c) ? 12 : 5]);
const WEIGHT_TOTAL = CATEGORY_WEIGHTS.reduce((s, [, w]) => s + w, 0);
function weightedCategory(r) {
  let x = r() * WEIGHT_TOTAL;
  for (const [c, w] of CATEGORY_WEIGHTS) if ((x -= w) < 0) return c;
  return CATEGORIES[0];
}

export function syntheticCreators(now) {
  const r = prng(42);
  const list = [];
  for (let i = 0; i < CREATORS; i++) {
    const name = `${FIRST[i % FIRST.length]} ${LAST[(i * 7 + Math.floor(i / FIRST.length)) % LAST.length]}`;
    const specialty = weightedCategory(r);
    const slug = `${SYNTH}${kebab(name)}-${String(i + 1).padStart(3, "0")}`;
    list.push({
      id: uuidV5(`synth:creator:${i}`),
      slug,
      name,
      specialty,
      row: [
        uuidV5(`synth:creator:${i}`),
        slug,
        name,
        `${specialty} teacher (synthetic)`,
        `${name} is a synthetic instructor generated for benchmarks. Teaches ${specialty.toLowerCase()} with short, practical lessons.`,
        `/avatars/studio.svg`,
        now - r.int(1100, 1400) * DAY_MS,
      ],
    });
  }
  return list;
}

/** Rows for synthetic class i: { product, tags }. Lessons are generated in SQL (syntheticLessonStatements). */
export function syntheticClass(i, creators, now) {
  const r = prng(0x9e3779b9 ^ Math.imul(i + 1, 2654435761));
  const creator = creators[(i * 37) % creators.length];
  const category = r() < 0.8 ? creator.specialty : weightedCategory(r);
  const subject = r.pick(SUBJECTS[category]);
  const music = MUSIC_CATEGORIES.includes(category);
  const genre = music ? r.pick(GENRES) : null;
  const title = `${r.pick(PREFIX)} ${subject} ${r.pick(SUFFIX)}${genre && r() < 0.3 ? ` for ${genre}` : ""}`;
  const classSlug = `${kebab(title)}-${i + 1}`;
  const id = uuidV5(`synth:product:${i}`);
  const topicPool = TOPICS[category];
  const t1 = r.int(0, topicPool.length - 1);
  const topics = [topicPool[t1], topicPool[(t1 + r.int(1, topicPool.length - 1)) % topicPool.length]];
  const level = r.pick(LEVELS);
  const price = r.int(29, 149) * 100;
  const crossed = r() < 0.3 ? price + r.int(10, 40) * 100 : null;
  const popularity = Math.floor(40 + 25000 * r() ** 4);
  const ratingCount = r() < 0.03 ? 0 : Math.min(2400, Math.floor(popularity * (0.02 + r() * 0.1)));
  const ratingAverage = ratingCount ? Math.round((3.6 + r() * 1.35) * 100) / 100 : 0;
  const releasedAt = now - Math.floor(r() * 3 * 365 * DAY_MS);
  const covers = coversByCategory.get(category);
  const tagline = `Learn ${subject.toLowerCase()} with ${topics[0]} and ${topics[1]} exercises.`;
  const description = `A synthetic ${level.toLowerCase()} class about ${subject.toLowerCase()}, generated for benchmarks.\n\n### What you'll learn\n- ${topics[0]}\n- ${topics[1]}`;
  const product = [
    id,
    "class",
    title,
    classSlug,
    creator.slug,
    creator.id,
    tagline,
    description,
    category,
    covers[i % covers.length],
    price,
    crossed,
    null,
    0,
    0,
    "",
    level,
    LESSONS_PER_CLASS,
    0,
    ratingAverage,
    ratingCount,
    ratingScore(ratingAverage, ratingCount),
    popularity,
    releasedAt,
    releasedAt - r.int(1, 30) * DAY_MS,
    // coming_soon: every synthetic class is on sale.
    false,
  ];
  const tags = topics.map((t) => [id, "topic", t]);
  if (genre) tags.push([id, "genre", genre]);
  return { product, tags };
}

/**
 * Lessons for every synthetic class that has none yet, generated inside SQLite (4 per class;
 * about half the SQL text otherwise), then products.total_seconds filled in from them.
 * Lesson ids keep the UUID shape: the product id's first 24 characters plus 12 hex digits
 * made from the product's rowid and the position, so they are unique and stable for a run.
 * (Keep whitespace after END: wrangler's splitter only closes a CASE on /\sEND[;\s]/.)
 */
export function syntheticLessonStatements() {
  const titles = LESSON_TITLES.map((t, k) => `WHEN ${k} THEN ${sqlValue(t)}`).join(" ");
  const positions = Array.from({ length: LESSONS_PER_CLASS }, (_, k) => `(${k + 1})`).join(", ");
  return [
    `WITH k(pos) AS (VALUES ${positions})
INSERT INTO lessons (id, product_id, position, title, summary, duration_seconds, is_preview, video_url)
SELECT substr(p.id, 1, 24) || printf('%011x%x', p.rowid, k.pos), p.id, k.pos,
  CASE (k.pos - 1 + p.rowid % 3) % ${LESSON_TITLES.length} ${titles} END AS title,
  'Part ' || k.pos || ' of ' || p.title || '.',
  150 + (p.rowid * 2654435761 + k.pos * k.pos * 97531 + k.pos * p.rowid * 31337) % 1351, k.pos = 1, NULL
FROM products p CROSS JOIN k
WHERE p.storefront_slug LIKE '${SYNTH}%' AND NOT EXISTS (SELECT 1 FROM lessons l WHERE l.product_id = p.id);`,
    `UPDATE products SET total_seconds = (SELECT coalesce(sum(duration_seconds), 0) FROM lessons WHERE product_id = products.id)
WHERE storefront_slug LIKE '${SYNTH}%' AND total_seconds = 0;`,
  ];
}

export function chunkedInserts(table, columns, rows) {
  const out = [];
  for (let i = 0; i < rows.length; i += ROWS_PER_INSERT)
    out.push(...insertStatements(table, columns, rows.slice(i, i + ROWS_PER_INSERT), { maxBytes: statementBytes }));
  return out;
}

function main() {
  const { positionals, options } = parseArgs(process.argv.slice(2), {
    valueOptions: ["--persist-to", "--chunk", "--statement-bytes"],
    usage,
  });
  if (options["statement-bytes"]) statementBytes = Number(options["statement-bytes"]);
  if (!Number.isInteger(statementBytes) || statementBytes < 500)
    fail(`--statement-bytes must be an integer >= 500\n${usage}`);
  if (positionals.length > 1) fail(usage);
  const total = positionals.length ? Number(positionals[0]) : 100_000;
  const chunk = options.chunk ? Number(options.chunk) : 25_000;
  if (!Number.isInteger(total) || total < 0) fail(`N must be a non-negative integer\n${usage}`);
  if (!Number.isInteger(chunk) || chunk < 1) fail(`--chunk must be a positive integer\n${usage}`);
  const persistTo = options["persist-to"];

  const started = Date.now();
  const now = started;
  const creators = syntheticCreators(now);
  const synthProducts = `product_id IN (SELECT id FROM products WHERE storefront_slug LIKE '${SYNTH}%')`;
  const reset = [
    `DELETE FROM collection_items WHERE ${synthProducts};`,
    `DELETE FROM lessons WHERE ${synthProducts};`,
    `DELETE FROM product_tags WHERE ${synthProducts};`,
    `DELETE FROM products WHERE storefront_slug LIKE '${SYNTH}%';`,
    `DELETE FROM creators WHERE storefront_slug LIKE '${SYNTH}%';`,
  ];

  let files = 0;
  let rows = { products: 0, lessons: 0, tags: 0 };
  let buildMs = 0;
  let execMs = 0;
  for (let start = 0; start < total || start === 0; start += chunk) {
    const t0 = Date.now();
    const statements = [];
    if (start === 0) {
      statements.push(...reset);
      statements.push(
        ...chunkedInserts(
          "creators",
          ["id", "storefront_slug", "name", "headline", "bio", "avatar_url", "created_at"],
          creators.map((c) => c.row),
        ),
      );
    }
    const products = [];
    const tags = [];
    for (let i = start; i < Math.min(total, start + chunk); i++) {
      const c = syntheticClass(i, creators, now);
      products.push(c.product);
      tags.push(...c.tags);
    }
    statements.push(...chunkedInserts("products", PRODUCT_COLUMNS, products));
    statements.push(...chunkedInserts("product_tags", ["product_id", "kind", "value"], tags));
    statements.push(...syntheticLessonStatements());
    const { file, cleanup } = writeTempSql(`synthetic-${String(files).padStart(3, "0")}.sql`, statements);
    const t1 = Date.now();
    buildMs += t1 - t0;
    try {
      executeSqlFile(file, persistTo);
    } finally {
      cleanup();
    }
    execMs += Date.now() - t1;
    files++;
    rows.products += products.length;
    rows.tags += tags.length;
    rows.lessons += products.length * LESSONS_PER_CLASS;
    process.stdout.write(`\r  ${rows.products}/${total} classes`);
    if (total === 0) break;
  }
  process.stdout.write("\n");
  console.log(
    `Seeded ${rows.products} synthetic classes (${creators.length} creators, ${rows.lessons} lessons, ${rows.tags} tags) into local D1` +
      `${persistTo ? ` (${persistTo})` : ""} in ${((Date.now() - started) / 1000).toFixed(1)}s ` +
      `(${files} files; SQL build ${(buildMs / 1000).toFixed(1)}s, wrangler ${(execMs / 1000).toFixed(1)}s).`,
  );
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) main();

// The pure part of the demo seed: catalogue data -> SQL statements. No I/O, no clock of its
// own (pass `now`), so integration tests can apply exactly what `node tests/tools/seed.mjs`
// applies to a fresh D1 inside workerd:
//
//   import { catalogueStatements } from "../tools/catalogue-sql.mjs";
//   await env.DB.batch(catalogueStatements(Date.now()).map((s) => env.DB.prepare(s)));
import { Buffer } from "node:buffer";
import {
  classes,
  collections,
  creators,
  membership,
  products,
  programs,
  ratingScore,
  school,
  slugHash,
} from "../fixtures/catalogue/index.mjs";

export { ratingScore };

export const DAY_MS = 24 * 60 * 60 * 1000;
/** D1 rejects statements over 100 KB; multi-row INSERTs are split to stay under this. */
export const MAX_STATEMENT_BYTES = 90_000;

/** Catalogue tables, children first: the order rows must be deleted in. */
export const CATALOGUE_TABLES = [
  "collection_items",
  "collections",
  "lessons",
  "product_tags",
  "membership_plans",
  "products",
  "creators",
];

/** A SQL literal for a JS value (strings quoted with single quotes doubled). */
export function sqlValue(v) {
  if (v === null || v === undefined) return "NULL";
  if (typeof v === "boolean") return v ? "1" : "0";
  if (typeof v === "number") {
    if (!Number.isFinite(v)) throw new Error(`not a finite number: ${v}`);
    return String(v);
  }
  if (typeof v === "bigint") return String(v);
  if (typeof v === "object") v = JSON.stringify(v);
  return `'${String(v)
    .replace(/\u0000/g, "")
    .replace(/'/g, "''")}'`;
}

/**
 * INSERT statements for `rows` (arrays of values in `columns` order), as few as possible
 * while each stays under maxBytes. `verb` may be e.g. "INSERT OR REPLACE".
 */
export function insertStatements(table, columns, rows, { maxBytes = MAX_STATEMENT_BYTES, verb = "INSERT" } = {}) {
  const head = `${verb} INTO ${table} (${columns.join(", ")}) VALUES\n`;
  const out = [];
  let tuples = [];
  let bytes = Buffer.byteLength(head);
  for (const row of rows) {
    if (row.length !== columns.length)
      throw new Error(`${table}: row has ${row.length} values for ${columns.length} columns`);
    const tuple = `(${row.map(sqlValue).join(", ")})`;
    const size = Buffer.byteLength(tuple) + 2;
    if (tuples.length > 0 && bytes + size > maxBytes) {
      out.push(`${head}${tuples.join(",\n")};`);
      tuples = [];
      bytes = Buffer.byteLength(head);
    }
    tuples.push(tuple);
    bytes += size;
  }
  if (tuples.length > 0) out.push(`${head}${tuples.join(",\n")};`);
  return out;
}

/** DELETEs for every catalogue table, children first (feature flags are left alone). */
export function deleteStatements() {
  return CATALOGUE_TABLES.map((t) => `DELETE FROM ${t};`);
}

/** The payload of the 'homepage-yellow-banner-text' flag, with a countdown 7 days from now. */
export function bannerPayload(now) {
  return {
    titleBoldText: "Holiday sale: up to 40% off.",
    descriptionText:
      "New classes from our instructors, collections and the full Music School, all at their lowest prices of the year. The offer ends in",
    descriptionTextAfterCountdown: "Pick up an instrument before the year is out.",
    countdownEndDate: new Date(now + 7 * DAY_MS).toISOString(),
    url: "/classes?view=New%20releases",
    specialTheme: "holiday",
  };
}

/** An upsert of one feature_flags row. */
export function featureFlagStatement(key, enabled, payload, now) {
  return (
    `INSERT INTO feature_flags (key, enabled, payload, updated_at) VALUES (${sqlValue(key)}, ${enabled ? 1 : 0}, ${payload == null ? "NULL" : sqlValue(JSON.stringify(payload))}, ${now})\n` +
    `ON CONFLICT(key) DO UPDATE SET enabled = excluded.enabled, payload = excluded.payload, updated_at = excluded.updated_at;`
  );
}

const released = (p, now) => now - p.releasedDaysAgo * DAY_MS;

/** products rows (in PRODUCT_COLUMNS order) for the demo catalogue at time `now`. */
export const PRODUCT_COLUMNS = [
  "id",
  "kind",
  "title",
  "class_slug",
  "storefront_slug",
  "creator_id",
  "tagline",
  "description",
  "category",
  "cover_url",
  "price_cents",
  "crossed_price_cents",
  "crossed_price_applicable_from",
  "special_only_vip",
  "should_not_hide_discount",
  "subscription_slug",
  "level",
  "lesson_count",
  "total_seconds",
  "rating_average",
  "rating_count",
  "rating_score",
  "popularity",
  "released_at",
  "created_at",
  "coming_soon",
];

const LESSON_CLIPS = 6;

function productRow(p, now) {
  const releasedAt = released(p, now);
  // Created (drafted) 1..30 days before release, but never in the future.
  const createdAt = Math.min(now, releasedAt - (1 + (slugHash(`created:${p.id}`) % 30)) * DAY_MS);
  return [
    p.id,
    p.kind,
    p.title,
    p.classSlug,
    p.storefrontSlug,
    p.creatorId,
    p.tagline,
    p.description,
    p.category,
    p.coverUrl,
    p.price,
    p.crossedPrice ?? null,
    p.offerEndsInDays == null ? null : now + p.offerEndsInDays * DAY_MS,
    false,
    Boolean(p.shouldNotHideDiscount),
    p.subscriptionSlug ?? "",
    p.level,
    p.lessons.length,
    p.lessons.reduce((s, l) => s + l.durationSeconds, 0),
    p.ratingAverage,
    p.ratingCount,
    ratingScore(p.ratingAverage, p.ratingCount),
    p.popularity,
    releasedAt,
    createdAt,
    Boolean(p.comingSoon),
  ];
}

/**
 * Every SQL statement of the demo seed, in order: delete the catalogue (unless reset is
 * false), insert creators (before products: the FTS trigger reads creator names), products,
 * tags, lessons, collections and their items, then upsert the homepage banner flag (unless
 * flags is false).
 */
export function catalogueStatements(now = Date.now(), { reset = true, flags = true } = {}) {
  now = Math.round(Number(now));
  const stmts = reset ? deleteStatements() : [];

  const firstRelease = new Map();
  for (const p of products) {
    const r = released(p, now);
    firstRelease.set(p.creatorId, Math.min(firstRelease.get(p.creatorId) ?? Infinity, r));
  }
  stmts.push(
    ...insertStatements(
      "creators",
      ["id", "storefront_slug", "name", "headline", "bio", "avatar_url", "created_at"],
      creators.map((c) => [
        c.id,
        c.storefrontSlug,
        c.name,
        c.headline,
        c.bio,
        c.avatarUrl,
        (firstRelease.get(c.id) ?? now) - (30 + (slugHash(`joined:${c.id}`) % 60)) * DAY_MS,
      ]),
    ),
  );

  stmts.push(
    ...insertStatements(
      "products",
      PRODUCT_COLUMNS,
      products.map((p) => productRow(p, now)),
    ),
  );

  const tagRows = [];
  for (const p of products) {
    for (const t of new Set(p.topics)) tagRows.push([p.id, "topic", t]);
    for (const g of new Set(p.genres)) tagRows.push([p.id, "genre", g]);
  }
  if (tagRows.length) stmts.push(...insertStatements("product_tags", ["product_id", "kind", "value"], tagRows));

  // Every lesson plays one of the six short practice clips in public/video (made by
  // tests/tools/make-lesson-media.sh), with captions, so the demo plays offline.
  const lessonRows = products.flatMap((p) =>
    p.lessons.map((l) => {
      const clip = ((l.position - 1) % LESSON_CLIPS) + 1;
      return [
        l.id,
        p.id,
        l.position,
        l.title,
        l.summary,
        l.durationSeconds,
        l.isPreview,
        `/video/lesson-${clip}.webm`,
        `/video/lesson-${clip}.vtt`,
        released(p, now),
      ];
    }),
  );
  stmts.push(
    ...insertStatements(
      "lessons",
      [
        "id",
        "product_id",
        "position",
        "title",
        "summary",
        "duration_seconds",
        "is_preview",
        "video_url",
        "captions_url",
        "created_at",
      ],
      lessonRows,
    ),
  );

  stmts.push(
    ...insertStatements(
      "collections",
      [
        "id",
        "slug",
        "title",
        "tagline",
        "description",
        "program_type",
        "cover_url",
        "price_cents",
        "position",
        "created_at",
        "coming_soon",
      ],
      programs.map((c) => [
        c.id,
        c.slug,
        c.title,
        c.tagline,
        c.description,
        c.programType,
        c.coverUrl,
        c.price,
        c.position,
        Math.min(now, Math.max(...c.items.map((it) => released(it.product, now))) + DAY_MS),
        Boolean(c.comingSoon),
      ]),
    ),
  );
  stmts.push(
    ...insertStatements(
      "collection_items",
      ["collection_id", "product_id", "position"],
      programs.flatMap((c) => c.items.map((it) => [c.id, it.productId, it.position])),
    ),
  );

  stmts.push(
    ...insertStatements(
      "membership_plans",
      ["id", "product_id", "interval", "price_cents", "trial_days", "position"],
      products.flatMap((p) =>
        (p.plans ?? []).map((plan, i) => [plan.id, p.id, plan.interval, plan.price, plan.trialDays, i]),
      ),
    ),
  );

  if (flags) stmts.push(featureFlagStatement("homepage-yellow-banner-text", true, bannerPayload(now), now));
  return stmts;
}

/** Row counts of what catalogueStatements inserts (for summaries and test assertions). */
export function catalogueCounts() {
  return {
    creators: creators.length,
    products: products.length,
    classes: classes.length,
    subscriptions: products.filter((p) => p.kind === "subscription").length,
    lessons: products.reduce((s, p) => s + p.lessons.length, 0),
    productTags: products.reduce((s, p) => s + new Set(p.topics).size + new Set(p.genres).size, 0),
    collections: collections.length,
    schools: 1,
    collectionItems: programs.reduce((s, c) => s + c.items.length, 0),
    featureFlags: 1,
  };
}

export { membership, school };

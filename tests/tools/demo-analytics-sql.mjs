// DEMO DATA, not real traffic: a made-up history of visits, sign-ups, cart adds, checkouts and
// purchases over the last days, so /admin/analytics shows meaningful charts after `npm start`.
// Deterministic (a seeded pseudo-random generator: the same `now` gives the same rows) and
// replaceable: every row's id starts with DEMO_PREFIX, and the statements delete the previous demo
// rows first. Purchases are completed checkouts (where revenue is read from) owned by one demo user
// that cannot sign in (no password). The end-to-end tests' database never gets this data.
import { classes } from "../fixtures/catalogue/index.mjs";
import { DAY_MS, insertStatements, sqlValue } from "./catalogue-sql.mjs";
import { seededRandom } from "./seeded-random.mjs";

export const DEMO_PREFIX = "demo-analytics-";
export const DEMO_SHOPPER = {
  id: "d0000000-0000-4000-8000-00000000a001",
  email: "demo-shopper@studio.example",
  firstName: "Demo",
  lastName: "Shopper",
};

/** Where demo visitors come from, with weights (utm_source, or a referrer, or nothing: direct). */
const SOURCES = [
  { weight: 34, info: {} },
  { weight: 22, info: { utm_source: "google", utm_medium: "cpc" } },
  { weight: 14, info: { utm_source: "newsletter", utm_medium: "email" } },
  { weight: 11, info: { utm_source: "instagram", utm_medium: "social" } },
  { weight: 8, info: { utm_source: "youtube", utm_medium: "video" } },
  { weight: 6, info: { ref: "guitar-weekly-blog" } },
  { weight: 5, info: { utm_source: "partner-podcast" } },
];

function pick(random, weighted) {
  let roll = random() * weighted.reduce((sum, w) => sum + w.weight, 0);
  for (const w of weighted) if ((roll -= w.weight) < 0) return w;
  return weighted[weighted.length - 1];
}

/**
 * The demo history as rows: `days` days up to today (UTC), a few hundred to a couple of thousand
 * events. Returns { events, checkouts } (plain objects) so tests can count what was made.
 */
export function demoAnalyticsRows(now, { days = 35 } = {}) {
  const random = seededRandom(20260301);
  const today = Math.floor(now / DAY_MS) * DAY_MS;
  const events = [];
  const checkouts = [];
  let n = 0;
  const id = () => `${DEMO_PREFIX}${String(++n).padStart(6, "0")}`;
  for (let d = days - 1; d >= 0; d--) {
    const dayStart = today - d * DAY_MS;
    const weekday = new Date(dayStart).getUTCDay();
    // Slow growth, busier weekends, some noise.
    const visitors = Math.round(
      (8 + (days - d) * 0.2) * (weekday === 0 || weekday === 6 ? 1.35 : 1) * (0.75 + random() * 0.5),
    );
    for (let v = 0; v < visitors; v++) {
      const source = pick(random, SOURCES).info;
      const anonymousId = `anon_${DEMO_PREFIX}${dayStart}-${v}`;
      let userId = null;
      // Each visit happens some time that day (before now, for today); its steps follow a few minutes apart.
      let at =
        dayStart + Math.floor(random() * Math.min(DAY_MS - 3_600_000, Math.max(60_000, now - dayStart - 3_600_000)));
      const who = () => ({ userId, anonymousId: userId ? null : anonymousId });
      const add = (name, properties = {}) => {
        at += 30_000 + Math.floor(random() * 240_000);
        events.push({
          id: id(),
          name,
          ...who(),
          properties: { ...source, ...properties },
          createdAt: Math.min(at, now - 1),
        });
      };
      if (random() < 0.75) add("home landing page | viewed");
      if (random() < 0.35) add("browse landing page | viewed");
      if (random() >= 0.6) continue;
      const product = classes[Math.floor(random() * classes.length)];
      add("product landing page | viewed", { productId: product.id });
      if (random() < 0.12) {
        userId = `${DEMO_PREFIX}user-${dayStart}-${v}`;
        add("create account | success");
      }
      if (random() >= 0.32) continue;
      add("shopping cart | item added", { productIds: [product.id], page: "product landing page" });
      add("shopping cart | viewed");
      if (random() >= 0.7) continue;
      add("checkout | viewed");
      if (random() >= 0.65) continue;
      add("checkout | payment submit success", { provider: "local" });
      const checkoutId = `${DEMO_PREFIX}checkout-${String(checkouts.length + 1).padStart(4, "0")}`;
      add("checkout | purchase success", {
        checkoutSessionId: checkoutId,
        type: "class",
        productIds: [product.id],
        totalCents: product.price,
      });
      checkouts.push({ id: checkoutId, product, source, completedAt: Math.min(at, now - 1) });
    }
  }
  return { events, checkouts };
}

/** SQL that replaces the previous demo history with a fresh one ending today. */
export function demoAnalyticsStatements(now, options) {
  const { events, checkouts } = demoAnalyticsRows(now, options);
  const u = DEMO_SHOPPER;
  return [
    `DELETE FROM analytics_events WHERE id LIKE '${DEMO_PREFIX}%';`,
    `DELETE FROM checkout_sessions WHERE id LIKE '${DEMO_PREFIX}%';`,
    `INSERT INTO users (id, email, email_verified, username, first_name, last_name, sign_up_date) VALUES (` +
      `${sqlValue(u.id)}, ${sqlValue(u.email)}, 1, ${sqlValue(u.id)}, ${sqlValue(u.firstName)}, ${sqlValue(u.lastName)}, ${now}) ON CONFLICT(id) DO NOTHING;`,
    ...insertStatements(
      "analytics_events",
      ["id", "name", "user_id", "anonymous_id", "properties", "created_at"],
      events.map((e) => [e.id, e.name, e.userId, e.anonymousId, e.properties, e.createdAt]),
    ),
    ...insertStatements(
      "checkout_sessions",
      [
        "id",
        "user_id",
        "provider",
        "idempotency_key",
        "status",
        "source",
        "lines",
        "subtotal_cents",
        "total_cents",
        "payment_info",
        "created_at",
        "completed_at",
        "receipt_sent_at",
      ],
      checkouts.map((c) => [
        c.id,
        u.id,
        "local",
        c.id,
        "complete",
        "cart",
        [
          {
            productId: c.product.id,
            kind: "class",
            title: c.product.title,
            priceCents: c.product.price,
            crossedPriceCents: null,
          },
        ],
        c.product.price,
        c.product.price,
        // Checkouts keep a ref under 'referrer' (checkout/rules.ts PAYMENT_INFO_KEYS).
        Object.fromEntries(Object.entries(c.source).map(([k, v]) => [k === "ref" ? "referrer" : k, v])),
        c.completedAt - 120_000,
        c.completedAt,
        c.completedAt,
      ]),
    ),
  ];
}

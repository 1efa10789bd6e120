// Experiments inside workerd against the test D1: the seeded home-hero test assigns a visitor on the
// first visit (server-side, no JavaScript), keeps the variant across reloads and, through sign-in,
// on another device; outside its window everyone sees the control and nothing is stored; the
// exposure is recorded with its variant and is not a page view; the per-variant report; the admin form.
import { env } from "cloudflare:test";
import { describe, expect, it, vi } from "vitest";
import { analyticsReport } from "~/features/analytics/report.server";
import { parseRange } from "~/features/analytics/rules";
import { shownExperimentKey } from "~/features/experiments/experiments.server";
import { experimentsReport } from "~/features/experiments/report.server";
import { HOME_HERO_EXPERIMENT, pickVariant } from "~/features/experiments/rules";
import { forgetCached, MEMORY_TTL_SECONDS } from "~/platform/cache.server";
import { heroPayload } from "../tools/experiments-sql.mjs";
import { testApp } from "./app-context";
import { Browser, html, logIn, signUp } from "./commerce-helpers";
import { recordedEvents } from "./recorded-events";

vi.setConfig({ testTimeout: 30_000 });

const ANON = "dx_non_auth_user_id";
const variantOf = (page: string) => page.match(/<section class="hero"[^>]*data-variant="([^"]+)"/)?.[1];

async function assignment(subjectId: string) {
  return env.DB.prepare(
    "SELECT variant, user_id AS userId FROM experiment_assignments WHERE experiment_key = ? AND subject_id = ?",
  )
    .bind(HOME_HERO_EXPERIMENT, subjectId)
    .first<{ variant: string; userId: string | null }>();
}

/**
 * The visitor's stored assignment, once it is there: a first visit's is written after the response
 * (experiments.server.ts), together with others a second later, so this polls for up to four seconds.
 */
async function storedAssignment(subjectId: string) {
  for (let i = 0; i < 80; i++) {
    const row = await assignment(subjectId);
    if (row) return row;
    await new Promise((r) => setTimeout(r, 50));
  }
  return null;
}

/** The exposures recorded for this visitor, once `n` are there (recorded-events.ts flushes and polls). */
async function exposures(column: "anonymous_id" | "user_id", id: string, n: number) {
  const rows = await recordedEvents<{ properties: Record<string, unknown> }>(
    `SELECT properties FROM analytics_events WHERE name = 'experiment | viewed' AND ${column} = ?`,
    [id],
    (found) => found.length >= n,
  );
  return rows.map((r) => r.properties);
}

/**
 * After changing the experiment in D1 behind the product: pages read experiments through the cache,
 * so this forgets it as the admin's save does, then waits out the worker isolate's few seconds of
 * memory (a save there clears its own; this test writes from outside it).
 */
async function afterExperimentChange() {
  await forgetCached(testApp(), shownExperimentKey(HOME_HERO_EXPERIMENT));
  await new Promise((r) => setTimeout(r, MEMORY_TTL_SECONDS * 1000 + 500));
}

async function admin(): Promise<Browser> {
  const { browser, userId } = await signUp("experiments-admin");
  await env.DB.prepare("UPDATE users SET is_admin = 1 WHERE id = ?").bind(userId).run();
  return browser;
}

describe("the home hero's experiment", () => {
  it("assigns a first visit server-side, keeps the variant across reloads and records each exposure (not a page view)", async () => {
    const browser = new Browser();
    const first = await html(await browser.get("/"));
    const anon = browser.cookie(ANON)!;
    expect(anon).toMatch(/^anon_/);
    const variant = variantOf(first)!;
    expect(["A", "B"]).toContain(variant);
    // The id the page used is the one the browser was given: the rule's answer for it, stored.
    expect(variant).toBe(
      pickVariant(HOME_HERO_EXPERIMENT, anon, [
        { key: "A", weight: 50 },
        { key: "B", weight: 50 },
      ]),
    );
    expect(await storedAssignment(anon)).toEqual({ variant, userId: null });
    expect(first).toContain(variant === "B" ? heroPayload().titleB : "Learn music from the artists who make it");
    for (let i = 0; i < 2; i++) expect(variantOf(await html(await browser.get("/")))).toBe(variant);

    const seen = await exposures("anonymous_id", anon, 3);
    expect(seen).toHaveLength(3);
    expect(seen.every((p) => p.experiment === HOME_HERO_EXPERIMENT && p.variant === variant)).toBe(true);
    // Three home page views and three exposures: the report counts the views only.
    const today = parseRange({}, Date.now());
    if (!today.ok) throw new Error(today.error);
    const views = await env.DB.prepare(
      "SELECT count(*) AS n FROM analytics_events WHERE name LIKE '%| viewed' AND name != 'experiment | viewed' AND created_at >= ? AND created_at < ?",
    )
      .bind(today.range.startMs, today.range.endMs)
      .first<{ n: number }>();
    expect((await analyticsReport(testApp(), today.range)).totals.pageViews).toBe(views!.n);
  });

  it("shows both variants across visitors", async () => {
    const seen = new Set<string>();
    for (let i = 0; i < 12 && seen.size < 2; i++) seen.add(variantOf(await html(await new Browser().get("/")))!);
    expect([...seen].sort()).toEqual(["A", "B"]);
  });

  it("keeps the visitor's variant through sign-in and on another device", async () => {
    const browser = new Browser();
    await browser.get("/");
    const anon = browser.cookie(ANON)!;
    const { variant } = (await storedAssignment(anon))!;
    const { email, userId } = await signUp("experiments-sticky", browser);
    expect(await assignment(anon)).toEqual({ variant, userId });
    // The stored row decides, not the rule: make it the variant the rule would not give the account.
    const other =
      pickVariant(HOME_HERO_EXPERIMENT, userId, [
        { key: "A", weight: 50 },
        { key: "B", weight: 50 },
      ]) === "A"
        ? "B"
        : "A";
    await env.DB.prepare("UPDATE experiment_assignments SET variant = ? WHERE subject_id = ?").bind(other, anon).run();

    const phone = new Browser();
    await logIn(phone, email);
    expect(phone.cookie(ANON)).toBeUndefined();
    expect(variantOf(await html(await phone.get("/")))).toBe(other);
    const mine = await exposures("user_id", userId, 1);
    expect(mine.at(-1)).toMatchObject({ experiment: HOME_HERO_EXPERIMENT, variant: other });
    // No second row was made for the account.
    const rows = await env.DB.prepare("SELECT count(*) AS n FROM experiment_assignments WHERE user_id = ?")
      .bind(userId)
      .first<{ n: number }>();
    expect(rows!.n).toBe(1);
  });

  it("outside its window shows everyone the control and stores and records nothing", async () => {
    const { starts_at: startsAt } = (await env.DB.prepare("SELECT starts_at FROM experiments WHERE key = ?")
      .bind(HOME_HERO_EXPERIMENT)
      .first<{ starts_at: number }>())!;
    try {
      for (const [starts, stops] of [
        [Date.now() + 86_400_000, null],
        [Date.now() - 2 * 86_400_000, Date.now() - 86_400_000],
      ]) {
        await env.DB.prepare("UPDATE experiments SET starts_at = ?, stops_at = ? WHERE key = ?")
          .bind(starts, stops, HOME_HERO_EXPERIMENT)
          .run();
        await afterExperimentChange();
        for (let i = 0; i < 4; i++) {
          const browser = new Browser();
          const page = await html(await browser.get("/"));
          expect(variantOf(page)).toBe("A");
          expect(page).toContain("Learn music from the artists who make it");
          const anon = browser.cookie(ANON)!;
          expect(await assignment(anon)).toBeNull();
          await new Promise((r) => setTimeout(r, 100));
          expect(await exposures("anonymous_id", anon, 0)).toEqual([]);
        }
      }
    } finally {
      await env.DB.prepare("UPDATE experiments SET starts_at = ?, stops_at = NULL WHERE key = ?")
        .bind(startsAt, HOME_HERO_EXPERIMENT)
        .run();
      await afterExperimentChange();
    }
  });
});

describe("the per-variant report", () => {
  it("counts visitors, their sign-ups and purchases after the first exposure, conversion and its interval", async () => {
    const MAY_1 = Date.UTC(2021, 4, 1);
    const t = (minutes: number) => MAY_1 + minutes * 60_000;
    let n = 0;
    const event = (name: string, at: number, who: { user?: string; anon?: string }, properties: object = {}) =>
      env.DB.prepare(
        "INSERT INTO analytics_events (id, name, user_id, anonymous_id, properties, created_at) VALUES (?, ?, ?, ?, ?, ?)",
      ).bind(`exp-${++n}`, name, who.user ?? null, who.anon ?? null, JSON.stringify(properties), at);
    const seen = (at: number, who: { user?: string; anon?: string }, variant: string) =>
      event("experiment | viewed", at, who, { experiment: HOME_HERO_EXPERIMENT, variant });
    const linked = "anon_00000000-0000-4000-8000-00000000e001";
    const { userId } = await signUp("experiments-report");
    const { userId: ea1User } = await signUp("experiments-report-a");
    // What a sign-up does: the browser's anonymous id is linked to the new account.
    await env.DB.batch([
      env.DB.prepare("INSERT INTO anonymous_links (anonymous_id, user_id, linked_at) VALUES (?, ?, ?)").bind(
        linked,
        userId,
        t(0),
      ),
      env.DB.prepare("INSERT INTO anonymous_links (anonymous_id, user_id, linked_at) VALUES (?, ?, ?)").bind(
        "ea1",
        ea1User,
        t(3),
      ),
    ]);
    await env.DB.batch([
      // A: three visitors (one seen twice); one signs up after, one signed up before seeing it.
      seen(t(1), { anon: "ea1" }, "A"),
      seen(t(5), { anon: "ea1" }, "A"),
      seen(t(1), { anon: "ea2" }, "A"),
      seen(t(2), { user: "eu3" }, "A"),
      event("create account | success", t(3), { user: ea1User, anon: "ea1" }),
      event("create account | success", t(1), { user: "eu3" }),
      // B: two visitors; the linked visitor signs up and buys as their account, the other buys.
      seen(t(1), { anon: linked }, "B"),
      event("create account | success", t(2), { user: userId, anon: linked }),
      event("checkout | purchase success", t(3), { user: userId }, { totalCents: 4900 }),
      seen(t(1), { user: "eu5" }, "B"),
      event("checkout | purchase success", t(4), { user: "eu5" }),
      // Another experiment and a day outside the range do not count.
      event("experiment | viewed", t(1), { anon: "ea9" }, { experiment: "other", variant: "A" }),
      seen(t(60 * 24 + 1), { anon: "ea10" }, "A"),
    ]);
    const range = parseRange({ from: "2021-05-01", to: "2021-05-01" }, Date.now());
    if (!range.ok) throw new Error(range.error);
    const hero = (await experimentsReport(testApp(), range.range)).find((e) => e.key === HOME_HERO_EXPERIMENT)!;
    expect(hero.status).toBe("running");
    expect(hero.variants.map((v) => [v.variant, v.visitors, v.signUps, v.purchases, v.conversion])).toEqual([
      ["A", 3, 1, 0, 0],
      ["B", 2, 1, 2, 1],
    ]);
    expect(hero.variants[0].interval!.low).toBe(0);
    expect(hero.variants[0].interval!.high).toBeCloseTo(0.5615, 3);
    expect(hero.variants[1].interval!.low).toBeCloseTo(0.3424, 3);

    const page = await html(await (await admin()).get("/admin/analytics?from=2021-05-01&to=2021-05-01"));
    expect(page).toContain('<h2 id="analytics-experiments">Experiments</h2>');
    expect(page).toMatch(
      /<th scope="row">B<\/th><td>2<\/td><td>1<\/td><td>2<\/td><td>100%<\/td><td>34.2% – 100%<\/td>/,
    );
  });
});

describe("/admin/experiments", () => {
  const valid = {
    intent: "save",
    key: "pricing-copy",
    description: "Price words",
    variants: "A 70, B 30",
    startsOn: "2026-01-01",
  };

  it("is for admins only", async () => {
    const visitor = await new Browser().get("/admin/experiments");
    expect(visitor.status).toBe(302);
    const { browser } = await signUp("experiments-learner");
    expect((await browser.get("/admin/experiments")).status).toBe(403);
    expect((await browser.post("/admin/experiments", valid)).status).toBe(403);
  });

  it("refuses bad input with the reason and changes nothing; saves, edits and stops good input", async () => {
    const browser = await admin();
    const count = async () => (await env.DB.prepare("SELECT count(*) AS n FROM experiments").first<{ n: number }>())!.n;
    const before = await count();
    const cases: [Record<string, string>, string][] = [
      [{ key: "Bad Key" }, "A key is lower-case letters, digits and &#x27;-&#x27;"],
      [{ variants: "A 50" }, "Give at least two variants with weights"],
      [{ variants: "A 50, B zero" }, "is not a variant and a weight"],
      [{ startsOn: "2026-02-30" }, "The start is not a real date."],
      [{ stopsOn: "2025-12-01" }, "The last day must be on or after the start."],
      [{ key: HOME_HERO_EXPERIMENT }, `An experiment with the key ${HOME_HERO_EXPERIMENT} exists already.`],
    ];
    for (const [fields, message] of cases) {
      const response = await browser.post("/admin/experiments", { ...valid, ...fields });
      expect(response.status, JSON.stringify(fields)).toBeGreaterThanOrEqual(400);
      expect(await html(response)).toContain(message);
    }
    expect(await count()).toBe(before);

    expect((await browser.post("/admin/experiments", valid)).status).toBe(303);
    const saved = await env.DB.prepare("SELECT variants, starts_at, stops_at FROM experiments WHERE key = ?")
      .bind("pricing-copy")
      .first<{ variants: string; starts_at: number; stops_at: number | null }>();
    expect(JSON.parse(saved!.variants)).toEqual([
      { key: "A", weight: 70 },
      { key: "B", weight: 30 },
    ]);
    expect(saved!.starts_at).toBe(Date.UTC(2026, 0, 1));
    expect(saved!.stops_at).toBeNull();

    const edit = await browser.post("/admin/experiments", {
      ...valid,
      editing: "pricing-copy",
      variants: "A 1, B 1, C 1",
      stopsOn: "2099-01-31",
    });
    expect(edit.status).toBe(303);
    const page = await html(await browser.get("/admin/experiments"));
    expect(page).toContain('value="A 1, B 1, C 1"');
    expect(page).toContain('value="2099-01-31"');

    expect((await browser.post("/admin/experiments", { intent: "stop", key: "pricing-copy" })).status).toBe(303);
    const stopped = await env.DB.prepare("SELECT stops_at FROM experiments WHERE key = ?")
      .bind("pricing-copy")
      .first<{ stops_at: number }>();
    expect(stopped!.stops_at).toBeLessThanOrEqual(Date.now());
    const again = await browser.post("/admin/experiments", { intent: "stop", key: "pricing-copy" });
    expect(again.status).toBe(409);
    expect(await html(again)).toContain("pricing-copy has stopped already.");
  });
});

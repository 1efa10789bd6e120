// The analytics buffers (features/analytics/buffer.server.ts, workers/analytics-buffer.ts): reading a
// page writes nothing to D1; its view waits in the visitor's buffer and reaches analytics_events in a
// batch, by the buffer's own alarm, by a full buffer, or by a flush. Nothing is lost or doubled.
import { describe, expect, it } from "vitest";
import { env } from "cloudflare:test";
import {
  bufferEvents,
  FLUSH_AFTER_MS,
  FLUSH_AT_ROWS,
  flushBufferedEvents,
  writeEvents,
} from "~/features/analytics/buffer.server";
import { eventRow, recordEvent } from "~/features/analytics/record.server";
import { EVENTS } from "~/features/analytics/events";
import { testApp } from "./app-context";
import { Browser, count } from "./commerce-helpers";

const eventsOf = (anonymousId: string) =>
  count("SELECT count(*) AS n FROM analytics_events WHERE anonymous_id = ?", anonymousId);

async function waitFor(check: () => Promise<boolean>, timeoutMs: number): Promise<number> {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > timeoutMs) throw new Error(`not within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return Date.now() - started;
}

describe("the analytics buffers", () => {
  it(
    "a page view is not written while the page is read; the buffer's alarm writes it within seconds",
    { timeout: FLUSH_AFTER_MS + 10_000 },
    async () => {
      const browser = new Browser();
      expect((await browser.get("/classes")).status).toBe(200);
      const anon = browser.cookie("dx_non_auth_user_id")!;
      // Handed to the buffer after the answer; D1 gets it only when the batch is written.
      await new Promise((r) => setTimeout(r, 300));
      expect(await eventsOf(anon)).toBe(0);
      await waitFor(async () => (await eventsOf(anon)) === 1, FLUSH_AFTER_MS + 5_000);
    },
  );

  it("a full buffer is written at once, each row once, however often it is flushed", async () => {
    const app = testApp();
    const anonymousId = `anon_${crypto.randomUUID()}`;
    const rows = Array.from({ length: FLUSH_AT_ROWS }, () =>
      eventRow(app, EVENTS.productViewed, { anonymousId }, { path: "/classes" }),
    );
    bufferEvents(app, rows);
    await waitFor(async () => (await eventsOf(anonymousId)) === FLUSH_AT_ROWS, FLUSH_AFTER_MS - 1_000);
    // The same rows again (a retried hand-over) and two flushes: still stored once each.
    bufferEvents(app, rows.slice(0, 10));
    await new Promise((r) => setTimeout(r, 200));
    await Promise.all([flushBufferedEvents(app, [anonymousId]), flushBufferedEvents(app)]);
    expect(await eventsOf(anonymousId)).toBe(FLUSH_AT_ROWS);
  });

  it("a flush for one visitor writes their waiting events", async () => {
    const app = testApp();
    const anonymousId = `anon_${crypto.randomUUID()}`;
    bufferEvents(app, [eventRow(app, EVENTS.productViewed, { anonymousId }, { path: "/cart" })]);
    await new Promise((r) => setTimeout(r, 200));
    expect(await flushBufferedEvents(app, [anonymousId, null])).toBeGreaterThanOrEqual(1);
    expect(await eventsOf(anonymousId)).toBe(1);
  });

  it("a write keeps every field as it was, splits a large batch into statements, and orders new ids by time", async () => {
    const app = testApp();
    const anonymousId = `anon_${crypto.randomUUID()}`;
    const odd = { path: "/classes?q=\"quoted\" 'single'", note: "ünïcödé ✓ \\ back", nested: { n: 1.5, none: null } };
    const first = eventRow(app, EVENTS.productViewed, { anonymousId, userId: null }, odd);
    // ~1.2 MB of properties: more than one statement's JSON (STATEMENT_MAX_BYTES), still one transaction.
    const bulk = Array.from({ length: 300 }, (_, i) =>
      eventRow(app, EVENTS.productViewed, { anonymousId }, { path: `/classes/${i}`, padding: "x".repeat(4_000) }),
    );
    expect(await writeEvents(env.DB, [first, ...bulk])).toBe(301);
    // Written again (a retried flush): nothing new.
    expect(await writeEvents(env.DB, [first, ...bulk.slice(0, 5)])).toBe(0);
    expect(await eventsOf(anonymousId)).toBe(301);

    const stored = await env.DB.prepare(
      "SELECT id, name, user_id, anonymous_id, properties, created_at FROM analytics_events WHERE id = ?",
    )
      .bind(first.id)
      .first<Record<string, unknown>>();
    expect(stored).toEqual({
      id: first.id,
      name: first.name,
      user_id: null,
      anonymous_id: anonymousId,
      properties: JSON.stringify(first.properties),
      created_at: first.createdAt,
    });
    // Time-ordered ids: made later, sorted later (so inserts append to the primary-key index).
    const later = eventRow({ ...app, now: app.now + 1 }, EVENTS.productViewed, { anonymousId });
    expect(later.id > first.id).toBe(true);
    expect(first.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it("with analytics off (ANALYTICS_EVENTS=off, the bench's comparison) a page view is kept nowhere", async () => {
    const app = testApp();
    const off = { ...app, env: { ...app.env, ANALYTICS_EVENTS: "off" as const } };
    const anonymousId = `anon_${crypto.randomUUID()}`;
    recordEvent(off, EVENTS.productViewed, { anonymousId }, { path: "/" });
    await new Promise((r) => setTimeout(r, 200));
    await flushBufferedEvents(app);
    expect(await eventsOf(anonymousId)).toBe(0);
  });
});

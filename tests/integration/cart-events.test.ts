// The cart's and checkout's analytics events (spec 2: shopping cart 'item deleted' and 'all items
// added', checkout 'payment submit failure'), recorded by the server when the cart form and the card
// form are posted, with who did it and what they did, merged with the visitor's utm fields.
import { describe, expect, it, vi } from "vitest";
import {
  Browser,
  DECLINED_CARD,
  collectionBySlug,
  payCard,
  product,
  signUp,
  startPaidCheckout,
} from "./commerce-helpers";
import { recordedEvents } from "./recorded-events";

vi.setConfig({ testTimeout: 30_000 });

type EventRow = { name: string; user_id: string | null; anonymous_id: string | null; properties: Json };
type Json = Record<string, unknown>;

/** The events `where` selects, once `until` holds (the buffers are flushed and polled). */
const eventsWhere = (where: string, binds: unknown[], until?: (rows: EventRow[]) => boolean) =>
  recordedEvents<EventRow>(
    `SELECT name, user_id, anonymous_id, properties FROM analytics_events WHERE ${where} ORDER BY created_at, rowid`,
    binds,
    until,
  );

describe("'shopping cart | item deleted'", () => {
  it("is recorded for the visitor with the products removed, the page and the landing's utm fields", async () => {
    const [flamenco, riffs] = await Promise.all([product("flamenco-rumba-rhythms"), product("riffs-that-rock")]);
    const visitor = new Browser();
    await visitor.get("/?utm_source=cart-mail&utm_campaign=spring");
    const anon = visitor.cookie("dx_non_auth_user_id")!;
    await visitor.cart("add", flamenco.id, flamenco.href);
    await visitor.cart("add", riffs.id, riffs.href);

    const removed = await visitor.cart("remove", riffs.id, "/cart");
    expect(removed.status).toBe(303);
    const [deleted] = await eventsWhere("anonymous_id = ? AND name = ?", [anon, "shopping cart | item deleted"]);
    expect(deleted).toMatchObject({ user_id: null, anonymous_id: anon });
    expect(deleted.properties).toMatchObject({
      productIds: [riffs.id],
      page: "/cart",
      utm_source: "cart-mail",
      utm_campaign: "spring",
    });
  });

  it("is recorded for a signed-in buyer under their account", async () => {
    const tone = await product("guitar-tone-on-any-amp");
    const { browser, userId } = await signUp("events-remove");
    await browser.cart("add", tone.id, tone.href);
    await browser.cart("remove", tone.id, "/cart");
    const rows = await eventsWhere("user_id = ? AND name = ?", [userId, "shopping cart | item deleted"]);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ user_id: userId, properties: { productIds: [tone.id], page: "/cart" } });
  });
});

describe("'shopping cart | all items added'", () => {
  it("is recorded with the products the add-all put in the cart, leaving out those already there", async () => {
    const collection = await collectionBySlug("guitar-essentials");
    const [first, ...rest] = collection.items;
    const { browser, userId } = await signUp("events-add-all");
    await browser.cart("add", first);

    const page = "/collections/guitar-essentials";
    const added = await browser.cart("add-all", collection.items, page);
    expect(added.status).toBe(303);
    const [event] = await eventsWhere("user_id = ? AND name = ?", [userId, "shopping cart | all items added"]);
    expect(event).toMatchObject({ user_id: userId, properties: { productIds: rest, page } });
  });
});

describe("'checkout | payment submit failure'", () => {
  it("is recorded when the card is declined, with the checkout and the reason; the paid retry records success", async () => {
    const bossa = await product("bossa-nova-guitar");
    const { browser, userId } = await signUp("events-declined");
    await browser.get("/?utm_source=pay-mail");
    await browser.cart("add", bossa.id, bossa.href);
    const id = await startPaidCheckout(browser);

    const declined = await payCard(browser, id, DECLINED_CARD);
    expect(declined.status).toBe(402);
    const [failure] = await eventsWhere("user_id = ? AND name LIKE 'checkout | payment submit %'", [userId]);
    expect(failure).toMatchObject({
      name: "checkout | payment submit failure",
      user_id: userId,
      properties: {
        checkoutSessionId: id,
        error: "Your card was declined.",
        provider: "local",
        utm_source: "pay-mail",
      },
    });

    expect((await payCard(browser, id)).status).toBe(303);
    const rows = await eventsWhere(
      "user_id = ? AND name LIKE 'checkout | payment submit %'",
      [userId],
      (r) => r.length >= 2,
    );
    expect(rows.map((r) => r.name)).toEqual(["checkout | payment submit failure", "checkout | payment submit success"]);
  });
});

// The creator side: the creator waitlist (API and the /creator form) and /dashboard/classes.
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { creatorMessages } from "~/features/creators/rules";
import { messages } from "~/features/identity/rules";
import { formatCents } from "~/platform/format";
import { Browser, buy, collectionBySlug, count, html, product, signUp, uniqueEmail } from "./commerce-helpers";

const API = "/api/apps/joinCreatorWaitlist";
const SUPPORT = "support@studio.example";
const onList = (email: string) =>
  count("SELECT count(*) AS n FROM waitlist_entries WHERE email = ? AND list = 'creators'", email);

describe("POST /api/apps/joinCreatorWaitlist", () => {
  it("adds a JSON or form email once; joining again is a friendly success", async () => {
    const browser = new Browser();
    const email = uniqueEmail("creator-api");
    const first = await browser.postJson(API, { email: `  ${email.toUpperCase()} ` });
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ status: "success", message: creatorMessages.joined });
    expect(await onList(email)).toBe(1);

    const again = await browser.post(API, { email });
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual({ status: "success", message: creatorMessages.alreadyJoined });
    expect(creatorMessages.alreadyJoined).toMatch(/^You're already on the list/);
    expect(await onList(email)).toBe(1);
  });

  it("answers 400 with the spec's words for a missing or bad email, or a body it cannot read", async () => {
    const browser = new Browser();
    const missing = await browser.postJson(API, {});
    expect(missing.status).toBe(400);
    expect(await missing.json()).toEqual({ status: "error", message: messages.emailRequired });

    const bad = await browser.postJson(API, { email: "not-an-email" });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ status: "error", message: messages.emailInvalid(SUPPORT) });

    const wrongType = await browser.postJson(API, { email: 42 });
    expect(wrongType.status).toBe(400);

    const notJson = await browser.fetch(API, {
      method: "POST",
      body: "{email:",
      headers: { "Content-Type": "application/json" },
    });
    expect(notJson.status).toBe(400);
    expect(await notJson.json()).toEqual({ status: "error", message: creatorMessages.unreadableBody });

    const plain = await browser.fetch(API, {
      method: "POST",
      body: "hello",
      headers: { "Content-Type": "text/plain" },
    });
    expect(plain.status).toBe(400);
    expect(
      await count(
        "SELECT count(*) AS n FROM waitlist_entries WHERE list = 'creators' AND email NOT LIKE '%@example.com'",
      ),
    ).toBe(0);
  });

  it("answers GET with a 405", async () => {
    const response = await new Browser().get(API);
    expect(response.status).toBe(405);
    expect(await response.json()).toMatchObject({ status: "error" });
  });
});

describe("/creator and /build", () => {
  it("render the pitch, the benefits and the waitlist form, with a Log in link that stays on the page", async () => {
    const creator = await html(await new Browser().get("/creator"));
    expect(creator).toContain("Build and sell your own learning app");
    expect(creator).toContain("personalized plan");
    expect(creator.match(/class="creator-benefit"/g)).toHaveLength(3);
    expect(creator).toMatch(/<form method="post"[^>]*class="creator-waitlist__form"/);
    expect(creator).toContain("Join the creator waitlist</span>");
    expect(creator).toContain('href="/creator?auth=Login"');

    const build = await html(await new Browser().get("/build"));
    expect(build).toContain("Build your app</h1>");
    expect(build).toContain('href="/build?auth=Login"');
  });

  it("the form joins and goes back with ?joined=1, which thanks the visitor", async () => {
    const browser = new Browser();
    const email = uniqueEmail("creator-form");
    const posted = await browser.post("/creator", { email });
    expect(posted.status).toBe(303);
    expect(posted.headers.get("location")).toBe("/creator?joined=1");
    expect(await onList(email)).toBe(1);
    const page = await html(await browser.get("/creator?joined=1"));
    expect(page).toContain(creatorMessages.joined.replaceAll("'", "&#x27;"));
    expect(page).not.toContain('class="creator-waitlist__form"');

    const fromBuild = await browser.post("/build", { email });
    expect(fromBuild.headers.get("location")).toBe("/build?joined=1");
    expect(await onList(email)).toBe(1);
  });

  it("a bad email re-renders the form with the spec's message and the email kept", async () => {
    const posted = await new Browser().post("/creator", { email: "nobody@nowhere" });
    expect(posted.status).toBe(400);
    const page = await html(posted);
    expect(page).toContain(messages.emailInvalid(SUPPORT).replaceAll("'", "&#x27;"));
    expect(page).toContain('value="nobody@nowhere"');

    const empty = await html(await new Browser().post("/creator", { email: "" }));
    expect(empty).toContain(messages.emailRequired);
  });
});

describe("/dashboard/classes", () => {
  it("sends visitors to Log In and back", async () => {
    const response = await new Browser().get("/dashboard/classes");
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/?auth=Login&redirect=%2Fdashboard%2Fclasses");
  });

  it("tells a user without a storefront they sell nothing yet", async () => {
    const { browser } = await signUp("no-storefront");
    const page = await html(await browser.get("/dashboard/classes"));
    expect(page).toContain("You don&#x27;t sell any classes yet.");
    expect(page).toContain('href="/creator"');
  });

  it("shows a creator each class's sales (direct and via collections) and revenue, highest first", async () => {
    const { browser: creator, userId } = await signUp("storefront-owner");
    await env.DB.prepare("UPDATE users SET creator_info = ? WHERE id = ?")
      .bind(JSON.stringify({ hasNewDashboardAccess: false, storefrontSlug: "marisol-vega" }), userId)
      .run();
    const fingerstyle = await product("fingerstyle-foundations");
    const essentials = await collectionBySlug("guitar-essentials");
    const { browser: learner } = await signUp("storefront-buyer");
    await buy(learner, [fingerstyle.id]);
    const { browser: another } = await signUp("collection-buyer");
    await buy(another, [essentials.id]);
    // A refunded purchase never counts.
    const { browser: refunded, userId: refundedId } = await signUp("refunded-buyer");
    await buy(refunded, [fingerstyle.id]);
    await env.DB.prepare("UPDATE purchases SET refunded_info = ? WHERE user_id = ?")
      .bind(JSON.stringify({ refundedAt: 1, amountCents: fingerstyle.priceCents, reason: "test" }), refundedId)
      .run();

    // The collection's amount is shared among its classes by price.
    const itemPrices = await env.DB.prepare(
      `SELECT SUM(p.price_cents) AS n FROM collection_items ci JOIN products p ON p.id = ci.product_id WHERE ci.collection_id = ?`,
    )
      .bind(essentials.id)
      .first<{ n: number }>();
    const share = (essentials.priceCents * fingerstyle.priceCents) / itemPrices!.n;
    const revenue = Math.round(fingerstyle.priceCents + share);
    const classes = await count(
      "SELECT count(*) AS n FROM products WHERE storefront_slug = 'marisol-vega' AND kind = 'class'",
    );

    const page = await html(await creator.get("/dashboard/classes"));
    const rows = [...page.matchAll(/<li class="sold-class">(.*?)<\/li>/g)].map((m) => m[1]);
    // A row's words as read aloud: tags dropped (the revenue's label is visually hidden).
    const text = (row: string) => row.replace(/<[^>]+>/g, " ").replace(/\s+/g, " ");
    expect(rows).toHaveLength(classes);
    expect(rows[0]).toContain(fingerstyle.title);
    expect(rows[0]).toContain("2 sales");
    expect(text(rows[0])).toContain(`Revenue ${formatCents(revenue)}`);
    expect(text(rows[0])).toContain(`Price ${formatCents(fingerstyle.priceCents)}`);
    expect(rows[0]).toMatch(/<img class="sold-class__cover" src="[^"]+"/);
    expect(rows.slice(1).every((row) => text(row).includes("0 sales") && text(row).includes("Revenue $0.00"))).toBe(
      true,
    );
    expect(page).toContain(`<dt>Sales</dt><dd>2</dd>`);
    expect(page).toContain(`<dt>Revenue</dt><dd>${formatCents(revenue)}</dd>`);
    expect(page).toContain(`<dt>Classes</dt><dd>${classes}</dd>`);
  });
});

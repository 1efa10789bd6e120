// Direct checkouts (an app's plan, a studio tier): the same card page and fulfilment as the cart,
// returning to the page they came from, and making exactly one subscription however often they run.
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { UserRow } from "~/db/schema";
import { activeStudioTier } from "~/features/apps/apps.server";
import { confirmDirectCheckout, openDirectCheckout } from "~/features/checkout/direct.server";
import { checkoutVisitOf } from "~/http/checkout.server";
import { sameOriginPath } from "~/platform/redirect";
import { fulfilCheckout } from "~/features/checkout/fulfil.server";
import { DEMO_LANDING_PAGE, DEMO_ONBOARDING_FLOW, DEMO_THEME } from "../tools/apps-sql.mjs";
import { testApp } from "./app-context";
import { count, payCard, signUp, starterTierOrder } from "./commerce-helpers";

async function userRow(id: string): Promise<UserRow> {
  const { users } = await import("~/db/schema");
  const { eq } = await import("drizzle-orm");
  return (await testApp().db.select().from(users).where(eq(users.id, id)).get())!;
}

async function makeApp(ownerId: string): Promise<string> {
  const id = crypto.randomUUID();
  const now = Date.now();
  await env.DB.prepare(
    `INSERT INTO apps (id, user_id, storefront_slug, app_slug, name, landing_page, theme, onboarding_flow, monthly_price_cents, annual_price_cents, created_at, updated_at)
     VALUES (?1, ?2, 'direct-test', ?3, 'Direct Test App', ?4, ?5, ?6, 1500, 12000, ?7, ?7)`,
  )
    .bind(
      id,
      ownerId,
      `app-${id.slice(0, 8)}`,
      JSON.stringify(DEMO_LANDING_PAGE),
      JSON.stringify(DEMO_THEME),
      JSON.stringify(DEMO_ONBOARDING_FLOW),
      now,
    )
    .run();
  return id;
}

const request = (path = "/dashboard/builder") =>
  checkoutVisitOf(new Request(`http://127.0.0.1:8787${path}`, { method: "POST" }));

describe("a studio tier bought through a direct checkout", () => {
  it("goes to the card page, returns to the builder with the session, and activates the tier once", async () => {
    const { browser, userId } = await signUp("tier");
    const user = await userRow(userId);
    const app = testApp();
    expect(await activeStudioTier(app, userId)).toBeNull();
    const opened = await openDirectCheckout(app, request(), user, starterTierOrder());
    expect(opened.ok).toBe(true);
    if (!opened.ok) return;
    expect(opened.url).toBe(`/checkout/pay/${opened.session.id}`);

    // The card page offers the way back, and paying returns to the builder's publish step.
    const page = await (await browser.get(opened.url)).text();
    expect(page).toContain("/dashboard/builder?mode=pricing_tiers");
    const paid = await payCard(browser, opened.session.id);
    expect(paid.status).toBe(303);
    expect(paid.headers.get("Location")).toBe(
      `/dashboard/builder?mode=publish&payment_success=true&tier=starter&session_id=${opened.session.id}`,
    );

    // Fulfilment repeated (a late webhook, a second confirmation) changes nothing.
    await Promise.all([fulfilCheckout(app, opened.session.id), fulfilCheckout(app, opened.session.id)]);
    expect(await count("SELECT count(*) AS n FROM creator_studio_subscriptions WHERE user_id = ?", userId)).toBe(1);
    expect(await activeStudioTier(app, userId)).toMatchObject({ tierSlug: "starter", maxPublishedApps: 1 });
    expect((await confirmDirectCheckout(app, userId, opened.session.id))?.status).toBe("complete");
    // Someone else's checkout id tells them nothing.
    expect(await confirmDirectCheckout(app, crypto.randomUUID(), opened.session.id)).toBeNull();
  });

  it("opens one checkout for one idempotency key", async () => {
    const { userId } = await signUp("tier-twice");
    const user = await userRow(userId);
    const key = crypto.randomUUID();
    const input = {
      line: {
        productId: "studio_pro_year",
        kind: "studio-tier" as const,
        tierSlug: "pro",
        interval: "year" as const,
        title: "Pro studio tier (annual)",
        priceCents: 49000,
        crossedPriceCents: null,
      },
      successPath: "/dashboard/builder?mode=publish",
      cancelPath: "/dashboard/builder",
      idempotencyKey: key,
    };
    const [a, b] = await Promise.all([
      openDirectCheckout(testApp(), request(), user, input),
      openDirectCheckout(testApp(), request(), user, input),
    ]);
    expect(a.ok && b.ok && a.session.id === b.session.id).toBe(true);
    expect(await count("SELECT count(*) AS n FROM checkout_sessions WHERE idempotency_key = ?", key)).toBe(1);
  });
});

describe("an app plan bought through a direct checkout", () => {
  it("makes one active app subscription and is not mistaken for an owned class", async () => {
    const { userId: ownerId } = await signUp("owner");
    const appId = await makeApp(ownerId);
    const { browser, userId } = await signUp("buyer");
    const opened = await openDirectCheckout(testApp(), request(), await userRow(userId), {
      line: {
        productId: `${appId}:year`,
        kind: "app-plan",
        appId,
        interval: "year",
        title: "Direct Test App, annual plan",
        priceCents: 12000,
        crossedPriceCents: null,
      },
      successPath: "/apps/direct-test/x?purchased=1",
      cancelPath: "/apps/direct-test/x#plans",
      idempotencyKey: crypto.randomUUID(),
    });
    if (!opened.ok) throw new Error("checkout did not open");
    const [paid] = await Promise.all([
      payCard(browser, opened.session.id),
      fulfilCheckout(testApp(), opened.session.id),
    ]);
    expect([200, 303]).toContain(paid.status);
    expect(
      await count(
        "SELECT count(*) AS n FROM app_subscriptions WHERE user_id = ? AND app_id = ? AND status = 'active'",
        userId,
        appId,
      ),
    ).toBe(1);
    expect(await count("SELECT count(*) AS n FROM purchases WHERE user_id = ? AND kind = 'app-plan'", userId)).toBe(1);
  });
});

describe("sameOriginPath", () => {
  it("keeps our own paths and refuses other sites", () => {
    const origin = "http://127.0.0.1:8787";
    expect(sameOriginPath("/dashboard/builder?mode=publish", origin)).toBe("/dashboard/builder?mode=publish");
    expect(sameOriginPath("http://127.0.0.1:8787/apps/a/b?x=1", origin)).toBe("/apps/a/b?x=1");
    expect(sameOriginPath("https://evil.example/steal", origin)).toBeNull();
    expect(sameOriginPath("//evil.example/steal", origin)).toBeNull();
  });
});

// The worker as a plain `wrangler deploy` runs it: ENVIRONMENT production (wrangler.toml's default),
// no STRIPE_SECRET_KEY, no RESEND_API_KEY. Development-only routes do not exist, the embedded
// payment provider takes nothing, and no reset code lands anywhere readable.
import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { UserRow } from "~/db/schema";
import { openDirectCheckout } from "~/features/checkout/direct.server";
import { checkoutVisitOf } from "~/http/checkout.server";
import { renewDueSubscriptions } from "~/features/subscriptions/renewals.server";
import { parseEnv } from "~/platform/env";
import { testApp } from "./app-context";
import {
  Browser,
  count,
  formBody,
  GOOD_CARD,
  openCheckoutPage,
  ORIGIN,
  PASSWORD,
  pay,
  payCard,
  payPageId,
  product,
  signUp,
  starterTierOrder,
} from "./commerce-helpers";
// The built worker's own handler, called with production bindings (the suite's bindings say "test").
// @ts-ignore -- build/worker.js is the build's output: absent before `npm run build` (the typecheck runs first), untyped after
import worker from "../../build/worker.js";

const built = worker as { fetch(request: Request, bindings: unknown, ctx: ExecutionContext): Promise<Response> };

/**
 * The bindings of a plain deploy: the suite's D1, KV and R2 with wrangler.toml's own [vars] (not the
 * suite's ENVIRONMENT "test"), and no secrets: no Stripe or Resend keys.
 */
function productionBindings(overrides: Record<string, unknown> = {}) {
  const {
    ENVIRONMENT: _suite,
    STRIPE_WEBHOOK_SECRET: _webhook,
    ...bindings
  } = env as unknown as Record<string, unknown>;
  return { ...bindings, ...env.TEST_DEPLOY_VARS, ...overrides };
}

async function callProduction(
  path: string,
  init: RequestInit = {},
  overrides: Record<string, unknown> = {},
): Promise<Response> {
  const ctx = createExecutionContext();
  const response = await built.fetch(
    new Request(`${ORIGIN}${path}`, { redirect: "manual", ...init }),
    productionBindings(overrides),
    ctx,
  );
  await waitOnExecutionContext(ctx);
  return response;
}

/** Commerce's cookie-keeping browser, talking to the production worker. */
class ProductionBrowser extends Browser {
  override async fetch(path: string, init: RequestInit = {}): Promise<Response> {
    const method = (init.method ?? "GET").toUpperCase();
    const headers = new Headers(init.headers);
    if (this.jar.size > 0 && !headers.has("Cookie")) headers.set("Cookie", this.cookieHeader);
    if (method !== "GET" && method !== "HEAD" && !headers.has("Origin")) headers.set("Origin", ORIGIN);
    if (!headers.has("Host")) headers.set("Host", new URL(ORIGIN).host);
    const response = await callProduction(path, { ...init, method, headers });
    // 503 is production's plain refusal (payments or email not configured); anything else 5xx is a crash.
    if (response.status !== 503)
      expect(response.status, `${method} ${path} answered ${response.status}`).toBeLessThan(500);
    this.absorb(response);
    return response;
  }
}

/** Every development route file (app/routes/dev.*), as the paths they would answer. */
const DEV_PATHS = Object.keys(import.meta.glob("../../app/routes/dev.*")).map(
  (file) =>
    `/${file
      .split("/")
      .pop()!
      .replace(/\.tsx?$/, "")
      .replace(/\./g, "/")}`,
);

describe("development routes in production", () => {
  it("is what wrangler.toml deploys: ENVIRONMENT is production or left to its production default", () => {
    expect(env.TEST_DEPLOY_VARS.ENVIRONMENT ?? "production").toBe("production");
  });

  it("knows the development routes it checks", () => {
    expect(DEV_PATHS).toEqual(expect.arrayContaining(["/dev/outbox", "/dev/analytics", "/dev/kit", "/dev/boom"]));
  });

  it.each(DEV_PATHS)("%s is a 404 for GET and POST, with the ordinary not-found page", async (path) => {
    for (const query of ["", "?email=learner@studio.example", "?in=browser"]) {
      const page = await callProduction(`${path}${query}`);
      expect(page.status, `GET ${path}${query}`).toBe(404);
      const text = await page.text();
      expect(text).not.toMatch(/Outbox|Interface kit|Boom|"events"/);
    }
    const post = await callProduction(path, {
      method: "POST",
      headers: { Origin: ORIGIN, Host: new URL(ORIGIN).host, "Content-Type": "application/x-www-form-urlencoded" },
      body: formBody({ kind: "success", title: "x" }),
    });
    expect(post.status, `POST ${path}`).toBe(404);
    // Remix's data request for the route is refused the same way.
    expect((await callProduction(`${path}.data`)).status).toBe(404);
  });

  it("ignores the tests' fault cookie: the database answers as usual", async () => {
    const login = (overrides: Record<string, unknown> = {}) =>
      callProduction(
        "/auth/login",
        {
          method: "POST",
          headers: {
            Origin: ORIGIN,
            Host: new URL(ORIGIN).host,
            "Content-Type": "application/x-www-form-urlencoded",
            Cookie: "studio_dev_fault=d1:users,d1:attempt_counters",
          },
          body: formBody({ email: "nobody@example.com", password: "not the password" }),
        },
        overrides,
      );
    const production = await login();
    expect(production.status).toBe(400);
    expect(await production.text()).toContain("Invalid email or password");
    // The same post under the tests' environment fails as the cookie asks.
    expect((await login({ ENVIRONMENT: "test" })).status).toBe(500);
  });

  it("still serves them to development and the tests, which opt in", async () => {
    expect((await callProduction("/dev/outbox", {}, { ENVIRONMENT: "development" })).status).toBe(200);
    expect((await callProduction("/dev/kit", {}, { ENVIRONMENT: "test" })).status).toBe(200);
  });
});

describe("the embedded payment provider in production", () => {
  it("refuses the local card page: no page, and paying on it charges and fulfils nothing", async () => {
    // A local checkout made while the deploy still ran the embedded provider (here: by the test environment).
    const { browser, userId } = await signUp("prod-card");
    const { users } = await import("~/db/schema");
    const { eq } = await import("drizzle-orm");
    const user = (await testApp().db.select().from(users).where(eq(users.id, userId)).get()) as UserRow;
    const opened = await openDirectCheckout(
      testApp(),
      checkoutVisitOf(new Request(`${ORIGIN}/dashboard/builder`, { method: "POST" })),
      user,
      starterTierOrder(),
    );
    expect(opened.ok).toBe(true);
    if (!opened.ok) return;

    const prod = new ProductionBrowser(Object.fromEntries(browser.jar));
    expect((await prod.get(`/checkout/pay/${opened.session.id}`)).status).toBe(404);
    const paid = await prod.post(`/checkout/pay/${opened.session.id}`, GOOD_CARD);
    expect(paid.status).toBe(404);
    expect(
      await count("SELECT count(*) AS n FROM checkout_sessions WHERE id = ? AND status = 'open'", opened.session.id),
    ).toBe(1);
    expect(await count("SELECT count(*) AS n FROM creator_studio_subscriptions WHERE user_id = ?", userId)).toBe(0);
    expect(await count("SELECT count(*) AS n FROM saved_cards WHERE user_id = ?", userId)).toBe(0);
  });

  it("says plainly at checkout that payments are not configured, and opens no checkout", async () => {
    const prod = new ProductionBrowser();
    const { userId } = await signUp("prod-checkout", prod);
    const guitar = await product("riffs-that-rock");
    await prod.cart("add", guitar.id);

    const page = await prod.get("/checkout");
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("Payments are not set up on this site yet");
    expect(html).not.toContain("Test mode: no real card is charged.");

    const pay = await prod.post("/checkout", { intent: "pay", idempotencyKey: "prod-checkout-key-0001" });
    expect(pay.status).toBe(503);
    expect(await pay.text()).toContain("Payments are not set up on this site yet");
    expect(await count("SELECT count(*) AS n FROM checkout_sessions WHERE user_id = ?", userId)).toBe(0);
    expect(await count("SELECT count(*) AS n FROM purchases WHERE user_id = ?", userId)).toBe(0);
  });

  it("refuses even an order that credit covers in full: nothing is fulfilled without a payment provider", async () => {
    const prod = new ProductionBrowser();
    const { userId } = await signUp("prod-credit", prod);
    await env.DB.prepare("UPDATE users SET monthly_credit_info = ? WHERE id = ?")
      .bind(JSON.stringify({ monthlyCredit: 1000 }), userId)
      .run();
    const guitar = await product("riffs-that-rock");
    await prod.cart("add", guitar.id);
    const pay = await prod.post("/checkout", { intent: "pay", idempotencyKey: "prod-credit-key-00001" });
    expect(pay.status).toBe(503);
    expect(await count("SELECT count(*) AS n FROM purchases WHERE user_id = ?", userId)).toBe(0);
  });

  it("refuses the direct checkouts (studio tiers, purchases through the API) the same way", async () => {
    const prod = new ProductionBrowser();
    const { userId } = await signUp("prod-direct", prod);
    const tier = await prod.postJson("/api/payments/create-studio-checkout-session", {
      price_option_id: "studio_starter_month",
      tier_slug: "starter",
      success_url: "/dashboard/builder?mode=publish",
      cancel_url: "/dashboard/builder?mode=pricing_tiers",
    });
    expect(tier.status).toBe(503);
    expect(await tier.text()).toContain("Payments are not set up on this site yet");
    const guitar = await product("riffs-that-rock");
    const purchase = await prod.postJson("/api/purchase", { product_id: guitar.id, payment_info: {} });
    expect(purchase.status).toBe(503);
    expect(await count("SELECT count(*) AS n FROM checkout_sessions WHERE user_id = ?", userId)).toBe(0);
  });

  it("renews no membership the embedded provider sold: in production it ends at its period's end, charging nothing", async () => {
    // A membership bought on the local card page (the test environment), then the deploy runs as production.
    const { browser, userId } = await signUp("prod-renewal");
    const membership = await product("membership");
    await browser.cart("cta", membership.id, "/classes/studio/membership");
    const { key } = await openCheckoutPage(browser, "?plan=month");
    const id = payPageId((await pay(browser, key, "?plan=month")).headers.get("location"));
    expect((await payCard(browser, id)).status).toBe(303);
    const sub = (await env.DB.prepare("SELECT id, current_period_end AS end FROM subscriptions WHERE user_id = ?")
      .bind(userId)
      .first<{ id: string; end: number }>())!;

    const production = testApp({ env: parseEnv(productionBindings()), now: sub.end + 1000 });
    expect(await renewDueSubscriptions(production)).toEqual({ renewed: 0, ended: 1, failed: 0 });
    expect(
      await count(
        "SELECT count(*) AS n FROM invoices WHERE subscription_id = ? AND status = 'paid' AND period_start = ?",
        sub.id,
        sub.end,
      ),
    ).toBe(0);
    expect(await count("SELECT count(*) AS n FROM subscriptions WHERE id = ? AND status = 'canceled'", sub.id)).toBe(1);
    expect(
      (await env.DB.prepare("SELECT membership_status AS s FROM users WHERE id = ?")
        .bind(userId)
        .first<{ s: string }>())!.s,
    ).not.toBe("active");
  });

  it("takes payments once Stripe is configured (the checkout goes to Stripe, not to the local card page)", async () => {
    const prod = new ProductionBrowser();
    await signUp("prod-stripe", prod);
    const guitar = await product("riffs-that-rock");
    await prod.cart("add", guitar.id);
    const page = await callProduction(
      "/checkout",
      { headers: { Cookie: prod.cookieHeader } },
      { STRIPE_SECRET_KEY: "sk_test_production_config" },
    );
    expect(await page.text()).toContain("You will pay on Stripe&#x27;s secure checkout page.");
  });
});

/** An identity API call to the production worker. */
const productionIdentity = (action: string, body: object) =>
  callProduction("/api/identity", {
    method: "POST",
    headers: {
      Origin: ORIGIN,
      Host: new URL(ORIGIN).host,
      "Content-Type": "application/x-amz-json-1.1",
      "X-Amz-Target": `AWSCognitoIdentityProviderService.${action}`,
    },
    body: JSON.stringify(body),
  });

describe("email in production without a provider", () => {
  it("cannot send a second factor's emailed code, so that sign-in stops with the reason, on the web and the API", async () => {
    const { email, userId } = await signUp("prod-email-mfa", new ProductionBrowser());
    await env.DB.prepare(
      "UPDATE users SET mfa_enabled = '[\"EMAIL_OTP\"]', preferred_mfa = 'EMAIL_OTP', email_verified = 1 WHERE id = ?",
    )
      .bind(userId)
      .run();
    const before = await count("SELECT count(*) AS n FROM outbox_emails");
    const web = await callProduction("/auth/login", {
      method: "POST",
      headers: { Origin: ORIGIN, Host: new URL(ORIGIN).host, "Content-Type": "application/x-www-form-urlencoded" },
      body: formBody({ email, password: PASSWORD, page: "/" }),
    });
    expect(web.status).toBe(303);
    expect(web.headers.get("Location")).not.toContain("authStep");
    const cookies = web.headers.getSetCookie();
    expect(cookies.some((c) => c.startsWith("studio_session=") && !c.startsWith("studio_session=;"))).toBe(false);
    const toast = cookies
      .find((c) => c.startsWith("studio_toast="))!
      .split(";")[0]
      .slice("studio_toast=".length);
    expect(JSON.parse(atob(decodeURIComponent(toast)))).toMatchObject({
      kind: "error",
      title: expect.stringContaining("Email is not set up on this site"),
    });

    const api = await productionIdentity("InitiateAuth", {
      AuthFlow: "USER_PASSWORD_AUTH",
      AuthParameters: { USERNAME: email, PASSWORD },
    });
    expect(await api.json()).toMatchObject({ __type: "CodeDeliveryFailureException" });
    expect(await count("SELECT count(*) AS n FROM outbox_emails")).toBe(before);
  });

  it("refuses to send a reset code and keeps none anywhere readable", async () => {
    const { email } = await signUp("prod-reset", new ProductionBrowser());
    const before = await count("SELECT count(*) AS n FROM outbox_emails");

    const web = await callProduction("/auth/reset-password", {
      method: "POST",
      headers: { Origin: ORIGIN, Host: new URL(ORIGIN).host, "Content-Type": "application/x-www-form-urlencoded" },
      body: formBody({ step: "EMAIL", email, page: "/" }),
    });
    expect(web.status).toBe(503);
    expect(await web.text()).toContain("Email is not set up on this site");

    const api = await productionIdentity("ForgotPassword", { Username: email });
    expect(api.status).toBe(400);
    expect(await api.json()).toMatchObject({ __type: "CodeDeliveryFailureException" });

    const confirm = await callProduction("/api/confirmEmail", {
      method: "POST",
      headers: { Origin: ORIGIN, Host: new URL(ORIGIN).host, "Content-Type": "application/x-www-form-urlencoded" },
      body: formBody({ email }),
    });
    expect(confirm.status).toBe(503);

    expect(await count("SELECT count(*) AS n FROM outbox_emails")).toBe(before);
    expect(await count(`SELECT count(*) AS n FROM outbox_emails WHERE "to" = ?`, email)).toBe(0);
    expect((await callProduction(`/dev/outbox?to=${encodeURIComponent(email)}`)).status).toBe(404);
  });

  it("keeps development's outbox working", async () => {
    const { email } = await signUp("dev-reset");
    const sent = await callProduction(
      "/auth/reset-password",
      {
        method: "POST",
        headers: { Origin: ORIGIN, Host: new URL(ORIGIN).host, "Content-Type": "application/x-www-form-urlencoded" },
        body: formBody({ step: "EMAIL", email, page: "/" }),
      },
      { ENVIRONMENT: "development" },
    );
    expect(sent.status).toBe(303);
    expect(
      await count(`SELECT count(*) AS n FROM outbox_emails WHERE "to" = ? AND subject LIKE '%reset code%'`, email),
    ).toBe(1);
  });
});

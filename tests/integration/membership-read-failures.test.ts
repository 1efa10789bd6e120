// A failed membership read is not "no membership" (spec 8 'Failed to fetch subscription status'): the
// pages that depend on it say so with a way to try again, and never offer a member what they have.
// The reads fail through the development fault cookie (app/http/dev-faults.server.ts).
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { carts, subscriptions } from "~/db/schema";
import { startSession } from "~/features/identity/sessions.server";
import { classAccess } from "~/features/learning/progress.server";
import { watchHref } from "~/features/learning/rules";
import { signedInShell } from "~/features/shell/shell.server";
import { failingD1 } from "~/http/dev-faults.server";
import { createDb } from "~/platform/db.server";
import { call, testApp } from "./app-context";
import { ORIGIN, signUp, type Browser } from "./commerce-helpers";

const FAILED = "Failed to fetch subscription status";
const FAULT = "d1:subscriptions";

/** The suite's app with every statement naming `table` failing. */
function appFailing(table: string) {
  const DB = failingD1(env.DB, (query) => new RegExp(`\\b${table}\\b`, "i").test(query));
  return testApp({ bindings: { ...env, DB } as never, db: createDb(DB) });
}

async function product(kind: "class" | "subscription") {
  return (await env.DB.prepare(
    "SELECT id, storefront_slug AS storefront, class_slug AS slug FROM products WHERE kind = ? LIMIT 1",
  )
    .bind(kind)
    .first<{ id: string; storefront: string; slug: string }>())!;
}

/** A signed-up learner with an active membership. */
async function member(prefix: string) {
  const { browser, userId } = await signUp(prefix);
  const app = testApp();
  await app.db.insert(subscriptions).values({
    id: crypto.randomUUID(),
    userId,
    productId: (await product("subscription")).id,
    provider: "local",
    interval: "month",
    priceCents: 1500,
    status: "active",
    currentPeriodEnd: app.now + 30 * 86_400_000,
    createdAt: app.now,
  });
  return { browser, userId };
}

/** The browser's own requests, with the fault cookie on or off. */
function failing(browser: Browser, on: boolean) {
  browser.setCookie("studio_dev_fault", on ? FAULT : null);
  return browser;
}

describe("the signed-in shell", () => {
  it("answers without the membership (null) when only its flags cannot be read", async () => {
    const { userId } = await signUp("unread-shell");
    const { token } = await startSession(testApp(), userId, { deviceToken: null, userAgent: null });
    const classId = (await product("class")).id;
    await testApp()
      .db.insert(carts)
      .values({ ownerId: userId, userId, items: [classId], updatedAt: Date.now() });
    const shell = await signedInShell(appFailing("subscriptions"), token);
    expect(shell).toMatchObject({ user: { id: userId }, cartItems: [classId], membership: null });
  });

  it("fails as before when the rest cannot be read either", async () => {
    const { userId } = await signUp("unread-shell-all");
    const { token } = await startSession(testApp(), userId, { deviceToken: null, userAgent: null });
    await expect(signedInShell(appFailing("sessions"), token)).rejects.toThrow(/D1_ERROR/);
  });
});

describe("a class page for a member whose membership cannot be read", () => {
  it("says so with a link that tries again, instead of the buy buttons", async () => {
    const { browser } = await member("unread-class");
    const cls = await product("class");
    const path = `/classes/${cls.storefront}/${cls.slug}`;

    const known = await (await failing(browser, false).get(path)).text();
    expect(known).toContain("Included in your membership.");
    expect(known).not.toContain(FAILED);

    const response = await failing(browser, true).get(path);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain(FAILED);
    expect(html).toMatch(new RegExp(`<a [^>]*href="${path}"[^>]*><span class="btn__label">Try again</span></a>`));
    expect(html).not.toContain("Buy now");
    expect(html).not.toContain("Add to cart");
    expect(html).not.toContain("Something went wrong on our side");
  });
});

describe("the pages that show the membership itself", () => {
  it("/library says it could not be read, not 'Nothing here yet'", async () => {
    const { browser } = await member("unread-library");
    const response = await failing(browser, true).get("/library");
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain(FAILED);
    expect(html).toMatch(/href="\/library"[^>]*><span class="btn__label">Try again/);
    expect(html).not.toContain("Nothing here yet");
    expect(await (await failing(browser, false).get("/library")).text()).toContain("Your membership is active");
  });

  it("/account/membership says it could not be read, not 'You have no membership'", async () => {
    const { browser } = await member("unread-account");
    const response = await failing(browser, true).get("/account/membership");
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain(FAILED);
    expect(html).not.toContain("You have no membership");
    expect(html).not.toContain("See the membership");
    const known = await (await failing(browser, false).get("/account/membership")).text();
    expect(known).toContain("Cancel membership");
  });

  it("/v2/dashboard's membership panel says it could not be read, not 'See the membership'", async () => {
    const { browser } = await member("unread-dashboard");
    const response = await failing(browser, true).get("/v2/dashboard");
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain(FAILED);
    expect(html).not.toContain("See the membership");
    expect(await (await failing(browser, false).get("/v2/dashboard")).text()).toContain("Manage membership");
  });
});

describe("watching a lesson when the membership cannot be read", () => {
  it("access is unknown, not preview: the lesson page offers to try again, and saving progress answers 503", async () => {
    const { browser, userId } = await member("unread-watch");
    const cls = await product("class");
    const lesson = (await env.DB.prepare(
      "SELECT id, title FROM lessons WHERE product_id = ? AND is_preview = 0 ORDER BY position LIMIT 1",
    )
      .bind(cls.id)
      .first<{ id: string; title: string }>())!;
    expect(await classAccess(testApp(), { id: userId }, { id: cls.id, kind: "class" })).toBe("member");
    expect(await classAccess(appFailing("subscriptions"), { id: userId }, { id: cls.id, kind: "class" })).toBe(
      "unknown",
    );

    const href = watchHref(lesson);
    const page = await failing(browser, true).get(href);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain(FAILED);
    expect(html).not.toContain("Buy the class, or become a member");
    expect(html).not.toContain("Buy now");

    // Called directly: the test browser takes any 5xx for a crash.
    const saved = await call("/api/updateProductProgress", {
      method: "POST",
      headers: { Cookie: failing(browser, true).cookieHeader, Origin: ORIGIN, "Content-Type": "application/json" },
      body: JSON.stringify({
        product_id: cls.id,
        content_id: lesson.id,
        percent_complete: 10,
        additional_seconds_watched: 5,
        position_in_seconds: 5,
      }),
    });
    expect(saved.status).toBe(503);
    expect(await saved.json()).toMatchObject({ error: FAILED });
  });
});

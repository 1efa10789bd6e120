// The signed-in shell (features/shell): session, user, cart, membership flags and bell in one D1 query,
// and one query per page read however many loaders ask for the user (http/session.server.ts).
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { carts, notificationReads, notifications, subscriptions } from "~/db/schema";
import { startSession } from "~/features/identity/sessions.server";
import { signedInShell } from "~/features/shell/shell.server";
import { productCta } from "~/http/product-cta.server";
import { loadRoot } from "~/http/root-data.server";
import { sessionCookieHeader, sessionUserOf, signedInShellOf } from "~/http/session.server";
import { createDb } from "~/platform/db.server";
import { countingD1, testApp } from "./app-context";
import { signUp } from "./commerce-helpers";

/** An app over the suite's D1 that records the statements it prepares. */
function countingApp() {
  const { d1, statements } = countingD1();
  return { app: testApp({ db: createDb(d1) }), statements };
}

async function sessionFor(prefix: string) {
  const { userId } = await signUp(prefix);
  const { token } = await startSession(testApp(), userId, { deviceToken: null, userAgent: null });
  return { userId, token };
}

async function anyProductId(): Promise<string> {
  return (await env.DB.prepare("SELECT id FROM products LIMIT 1").first<{ id: string }>())!.id;
}

describe("signedInShell", () => {
  it("answers who is signed in, with an empty cart, no membership and a quiet bell, in one statement", async () => {
    const { userId, token } = await sessionFor("shell-fresh");
    const { app, statements } = countingApp();
    const shell = await signedInShell(app, token);
    expect(shell).toMatchObject({
      user: { id: userId, firstName: "Cora" },
      cartItems: [],
      membership: { hasActiveSubscription: false, hasActiveOrTrialSubscription: false },
      bell: "none",
    });
    expect(statements).toHaveLength(1);
  });

  it("carries the cart's items, the membership flags and the bell's state", async () => {
    const { userId, token } = await sessionFor("shell-full");
    const app = testApp();
    const productId = await anyProductId();
    await app.db.insert(carts).values({ ownerId: userId, userId, items: [productId], updatedAt: app.now });
    await app.db.insert(subscriptions).values({
      id: crypto.randomUUID(),
      userId,
      productId,
      provider: "local",
      interval: "month",
      priceCents: 1500,
      status: "trialing",
      trialEndsAt: app.now + 86_400_000,
      currentPeriodEnd: app.now + 86_400_000,
      createdAt: app.now,
    });
    await app.db
      .insert(notifications)
      .values({ id: crypto.randomUUID(), userId, kind: "purchase", title: "Thanks", createdAt: app.now + 1000 });
    const later = testApp({ now: app.now + 2000 });
    expect(await signedInShell(later, token)).toMatchObject({
      cartItems: [productId],
      membership: { hasActiveSubscription: false, hasActiveOrTrialSubscription: true },
      bell: "notification",
    });
    // Marked read after it: the bell is quiet again.
    await app.db.insert(notificationReads).values({ userId, seenAt: app.now + 1500 });
    expect((await signedInShell(later, token))?.bell).toBe("none");
  });

  it("is null without a token, with a malformed or unknown one, and for an expired session", async () => {
    const { userId, token } = await sessionFor("shell-none");
    const app = testApp();
    expect(await signedInShell(app, null)).toBeNull();
    expect(await signedInShell(app, "not-a-token")).toBeNull();
    expect(await signedInShell(app, "0".repeat(32))).toBeNull();
    await env.DB.prepare("UPDATE sessions SET expires_at = ? WHERE user_id = ?")
      .bind(app.now - 1, userId)
      .run();
    expect(await signedInShell(app, token)).toBeNull();
  });
});

describe("the session's user during one request", () => {
  async function requestWithSession(method: string) {
    const { userId, token } = await sessionFor(`shell-${method.toLowerCase()}`);
    const cookie = (await sessionCookieHeader(testApp(), new Request("http://127.0.0.1/"), token)).split(";")[0];
    return { userId, request: new Request("http://127.0.0.1/classes", { method, headers: { Cookie: cookie } }) };
  }

  it("is read once for a page, however many loaders ask", async () => {
    const { userId, request } = await requestWithSession("GET");
    const { app, statements } = countingApp();
    const [shell, user, again] = await Promise.all([
      signedInShellOf(app, request),
      sessionUserOf(app, request),
      sessionUserOf(app, request),
    ]);
    expect([shell?.user.id, user?.id, again?.id]).toEqual([userId, userId, userId]);
    expect(statements).toHaveLength(1);
  });

  it("is read afresh each time during a write, which may sign in or out", async () => {
    const { userId, request } = await requestWithSession("POST");
    const { app, statements } = countingApp();
    expect((await sessionUserOf(app, request))?.id).toBe(userId);
    expect((await sessionUserOf(app, request))?.id).toBe(userId);
    expect(statements).toHaveLength(2);
  });
});

describe("a product page's buy buttons for a signed-in visitor", () => {
  it("take the cart and membership from the shell: only what they own is asked", async () => {
    const { userId, token } = await sessionFor("shell-cta");
    const app = testApp();
    const productId = (await env.DB.prepare("SELECT id FROM products WHERE kind = 'class' LIMIT 1").first<{
      id: string;
    }>())!.id;
    const membership = (await env.DB.prepare("SELECT id FROM products WHERE kind = 'subscription' LIMIT 1").first<{
      id: string;
    }>())!.id;
    await app.db.insert(carts).values({ ownerId: userId, userId, items: [productId], updatedAt: app.now });
    await app.db.insert(subscriptions).values({
      id: crypto.randomUUID(),
      userId,
      productId: membership,
      provider: "local",
      interval: "month",
      priceCents: 1500,
      status: "active",
      currentPeriodEnd: app.now + 86_400_000,
      createdAt: app.now,
    });
    const cookie = (await sessionCookieHeader(app, new Request("http://127.0.0.1/"), token)).split(";")[0];
    const request = new Request(`http://127.0.0.1/classes/x/y?added=${productId}`, { headers: { Cookie: cookie } });
    const { app: counted, statements } = countingApp();
    const { cta } = await productCta(counted, request, [productId]);
    expect(cta(productId)).toMatchObject({ signedIn: true, owned: false, inCart: true, added: true, member: true });
    // The shell, and beside it the three look-ups of what they own (one batch: bought, in a collection
    // bought, a membership product), keyed by the session so they need not wait for the shell; the
    // cart and the membership flags are not read again.
    expect(statements).toHaveLength(4);
    const lookUps = statements.filter((statement) => !/from "sessions" inner join "users"/i.test(statement));
    expect(lookUps).toHaveLength(3);
    for (const statement of lookUps) {
      expect(statement).not.toMatch(/from "carts"/i);
      expect(statement).toMatch(/from "sessions"/i);
    }
  });

  it("for an anonymous visitor, the root's cart count and the buttons read the cart once", async () => {
    const app = testApp();
    const productId = await anyProductId();
    const anonymousId = `anon_${crypto.randomUUID()}`;
    await app.db.insert(carts).values({ ownerId: anonymousId, userId: null, items: [productId], updatedAt: app.now });
    const request = new Request(`http://127.0.0.1/classes/x/y`, {
      headers: { Cookie: `dx_non_auth_user_id=${anonymousId}` },
    });
    const { app: counted, statements } = countingApp();
    const [{ rootData }, { cta }] = await Promise.all([
      loadRoot(counted, request),
      productCta(counted, request, [productId]),
    ]);
    expect(rootData.cartIds).toEqual([productId]);
    expect(cta(productId)).toMatchObject({ signedIn: false, inCart: true });
    expect(statements.filter((statement) => /from "carts"/i.test(statement))).toHaveLength(1);
  });
});

// Commerce inside workerd against the test D1: the cart form and the server cart (visitor and user,
// merged at sign-in, compare-and-set under concurrency), checkout with the embedded provider, credit,
// discount codes, exactly-once fulfilment, ownership, the cart/purchase JSON API and the countdown
// offer. Pages and forms go through the built worker (call()); a few services are called directly.
import { env } from "cloudflare:test";
import { describe, expect, it, vi } from "vitest";
import { CartBusyError, changeCart, readCart, type CartOwner } from "~/features/cart/cart.server";
import { addItem } from "~/features/cart/rules";
import { sellablesByIds } from "~/features/cart/sellables.server";
import { carts } from "~/db/schema";
import { fulfilCheckout } from "~/features/checkout/fulfil.server";
import { DISCOUNT_MESSAGES } from "~/features/checkout/rules";
import { OFFER_COOLDOWN_MS } from "~/features/offers/rules";
import { testApp } from "./app-context";
import {
  Browser,
  DECLINED_CARD,
  GOOD_CARD,
  buy,
  cartItems,
  cartRow,
  checkoutRow,
  collectionBySlug,
  count,
  dollars,
  headingsOf,
  html,
  logIn,
  mainPriceOf,
  monthlyCredit,
  openCheckoutPage,
  pay,
  payCard,
  payPageId,
  product,
  purchasesOf,
  receipts,
  setMonthlyCredit,
  signUp,
  startPaidCheckout,
  totalOf,
} from "./commerce-helpers";

// Several tests sign up two or three users (PBKDF2, 100,000 iterations each) and pay: more than the
// default 5 s when the machine is busy.
vi.setConfig({ testTimeout: 30_000 });

const EXPIRATION_COOKIE = "studioCountdownMainCycleOffer_expirationDateSeen";
const LAST_SEEN_COOKIE = "studioCountdownMainCycleOffer_lastSeenCurrentOffer";

// Classes without a crossed price sell at one price whatever the offer memory says.
const FLAMENCO = "flamenco-rumba-rhythms"; // $69
const BOSSA = "bossa-nova-guitar"; // $59
const RIFFS = "riffs-that-rock"; // $39
const TONE = "guitar-tone-on-any-amp"; // $29
const HARMONY = "singing-harmony"; // $39
const SYNTH = "synth-sound-design"; // $69
// A countdown-offer class ($49 with the offer, $69 without) whose page shows no other offer rule.
const OFFER_CLASS = "fingerstyle-foundations";

const locationOf = (response: Response) => response.headers.get("location");
const paramsOf = (location: string | null) => new URL(location ?? "", "http://local");

describe("the cart form (POST /cart) for an anonymous visitor", () => {
  it("add: 303 back to the page with ?added=, the visitor gets an anonymous id and the cart is keyed by it", async () => {
    const flamenco = await product(FLAMENCO);
    const browser = new Browser();
    const response = await browser.cart("add", flamenco.id, `${flamenco.href}?utm_source=news`);
    expect(response.status).toBe(303);
    expect(locationOf(response)).toBe(`${flamenco.href}?utm_source=news&added=${flamenco.id}`);
    const anon = browser.cookie("dx_non_auth_user_id")!;
    expect(anon).toMatch(/^anon_[0-9a-f-]{36}$/);
    expect(await cartRow(anon)).toMatchObject({ items: [flamenco.id], userId: null });

    // The page it returns to opens the add-to-cart dialog and knows the class is in the cart.
    const page = await html(await browser.get(locationOf(response)!));
    expect(page).toContain("Added to your cart");
    expect(page).toContain("In your cart");

    // Adding the same class again does not duplicate it; a second class is appended.
    const bossa = await product(BOSSA);
    await browser.cart("add", flamenco.id, flamenco.href);
    await browser.cart("add", bossa.id, bossa.href);
    expect(await cartItems(anon)).toEqual([flamenco.id, bossa.id]);
    // The cart page lists both at their prices, with the total.
    const cartPage = await html(await browser.get("/cart"));
    expect(cartPage).toContain('Your cart <span class="muted">(2 items)</span>');
    expect(totalOf(cartPage)).toBe(dollars(flamenco.priceCents + bossa.priceCents));
  });

  it("a visitor with a malformed anonymous cookie gets a fresh id", async () => {
    const riffs = await product(RIFFS);
    const browser = new Browser({ dx_non_auth_user_id: "not-an-anon-id" });
    expect((await browser.cart("add", riffs.id, riffs.href)).status).toBe(303);
    const anon = browser.cookie("dx_non_auth_user_id")!;
    expect(anon).toMatch(/^anon_[0-9a-f-]{36}$/);
    expect(await cartItems(anon)).toEqual([riffs.id]);
    expect(await count("SELECT count(*) AS n FROM carts WHERE owner_id = 'not-an-anon-id'")).toBe(0);
  });

  it("the membership replaces every class in the cart (cta), and a class added after it replaces the membership", async () => {
    const [flamenco, bossa, membership] = await Promise.all([product(FLAMENCO), product(BOSSA), product("membership")]);
    expect(membership).toMatchObject({ kind: "subscription", storefrontSlug: "studio" });
    const browser = new Browser();
    await browser.cart("add-all", [flamenco.id, bossa.id], "/cart");
    const anon = browser.cookie("dx_non_auth_user_id")!;
    expect(await cartItems(anon)).toEqual([flamenco.id, bossa.id]);

    const cta = await browser.cart("cta", membership.id, membership.href);
    expect(cta.status).toBe(303);
    expect(await cartItems(anon)).toEqual([membership.id]);

    // Any class joining the cart pushes the membership out.
    await browser.cart("add", flamenco.id, flamenco.href);
    expect(await cartItems(anon)).toEqual([flamenco.id]);
  });

  it("add-all adds a list once each, skipping the membership; remove and empty take items out", async () => {
    const [flamenco, bossa, riffs, tone] = await Promise.all([
      product(FLAMENCO),
      product(BOSSA),
      product(RIFFS),
      product(TONE),
    ]);
    const browser = new Browser();
    await browser.cart("add", flamenco.id, flamenco.href);
    const anon = browser.cookie("dx_non_auth_user_id")!;

    const all = await browser.cart("add-all", [bossa.id, flamenco.id, riffs.id, bossa.id], "/collections/x?ref=mail");
    expect(all.status).toBe(303);
    // add-all goes to the cart, keeping the page's query.
    expect(locationOf(all)).toBe("/cart?ref=mail");
    expect((await browser.toast())?.kind).toBe("success");
    expect(await cartItems(anon)).toEqual([flamenco.id, bossa.id, riffs.id]);

    const removed = await browser.cart("remove", bossa.id, `/cart?added=${bossa.id}`);
    expect(removed.status).toBe(303);
    expect(locationOf(removed)).toBe("/cart");
    expect(await browser.toast()).toMatchObject({ kind: "info", title: "Removed from your cart" });
    expect(await cartItems(anon)).toEqual([flamenco.id, riffs.id]);

    // Removing several at once, and removing something not in the cart, are both fine.
    await browser.cart("remove", [flamenco.id, tone.id], "/cart");
    expect(await cartItems(anon)).toEqual([riffs.id]);

    const emptied = await browser.cart("empty", undefined, "/cart");
    expect(emptied.status).toBe(303);
    expect(await browser.toast()).toMatchObject({ title: "Your cart is empty" });
    expect(await cartItems(anon)).toEqual([]);
    expect(await html(await browser.get("/cart"))).toContain("Your cart is empty");
  });

  it("add-only makes the cart that one item", async () => {
    const [flamenco, bossa, riffs] = await Promise.all([product(FLAMENCO), product(BOSSA), product(RIFFS)]);
    const browser = new Browser();
    await browser.cart("add-all", [flamenco.id, bossa.id], "/cart");
    const only = await browser.cart("add-only", riffs.id, `${riffs.href}?p=vip`);
    expect(only.status).toBe(303);
    expect(locationOf(only)).toBe("/cart?p=vip");
    expect(await cartItems(browser.cookie("dx_non_auth_user_id")!)).toEqual([riffs.id]);
  });

  it("an unknown product goes back to the page with an error toast and changes nothing", async () => {
    const flamenco = await product(FLAMENCO);
    const browser = new Browser();
    await browser.cart("add", flamenco.id, flamenco.href);
    const anon = browser.cookie("dx_non_auth_user_id")!;
    const before = await cartRow(anon);

    for (const intent of ["add", "add-only", "add-all", "cta", "buy-now"]) {
      const response = await browser.cart(intent, "no-such-product", flamenco.href);
      expect(response.status).toBe(303);
      expect(locationOf(response)).toBe(flamenco.href);
      expect(await browser.toast()).toEqual({ kind: "error", title: "This class is no longer available." });
    }
    // No product at all.
    const none = await browser.cart("add", undefined, flamenco.href);
    expect(locationOf(none)).toBe(flamenco.href);
    expect(await browser.toast()).toEqual({ kind: "error", title: "Choose a class first." });
    expect(await cartRow(anon)).toEqual(before);
  });

  it("a bad intent, an over-long id or a foreign page are refused with a toast, never a 500", async () => {
    const flamenco = await product(FLAMENCO);
    const browser = new Browser();
    const bad = await browser.cart("steal", flamenco.id, flamenco.href);
    expect(bad.status).toBe(303);
    expect(locationOf(bad)).toBe("/cart");
    expect(await browser.toast()).toEqual({ kind: "error", title: "Unknown cart action" });

    const noIntent = await browser.post("/cart", { productId: flamenco.id });
    expect(noIntent.status).toBe(303);
    expect(await browser.toast()).toEqual({ kind: "error", title: "Unknown cart action" });

    const long = await browser.cart("add", "x".repeat(65), flamenco.href);
    expect(await browser.toast()).toEqual({ kind: "error", title: "productId is too long" });
    expect(locationOf(long)).toBe("/cart");

    // The page to return to must be ours.
    for (const page of ["https://evil.example/x", "//evil.example/x", "/\\evil.example"]) {
      const response = await browser.cart("add", flamenco.id, page);
      expect(response.status).toBe(303);
      expect(locationOf(response)!.startsWith("/cart")).toBe(true);
    }
    // Nothing was bought into a cart by the refused posts except the three adds with a foreign page.
    expect(await cartItems(browser.cookie("dx_non_auth_user_id")!)).toEqual([flamenco.id]);
  });

  it("a cross-site post is refused with 403 and changes nothing", async () => {
    const flamenco = await product(FLAMENCO);
    const browser = new Browser();
    const response = await browser.post(
      "/cart",
      { intent: "add", productId: flamenco.id, page: "/cart" },
      { Origin: "https://evil.example" },
    );
    expect(response.status).toBe(403);
    expect(browser.cookie("dx_non_auth_user_id")).toBeUndefined();
  });

  it("the product CTA signed out stays on the page with the dark SocialSignUp form and checkout as the redirect", async () => {
    const flamenco = await product(FLAMENCO);
    const browser = new Browser();
    const response = await browser.cart("cta", flamenco.id, `${flamenco.href}?p=vip`);
    expect(response.status).toBe(303);
    const to = paramsOf(locationOf(response));
    expect(to.pathname).toBe(flamenco.href);
    expect(to.searchParams.get("auth")).toBe("SocialSignUp");
    expect(to.searchParams.get("authDark")).toBe("1");
    expect(to.searchParams.get("redirect")).toBe("/checkout?p=vip");
    expect(to.searchParams.get("p")).toBe("vip");
    // An open add-to-cart dialog (?added=) is closed on the way.
    const fromDialog = paramsOf(
      locationOf(await browser.cart("cta", flamenco.id, `${flamenco.href}?added=${flamenco.id}`)),
    );
    expect(fromDialog.searchParams.has("added")).toBe(false);
    expect(fromDialog.searchParams.get("auth")).toBe("SocialSignUp");
    expect(await cartItems(browser.cookie("dx_non_auth_user_id")!)).toEqual([flamenco.id]);
    // Checkout itself sends a signed-out visitor to sign up first, with checkout to come back to.
    const checkout = await browser.get("/checkout?p=vip");
    expect(checkout.status).toBe(303);
    const signUpFirst = paramsOf(locationOf(checkout));
    expect(signUpFirst.pathname).toBe("/cart");
    expect(signUpFirst.searchParams.get("auth")).toBe("SocialSignUp");
    expect(signUpFirst.searchParams.get("authDark")).toBe("1");
    expect(signUpFirst.searchParams.get("redirect")).toBe("/checkout?p=vip");
  });

  it("add-all's toast counts only what was added", async () => {
    const [riffs, membership] = await Promise.all([product(RIFFS), product("membership")]);
    const browser = new Browser();
    await browser.cart("add-all", [riffs.id, membership.id], "/cart");
    expect(await cartItems(browser.cookie("dx_non_auth_user_id")!)).toEqual([riffs.id]);
    expect(await browser.toast()).toEqual({ kind: "success", title: "1 item added to your cart" });
  });

  it("an add to a full cart is not reported as added", async () => {
    const { results } = await env.DB.prepare(
      "SELECT id FROM products WHERE kind = 'class' AND NOT coming_soon UNION ALL SELECT id FROM collections WHERE NOT coming_soon",
    ).all<{ id: string }>();
    const ids = results.map((r) => r.id).filter((id) => id !== "");
    const { browser, userId } = await signUp("cart-full");
    expect((await browser.postJson("/api/updateCart", { product_ids: ids.slice(0, 50) })).status).toBe(200);
    const extra = ids[50];
    const response = await browser.cart("add", extra, "/cart");
    const inCart = (await cartItems(userId))!.includes(extra);
    expect(inCart || !locationOf(response)!.includes("added=")).toBe(true);
  });

  it("a body that is not a form is not a 500", async () => {
    const browser = new Browser();
    await browser.postJson("/cart", { intent: "add" });
  });
});

describe("the cart form signed in", () => {
  it("the CTA goes to checkout; buy-now goes to checkout for that item alone and leaves the cart", async () => {
    const [flamenco, bossa, riffs] = await Promise.all([product(FLAMENCO), product(BOSSA), product(RIFFS)]);
    const { browser, userId } = await signUp("cta");
    const cta = await browser.cart("cta", flamenco.id, `${flamenco.href}?utm_source=x`);
    expect(locationOf(cta)).toBe("/checkout?utm_source=x");
    await browser.cart("add", bossa.id, bossa.href);
    expect(await cartRow(userId)).toMatchObject({ items: [flamenco.id, bossa.id], userId });

    const buyNow = await browser.cart("buy-now", riffs.id, riffs.href);
    expect(locationOf(buyNow)).toBe("/checkout?buyNow=1");
    expect(await cartRow(userId)).toMatchObject({ items: [flamenco.id, bossa.id], buyNow: riffs.id });
    const { page, total } = await openCheckoutPage(browser, "?buyNow=1");
    expect(page).toContain("Buying now");
    expect(total).toBe(dollars(riffs.priceCents));
    // Without buyNow=1 it is the cart.
    expect((await openCheckoutPage(browser)).total).toBe(dollars(flamenco.priceCents + bossa.priceCents));
  });
});

describe("sign-in merges the visitor's cart into the user's", () => {
  it("server items first, then the visitor's new ones; the visitor cart is gone; a second sign-in adds nothing", async () => {
    const [flamenco, bossa, riffs, tone] = await Promise.all([
      product(FLAMENCO),
      product(BOSSA),
      product(RIFFS),
      product(TONE),
    ]);
    const { browser: account, email, userId } = await signUp("merge");
    await account.cart("add-all", [flamenco.id, bossa.id], "/cart");
    expect(await cartItems(userId)).toEqual([flamenco.id, bossa.id]);

    const visitor = new Browser();
    await visitor.cart("add-all", [bossa.id, riffs.id, tone.id], "/cart");
    const anon = visitor.cookie("dx_non_auth_user_id")!;
    expect(await cartItems(anon)).toEqual([bossa.id, riffs.id, tone.id]);

    await logIn(visitor, email);
    expect(await cartItems(userId)).toEqual([flamenco.id, bossa.id, riffs.id, tone.id]);
    expect(await cartRow(anon)).toBeNull();
    // The signed-in cart page shows the merged cart.
    expect(await html(await visitor.get("/cart"))).toContain("(4 items)");

    // Signing in again (same browser, same anonymous id) adds nothing twice.
    await logIn(visitor, email);
    expect(await cartItems(userId)).toEqual([flamenco.id, bossa.id, riffs.id, tone.id]);

    // Signed out, the same visitor fills the cart again with what the account already has: nothing duplicates.
    expect((await visitor.post("/auth/logout", {})).status).toBeLessThan(400);
    expect(visitor.cookie("studio_session")).toBeUndefined();
    await visitor.cart("add-all", [tone.id, flamenco.id], "/cart");
    await logIn(visitor, email);
    expect(await cartItems(userId)).toEqual([flamenco.id, bossa.id, riffs.id, tone.id]);
  });

  it("a visitor cart becomes the cart of a user who had none (sign-up included)", async () => {
    const [flamenco, riffs] = await Promise.all([product(FLAMENCO), product(RIFFS)]);
    const visitor = new Browser();
    await visitor.cart("add-all", [riffs.id, flamenco.id], "/cart");
    const anon = visitor.cookie("dx_non_auth_user_id")!;
    const { userId } = await signUp("merge-new", visitor);
    expect(await cartRow(userId)).toMatchObject({ items: [riffs.id, flamenco.id], userId });
    expect(await cartRow(anon)).toBeNull();
  });
});

describe("changeCart under concurrency", () => {
  it("20 concurrent adds to one owner: every one that returned is in the cart, none twice, nothing else", async () => {
    const { results } = await env.DB.prepare("SELECT id FROM products WHERE kind = 'class' ORDER BY id LIMIT 20").all<{
      id: string;
    }>();
    const sellables = await sellablesByIds(
      testApp().db,
      results.map((r) => r.id),
    );
    expect(sellables).toHaveLength(20);
    const owner: CartOwner = { ownerId: `anon_${crypto.randomUUID()}`, userId: null };

    const outcomes = await Promise.allSettled(
      sellables.map((item) => changeCart(testApp(), owner, (items) => ({ items: addItem(items, item) }))),
    );
    const landed: string[] = [];
    outcomes.forEach((outcome, i) => {
      if (outcome.status === "fulfilled") {
        landed.push(sellables[i].id);
        // What each call wrote includes its own item.
        expect(outcome.value.items.map((s) => s.id)).toContain(sellables[i].id);
      } else {
        expect(outcome.reason).toBeInstanceOf(CartBusyError);
      }
    });
    expect(landed.length).toBeGreaterThan(0);
    const final = (await readCart(testApp(), owner.ownerId))!;
    expect(new Set(final.items).size).toBe(final.items.length);
    expect([...final.items].sort()).toEqual([...landed].sort());
    // One version per successful write.
    expect(final.version).toBe(landed.length);
  });

  it("concurrent cart-form adds from one browser lose nothing that was answered with success", async () => {
    const { results } = await env.DB.prepare(
      "SELECT id FROM products WHERE kind = 'class' ORDER BY id DESC LIMIT 8",
    ).all<{ id: string }>();
    const browser = new Browser();
    await browser.cart("empty", undefined, "/cart");
    const anon = browser.cookie("dx_non_auth_user_id")!;
    const responses = await Promise.all(results.map((r) => browser.cart("add", r.id, "/cart")));
    const ok = results.filter((_, i) => locationOf(responses[i])?.includes("added="));
    const items = (await cartItems(anon))!;
    expect(new Set(items).size).toBe(items.length);
    expect([...items].sort()).toEqual(ok.map((r) => r.id).sort());
  });
});

describe("checkout end to end (embedded provider)", () => {
  it("shows the total, makes one checkout per key, refuses a declined card, then pays exactly once", async () => {
    const [flamenco, riffs] = await Promise.all([product(FLAMENCO), product(RIFFS)]);
    const { browser, email, userId } = await signUp("checkout");
    await browser.cart("add", flamenco.id, flamenco.href);

    const { page, key, total } = await openCheckoutPage(browser);
    expect(total).toBe(dollars(flamenco.priceCents));
    expect(page).toContain(`Pay ${dollars(flamenco.priceCents)}`);
    expect(page).toContain("Flamenco Rumba Rhythms");

    const first = await pay(browser, key);
    expect(first.status).toBe(303);
    const id = payPageId(locationOf(first));
    const again = await pay(browser, key);
    expect(locationOf(again)).toBe(`/checkout/pay/${id}`);
    expect(await count("SELECT count(*) AS n FROM checkout_sessions WHERE user_id = ?", userId)).toBe(1);
    expect(await checkoutRow(id)).toMatchObject({
      status: "open",
      totalCents: flamenco.priceCents,
      subtotalCents: flamenco.priceCents,
      creditCents: 0,
      discountCents: 0,
    });

    expect((await browser.get(`/checkout/pay/${id}`)).status).toBe(200);

    const declined = await payCard(browser, id, DECLINED_CARD);
    expect(declined.status).toBe(402);
    expect(await html(declined)).toContain("Your card was declined.");
    expect(await checkoutRow(id)).toMatchObject({ status: "open", lastError: "Your card was declined." });
    expect(await purchasesOf(userId)).toEqual([]);

    // Bad card input: 400 for the form's own checks, 402 for what the provider refuses.
    expect((await payCard(browser, id, {})).status).toBe(400);
    expect((await payCard(browser, id, { ...GOOD_CARD, cvc: "12" })).status).toBe(400);
    expect((await payCard(browser, id, { ...GOOD_CARD, expiry: "13/30" })).status).toBe(400);
    expect((await payCard(browser, id, { ...GOOD_CARD, number: "4242 4242" })).status).toBe(400);
    const expired = await payCard(browser, id, { ...GOOD_CARD, expiry: "01/20" });
    expect(expired.status).toBe(402);
    expect(await html(expired)).toContain("Your card has expired.");
    const luhn = await payCard(browser, id, { ...GOOD_CARD, number: "4242424242424241" });
    expect(luhn.status).toBe(402);
    expect(await html(luhn)).toContain("Your card number is invalid.");
    const notTest = await payCard(browser, id, { ...GOOD_CARD, number: "4111111111111111" });
    expect(notTest.status).toBe(402);
    expect(await purchasesOf(userId)).toEqual([]);
    expect(await receipts(email)).toBe(0);

    const paid = await payCard(browser, id, {
      name: "Cora Merce",
      number: "4242424242424242",
      expiry: "12/30",
      cvc: "123",
    });
    expect(paid.status).toBe(303);
    expect(locationOf(paid)).toBe(`/checkout/success?session_id=${id}`);
    expect(await purchasesOf(userId)).toEqual([
      { productId: flamenco.id, amountCents: flamenco.priceCents, checkoutSessionId: id, kind: "class" },
    ]);
    expect(await checkoutRow(id)).toMatchObject({ status: "complete", lastError: null });
    expect(await cartItems(userId)).toEqual([]);
    expect(await receipts(email)).toBe(1);
    const receipt = await env.DB.prepare(
      `SELECT subject, text FROM outbox_emails WHERE "to" = ? AND subject LIKE '%receipt%'`,
    )
      .bind(email)
      .first<{ subject: string; text: string }>();
    expect(receipt!.subject).toBe("Your Studio receipt");
    expect(receipt!.text).toContain("Paid with visa ending in 4242.");
    expect(receipt!.text).toContain(`Total paid: ${dollars(flamenco.priceCents)}`);
    expect(
      await env.DB.prepare("SELECT brand, last4, exp_month AS m, exp_year AS y FROM saved_cards WHERE user_id = ?")
        .bind(userId)
        .first(),
    ).toEqual({ brand: "visa", last4: "4242", m: 12, y: 2030 });

    // Paying again, or reusing the key, leads to the receipt: nothing is charged twice.
    const payAgain = await payCard(browser, id);
    expect(locationOf(payAgain)).toBe(`/checkout/success?session_id=${id}`);
    expect((await browser.get(`/checkout/pay/${id}`)).status).toBe(303);
    expect(locationOf(await pay(browser, key))).toBe(`/checkout/success?session_id=${id}`);
    expect(await purchasesOf(userId)).toHaveLength(1);
    expect(await receipts(email)).toBe(1);
    expect(await count("SELECT count(*) AS n FROM checkout_sessions WHERE user_id = ?", userId)).toBe(1);

    expect((await browser.get(`/checkout/success?session_id=${id}`)).status).toBe(200);

    const library = await html(await browser.get("/library"));
    expect(library).toContain("Flamenco Rumba Rhythms");
    expect(library).not.toContain("Nothing here yet");

    const purchases = await (await browser.get("/api/getUserPurchases")).json();
    expect(purchases).toEqual({
      purchases: [
        {
          id: expect.any(String),
          productId: flamenco.id,
          kind: "class",
          amountCents: flamenco.priceCents,
          purchasedAt: expect.any(String),
          checkoutSessionId: id,
        },
      ],
    });
    const one = (await (await browser.get(`/api/getUserPurchaseForProduct?product_id=${flamenco.id}`)).json()) as {
      purchase: { productId: string };
    };
    expect(one.purchase).toMatchObject({
      productId: flamenco.id,
      checkoutSessionId: id,
      amountCents: flamenco.priceCents,
    });
    expect(await (await browser.get(`/api/getUserPurchaseForProduct?product_id=${riffs.id}`)).json()).toEqual({
      purchase: null,
    });

    // The class page now says it is owned.
    expect(await html(await browser.get(flamenco.href))).toContain("You own this.");

    // Somebody else sees none of it.
    const { browser: other } = await signUp("checkout-other");
    expect((await other.get(`/checkout/success?session_id=${id}`)).status).toBe(404);
    expect((await other.get(`/checkout/pay/${id}`)).status).toBe(404);
    expect((await payCard(other, id)).status).toBe(404);
    // Another user replaying this key is refused.
    await other.cart("add", riffs.id, riffs.href);
    expect((await pay(other, key)).status).toBe(409);
  });

  it("refuses a pay post without a good key, an empty cart, and an unknown checkout", async () => {
    const { browser, userId } = await signUp("checkout-bad");
    const { key, page } = await openCheckoutPage(browser);
    expect(page).toContain("Nothing to pay for");
    const empty = await pay(browser, key);
    expect(empty.status).toBe(400);
    expect(await html(empty)).toContain("Your cart is empty.");

    const riffs = await product(RIFFS);
    await browser.cart("add", riffs.id, riffs.href);
    for (const badKey of ["", "short", "x".repeat(65), "has spaces in the key!"]) {
      const response = await pay(browser, badKey);
      expect(response.status).toBe(400);
      expect(await html(response)).toContain("Reload the page and try again.");
    }
    expect((await browser.post("/checkout", { intent: "nonsense" })).status).toBe(400);
    expect(await count("SELECT count(*) AS n FROM checkout_sessions WHERE user_id = ?", userId)).toBe(0);
    expect((await browser.get(`/checkout/pay/${crypto.randomUUID()}`)).status).toBe(404);
    expect((await browser.get("/checkout/pay/not-an-id")).status).toBe(404);
    expect((await browser.get(`/checkout/success?session_id=${crypto.randomUUID()}`)).status).toBe(404);
    expect((await browser.get("/checkout/success")).status).toBe(404);
    // Signed out: sent to sign up, not a 500.
    const visitor = new Browser();
    expect((await visitor.post("/checkout", { intent: "pay", idempotencyKey: key })).status).toBe(303);
    expect((await visitor.get(`/checkout/success?session_id=${crypto.randomUUID()}`)).status).toBe(303);
  });

  it("the payment page shows the card form", async () => {
    const riffs = await product(RIFFS);
    const { browser } = await signUp("pay-page");
    await browser.cart("add", riffs.id, riffs.href);
    const id = await startPaidCheckout(browser);
    expect(headingsOf(await html(await browser.get(`/checkout/pay/${id}`)))).toEqual([
      `Pay ${dollars(riffs.priceCents)}`,
    ]);
  });

  it("the success page shows the receipt", async () => {
    const riffs = await product(RIFFS);
    const { browser } = await signUp("success-page");
    const id = await buy(browser, [riffs.id]);
    expect(headingsOf(await html(await browser.get(`/checkout/success?session_id=${id}`)))).toEqual([
      "Thank you! Your purchase is complete",
    ]);
  });

  it("a pay or card post whose body is not a form is not a 500", async () => {
    const riffs = await product(RIFFS);
    const { browser } = await signUp("checkout-json");
    await browser.cart("add", riffs.id, riffs.href);
    const id = await startPaidCheckout(browser);
    await browser.postJson(`/checkout/pay/${id}`, GOOD_CARD);
  });

  it("a checkout post whose body is not a form is not a 500", async () => {
    const { browser } = await signUp("checkout-json2");
    await browser.postJson("/checkout", { intent: "pay" });
  });

  it("two concurrent pay posts with one key make one checkout", async () => {
    const bossa = await product(BOSSA);
    const { browser, userId } = await signUp("checkout-race");
    await browser.cart("add", bossa.id, bossa.href);
    const { key } = await openCheckoutPage(browser);
    const responses = await Promise.all([pay(browser, key), pay(browser, key), pay(browser, key)]);
    expect(await count("SELECT count(*) AS n FROM checkout_sessions WHERE user_id = ?", userId)).toBe(1);
    const id = (await env.DB.prepare("SELECT id FROM checkout_sessions WHERE user_id = ?")
      .bind(userId)
      .first<{ id: string }>())!.id;
    for (const response of responses) {
      // Each click lands on the one payment page (or is told to reload), never a second checkout.
      if (response.status === 303) expect(locationOf(response)).toBe(`/checkout/pay/${id}`);
      else expect(response.status).toBe(409);
    }
  });

  it("buying the membership makes the user a member, and the library says so", async () => {
    const membership = await product("membership");
    const { browser, userId } = await signUp("member");
    const cta = await browser.cart("cta", membership.id, membership.href);
    expect(locationOf(cta)).toBe("/checkout");
    const { key } = await openCheckoutPage(browser);
    const started = await pay(browser, key);
    expect(started.status).toBe(303);
    // With a free trial nothing is due today and the checkout completes at once; otherwise the card pays.
    const location = locationOf(started)!;
    const id = location.startsWith("/checkout/pay/")
      ? payPageId(location)
      : location.match(/session_id=([0-9a-f-]{36})$/)![1];
    expect((await checkoutRow(id))!.lines).toMatchObject([{ productId: membership.id, kind: "subscription" }]);
    if (location.startsWith("/checkout/pay/"))
      expect(locationOf(await payCard(browser, id))).toBe(`/checkout/success?session_id=${id}`);
    expect(await checkoutRow(id)).toMatchObject({ status: "complete" });
    expect(await purchasesOf(userId)).toMatchObject([{ productId: membership.id, kind: "subscription" }]);
    expect(await env.DB.prepare("SELECT membership_status AS s FROM users WHERE id = ?").bind(userId).first()).toEqual({
      s: "active",
    });
    expect(
      await count(
        "SELECT count(*) AS n FROM subscriptions WHERE user_id = ? AND status IN ('active', 'trialing')",
        userId,
      ),
    ).toBe(1);
    // The library says so in its notice (the membership is not listed as a thing owned forever).
    expect(await html(await browser.get("/library"))).toContain("Your membership is active");
  });
});

describe("monthly credit", () => {
  it("takes $10 off the total and is used up by the payment", async () => {
    const flamenco = await product(FLAMENCO);
    const { browser, userId } = await signUp("credit");
    await setMonthlyCredit(userId, 10);
    expect(await (await browser.get("/api/getMonthlyCreditForUser")).json()).toEqual({
      monthlyCreditInfo: { monthlyCredit: 10 },
    });
    await browser.cart("add", flamenco.id, flamenco.href);

    const cartPage = await html(await browser.get("/cart"));
    expect(totalOf(cartPage)).toBe(dollars(flamenco.priceCents - 1000));
    const { page, total } = await openCheckoutPage(browser);
    expect(total).toBe(dollars(flamenco.priceCents - 1000));
    expect(page).toContain("−$10.00");

    const id = await startPaidCheckout(browser);
    expect(await checkoutRow(id)).toMatchObject({
      subtotalCents: flamenco.priceCents,
      creditCents: 1000,
      totalCents: flamenco.priceCents - 1000,
    });
    // Opening a checkout uses nothing yet.
    expect(await monthlyCredit(userId)).toBe(10);
    expect((await payCard(browser, id)).status).toBe(303);
    expect(await monthlyCredit(userId)).toBe(0);
    expect(await purchasesOf(userId)).toMatchObject([
      { productId: flamenco.id, amountCents: flamenco.priceCents - 1000 },
    ]);
    expect(await (await browser.get("/api/getMonthlyCreditForUser")).json()).toEqual({
      monthlyCreditInfo: { monthlyCredit: 0 },
    });
  });

  it("a cart cheaper than the credit costs nothing, completes without the card page, and leaves the rest", async () => {
    const [tone, riffs] = await Promise.all([product(TONE), product(RIFFS)]);
    const { browser, email, userId } = await signUp("credit-rest");
    await setMonthlyCredit(userId, 100);
    await browser.cart("add-all", [tone.id, riffs.id], "/cart");
    const { page, key, total } = await openCheckoutPage(browser);
    expect(total).toBe("$0.00");
    expect(page).toContain("Complete purchase");
    const done = await pay(browser, key);
    expect(done.status).toBe(303);
    const id = locationOf(done)!.match(/^\/checkout\/success\?session_id=([0-9a-f-]{36})$/)![1];
    expect(await checkoutRow(id)).toMatchObject({
      status: "complete",
      totalCents: 0,
      creditCents: tone.priceCents + riffs.priceCents,
    });
    expect((await purchasesOf(userId)).map((p) => p.amountCents)).toEqual([0, 0]);
    expect(await monthlyCredit(userId)).toBe(100 - (tone.priceCents + riffs.priceCents) / 100);
    expect(await receipts(email)).toBe(1);
    expect(await count("SELECT count(*) AS n FROM saved_cards WHERE user_id = ?", userId)).toBe(0);
    // The rest is still there for the next checkout.
    const harmony = await product(HARMONY);
    await browser.cart("add", harmony.id, harmony.href);
    const left = 10000 - (tone.priceCents + riffs.priceCents);
    expect((await openCheckoutPage(browser)).total).toBe(dollars(Math.max(0, harmony.priceCents - left)));
  });

  it("the credit is not spent twice by two open checkouts", async () => {
    const [riffs, harmony] = await Promise.all([product(RIFFS), product(HARMONY)]);
    const { browser, userId } = await signUp("credit-twice");
    await setMonthlyCredit(userId, 10);
    await browser.cart("add", riffs.id, riffs.href);
    const first = await startPaidCheckout(browser);
    await browser.cart("add-only", harmony.id, harmony.href);
    const second = await startPaidCheckout(browser);
    await payCard(browser, first);
    await payCard(browser, second);
    const used = (await env.DB.prepare(
      "SELECT sum(credit_cents) AS n FROM checkout_sessions WHERE user_id = ? AND status = 'complete'",
    )
      .bind(userId)
      .first<{ n: number }>())!.n;
    expect(used).toBeLessThanOrEqual(1000);
  });

  it("a fractional credit is worked in whole cents", async () => {
    const flamenco = await product(FLAMENCO);
    const { browser, userId } = await signUp("credit-cents");
    await setMonthlyCredit(userId, 12.34);
    await browser.cart("add", flamenco.id, flamenco.href);
    const id = await startPaidCheckout(browser);
    expect(await checkoutRow(id)).toMatchObject({ creditCents: 1234, totalCents: flamenco.priceCents - 1234 });
    await payCard(browser, id);
    expect(await monthlyCredit(userId)).toBe(0);
  });

  it("an unusable stored credit counts as none and never blocks a purchase", async () => {
    const riffs = await product(RIFFS);
    const { browser, userId } = await signUp("credit-bad");
    await env.DB.prepare(`UPDATE users SET monthly_credit_info = '{"monthlyCredit":"lots"}' WHERE id = ?`)
      .bind(userId)
      .run();
    await browser.cart("add", riffs.id, riffs.href);
    expect((await openCheckoutPage(browser)).total).toBe(dollars(riffs.priceCents));
    const id = await startPaidCheckout(browser);
    expect((await payCard(browser, id)).status).toBe(303);
    expect(await purchasesOf(userId)).toHaveLength(1);
  });
});

describe("discount codes", () => {
  async function addCode(
    code: string,
    fields: {
      percentOff?: number;
      amountOffCents?: number;
      expiresAt?: number;
      maxRedemptions?: number;
      redemptions?: number;
    },
  ) {
    await env.DB.prepare(
      "INSERT INTO discount_codes (code, percent_off, amount_off_cents, expires_at, max_redemptions, redemptions, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
    )
      .bind(
        code,
        fields.percentOff ?? null,
        fields.amountOffCents ?? null,
        fields.expiresAt ?? null,
        fields.maxRedemptions ?? null,
        fields.redemptions ?? 0,
        Date.now(),
      )
      .run();
  }
  const redemptions = async (code: string) =>
    (await env.DB.prepare("SELECT redemptions AS n FROM discount_codes WHERE code = ?")
      .bind(code)
      .first<{ n: number }>())!.n;
  const tag = () => crypto.randomUUID().slice(0, 6).toUpperCase();

  it("refuses unknown, expired and fully redeemed codes with their messages, and empty or over-long input", async () => {
    const t = tag();
    await addCode(`OLD${t}`, { percentOff: 50, expiresAt: Date.now() - 1000 });
    await addCode(`USED${t}`, { amountOffCents: 500, maxRedemptions: 2, redemptions: 2 });
    const flamenco = await product(FLAMENCO);
    const { browser, userId } = await signUp("code-bad");
    await browser.cart("add", flamenco.id, flamenco.href);

    const cases: [string, string][] = [
      [`NOPE${t}`, DISCOUNT_MESSAGES.unknown],
      [`old${t}`, DISCOUNT_MESSAGES.expired],
      [` USED${t} `, DISCOUNT_MESSAGES.usedUp],
      ["", "Enter a discount code."],
      ["   ", "Enter a discount code."],
      ["X".repeat(41), DISCOUNT_MESSAGES.unknown],
    ];
    for (const [code, message] of cases) {
      const response = await browser.post("/checkout", { intent: "apply-code", code });
      expect(response.status, code).toBe(400);
      expect(await html(response)).toContain(message.replace("'", "&#x27;"));
    }
    // The same problems shown on the page, and paying with them is refused.
    const { page, key } = await openCheckoutPage(browser, `?code=OLD${t}`);
    expect(page).toContain(DISCOUNT_MESSAGES.expired);
    expect(totalOf(page)).toBe(dollars(flamenco.priceCents));
    const refused = await pay(browser, key, `?code=OLD${t}`);
    expect(refused.status).toBe(400);
    expect(await html(refused)).toContain(DISCOUNT_MESSAGES.expired);
    expect(await count("SELECT count(*) AS n FROM checkout_sessions WHERE user_id = ?", userId)).toBe(0);
    expect(await redemptions(`USED${t}`)).toBe(2);
  });

  it("a percent code and an amount code come off the total; each completed checkout redeems once", async () => {
    const t = tag();
    await addCode(`PCT${t}`, { percentOff: 25 });
    await addCode(`AMT${t}`, { amountOffCents: 1000, maxRedemptions: 5 });
    const flamenco = await product(FLAMENCO);

    const { browser, userId } = await signUp("code-pct");
    await browser.cart("add", flamenco.id, flamenco.href);
    const applied = await browser.post("/checkout", { intent: "apply-code", code: ` pct${t} ` });
    expect(applied.status).toBe(303);
    expect(locationOf(applied)).toBe(`/checkout?code=PCT${t}`);
    const discount = Math.round(flamenco.priceCents * 0.25);
    const { page, key, total } = await openCheckoutPage(browser, `?code=PCT${t}`);
    expect(total).toBe(dollars(flamenco.priceCents - discount));
    expect(page).toContain(`Discount (PCT${t})`);
    expect(page).toContain(`−${dollars(discount)}`);
    expect(page).toContain(`Code <strong>PCT${t}</strong> applied.`);

    const removed = await browser.post(`/checkout?code=PCT${t}&utm_source=x`, { intent: "remove-code" });
    expect(locationOf(removed)).toBe("/checkout?utm_source=x");

    const started = await pay(browser, key, `?code=PCT${t}`);
    const id = payPageId(locationOf(started));
    expect(await checkoutRow(id)).toMatchObject({
      discountCode: `PCT${t}`,
      discountCents: discount,
      totalCents: flamenco.priceCents - discount,
      paymentInfo: { discountCode: `PCT${t}` },
    });
    // Not redeemed until paid; a decline redeems nothing.
    await payCard(browser, id, DECLINED_CARD);
    expect(await redemptions(`PCT${t}`)).toBe(0);
    expect((await payCard(browser, id)).status).toBe(303);
    expect(await redemptions(`PCT${t}`)).toBe(1);
    expect(await purchasesOf(userId)).toMatchObject([{ amountCents: flamenco.priceCents - discount }]);
    // Replays redeem nothing more.
    await payCard(browser, id);
    await pay(browser, key, `?code=PCT${t}`);
    expect(await redemptions(`PCT${t}`)).toBe(1);

    const second = await signUp("code-amt");
    const bossa = await product(BOSSA);
    await second.browser.cart("add", bossa.id, bossa.href);
    expect((await openCheckoutPage(second.browser, `?code=AMT${t}`)).total).toBe(dollars(bossa.priceCents - 1000));
    const secondId = await startPaidCheckout(second.browser, `?code=AMT${t}`);
    expect(await checkoutRow(secondId)).toMatchObject({ discountCents: 1000, totalCents: bossa.priceCents - 1000 });
    await payCard(second.browser, secondId);
    expect(await redemptions(`AMT${t}`)).toBe(1);
    expect(await redemptions(`PCT${t}`)).toBe(1);
  });

  it("a code is never redeemed more than max_redemptions times", async () => {
    const code = `ONE${tag()}`;
    await addCode(code, { amountOffCents: 500, maxRedemptions: 1 });
    const riffs = await product(RIFFS);
    const buyers = [await signUp("code-race-a"), await signUp("code-race-b")];
    for (const { browser } of buyers) await browser.cart("add", riffs.id, riffs.href);
    // The first buyer's Pay holds the only use; the second is told before paying.
    const id = await startPaidCheckout(buyers[0].browser, `?code=${code}`);
    const refused = await pay(
      buyers[1].browser,
      (await openCheckoutPage(buyers[1].browser, `?code=${code}`)).key,
      `?code=${code}`,
    );
    expect(refused.status).toBe(400);
    expect(await html(refused)).toContain(DISCOUNT_MESSAGES.usedUp);
    await payCard(buyers[0].browser, id);
    expect(await redemptions(code)).toBeLessThanOrEqual(1);
    expect(await redemptions(code)).toBe(1);
  });

  it("an amount larger than the order makes it free (completed without the card page), redeemed once", async () => {
    const t = tag();
    await addCode(`FREE${t}`, { amountOffCents: 1_000_000 });
    const riffs = await product(RIFFS);
    const { browser, userId } = await signUp("code-free");
    await browser.cart("add", riffs.id, riffs.href);
    const { key, total } = await openCheckoutPage(browser, `?code=FREE${t}`);
    expect(total).toBe("$0.00");
    const done = await pay(browser, key, `?code=FREE${t}`);
    expect(locationOf(done)).toMatch(/^\/checkout\/success\?session_id=/);
    expect(await redemptions(`FREE${t}`)).toBe(1);
    expect(await purchasesOf(userId)).toMatchObject([{ productId: riffs.id, amountCents: 0 }]);
  });

  it("credit applies after the discount", async () => {
    const t = tag();
    await addCode(`HALF${t}`, { percentOff: 50 });
    const flamenco = await product(FLAMENCO);
    const { browser, userId } = await signUp("code-credit");
    await setMonthlyCredit(userId, 10);
    await browser.cart("add", flamenco.id, flamenco.href);
    const half = Math.round(flamenco.priceCents / 2);
    expect((await openCheckoutPage(browser, `?code=HALF${t}`)).total).toBe(dollars(flamenco.priceCents - half - 1000));
  });
});

describe("fulfilCheckout", () => {
  it("runs exactly once under 50 concurrent calls: one purchase per line, credit and code used once, one receipt", async () => {
    const code = `ONCE${crypto.randomUUID().slice(0, 6).toUpperCase()}`;
    await env.DB.prepare("INSERT INTO discount_codes (code, amount_off_cents, created_at) VALUES (?, 500, ?)")
      .bind(code, Date.now())
      .run();
    const [flamenco, bossa, synth] = await Promise.all([product(FLAMENCO), product(BOSSA), product(SYNTH)]);
    const { browser, email, userId } = await signUp("fulfil");
    await setMonthlyCredit(userId, 10);
    await browser.cart("add-all", [flamenco.id, bossa.id, synth.id], "/cart");
    const id = await startPaidCheckout(browser, `?code=${code}`);
    const subtotal = flamenco.priceCents + bossa.priceCents + synth.priceCents;
    expect(await checkoutRow(id)).toMatchObject({
      status: "open",
      subtotalCents: subtotal,
      discountCents: 500,
      creditCents: 1000,
      totalCents: subtotal - 1500,
    });

    const card = { brand: "visa", last4: "4242", expMonth: 12, expYear: 2030 };
    const outcomes = await Promise.all(Array.from({ length: 50 }, () => fulfilCheckout(testApp(), id, { card })));
    const statuses = outcomes.map((o) => o.status);
    expect(statuses.filter((s) => s === "fulfilled")).toHaveLength(1);
    expect(statuses.filter((s) => s === "already")).toHaveLength(49);
    for (const outcome of outcomes) if (outcome.status !== "missing") expect(outcome.session.status).toBe("complete");

    const bought = await purchasesOf(userId);
    expect(bought.map((p) => p.productId).sort()).toEqual([flamenco.id, bossa.id, synth.id].sort());
    expect(bought.reduce((sum, p) => sum + p.amountCents, 0)).toBe(subtotal - 1500);
    expect(await monthlyCredit(userId)).toBe(0);
    expect(
      (await env.DB.prepare("SELECT redemptions AS n FROM discount_codes WHERE code = ?")
        .bind(code)
        .first<{ n: number }>())!.n,
    ).toBe(1);
    expect(await receipts(email)).toBe(1);
    expect(await cartItems(userId)).toEqual([]);

    // And later, again: nothing more.
    expect((await fulfilCheckout(testApp(), id)).status).toBe("already");
    expect((await fulfilCheckout(testApp(), crypto.randomUUID())).status).toBe("missing");
    expect(await purchasesOf(userId)).toHaveLength(3);
    expect(await receipts(email)).toBe(1);
    // The card page now goes to the receipt.
    expect(locationOf(await payCard(browser, id))).toBe(`/checkout/success?session_id=${id}`);
  });

  it("credit is deducted once even when the card page and fulfilment race", async () => {
    const riffs = await product(RIFFS);
    const { browser, email, userId } = await signUp("fulfil-race");
    await setMonthlyCredit(userId, 20);
    await browser.cart("add", riffs.id, riffs.href);
    const id = await startPaidCheckout(browser);
    const [a, b, c] = await Promise.all([payCard(browser, id), payCard(browser, id), fulfilCheckout(testApp(), id)]);
    expect(locationOf(a)).toBe(`/checkout/success?session_id=${id}`);
    expect(locationOf(b)).toBe(`/checkout/success?session_id=${id}`);
    expect(["fulfilled", "already"]).toContain(c.status);
    expect(await purchasesOf(userId)).toHaveLength(1);
    expect(await monthlyCredit(userId)).toBe(0);
    expect(await receipts(email)).toBe(1);
  });
});

describe("owned items", () => {
  it("a class already bought is left out of the next checkout and never charged twice", async () => {
    const [riffs, harmony] = await Promise.all([product(RIFFS), product(HARMONY)]);
    const { browser, userId } = await signUp("owned");
    await buy(browser, [riffs.id]);

    // The class page offers the library, not the cart; the cart form still accepts it.
    await browser.cart("add-all", [riffs.id, harmony.id], "/cart");
    const { page, total } = await openCheckoutPage(browser);
    expect(page).toContain("Already in your library, so not charged again: Riffs That Rock: Power Chords to Pocket.");
    expect(total).toBe(dollars(harmony.priceCents));
    const id = await startPaidCheckout(browser);
    expect((await checkoutRow(id))!.lines.map((l) => l.productId)).toEqual([harmony.id]);
    await payCard(browser, id);
    const bought = await purchasesOf(userId);
    expect(bought.filter((p) => p.productId === riffs.id)).toHaveLength(1);
    expect(bought.filter((p) => p.productId === harmony.id)).toHaveLength(1);

    // Only owned items left: nothing to pay for.
    await browser.cart("add-only", riffs.id, "/cart");
    const onlyOwned = await openCheckoutPage(browser);
    expect(onlyOwned.page).toContain("Nothing to pay for");
    const refused = await pay(browser, onlyOwned.key);
    expect(refused.status).toBe(400);
    expect(await html(refused)).toContain("Your cart is empty.");
    expect(await purchasesOf(userId)).toHaveLength(2);
  });

  it("two open checkouts for one class cannot both be paid", async () => {
    const riffs = await product(RIFFS);
    const { browser, userId } = await signUp("two-tabs");
    await browser.cart("add", riffs.id, riffs.href);
    const [tab1, tab2] = [await openCheckoutPage(browser), await openCheckoutPage(browser)];
    const first = payPageId(locationOf(await pay(browser, tab1.key)));
    const second = payPageId(locationOf(await pay(browser, tab2.key)));
    expect(first).not.toBe(second);
    expect((await payCard(browser, first)).status).toBe(303);
    await payCard(browser, second);
    expect(await purchasesOf(userId)).toHaveLength(1);
  });

  it("a collection bought makes its classes owned", async () => {
    const essentials = await collectionBySlug("guitar-essentials");
    const { browser, userId } = await signUp("owned-collection");
    await buy(browser, [essentials.id]);
    expect(await purchasesOf(userId)).toMatchObject([
      { productId: essentials.id, kind: "collection", amountCents: essentials.priceCents },
    ]);
    const [inside] = essentials.items;
    const riffs = await product(RIFFS);
    const other = essentials.items.includes(riffs.id) ? await product(TONE) : riffs;
    await browser.cart("add-all", [inside, other.id], "/cart");
    const { page, total } = await openCheckoutPage(browser);
    expect(page).toContain("Already in your library");
    expect(total).toBe(dollars(other.priceCents));
  });
});

describe("the cart and purchase API", () => {
  const json = (browser: Browser, path: string, body: unknown) => browser.postJson(path, body);

  it("every signed-in endpoint answers 401 without a user, and 405 to the wrong method", async () => {
    const visitor = new Browser();
    const gets = [
      "/api/getCart",
      "/api/getMonthlyCreditForUser",
      "/api/getUserPurchases",
      "/api/getUserPurchaseForProduct?product_id=x",
    ];
    const posts = ["/api/updateCart", "/api/saveLastSeenOfferInfo"];
    for (const path of gets) {
      const response = await visitor.get(path);
      expect(response.status, path).toBe(401);
      expect(await response.json()).toMatchObject({ error: "User is not authenticated" });
      expect((await json(visitor, path, {})).status, `POST ${path}`).toBe(405);
    }
    for (const path of posts) {
      const response = await json(visitor, path, { product_ids: [] });
      expect(response.status, path).toBe(401);
      expect(await response.json()).toMatchObject({ error: "User is not authenticated" });
      expect((await visitor.get(path)).status, `GET ${path}`).toBe(405);
    }
    // Recommendations are for anyone, but all-purchases needs a user.
    expect((await visitor.get("/api/getRecommendations")).status).toBe(405);
    expect((await json(visitor, "/api/getRecommendations", {})).status).toBe(200);
    const needsUser = await json(visitor, "/api/getRecommendations", { use_all_purchases: true });
    expect(needsUser.status).toBe(401);
    expect(await needsUser.json()).toMatchObject({ error: "User is not authenticated" });
    // A signed-in caller gets 405 too.
    const { browser } = await signUp("api-405");
    expect((await json(browser, "/api/getCart", {})).status).toBe(405);
    expect((await browser.get("/api/updateCart")).status).toBe(405);
  });

  it("getCart and updateCart: the documented shapes; bad bodies and unknown ids are 400 and change nothing", async () => {
    const [flamenco, bossa, riffs] = await Promise.all([product(FLAMENCO), product(BOSSA), product(RIFFS)]);
    const { browser, userId } = await signUp("api-cart");
    expect(await (await browser.get("/api/getCart")).json()).toEqual({
      lastUpdated: null,
      productsInCart: [],
      offerValid: false,
    });

    const updated = await json(browser, "/api/updateCart", {
      product_ids: [bossa.id, flamenco.id, bossa.id],
      offer_valid: true,
    });
    expect(updated.status).toBe(200);
    const body = (await updated.json()) as {
      success: boolean;
      lastUpdated: string;
      productsInCart: { id: string; priceInfo: { price: number } }[];
      offerValid: boolean;
    };
    expect(body).toMatchObject({ success: true, offerValid: true });
    expect(new Date(body.lastUpdated).toISOString()).toBe(body.lastUpdated);
    expect(body.productsInCart.map((p) => [p.id, p.priceInfo.price])).toEqual([
      [bossa.id, bossa.priceCents],
      [flamenco.id, flamenco.priceCents],
    ]);
    const cart = (await (await browser.get("/api/getCart")).json()) as typeof body;
    expect(Object.keys(cart).sort()).toEqual(["lastUpdated", "offerValid", "productsInCart"]);
    expect(cart.productsInCart.map((p) => p.id)).toEqual([bossa.id, flamenco.id]);
    expect(await cartItems(userId)).toEqual([bossa.id, flamenco.id]);

    const bad: [unknown, string][] = [
      [{ product_ids: "abc" }, "product_ids must be a list of ids"],
      [{}, "product_ids is required"],
      [{ product_ids: [riffs.id], offer_valid: "yes" }, "offer_valid must be true or false"],
      [{ product_ids: [""] }, "productId is required"],
      [{ product_ids: Array.from({ length: 51 }, (_, i) => `p${i}`) }, "A cart holds at most 50 items"],
      [{ product_ids: [riffs.id, "no-such-id"] }, "Not for sale: no-such-id"],
    ];
    for (const [input, message] of bad) {
      const response = await json(browser, "/api/updateCart", input);
      expect(response.status, JSON.stringify(input).slice(0, 60)).toBe(400);
      expect(((await response.json()) as { error: string }).error).toBe(message);
    }
    for (const raw of ["not json", "[1,2]", "null"]) {
      const response = await json(browser, "/api/updateCart", raw);
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ error: "The body must be JSON or form data" });
    }
    expect(await cartItems(userId)).toEqual([bossa.id, flamenco.id]);

    // An empty list empties the cart.
    expect(await (await json(browser, "/api/updateCart", { product_ids: [] })).json()).toMatchObject({
      success: true,
      productsInCart: [],
    });
    expect(await cartItems(userId)).toEqual([]);
  });

  it("20 concurrent updateCart calls: each 200 or a clear 409, never a 5xx; with last_updated no update is lost", async () => {
    const { results } = await env.DB.prepare("SELECT id FROM products WHERE kind = 'class' ORDER BY id LIMIT 20").all<{
      id: string;
    }>();
    const ids = results.map((r) => r.id);
    const { browser, userId } = await signUp("api-cart-race");
    type Cart = { lastUpdated: string | null; productsInCart: { id: string }[] };

    // Blind replaces at once: each answer is 200 or 409, and the cart is exactly one caller's list.
    const blind = await Promise.all(ids.map((id) => browser.postJson("/api/updateCart", { product_ids: [id] })));
    const blindOk = blind.filter((r) => r.status === 200);
    for (const response of blind) expect([200, 409]).toContain(response.status);
    for (const response of blind.filter((r) => r.status === 409))
      expect(((await response.json()) as { error: string }).error).toMatch(/try again/i);
    expect(blindOk.length).toBeGreaterThan(0);
    expect((await cartItems(userId))!.length).toBe(1);

    // Twenty clients at once each add their own item: read the cart, then send it with theirs and
    // the lastUpdated they read. A 409 means someone changed the cart in between (read again, retry).
    await browser.postJson("/api/updateCart", { product_ids: [] });
    const answers = await Promise.all(
      ids.map(async (id) => {
        const cart = (await (await browser.get("/api/getCart")).json()) as Cart;
        const response = await browser.postJson("/api/updateCart", {
          product_ids: [...cart.productsInCart.map((p) => p.id), id],
          last_updated: cart.lastUpdated,
        });
        const body = (await response.json()) as { error?: string };
        return { id, status: response.status, error: body.error };
      }),
    );
    for (const answer of answers) {
      expect([200, 409], answer.id).toContain(answer.status);
      if (answer.status === 409)
        expect(answer.error).toBe("The cart changed since you read it. Read it again and send your change once more.");
    }
    const final = (await cartItems(userId))!;
    const landed = answers.filter((a) => a.status === 200).map((a) => a.id);
    expect(landed.length).toBeGreaterThan(0);
    // Every 200's item is in the cart, and nothing else is.
    expect([...final].sort()).toEqual([...landed].sort());

    // A stale or malformed last_updated changes nothing.
    const stale = await browser.postJson("/api/updateCart", {
      product_ids: [],
      last_updated: "2000-01-01T00:00:00.000Z",
    });
    expect(stale.status).toBe(409);
    expect((await browser.postJson("/api/updateCart", { product_ids: [], last_updated: "yesterday" })).status).toBe(
      400,
    );
    expect(await cartItems(userId)).toEqual(final);
  });

  it("getRecommendations never returns cart items or owned classes; user_id must be the caller", async () => {
    const [blues, electronic, acoustic, cheap] = await Promise.all([
      product("blues-lead-guitar"),
      product("electronic-music-production-101"),
      product("acoustic-first-30-days"),
      product(TONE),
    ]);
    const cartIds = [electronic.id, acoustic.id];

    // Someone who owns nothing is shown the most popular class (blues) for this cart.
    const { browser: fresh } = await signUp("reco-fresh");
    const control = (await (await json(fresh, "/api/getRecommendations", { product_ids: cartIds })).json()) as {
      recommendations: { id: string }[];
    };
    expect(control.recommendations.map((r) => r.id)).toContain(blues.id);

    const { browser, userId } = await signUp("reco");
    await buy(browser, [blues.id, cheap.id]);
    await json(browser, "/api/updateCart", { product_ids: cartIds });
    const response = await json(browser, "/api/getRecommendations", { product_ids: cartIds, user_id: userId });
    expect(response.status).toBe(200);
    const { recommendations } = (await response.json()) as {
      recommendations: {
        id: string;
        title: string;
        priceInfo: { price: number; crossedPrice: number | null; offerEndsAt: string | null };
      }[];
    };
    expect(recommendations.length).toBeGreaterThan(0);
    expect(recommendations.length).toBeLessThanOrEqual(4);
    const ids = recommendations.map((r) => r.id);
    for (const excluded of [...cartIds, blues.id, cheap.id]) expect(ids).not.toContain(excluded);
    expect(recommendations[0]).toMatchObject({
      id: expect.any(String),
      title: expect.any(String),
      priceInfo: { price: expect.any(Number) },
    });
    expect(recommendations[0]).not.toHaveProperty("crossedPriceApplicableFrom");

    // use_all_purchases seeds with what they own but still never returns it; explicit exclusions are honoured.
    const all = (await (
      await json(browser, "/api/getRecommendations", { use_all_purchases: true, exclude_product_ids: [ids[0]] })
    ).json()) as { recommendations: { id: string }[] };
    for (const excluded of [blues.id, cheap.id, ids[0]])
      expect(all.recommendations.map((r) => r.id)).not.toContain(excluded);

    // The cart page's recommendations follow the same rule.
    const cartPage = await html(await browser.get("/cart"));
    expect(cartPage).toContain("You might also like");
    expect(cartPage).not.toContain(`/classes/${blues.storefrontSlug}/${blues.classSlug}"`);

    const other = await signUp("reco-other");
    const forbidden = await json(other.browser, "/api/getRecommendations", { product_ids: cartIds, user_id: userId });
    expect(forbidden.status).toBe(403);
    expect((await json(new Browser(), "/api/getRecommendations", { user_id: userId })).status).toBe(403);
    for (const input of [
      { product_ids: "x" },
      { exclude_product_ids: 3 },
      { use_all_purchases: "yes" },
      { user_id: "x".repeat(65) },
    ]) {
      const bad = await json(browser, "/api/getRecommendations", input);
      expect(bad.status).toBe(400);
      expect(((await bad.json()) as { error: string }).error).toBeTruthy();
    }
    expect((await json(browser, "/api/getRecommendations", "{")).status).toBe(400);
  });

  it("getRecommendations leaves out classes owned through a collection", async () => {
    const essentials = await collectionBySlug("guitar-essentials");
    const flamenco = await product(FLAMENCO);
    const { browser } = await signUp("reco-collection");
    await buy(browser, [essentials.id]);
    const { recommendations } = (await (
      await json(browser, "/api/getRecommendations", { product_ids: [flamenco.id] })
    ).json()) as { recommendations: { id: string }[] };
    expect(recommendations.length).toBeGreaterThan(0);
    expect(recommendations.filter((r) => essentials.items.includes(r.id))).toEqual([]);
  });

  it("getMonthlyCreditForUser answers the credit in dollars (0 without one)", async () => {
    const { browser, userId } = await signUp("api-credit");
    expect(await (await browser.get("/api/getMonthlyCreditForUser")).json()).toEqual({
      monthlyCreditInfo: { monthlyCredit: 0 },
    });
    await setMonthlyCredit(userId, 7.5);
    expect(await (await browser.get("/api/getMonthlyCreditForUser")).json()).toEqual({
      monthlyCreditInfo: { monthlyCredit: 7.5 },
    });
  });

  it("saveLastSeenOfferInfo checks its body and only ever moves the memory forward", async () => {
    const { browser, userId } = await signUp("api-offer");
    const key = "studioCountdownMainCycleOffer";
    const now = Date.now();
    const bad: [unknown, string][] = [
      [{ offer_key: "otherOffer", exp_date_seen: now, offer_last_seen: now }, `offer_key must be '${key}'`],
      [{ exp_date_seen: now, offer_last_seen: now }, `offer_key must be '${key}'`],
      [
        { offer_key: key, exp_date_seen: "tomorrow", offer_last_seen: now },
        "exp_date_seen must be a time in milliseconds",
      ],
      [
        { offer_key: key, exp_date_seen: now, offer_last_seen: "now" },
        "offer_last_seen must be a time in milliseconds",
      ],
      [{ offer_key: key, exp_date_seen: now }, "offer_last_seen is required"],
      [{ offer_key: key, exp_date_seen: -5, offer_last_seen: now }, ""],
      [{ offer_key: key, exp_date_seen: 1.5, offer_last_seen: now }, ""],
    ];
    for (const [input, message] of bad) {
      const response = await json(browser, "/api/saveLastSeenOfferInfo", input);
      expect(response.status, JSON.stringify(input)).toBe(400);
      const { error } = (await response.json()) as { error: string };
      if (message) expect(error).toBe(message);
      else expect(error).toBeTruthy();
    }
    const stored = async () =>
      JSON.parse(
        (await env.DB.prepare("SELECT offers_seen_info AS o FROM users WHERE id = ?")
          .bind(userId)
          .first<{ o: string | null }>())!.o ?? "null",
      );
    expect(await stored()).toBeNull();

    const exp = now + 14 * 86_400_000;
    const first = await json(browser, "/api/saveLastSeenOfferInfo", {
      offer_key: key,
      exp_date_seen: exp,
      offer_last_seen: now - 1000,
    });
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({
      success: true,
      offersSeenInfo: { [key]: { expirationDateSeen: exp, lastSeenCurrentOffer: now - 1000 } },
    });
    // Older values do not move it back.
    const older = await json(browser, "/api/saveLastSeenOfferInfo", {
      offer_key: key,
      exp_date_seen: exp - 86_400_000,
      offer_last_seen: now - 60_000,
    });
    expect(await older.json()).toEqual({
      success: true,
      offersSeenInfo: { [key]: { expirationDateSeen: exp, lastSeenCurrentOffer: now - 1000 } },
    });
    // A last-seen time in the future is taken as now.
    const future = (await (
      await json(browser, "/api/saveLastSeenOfferInfo", {
        offer_key: key,
        exp_date_seen: exp + 1,
        offer_last_seen: now + 10 * 86_400_000,
      })
    ).json()) as { offersSeenInfo: Record<string, { expirationDateSeen: number; lastSeenCurrentOffer: number }> };
    expect(future.offersSeenInfo[key].expirationDateSeen).toBe(exp + 1);
    expect(future.offersSeenInfo[key].lastSeenCurrentOffer).toBeLessThanOrEqual(Date.now());
    expect(future.offersSeenInfo[key].lastSeenCurrentOffer).toBeGreaterThanOrEqual(now);
    expect((await stored())[key]).toEqual(future.offersSeenInfo[key]);
    // Form bodies work too.
    const form = await browser.post("/api/saveLastSeenOfferInfo", {
      offer_key: key,
      exp_date_seen: String(exp),
      offer_last_seen: String(now),
    });
    expect(form.status).toBeLessThan(500);
  });

  it("getUserPurchases / getUserPurchaseForProduct: empty lists, and product_id is required", async () => {
    const { browser } = await signUp("api-purchases");
    expect(await (await browser.get("/api/getUserPurchases")).json()).toEqual({ purchases: [] });
    for (const path of [
      "/api/getUserPurchaseForProduct",
      "/api/getUserPurchaseForProduct?product_id=",
      "/api/getUserPurchaseForProduct?product_id=%20%20",
    ]) {
      const response = await browser.get(path);
      expect(response.status, path).toBe(400);
      expect(await response.json()).toMatchObject({ error: "product_id is required" });
    }
    expect((await browser.get(`/api/getUserPurchaseForProduct?product_id=${"x".repeat(65)}`)).status).toBe(400);
    expect(await (await browser.get("/api/getUserPurchaseForProduct?product_id=unknown")).json()).toEqual({
      purchase: null,
    });
  });
});

describe("the countdown offer", () => {
  it("a first visit shows the offer and remembers it in the two offer cookies", async () => {
    const offer = await product(OFFER_CLASS);
    expect(offer.offerEndsAt).toBeGreaterThan(Date.now());
    const browser = new Browser();
    const before = Date.now();
    const response = await browser.get(offer.href);
    expect(response.status).toBe(200);
    expect(mainPriceOf(await html(response))).toEqual({
      price: dollars(offer.priceCents),
      crossed: dollars(offer.crossedPriceCents!),
    });
    expect(browser.cookie(EXPIRATION_COOKIE)).toBe(String(offer.offerEndsAt));
    const lastSeen = Number(browser.cookie(LAST_SEEN_COOKIE));
    expect(lastSeen).toBeGreaterThanOrEqual(before);
    expect(lastSeen).toBeLessThanOrEqual(Date.now());
    expect(browser.cookie("noPriceOffer")).toBeUndefined();

    // The cart charges the offer price while it is shown.
    await browser.cart("add", offer.id, offer.href);
    expect(totalOf(await html(await browser.get("/cart")))).toBe(dollars(offer.priceCents));
  });

  it("inside the cooldown of another offer the regular price shows and noPriceOffer=true is set; p=vip shows the offer again", async () => {
    const offer = await product(OFFER_CLASS);
    const otherOfferDate = offer.offerEndsAt! - 30 * 86_400_000;
    const browser = new Browser({
      [EXPIRATION_COOKIE]: String(otherOfferDate),
      [LAST_SEEN_COOKIE]: String(Date.now()),
    });
    const cooled = await browser.get(offer.href);
    expect(mainPriceOf(await html(cooled))).toEqual({ price: dollars(offer.crossedPriceCents!), crossed: null });
    expect(browser.cookie("noPriceOffer")).toBe("true");
    // The memory itself is untouched.
    expect(browser.cookie(EXPIRATION_COOKIE)).toBe(String(otherOfferDate));

    // The cart and checkout charge the regular price too, and the checkout records noPriceOffer.
    await browser.cart("add", offer.id, offer.href);
    expect(totalOf(await html(await browser.get("/cart")))).toBe(dollars(offer.crossedPriceCents!));
    const { userId } = await signUp("offer-cooldown", browser);
    expect((await openCheckoutPage(browser)).total).toBe(dollars(offer.crossedPriceCents!));
    const id = await startPaidCheckout(browser);
    expect(await checkoutRow(id)).toMatchObject({
      totalCents: offer.crossedPriceCents,
      paymentInfo: { noPriceOffer: "true" },
    });
    expect(await env.DB.prepare("SELECT user_id AS u FROM checkout_sessions WHERE id = ?").bind(id).first()).toEqual({
      u: userId,
    });

    // p=vip skips the cooldown: the offer shows, the VIP gate is remembered, the memory moves to this offer.
    const vip = await browser.get(`${offer.href}?p=vip`);
    expect(mainPriceOf(await html(vip))).toEqual({
      price: dollars(offer.priceCents),
      crossed: dollars(offer.crossedPriceCents!),
    });
    expect(browser.cookie("studio_vip_gate")).toBe("vip");
    expect(browser.cookie(EXPIRATION_COOKIE)).toBe(String(offer.offerEndsAt));
    expect(browser.cookie("noPriceOffer")).toBeUndefined();
    // Without p=vip in the address, the gate cookie keeps the VIP price (the cart too).
    expect(mainPriceOf(await html(await browser.get(offer.href))).price).toBe(dollars(offer.priceCents));
    expect(totalOf(await html(await browser.get("/cart")))).toBe(dollars(offer.priceCents));
  });

  it("after the cooldown a new offer shows again; garbage cookies count as none", async () => {
    const offer = await product(OFFER_CLASS);
    const longAgo = Date.now() - OFFER_COOLDOWN_MS - 60_000;
    const after = new Browser({
      [EXPIRATION_COOKIE]: String(offer.offerEndsAt! - 40 * 86_400_000),
      [LAST_SEEN_COOKIE]: String(longAgo),
      noPriceOffer: "true",
    });
    expect(mainPriceOf(await html(await after.get(offer.href))).price).toBe(dollars(offer.priceCents));
    expect(after.cookie(EXPIRATION_COOKIE)).toBe(String(offer.offerEndsAt));
    expect(after.cookie("noPriceOffer")).toBeUndefined();

    const garbage = new Browser({
      [EXPIRATION_COOKIE]: "soon",
      [LAST_SEEN_COOKIE]: "-1",
      noPriceOffer: "maybe",
      studio_vip_gate: "<script>",
    });
    const response = await garbage.get(offer.href);
    expect(response.status).toBe(200);
    expect(mainPriceOf(await html(response)).price).toBe(dollars(offer.priceCents));
    expect(garbage.cookie(EXPIRATION_COOKIE)).toBe(String(offer.offerEndsAt));
  });

  it("a class without an offer sells at its regular price, whatever the cookies", async () => {
    const blues = await product("blues-lead-guitar");
    expect(blues.offerEndsAt).toBeNull();
    const browser = new Browser();
    const page = await html(await browser.get(blues.href));
    expect(mainPriceOf(page)).toEqual({ price: dollars(blues.crossedPriceCents!), crossed: null });
    expect(mainPriceOf(await html(await browser.get(`${blues.href}?p=vip`))).price).toBe(
      dollars(blues.crossedPriceCents!),
    );
  });
});

describe("pages whose own reads are keyed by the session (they run beside the shell)", () => {
  it("with the session live they are the user's; once it has ended, the visitor's: their anonymous cart, no library, nothing owned", async () => {
    const [flamenco, bossa, riffs] = await Promise.all([product(FLAMENCO), product(BOSSA), product(RIFFS)]);
    const { browser, userId } = await signUp("session-keyed");
    await buy(browser, [flamenco.id]);
    await browser.cart("add", bossa.id, bossa.href);
    // This browser's anonymous cart, from before it signed in (never merged: it was made afterwards).
    const anon = `anon_${crypto.randomUUID()}`;
    await testApp()
      .db.insert(carts)
      .values({ ownerId: anon, userId: null, items: [riffs.id], updatedAt: Date.now() });
    browser.setCookie("dx_non_auth_user_id", anon);

    // The cart's list, not its recommendations (which may offer any class).
    const items = (page: string) =>
      page.slice(page.indexOf('class="cart-items"'), page.indexOf('class="cart-summary"'));
    const cartPage = await html(await browser.get("/cart"));
    expect(items(cartPage)).toContain(bossa.title);
    expect(items(cartPage)).not.toContain(riffs.title);
    expect(await html(await browser.get("/library"))).toContain(flamenco.title);
    expect(await html(await browser.get(flamenco.href))).toContain("You own this.");

    await env.DB.prepare("UPDATE sessions SET expires_at = 0 WHERE user_id = ?").bind(userId).run();
    const ended = await html(await browser.get("/cart"));
    expect(items(ended)).toContain(riffs.title);
    expect(items(ended)).not.toContain(bossa.title);
    expect(ended).toContain('Your cart <span class="muted">(1 item)</span>');
    const library = await html(await browser.get("/library"));
    expect(library).toContain("Log in to see your classes");
    expect(library).not.toContain(flamenco.title);
    expect(await html(await browser.get(flamenco.href))).not.toContain("You own this.");
  });
});

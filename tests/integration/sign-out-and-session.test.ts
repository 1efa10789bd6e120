// Sign-out and the session's lifetime through the built worker: signing out clears the VIP gate
// state (spec 4: its cookie; the page clears its storage copy), so VIP-only prices stop showing; a
// sign-in's session cookie lasts 365 days (spec 9: its Max-Age), as does its D1 session,
// whose expiry is what ends it.
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { sha256Hex } from "~/platform/crypto.server";
import { Browser, dollars, html, logIn, mainPriceOf, product, signUp } from "./commerce-helpers";

vi.setConfig({ testTimeout: 30_000 });

// A countdown-offer class ($49 with the offer, $69 without), made VIP-only in this file's database.
const OFFER_CLASS = "fingerstyle-foundations";
const DAY_MS = 86_400_000;
const YEAR_S = 365 * 86_400;

beforeAll(async () => {
  await env.DB.prepare("UPDATE products SET special_only_vip = 1 WHERE class_slug = ?").bind(OFFER_CLASS).run();
});

describe("sign-out clears the VIP gate state", () => {
  it("the studio_vip_gate cookie is cleared with the session, and the VIP-only price stops showing", async () => {
    const offer = await product(OFFER_CLASS);
    const vipPrice = { price: dollars(offer.priceCents), crossed: dollars(offer.crossedPriceCents!) };
    const regular = { price: dollars(offer.crossedPriceCents!), crossed: null };
    const { browser } = await signUp("vip-sign-out");
    expect(mainPriceOf(await html(await browser.get(offer.href)))).toEqual(regular);

    // p=vip opens the gate; the cookie keeps it open on later pages.
    expect(mainPriceOf(await html(await browser.get(`${offer.href}?p=vip`)))).toEqual(vipPrice);
    expect(browser.cookie("studio_vip_gate")).toBe("vip");
    expect(mainPriceOf(await html(await browser.get(offer.href)))).toEqual(vipPrice);

    const out = await browser.post("/auth/logout", {});
    expect(out.status).toBe(303);
    expect(out.headers.get("Location")).toBe("/");
    const cleared = out.headers.getSetCookie();
    expect(cleared).toContainEqual(expect.stringMatching(/^studio_vip_gate=; Max-Age=0; Path=\/(;|$)/));
    expect(cleared).toContainEqual(expect.stringMatching(/^studio_session=; .*Max-Age=0/));
    expect(browser.cookie("studio_vip_gate")).toBeUndefined();
    expect(browser.cookie("studio_session")).toBeUndefined();
    expect(mainPriceOf(await html(await browser.get(offer.href)))).toEqual(regular);
  });
});

describe("the session cookie lasts 365 days (spec 9)", () => {
  it("log-in's Set-Cookie lives a year (Max-Age); its D1 session ends a year after it starts, and that ends it", async () => {
    const { email, userId } = await signUp("year-long");
    const browser = new Browser();
    const before = Date.now();
    const login = await logIn(browser, email);
    const after = Date.now();

    const header = login.headers.getSetCookie().find((c) => c.startsWith("studio_session="))!;
    expect(header).toMatch(new RegExp(`; Max-Age=${YEAR_S}(;|$)`));
    expect(header).toMatch(/; HttpOnly/i);
    // Max-Age alone sets the lifetime (an Expires beside it would be ignored by browsers that read Max-Age).
    expect(header).not.toMatch(/; Expires=/i);

    // The log-in's session row: keyed by the hash of the token the cookie carries (Remix's encoding: base64 JSON).
    const token = JSON.parse(atob(decodeURIComponent(browser.cookie("studio_session")!))) as string;
    const row = await env.DB.prepare(
      "SELECT id, created_at AS createdAt, expires_at AS expiresAt FROM sessions WHERE id = ? AND user_id = ?",
    )
      .bind(await sha256Hex(token), userId)
      .first<{ id: string; createdAt: number; expiresAt: number }>();
    expect(row!.expiresAt - row!.createdAt).toBe(365 * DAY_MS);
    expect(row!.createdAt).toBeGreaterThanOrEqual(before);
    expect(row!.createdAt).toBeLessThanOrEqual(after);

    // A day before its end the session still signs the browser in; past its end it no longer does.
    const signedIn = async () => (await browser.get("/api/users/getBasicUserInfo")).status === 200;
    const endsIn = (ms: number) =>
      env.DB.prepare("UPDATE sessions SET expires_at = ? WHERE id = ?")
        .bind(Date.now() + ms, row!.id)
        .run();
    await endsIn(DAY_MS);
    expect(await signedIn()).toBe(true);
    await endsIn(-1000);
    expect(await signedIn()).toBe(false);
  });
});

// Shared pages (http/shared-pages.ts, shared-pages.server.ts): anonymous pages come from the cache,
// and nothing of one visitor reaches another: not a name, a cart, an offer's countdown state, a toast,
// a token in a form, a nonce or a Set-Cookie. Each visitor still gets their own id and page view.
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { HOME_HERO_EXPERIMENT, pickVariant } from "~/features/experiments/rules";
import { EXPIRATION_COOKIE, LAST_SEEN_COOKIE } from "~/features/offers/rules";
import { Browser, html, PASSWORD, product, uniqueEmail } from "./commerce-helpers";
import { recordedEvents } from "./recorded-events";

const ANON = "dx_non_auth_user_id";

/** The page with every nonce made the same: what is left must be byte for byte what another visitor got. */
const withoutNonces = (page: string) => page.replace(/nonce="[^"]*"/g, 'nonce=""');

/** Each visit in its own fresh browser: no cookies, as a first visit. */
async function firstVisit(path: string, cookies: Record<string, string> = {}) {
  const browser = new Browser(cookies);
  const response = await browser.get(path);
  return { browser, response, page: await html(response) };
}

/** The visitor's stored variant of the home hero's experiment (written after a first visit's answer: polled). */
async function storedVariant(anonymousId: string): Promise<string | null> {
  for (let i = 0; i < 80; i++) {
    const row = await env.DB.prepare(
      "SELECT variant FROM experiment_assignments WHERE experiment_key = ? AND subject_id = ?",
    )
      .bind(HOME_HERO_EXPERIMENT, anonymousId)
      .first<{ variant: string }>();
    if (row) return row.variant;
    await new Promise((r) => setTimeout(r, 50));
  }
  return null;
}

/** The CSP nonce of the answer, and every nonce its scripts carry. */
function nonces(response: Response, page: string) {
  const policy = response.headers.get("Content-Security-Policy") ?? "";
  return {
    policy: policy.match(/'nonce-([^']+)'/)?.[1] ?? null,
    scripts: [...new Set([...page.matchAll(/nonce="([^"]*)"/g)].map((m) => m[1]))],
  };
}

describe("shared pages", () => {
  it("a second visitor gets the first one's copy: the same bytes, their own nonce, id and page view", async () => {
    const path = "/classes?category=Guitar";
    const one = await firstVisit(path);
    const two = await firstVisit(path);
    expect(one.response.headers.get("X-Shared-Page")).toBe("miss");
    expect(two.response.headers.get("X-Shared-Page")).toBe("hit");
    expect(withoutNonces(two.page)).toBe(withoutNonces(one.page));
    // Each answer's policy allows exactly the nonce its scripts carry, and no two answers share one.
    const first = nonces(one.response, one.page);
    const second = nonces(two.response, two.page);
    expect(first.scripts).toEqual([first.policy]);
    expect(second.scripts).toEqual([second.policy]);
    expect(second.policy).not.toBe(first.policy);
    // Each visitor their own anonymous id, in their own cookie, and in nobody's page.
    const [a, b] = [one.browser.cookie(ANON)!, two.browser.cookie(ANON)!];
    expect(a).toMatch(/^anon_/);
    expect(b).toMatch(/^anon_/);
    expect(a).not.toBe(b);
    expect(two.page).not.toContain(a);
    expect(one.page).not.toContain(a);
    expect(two.response.headers.getSetCookie().join("\n")).not.toContain(a);
    // And each their own page view.
    for (const id of [a, b]) {
      const views = await recordedEvents<{ name: string }>("SELECT name FROM analytics_events WHERE anonymous_id = ?", [
        id,
      ]);
      expect(views.map((v) => v.name)).toEqual(["browse landing page | viewed"]);
    }
  });

  it("a returning visitor gets the copy too, and keeps their id", async () => {
    const { browser } = await firstVisit("/");
    const id = browser.cookie(ANON)!;
    const again = await browser.get("/classes/dex-okafor/riffs-that-rock");
    await browser.get("/classes/dex-okafor/riffs-that-rock");
    const third = await browser.get("/classes/dex-okafor/riffs-that-rock");
    expect(again.headers.get("X-Shared-Page")).toMatch(/hit|miss/);
    expect(third.headers.get("X-Shared-Page")).toBe("hit");
    expect(third.headers.getSetCookie().some((c) => c.startsWith(`${ANON}=`))).toBe(false);
    expect(browser.cookie(ANON)).toBe(id);
  });

  it("a signed-in user's page is theirs alone: their name never reaches a visitor", async () => {
    const browser = new Browser();
    const made = await browser.post("/auth/create-account", {
      email: uniqueEmail("shared-name"),
      firstName: "Zebediah",
      lastName: "Quill",
      password: PASSWORD,
    });
    expect(made.status).toBe(303);
    const mine = await browser.get("/classes?view=shared-name-test");
    expect(mine.headers.get("X-Shared-Page")).toBe("private");
    expect(await html(mine)).toContain("Zebediah");
    const visitor = await firstVisit("/classes?view=shared-name-test");
    expect(visitor.response.headers.get("X-Shared-Page")).toMatch(/hit|miss/);
    expect(visitor.page).not.toContain("Zebediah");
    expect(visitor.page).toContain("Log in");
  });

  it("a visitor with a cart gets their own page with its count; the next visitor's cart is empty", async () => {
    const riffs = await product("riffs-that-rock");
    const path = "/classes/dex-okafor/riffs-that-rock";
    const shopper = new Browser();
    await shopper.get(path);
    expect((await shopper.cart("add", riffs.id, path)).status).toBe(303);
    expect(shopper.cookie("studio_cart")).toBe("1");
    const theirs = await shopper.get(path);
    expect(theirs.headers.get("X-Shared-Page")).toBe("private");
    const cartLink = (page: string) => page.match(/aria-label="(Cart, [^"]*)"/)?.[1];
    expect(cartLink(await html(theirs))).toBe("Cart, 1 item");
    const next = await firstVisit(path);
    expect(next.response.headers.get("X-Shared-Page")).toMatch(/hit|miss/);
    expect(cartLink(next.page)).toBe("Cart, 0 items");
    // Emptied, the mark goes (on the visitor's next page of their own), and shared pages come back.
    await shopper.cart("empty", undefined, "/cart");
    await shopper.get("/cart");
    expect(shopper.cookie("studio_cart")).toBeUndefined();
    expect((await shopper.get(path)).headers.get("X-Shared-Page")).toMatch(/hit|miss/);
  });

  it("a visitor in the offer's cooldown gets their own prices; the copy and its offer cookies are for the others", async () => {
    const path = "/classes";
    const fresh = await firstVisit(path);
    expect(fresh.page).toContain("Regular price");
    const expiration = fresh.browser.cookie(EXPIRATION_COOKIE)!;
    expect(expiration).toMatch(/^\d+$/);
    expect(Number(fresh.browser.cookie(LAST_SEEN_COOKIE))).toBeGreaterThan(Date.now() - 60_000);
    // Seen another offer a moment ago: spec 4 rule 6c hides this one, and that page is theirs alone.
    const cooling = await firstVisit(path, {
      [EXPIRATION_COOKIE]: "1000",
      [LAST_SEEN_COOKIE]: String(Date.now() - 60_000),
    });
    expect(cooling.response.headers.get("X-Shared-Page")).toBe("private");
    const offersShown = (page: string) => page.split("Regular price").length - 1;
    expect(offersShown(cooling.page)).toBeLessThan(offersShown(fresh.page));
    expect(cooling.browser.cookie("noPriceOffer")).toBe("true");
    const after = await firstVisit(path);
    expect(after.response.headers.get("X-Shared-Page")).toBe("hit");
    expect(withoutNonces(after.page)).toBe(withoutNonces(fresh.page));
    expect(after.browser.cookie("noPriceOffer")).toBeUndefined();
    // The same offer seen before (rule 6b): the copy, and the memory moves on to this visit.
    const before = String(Date.now() - 120_000);
    const back = await firstVisit(path, { [EXPIRATION_COOKIE]: expiration, [LAST_SEEN_COOKIE]: before });
    expect(back.response.headers.get("X-Shared-Page")).toBe("hit");
    expect(back.browser.cookie(EXPIRATION_COOKIE)).toBe(expiration);
    expect(Number(back.browser.cookie(LAST_SEEN_COOKIE))).toBeGreaterThan(Number(before));
  });

  it("a flash toast, a VIP visit, a campaign or an unknown cookie get the visitor's own page", async () => {
    const path = "/classes/june-calloway/hooks-and-choruses";
    await firstVisit(path);
    for (const cookie of <Record<string, string>[]>[
      { studio_toast: "e30%3D" },
      { studio_vip_gate: "vip" },
      { aaCampaign: "spring" },
      { noPriceOffer: "true" },
      { something_new: "1" },
    ]) {
      const visit = await firstVisit(path, cookie);
      expect(visit.response.headers.get("X-Shared-Page"), Object.keys(cookie)[0]).toBe("private");
    }
    // A real toast: after a cart error the page carries it, and the next visitor's does not.
    const browser = new Browser();
    await browser.cart("add", "no-such-class", path);
    const withToast = await browser.get(path);
    expect(withToast.headers.get("X-Shared-Page")).toBe("private");
    expect(await html(withToast)).toContain("This class is no longer available.");
    const next = await firstVisit(path);
    expect(next.page).not.toContain("This class is no longer available.");
  });

  it("an address with anything but the page's own parameters, or with an auth modal, is rendered for the visitor", async () => {
    for (const path of [
      "/classes?auth=Login",
      "/?utm_source=news",
      "/classes/dex-okafor/riffs-that-rock?added=1",
      "/?p=vip",
    ]) {
      const visit = await firstVisit(path);
      expect(visit.response.headers.get("X-Shared-Page"), path).toBe("private");
    }
    // Not a page at all, or not found: never kept.
    const missing = await firstVisit("/classes/nobody/no-such-class");
    expect(missing.response.status).toBe(404);
    expect(missing.response.headers.get("X-Shared-Page")).toBe("private");
    expect((await firstVisit("/cart")).response.headers.get("X-Shared-Page")).toBeNull();
  });

  it("the home page while its hero experiment runs has a copy per variant; each visitor is assigned and counted", async () => {
    const HERO_VARIANTS = [
      { key: "A", weight: 50 },
      { key: "B", weight: 50 },
    ];
    const variantOf = (page: string) => page.match(/<section class="hero"[^>]*data-variant="([^"]+)"/)?.[1];
    const byVariant = new Map<string, { page: string; state: string | null; anon: string }[]>();
    const enough = () => byVariant.size === 2 && [...byVariant.values()].every((v) => v.length >= 3);
    for (let i = 0; i < 30 && !enough(); i++) {
      const visit = await firstVisit("/");
      const anon = visit.browser.cookie(ANON)!;
      const variant = variantOf(visit.page)!;
      // The visitor's own variant (the rule's answer for the id they were given), not the copy-maker's.
      expect(variant).toBe(pickVariant(HOME_HERO_EXPERIMENT, anon, HERO_VARIANTS));
      expect(visit.page).not.toContain(anon);
      const seen = byVariant.get(variant) ?? [];
      seen.push({ page: visit.page, state: visit.response.headers.get("X-Shared-Page"), anon });
      byVariant.set(variant, seen);
    }
    expect([...byVariant.keys()].sort()).toEqual(["A", "B"]);
    for (const [variant, visits] of byVariant) {
      expect(visits.length, variant).toBeGreaterThanOrEqual(3);
      // After the variant's first visitor, the others get its copy: the same bytes apart from the nonce.
      expect(visits.slice(1).map((v) => v.state)).toEqual(visits.slice(1).map(() => "hit"));
      for (const visit of visits.slice(1)) expect(withoutNonces(visit.page)).toBe(withoutNonces(visits[1].page));
      for (const { anon } of visits) {
        // Stored, so the variant sticks (and joins the account at sign-in), and counted once.
        expect(await storedVariant(anon)).toBe(variant);
        const events = await recordedEvents<{ name: string; properties: Record<string, unknown> | null }>(
          "SELECT name, properties FROM analytics_events WHERE anonymous_id = ? ORDER BY name",
          [anon],
          (rows) => rows.length >= 2,
        );
        expect(events.map((e) => e.name)).toEqual(["experiment | viewed", "home landing page | viewed"]);
        expect(events[0].properties).toEqual({ experiment: HOME_HERO_EXPERIMENT, variant });
      }
    }
  });

  it("the dark theme has its own copy", async () => {
    const light = await firstVisit("/collections/bedroom-producer");
    const dark = await firstVisit("/collections/bedroom-producer", { studio_theme: "ImRhcmsi" });
    expect(light.page).toMatch(/<html lang="en" data-theme="light"/);
    expect(dark.page).toMatch(/<html lang="en" data-theme="dark"/);
    const darkAgain = await firstVisit("/collections/bedroom-producer", { studio_theme: "ImRhcmsi" });
    expect(darkAgain.response.headers.get("X-Shared-Page")).toBe("hit");
    expect(darkAgain.page).toMatch(/data-theme="dark"/);
  });
});

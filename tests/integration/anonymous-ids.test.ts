// Someone else's anonymous id: a signed-in user may link only the 'anon_' id their own request
// carries (the dx_non_auth_user_id cookie or the X-Non-Auth-User-Id header). Another visitor's id
// in the body is refused, and that visitor's answers, plan, cart and link stay where they were.
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { demoAppStatements } from "../tools/apps-sql.mjs";
import { Browser, count, signUp } from "./commerce-helpers";

const S1 = "marisol-vega";
const S2 = "half-marathon";
const LINK_ONBOARDING = `/api/users/linkOnboardingWithEmail/${S1}/${S2}`;
const LINK_ANONYMOUS = "/api/users/linkAuthUserWithAnonymousUserId";
const ANSWERS = { goal: "sub2", currentLevel: "beginner", longestRunKm: 8, daysPerWeek: 4, extras: ["strength"] };
const anonId = () => `anon_${crypto.randomUUID()}`;
const H = (id: string) => ({ "X-Non-Auth-User-Id": id });

beforeAll(async () => {
  const owner = await signUp("anon-ids-owner");
  await env.DB.batch(demoAppStatements(Date.now(), owner.userId).map((s: string) => env.DB.prepare(s)));
});

/** A visitor who took the onboarding (answers and a plan) and put a class in the cart, never signed in. */
async function visitorWithData() {
  const id = anonId();
  const visitor = new Browser({ dx_non_auth_user_id: id });
  const done = await visitor.postJson(`/api/apps/completeOnboarding/${S1}/${S2}`, {
    finalUserState: ANSWERS,
    pagesInfo: {},
  });
  expect(done.status).toBe(200);
  const product = await env.DB.prepare("SELECT id FROM products WHERE kind = 'class' LIMIT 1").first<{ id: string }>();
  expect((await visitor.cart("add", product!.id, "/classes")).status).toBe(303);
  return { id, visitor };
}

/** Where the visitor's things are: nothing of theirs may have moved. */
async function holdings(id: string) {
  return {
    answers: await count("SELECT count(*) AS n FROM onboarding_states WHERE subject = ?", id),
    plans: await count("SELECT count(*) AS n FROM personalized_plans WHERE subject = ?", id),
    cart: await count("SELECT count(*) AS n FROM carts WHERE owner_id = ?", id),
    links: await count("SELECT count(*) AS n FROM anonymous_links WHERE anonymous_id = ?", id),
  };
}

describe("another visitor's anonymous id", () => {
  it("linkAuthUserWithAnonymousUserId refuses it, and nothing moves", async () => {
    const victim = await visitorWithData();
    const before = await holdings(victim.id);
    expect(before).toEqual({ answers: 1, plans: 1, cart: 1, links: 0 });
    const attacker = await signUp("anon-ids-thief");
    // The attacker's browser has its own visitor id; the victim's is only in the body.
    attacker.browser.setCookie("dx_non_auth_user_id", anonId());
    const refused = await attacker.browser.postJson(LINK_ANONYMOUS, { anonymousUserId: victim.id });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ success: false, message: expect.stringContaining("not yours") });
    // Nor with a header naming another (well-formed) id.
    expect((await attacker.browser.postJson(LINK_ANONYMOUS, { anonymousUserId: victim.id }, H(anonId()))).status).toBe(
      403,
    );
    expect(await holdings(victim.id)).toEqual(before);
    expect(await count("SELECT count(*) AS n FROM personalized_plans WHERE subject = ?", attacker.userId)).toBe(0);
  });

  it("linkOnboardingWithEmail refuses it, and nothing moves", async () => {
    const victim = await visitorWithData();
    const before = await holdings(victim.id);
    const attacker = await signUp("anon-ids-thief2");
    const refused = await attacker.browser.postJson(LINK_ONBOARDING, {
      email: attacker.email,
      nonAuthUserId: victim.id,
    });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ status: "error", error: expect.stringContaining("not yours") });
    // With another email (the 'remember the email' path) too: the victim's row keeps no email of theirs.
    expect(
      (await attacker.browser.postJson(LINK_ONBOARDING, { email: "someone@example.com", nonAuthUserId: victim.id }))
        .status,
    ).toBe(403);
    expect(await holdings(victim.id)).toEqual(before);
    expect(
      await count("SELECT count(*) AS n FROM onboarding_states WHERE subject = ? AND email IS NOT NULL", victim.id),
    ).toBe(0);
    expect(await count("SELECT count(*) AS n FROM onboarding_states WHERE subject = ?", attacker.userId)).toBe(0);
  });
});

describe("the caller's own anonymous id", () => {
  it("links through linkAuthUserWithAnonymousUserId from the visitor cookie", async () => {
    const { id } = await visitorWithData();
    const me = await signUp("anon-ids-cookie");
    // The same browser, now signed in, still carrying its visitor cookie from before.
    me.browser.setCookie("dx_non_auth_user_id", id);
    const linked = await me.browser.postJson(LINK_ANONYMOUS, { anonymousUserId: id });
    expect(await linked.json()).toEqual({ success: true, dataLinked: true, message: "Anonymous data linked" });
    expect(await count("SELECT count(*) AS n FROM personalized_plans WHERE subject = ?", me.userId)).toBe(1);
  });

  it("links through linkAuthUserWithAnonymousUserId from the X-Non-Auth-User-Id header", async () => {
    const { id } = await visitorWithData();
    const me = await signUp("anon-ids-header");
    const linked = await me.browser.postJson(LINK_ANONYMOUS, { anonymousUserId: id }, H(id));
    expect(await linked.json()).toEqual({ success: true, dataLinked: true, message: "Anonymous data linked" });
    expect(await count("SELECT count(*) AS n FROM onboarding_states WHERE subject = ?", me.userId)).toBe(1);
  });

  it("links through linkOnboardingWithEmail from the cookie or the header", async () => {
    const fromCookie = await visitorWithData();
    const a = await signUp("anon-ids-onb-cookie");
    a.browser.setCookie("dx_non_auth_user_id", fromCookie.id);
    const viaCookie = await a.browser.postJson(LINK_ONBOARDING, { email: a.email, nonAuthUserId: fromCookie.id });
    expect(await viaCookie.json()).toMatchObject({ status: "success", linked: true });
    expect(await count("SELECT count(*) AS n FROM personalized_plans WHERE subject = ?", a.userId)).toBe(1);

    const fromHeader = await visitorWithData();
    const b = await signUp("anon-ids-onb-header");
    const viaHeader = await b.browser.postJson(
      LINK_ONBOARDING,
      { email: b.email, nonAuthUserId: fromHeader.id },
      H(fromHeader.id),
    );
    expect(await viaHeader.json()).toMatchObject({ status: "success", linked: true });
    expect(
      await count("SELECT count(*) AS n FROM onboarding_states WHERE subject = ? AND email = ?", b.userId, b.email),
    ).toBe(1);

    // Without nonAuthUserId, the id the request carries is the one linked.
    const implicit = await visitorWithData();
    const c = await signUp("anon-ids-onb-implicit");
    const viaImplicit = await c.browser.postJson(LINK_ONBOARDING, { email: c.email }, H(implicit.id));
    expect(await viaImplicit.json()).toMatchObject({ status: "success", linked: true });
  });
});

describe("a fault while linking", () => {
  it("answers {success: false, message: 'Unknown error'} and links nothing", async () => {
    const { linkAnonymousUserAnswer } = await import("~/features/sign-in/after-sign-in.server");
    const { testApp } = await import("./app-context");
    const { userId } = await signUp("anon-fault");
    const id = anonId();
    // The database goes away mid-request: every statement fails.
    const broken = new Proxy(testApp().db, {
      get() {
        throw new Error("D1_ERROR: the database is unavailable");
      },
    });
    expect(await linkAnonymousUserAnswer(testApp({ db: broken }), id, userId)).toEqual({
      success: false,
      message: "Unknown error",
    });
    expect(await count(`SELECT count(*) AS n FROM anonymous_links WHERE anonymous_id = '${id}'`)).toBe(0);
    // A refusal keeps its own words.
    const other = await signUp("anon-fault-other");
    await linkAnonymousUserAnswer(testApp(), id, other.userId);
    const refused = await linkAnonymousUserAnswer(testApp(), id, userId);
    expect(refused.success).toBe(false);
    expect(refused.message).not.toBe("Unknown error");
  });
});

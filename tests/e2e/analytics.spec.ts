/**
 * Attribution and analytics end to end: a landing's utm fields in local storage (JavaScript), page
 * views counted once with and without JavaScript (the server counts documents, the browser's batch
 * counts its own navigations and reaches the store through POST /api/data), and a sign-up and a
 * purchase carrying the landing's campaign. The store is read through /dev/analytics (test only).
 */
import { type APIRequestContext, type Page } from "@playwright/test";
import { classHref, expect, fillTestCard, h1, isJs, test, waitForHydration } from "./helpers";

type StoredEvent = {
  name: string;
  userId: string | null;
  anonymousId: string | null;
  properties: Record<string, unknown>;
};

const HOOKS = { storefrontSlug: "june-calloway", classSlug: "hooks-and-choruses" };

async function anonymousIdOf(page: Page): Promise<string> {
  const cookie = (await page.context().cookies()).find((c) => c.name === "dx_non_auth_user_id");
  expect(cookie, "the visitor has an anonymous id").toBeTruthy();
  return cookie!.value;
}

async function storedEvents(request: APIRequestContext, query: string): Promise<StoredEvent[]> {
  const response = await request.get(`/dev/analytics?${query}`);
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { events: StoredEvent[] }).events;
}

/** The events of one visitor or account with this name, once the store has at least `atLeast` of them (events are written after the response, batches every few seconds). */
async function eventsNamed(
  request: APIRequestContext,
  query: string,
  name: string,
  atLeast = 1,
): Promise<StoredEvent[]> {
  let found: StoredEvent[] = [];
  await expect
    .poll(async () => (found = (await storedEvents(request, query)).filter((e) => e.name === name)).length, {
      message: `${name} for ${query}`,
      timeout: 15_000,
    })
    .toBeGreaterThanOrEqual(atLeast);
  return found;
}

const emailFor = (project: string) =>
  `analytics-${project}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;

test("JavaScript: the landing's attribution is in local storage; the browser's batch reaches the store", async ({
  page,
  request,
}, testInfo) => {
  test.skip(!isJs(testInfo.project.name), "local storage and the batcher need JavaScript");
  await page.goto("/?utm_source=newsletter&utm_campaign=spring");
  await waitForHydration(page, testInfo.project.name);
  const anon = await anonymousIdOf(page);

  const stored = () => page.evaluate((key) => window.localStorage.getItem(key), `attribution_${anon}`);
  await expect.poll(stored).not.toBeNull();
  const record = JSON.parse((await stored())!);
  expect(record).toMatchObject({
    utm_source: "newsletter",
    utm_campaign: "spring",
    landingPage: "/?utm_source=newsletter&utm_campaign=spring",
  });
  expect(new Date(record.timestamp).toISOString()).toBe(record.timestamp);

  // A client-side navigation to another page keeps the record, and is a page view the browser sends.
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Classes", exact: true }).click();
  await expect(page).toHaveURL("/classes");
  await expect(h1(page)).toBeVisible();
  expect(JSON.parse((await stored())!).utm_source).toBe("newsletter");

  // A client-only interaction: the Log in link opens the auth modal over the page.
  await page.getByRole("banner").getByRole("link", { name: "Log in" }).click();
  await expect(page.getByRole("dialog", { name: "Log In" })).toBeVisible();

  const [modal] = await eventsNamed(request, `anonymousId=${anon}`, "auth modal | viewed");
  expect(modal.properties).toMatchObject({
    form: "Login",
    path: "/classes",
    via: "browser",
    utm_source: "newsletter",
    utm_campaign: "spring",
  });
  const [browse] = await eventsNamed(request, `anonymousId=${anon}`, "browse landing page | viewed");
  expect(browse.properties).toMatchObject({ via: "browser", utm_source: "newsletter" });

  // Counted once each: the home page by the server (the document), /classes by the browser only.
  const all = await storedEvents(request, `anonymousId=${anon}`);
  expect(all.filter((e) => e.name === "home landing page | viewed")).toHaveLength(1);
  expect(all.filter((e) => e.name === "home landing page | viewed")[0].properties.via).toBeUndefined();
  expect(all.filter((e) => e.name === "browse landing page | viewed")).toHaveLength(1);
});

test("page views count once with or without JavaScript; leaving the page sends what is queued", async ({
  page,
  request,
}, testInfo) => {
  await page.goto("/?utm_source=views");
  await waitForHydration(page, testInfo.project.name);
  const anon = await anonymousIdOf(page);
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Music school" }).click();
  await expect(page).toHaveURL("/school/music");
  await waitForHydration(page, testInfo.project.name);
  // Straight away to another document: with JavaScript the queued view goes out with the page (sendBeacon).
  await page.goto("/cart");
  for (const name of ["home landing page | viewed", "music landing page | viewed", "shopping cart | viewed"]) {
    const [view] = await eventsNamed(request, `anonymousId=${anon}`, name);
    expect(view.properties.utm_source, name).toBe("views");
  }
  await page.waitForTimeout(500);
  const names = (await storedEvents(request, `anonymousId=${anon}`)).map((e) => e.name).sort();
  // The home hero's A/B test records its one exposure beside the page views (an exposure is not a page view).
  expect(names.filter((n) => n !== "experiment | viewed")).toEqual([
    "home landing page | viewed",
    "music landing page | viewed",
    "shopping cart | viewed",
  ]);
  expect(names.filter((n) => n === "experiment | viewed")).toHaveLength(1);
});

test("a visit with utm fields, then sign-up and a purchase: the account event and payment_info carry the campaign", async ({
  page,
  request,
}, testInfo) => {
  const email = emailFor(testInfo.project.name);
  await page.goto(`${classHref(HOOKS)}?utm_source=spring-mail&utm_medium=email&ref=alice`);
  await waitForHydration(page, testInfo.project.name);

  // Sign up through the modal's Create Account form.
  await page.goto("/?auth=CreateAccount");
  const create = page.getByRole("dialog", { name: "Create Account" });
  await create.getByLabel("Email").fill(email);
  await create.getByLabel("First name").fill("Ada");
  await create.getByLabel("Last name").fill("Lovelace");
  await create.getByLabel("Password", { exact: true }).fill("analytics rules");
  await waitForHydration(page, testInfo.project.name);
  await create.getByRole("button", { name: "Create Account" }).click();
  await expect(page.getByRole("banner").getByRole("button", { name: "Log out" })).toBeVisible();

  const [created] = await eventsNamed(request, `email=${encodeURIComponent(email)}`, "create account | success");
  expect(created.properties).toMatchObject({ utm_source: "spring-mail", utm_medium: "email" });
  const profile = (
    (await (await request.get(`/dev/analytics?email=${encodeURIComponent(email)}`)).json()) as {
      profile: Record<string, unknown>;
    }
  ).profile;
  expect(profile).toMatchObject({
    email,
    membershipStatus: "inactive",
    attribution: { utm_source: "spring-mail", ref: "alice" },
  });

  // Buy the class (Buy now goes straight to checkout when signed in).
  await page.goto(classHref(HOOKS));
  await waitForHydration(page, testInfo.project.name);
  await page.getByRole("main").getByRole("button", { name: "Buy now" }).first().click();
  await expect(page).toHaveURL(/\/checkout/);
  await waitForHydration(page, testInfo.project.name);
  await page.getByRole("complementary", { name: "Order summary" }).getByRole("button", { name: /^Pay / }).click();
  await expect(page).toHaveURL(/\/checkout\/pay\//);
  await waitForHydration(page, testInfo.project.name);
  await fillTestCard(page, "Ada Lovelace");
  await page.getByRole("button", { name: /^Pay / }).click();
  await expect(h1(page)).toHaveText("Thank you! Your purchase is complete");

  // The purchase event carries payment_info: referrer comes only from payment_info (ref), so the stored attribution fed it.
  const [purchase] = await eventsNamed(request, `email=${encodeURIComponent(email)}`, "checkout | purchase success");
  expect(purchase.properties).toMatchObject({
    utm_source: "spring-mail",
    utm_medium: "email",
    referrer: "alice",
    type: "Purchased Class",
  });
  // After the purchase the campaign is cleared (spec 9).
  expect((await page.context().cookies()).find((c) => c.name === "studio_attribution")).toBeUndefined();
});

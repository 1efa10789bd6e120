/**
 * Shared pieces of the end-to-end suite: a `test` whose pages fail on unexpected console errors and
 * page errors (JavaScript project) and that can make signed-in users directly (`login`,
 * `insertNewUser`), an axe check, a no-horizontal-scroll check and JSON API reads.
 */
import AxeBuilder from "@axe-core/playwright";
import {
  test as base,
  errors,
  expect,
  type APIRequestContext,
  type BrowserContext,
  type ConsoleMessage,
  type Page,
} from "@playwright/test";
import { DEMO_ACCOUNTS } from "../tools/demo-accounts.mjs";
import { createAccount, deleteAccount, newUser, type NewUserOptions, type TestUser } from "./accounts";

export { expect };
export type { TestUser };

type ProblemLog = {
  /** Statuses (e.g. 404, 400) the test expects for pages it loads: the browser's matching "Failed to load resource" lines are not problems. */
  allowStatus: (...statuses: number[]) => void;
  /** The test makes requests fail in the network (a route it aborts): the browser's "Failed to load resource: net::…" lines are not problems. */
  allowNetworkFailures: () => void;
};

/** Chromium's "Refused to …" lines, its Content Security Policy messages, and our securitypolicyviolation report. */
export function isCspViolation(text: string): boolean {
  return (
    /^Refused to /.test(text) ||
    /Content[ -]Security[ -]Policy/i.test(text) ||
    text.startsWith("securitypolicyviolation:")
  );
}

function isIgnorable(message: ConsoleMessage, allowed: Set<number>, networkFailures: boolean): boolean {
  const text = message.text();
  const where = message.location().url ?? "";
  if (/favicon\.(ico|svg)/.test(where) || /favicon\.(ico|svg)/.test(text)) return true;
  const failed = /^Failed to load resource: the server responded with a status of (\d{3})/.exec(text);
  if (failed && allowed.has(Number(failed[1]))) return true;
  if (networkFailures && /^Failed to load resource: net::ERR_/.test(text)) return true;
  return false;
}

/**
 * `test` with the fixtures every spec may use (in the style of the Epic Stack's tests/playwright-utils.ts):
 * - `login(options?)`: a new user (./accounts.ts: the app's Create Account post, not the screens),
 *   signed in in this page's browser context; returns the user with their password.
 *   `insertNewUser(options?)`: the same, made from another browser context, so this page is not signed
 *   in. Both delete the accounts they made when the test ends.
 * - `problems` (automatic): records console.error output, uncaught page errors and any
 *   Content-Security-Policy violation; a test that otherwise passed fails when any were recorded
 *   (favicon misses, "Failed to load resource" for statuses the test declared with
 *   `problems.allowStatus`, and for requests it aborts after `problems.allowNetworkFailures()`, aside). This matters in the `js` project; without JavaScript only the
 *   browser's own errors (e.g. a stylesheet that did not load) can appear, and they are checked the same way.
 */
export const test = base.extend<{
  problems: ProblemLog;
  /** Makes a user with a password (this page not signed in); deleted when the test ends. */
  insertNewUser: (options?: NewUserOptions) => Promise<TestUser>;
  /**
   * Makes a user and signs this browser context in as them, without the sign-up screens; the user is
   * deleted when the test ends. The screens themselves are tested in auth-flows.spec.ts and
   * sign-in-and-account.spec.ts.
   */
  login: (options?: NewUserOptions) => Promise<TestUser>;
}>({
  insertNewUser: async ({ playwright, baseURL }, provide) => {
    const made: TestUser[] = [];
    const elsewhere = await playwright.request.newContext({ baseURL });
    await provide(async (options) => {
      const user = newUser(options);
      await createAccount(elsewhere, user);
      made.push(user);
      return user;
    });
    for (const user of made) await deleteAccount(elsewhere, user);
    await elsewhere.dispose();
  },
  login: async ({ page, playwright, baseURL }, provide) => {
    const made: TestUser[] = [];
    await provide(async (options) => {
      const user = newUser(options);
      await createAccount(page.request, user);
      made.push(user);
      return user;
    });
    if (made.length === 0) return;
    const cleanup = await playwright.request.newContext({ baseURL });
    for (const user of made) await deleteAccount(cleanup, user);
    await cleanup.dispose();
  },
  problems: [
    async ({ page }, use, testInfo) => {
      const allowed = new Set<number>();
      let networkFailures = false;
      const found: string[] = [];
      // Content-Security-Policy: a violation fails the test whatever its console level, and (with
      // JavaScript) the page's securitypolicyviolation events are reported too, in case a browser
      // says nothing in the console.
      page.on("console", (message) => {
        if (isCspViolation(message.text())) found.push(`CSP violation: ${message.text()}`);
      });
      await page.addInitScript(() => {
        document.addEventListener("securitypolicyviolation", (event) => {
          console.error(
            `securitypolicyviolation: ${event.violatedDirective} blocked ${event.blockedURI || "inline"} (${event.sourceFile}:${event.lineNumber})`,
          );
        });
      });
      page.on("console", (message) => {
        if (
          message.type() !== "error" ||
          isIgnorable(message, allowed, networkFailures) ||
          isCspViolation(message.text())
        )
          return;
        const where = message.location().url ? ` (${message.location().url}:${message.location().lineNumber})` : "";
        found.push(`console.error: ${message.text()}${where}`);
      });
      page.on("pageerror", (error) => found.push(`page error: ${error.name}: ${error.message}\n${error.stack ?? ""}`));
      await use({
        allowStatus: (...statuses) => statuses.forEach((status) => allowed.add(status)),
        allowNetworkFailures: () => (networkFailures = true),
      });
      await axeContexts.get(page)?.close();
      axeContexts.delete(page);
      if (testInfo.status === testInfo.expectedStatus && testInfo.expectedStatus === "passed") {
        expect(
          found,
          `unexpected console errors or page errors in ${testInfo.project.name}:\n${found.join("\n")}`,
        ).toEqual([]);
      }
    },
    { auto: true },
  ],
});

/**
 * Waits (up to 2 s) for the page's finite animations to end: axe reads a modal's backdrop or a toast
 * that is still fading in as low-contrast text (seen as 3.9:1 and 4.4:1 mid-fade). Endless ones (a
 * spinner) are not waited for.
 */
async function settledAnimations(page: Page) {
  await page
    .waitForFunction(
      () =>
        document
          .getAnimations()
          .every((a) => a.playState !== "running" || a.effect?.getComputedTiming().iterations === Infinity),
      undefined,
      { timeout: 2_000 },
    )
    .catch(() => {});
}

/**
 * Runs axe (WCAG 2.0/2.1 A and AA) on the page as it is now and fails with a readable list of
 * violations. axe is a script, so in the no-JavaScript project the page's current DOM is copied into
 * a JavaScript-enabled page (same address, same stylesheets and viewport, the app's scripts removed)
 * and checked there: what axe sees is what the no-JavaScript reader gets.
 */
export async function expectNoAxeViolations(page: Page, { exclude = [] as string[] } = {}) {
  const jsEnabled = test.info().project.use.javaScriptEnabled !== false;
  const { target, dispose } = jsEnabled ? { target: page, dispose: async () => {} } : await scriptlessCopy(page);
  await settledAnimations(target);
  try {
    // options() replaces the whole options object, so it must come before withTags(). Legacy mode runs
    // axe once in the page: the default runs it per frame, then opens a blank page and injects axe again
    // to finish, ~1.8 s more a check on this machine for the same rules. What it leaves out is the
    // inside of cross-origin frames (a provider's embed), which is not ours to fix.
    let builder = new AxeBuilder({ page: target })
      .setLegacyMode()
      .options({ resultTypes: ["violations"] })
      .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]);
    for (const selector of exclude) builder = builder.exclude(selector);
    const { violations } = await builder.analyze();
    const report = violations
      .map((v) => {
        const nodes = v.nodes
          .slice(0, 5)
          .map((n) => `    - ${n.target.join(" ")}\n      ${n.failureSummary?.replace(/\n/g, "\n      ") ?? ""}`)
          .join("\n");
        const more = v.nodes.length > 5 ? `\n    … and ${v.nodes.length - 5} more` : "";
        return `[${v.impact ?? "?"}] ${v.id}: ${v.help} (${v.helpUrl})\n${nodes}${more}`;
      })
      .join("\n\n");
    expect(violations.length, `axe found ${violations.length} violation(s) on ${page.url()}:\n\n${report}`).toBe(0);
  } finally {
    await dispose();
  }
}

/** One JavaScript-enabled context per no-JavaScript page for axe's copies; closed when the test ends. */
const axeContexts = new Map<Page, BrowserContext>();

/** The no-JavaScript page's DOM, served at its own address into a JavaScript-enabled page, without the app's scripts. */
async function scriptlessCopy(page: Page): Promise<{ target: Page; dispose: () => Promise<void> }> {
  const html = (await page.content()).replace(/<script\b[\s\S]*?<\/script>/gi, "");
  const url = page.url();
  let context = axeContexts.get(page);
  if (!context) {
    context = await page.context().browser()!.newContext({ javaScriptEnabled: true });
    axeContexts.set(page, context);
  }
  const copy = await context.newPage();
  await copy.setViewportSize(page.viewportSize() ?? { width: 1120, height: 900 });
  await copy.route("**/*", (route) => {
    const request = route.request();
    if (request.isNavigationRequest())
      return route.fulfill({ status: 200, contentType: "text/html; charset=utf-8", body: html });
    if (request.resourceType() === "script") return route.abort();
    return route.continue();
  });
  await copy.goto(url, { waitUntil: "load" });
  return { target: copy, dispose: () => copy.close() };
}

/** The page has no horizontal scrollbar: the document is no wider than the viewport. */
export async function expectNoHorizontalScroll(page: Page) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth, `${page.url()} is ${scrollWidth}px wide in a ${innerWidth}px viewport`).toBeLessThanOrEqual(
    innerWidth,
  );
}

const demoAccount = (role: string) => DEMO_ACCOUNTS.find((a) => a.role === role)!;
/** The seeded demo accounts (tests/tools/demo-accounts.mjs): email and password of each. */
export const DEMO = { learner: demoAccount("learner"), creator: demoAccount("creator"), admin: demoAccount("admin") };

/**
 * Signs an existing account in through the Log In form's own post in the page's request context, which
 * shares the browser's cookies (the modal is not what these tests are about; it has its own).
 */
export async function logIn(page: Page, { email, password }: { email: string; password: string }) {
  const response = await page.request.post("/auth/login", { form: { email, password, page: "/" }, maxRedirects: 0 });
  expect(response.status(), `log in as ${email}`).toBe(303);
}

/** Fills the embedded payment provider's card form: 4242 4242 4242 4242 pays, 4000 0000 0000 0002 is declined. */
export async function fillTestCard(
  page: Page,
  name: string,
  { number = "4242 4242 4242 4242", expiry = "12/30" } = {},
) {
  await page.getByLabel("Name on card").fill(name);
  await page.getByLabel("Card number").fill(number);
  await page.getByLabel("Expiry").fill(expiry);
  await page.getByLabel("Security code").fill("123");
}

/** GETs a JSON API route and returns its body; fails the test on a non-2xx answer. */
export async function api<T = any>(request: APIRequestContext, path: string): Promise<T> {
  const response = await request.get(path);
  expect(response.ok(), `GET ${path} answered ${response.status()}`).toBe(true);
  return (await response.json()) as T;
}

export type ApiProduct = {
  id: string;
  title: string;
  classSlug: string;
  storefrontSlug: string;
  creatorName: string;
  category: string;
  priceInfo: { price: number; crossedPrice: number | null };
};

export const classHref = (p: { storefrontSlug: string; classSlug: string }) =>
  `/classes/${p.storefrontSlug}/${p.classSlug}`;

/** The class cards in the results grid of /classes. */
export function resultCards(page: Page) {
  return page.getByRole("region", { name: "Results" }).locator("article.product-card");
}

/** "$1,234.50" from integer cents, as the site writes prices. */
export function usd(cents: number) {
  return new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" }).format(cents / 100);
}

export const isJs = (projectName: string) => projectName === "js";

/**
 * A port of this run's e2e server, as tests/playwright.config.ts picked it (a free one, when the run
 * started): `E2E_PORT` the worker, `E2E_WEB_PORT` the web stand-in.
 */
export function e2ePort(name: "E2E_PORT" | "E2E_WEB_PORT"): number {
  const port = Number(process.env[name]);
  if (!port) throw new Error(`${name} is not set: run the e2e tests with --config tests/playwright.config.ts`);
  return port;
}

/**
 * With JavaScript, waits until React has hydrated the document (its fiber keys are on the DOM), so
 * clicks reach the app's handlers instead of the browser's defaults. Without JavaScript it returns.
 * A page that loads the app on first need (app/platform/app-on-first-need) gets a key press first, as a
 * visitor about to use it would give it: Shift, which does nothing else.
 */
export async function waitForHydration(page: Page, projectName: string) {
  if (!isJs(projectName)) return;
  // A key pressed while the page is still arriving, before its bootstrap listens, starts nothing (as
  // for a person, whose next key or touch does): Shift again every few seconds until it has hydrated.
  // Once the app is loading, another Shift changes nothing. The test's own timeout still bounds it.
  for (;;) {
    await page.keyboard.press("Shift");
    const hydrated = await page
      .waitForFunction(
        () => {
          const main = document.getElementById("main");
          return !!main && Object.keys(main).some((key) => key.startsWith("__reactFiber"));
        },
        undefined,
        { timeout: 5_000 },
      )
      .then(
        () => true,
        (error: unknown) => {
          if (error instanceof errors.TimeoutError) return false;
          throw error;
        },
      );
    if (hydrated) return;
  }
}

/**
 * With JavaScript, waits until Remix has nothing in flight (no navigation, revalidation or fetcher):
 * a test that leaves the page (`page.goto`, a link) while a response is still streaming cuts it off,
 * and the router logs the cut as a console error ("BodyStreamBuffer was aborted"). Without
 * JavaScript it returns, as it does on a page whose app was never asked for (nothing can be in flight).
 */
export async function waitForIdle(page: Page, projectName: string) {
  if (!isJs(projectName)) return;
  await page.waitForFunction(() => {
    const router = (window as { __remixRouter?: { state: RemixRouterState } }).__remixRouter;
    const onFirstNeed = window as { __startApp?: () => void; __appStarted?: boolean };
    if (!router) return !!onFirstNeed.__startApp && !onFirstNeed.__appStarted;
    const { navigation, revalidation, fetchers } = router.state;
    return (
      navigation.state === "idle" && revalidation === "idle" && [...fetchers.values()].every((f) => f.state === "idle")
    );
  });
}

type RemixRouterState = {
  navigation: { state: string };
  revalidation: string;
  fetchers: Map<string, { state: string }>;
};

/** The page's single h1. */
export const h1 = (page: Page) => page.getByRole("heading", { level: 1 });

/** Duration text as the spec words it (written here independently of the app's helper). */
export function durationText(seconds: number): string {
  if (seconds <= 60) return "Less than 1 minute";
  if (seconds < 3600) {
    const minutes = Math.floor(seconds / 60);
    return minutes === 1 ? "1 minute" : `${minutes} minutes`;
  }
  const hours = Math.floor(seconds / 3600);
  return hours === 1 ? "1+ hour" : `${hours}+ hours`;
}

/**
 * Builds an app from a typed idea through the builder's API (the build screens have their own
 * tests) as the signed-in user of this page, and waits for its job; answers the new app's id.
 */
export async function buildAppFromIdea(page: Page, appIdea: string): Promise<string> {
  const started = await page.request.post("/api/app-builder/buildApp", { data: { appIdea } });
  expect(started.status(), "buildApp").toBe(202);
  const { appId, statusUrl } = (await started.json()).response as { appId: string; statusUrl: string };
  await expect
    .poll(async () => (await (await page.request.get(statusUrl)).json()).response.status, { timeout: 60_000 })
    .toBe("completed");
  return appId;
}

/**
 * Takes an app's onboarding from the page it is on, answering each page with its first choice (the
 * rest are optional or have a default), up to "See my plan". Each step waits for the page's own
 * "Step n of m" bar, not the address: with JavaScript the address can change before the next page
 * is drawn.
 */
export async function answerOnboardingWithFirstChoices(page: Page) {
  const bar = page.getByRole("progressbar", { name: /^Step \d+ of \d+$/ });
  for (let step = 0; step < 8; step++) {
    const label = (await bar.getAttribute("aria-label"))!;
    const [, n, m] = label.match(/^Step (\d+) of (\d+)$/)!;
    const last = n === m;
    const radios = page.locator("main form").getByRole("radio");
    if ((await radios.count()) > 0) await radios.first().check();
    await page
      .locator("main form")
      .getByRole("button", { name: last ? "See my plan" : "Next", exact: true })
      .click();
    if (last) return;
    await expect(bar).not.toHaveAttribute("aria-label", label);
  }
  throw new Error("The onboarding did not reach 'See my plan' in 8 pages");
}

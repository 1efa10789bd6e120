/**
 * Notifications: the header bell (yellow dot for the user's own, red dot for an announcement to
 * everyone), fed live over the user's realtime room with JavaScript and read from the server on every
 * page without it; /notifications; the admin's announcement and add-a-lesson forms. axe on each screen.
 *
 * An announcement lights every bell in the shared e2e database, so the tests of this file take turns
 * (a lock both projects' workers share) while they post one or read a bell's exact state.
 */
import { mkdirSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser, Page, WebSocket } from "@playwright/test";
import {
  DEMO,
  e2ePort,
  expect,
  expectNoAxeViolations,
  fillTestCard,
  h1,
  isJs,
  logIn,
  test,
  waitForHydration,
} from "./helpers";

const HOOKS = { storefrontSlug: "june-calloway", classSlug: "hooks-and-choruses", title: "Writing Hooks and Choruses" };

const LOCK = join(tmpdir(), `studio-e2e-bell-${e2ePort("E2E_PORT")}`);

/** Runs `task` while no other test of this file (in either project) is between its bell checks. */
async function takingTurns<T>(task: () => Promise<T>): Promise<T> {
  const deadline = Date.now() + 100_000;
  for (;;) {
    try {
      mkdirSync(LOCK);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      // A lock older than any test is left over from a run that was killed.
      try {
        if (Date.now() - statSync(LOCK).mtimeMs > 120_000) rmSync(LOCK, { recursive: true, force: true });
      } catch {
        /* it went away meanwhile */
      }
      if (Date.now() > deadline) throw new Error("waited too long for the other notification tests");
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  try {
    return await task();
  } finally {
    rmSync(LOCK, { recursive: true, force: true });
  }
}

test.describe.configure({ timeout: 150_000 });

/** The learner each test signs in as (a new account, made directly by the `login` fixture). */
const LEARNER = { firstName: "Bella", lastName: "Ring" };

const bell = (page: Page) => page.getByRole("banner").getByRole("link", { name: /^Notifications/ });

/** Opens the page and, with JavaScript, waits until its room answers the socket's first ping. */
async function openListening(page: Page, path: string, projectName: string) {
  if (!isJs(projectName)) {
    await page.goto(path);
    return;
  }
  // Listen from the socket's first moment: the pong can come before the page has hydrated.
  const answered = new Promise<void>((resolve) => {
    page.on("websocket", (ws: WebSocket) => {
      if (ws.url().includes("/parties/rooms/user-"))
        ws.on("framereceived", (frame) => frame.payload === "pong" && resolve());
    });
  });
  await page.goto(path);
  await waitForHydration(page, projectName);
  await Promise.race([
    answered,
    new Promise((_, reject) => setTimeout(() => reject(new Error("the room never answered")), 15_000)),
  ]);
}

/** Buys the class through the product page, checkout and the embedded provider's card page. */
async function buyHooks(page: Page, projectName: string) {
  await page.goto(`/classes/${HOOKS.storefrontSlug}/${HOOKS.classSlug}`);
  await waitForHydration(page, projectName);
  await page.getByRole("region", { name: HOOKS.title }).getByRole("button", { name: "Buy now" }).click();
  await expect(page).toHaveURL("/checkout");
  await waitForHydration(page, projectName);
  await page.getByRole("button", { name: /^Pay \$/ }).click();
  await expect(page).toHaveURL(/\/checkout\/pay\/[0-9a-f-]{36}$/);
  await waitForHydration(page, projectName);
  await fillTestCard(page, "Bella Ring");
  await page.getByRole("button", { name: /^Pay \$/ }).click();
  await expect(h1(page)).toHaveText("Thank you! Your purchase is complete");
}

async function newPage(browser: Browser, javaScriptEnabled: boolean) {
  const context = await browser.newContext({ javaScriptEnabled, viewport: { width: 1120, height: 900 } });
  return { context, page: await context.newPage() };
}

test("visitors have no bell, and /notifications asks them to log in", async ({ page }) => {
  await page.goto("/terms");
  await expect(bell(page)).toHaveCount(0);
  await page.goto("/notifications");
  await expect(page).toHaveURL(/\/\?auth=Login&redirect=%2Fnotifications$/);
  await expect(page.getByRole("dialog", { name: "Log In" })).toBeVisible();
});

test("an admin's announcement reaches a learner's open page live: red dot, toast, no reload", async ({
  page,
  browser,
  login,
}, testInfo) => {
  test.skip(
    !isJs(testInfo.project.name),
    "live updates need JavaScript; the no-JS test reads the bell after navigating",
  );
  await takingTurns(async () => {
    await login(LEARNER);
    await openListening(page, "/classes", testInfo.project.name);
    await expect(bell(page)).toHaveAccessibleName("Notifications");
    // A mark on this document: it survives only if the page is never reloaded.
    await page.evaluate(() => ((window as unknown as { stillHere: boolean }).stillHere = true));

    const admin = await newPage(browser, true);
    try {
      await logIn(admin.page, DEMO.admin);
      await admin.page.goto("/admin");
      await waitForHydration(admin.page, testInfo.project.name);
      await admin.page
        .getByRole("navigation", { name: "Admin tools" })
        .getByRole("link", { name: "Announce to everyone" })
        .click();
      await expect(h1(admin.page)).toHaveText("Announce to everyone");
      await expectNoAxeViolations(admin.page);
      const title = `Open mic night ${Date.now()}`;
      await admin.page.getByLabel("Title").fill(title);
      await admin.page.getByLabel("Message (optional)").fill("Bring a song.");
      await admin.page.getByLabel("Link (optional)").fill("/classes");
      await admin.page.getByRole("button", { name: "Send announcement" }).click();
      await expect(admin.page.getByText("Announcement sent to everyone.")).toBeVisible();

      await expect(bell(page)).toHaveAccessibleName("Notifications, important announcement");
      await expect(page.locator(".toast-area")).toContainText(`Announcement: ${title}`);
      await expect(page.locator(".toast-area")).toContainText("Bring a song.");
      expect(await page.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere)).toBe(true);
      expect(page.url()).toMatch(/\/classes$/);

      await bell(page).click();
      await expect(h1(page)).toHaveText("Notifications");
      const item = page.getByRole("article", { name: title });
      await expect(item).toContainText("Announcement");
      await expect(item).toContainText("New");
      await expect(item).toContainText("Bring a song.");
      await expect(item.getByRole("link", { name: title })).toHaveAttribute("href", "/classes");
      await expectNoAxeViolations(page);
    } finally {
      await admin.context.close();
    }
  });
});

test("a push that arrives while the admin's own post is loading leaves that post's toast on screen", async ({
  page,
}, testInfo) => {
  test.skip(!isJs(testInfo.project.name), "a push reaches only a page with JavaScript");
  await takingTurns(async () => {
    const title = `Drum circle ${Date.now()}`;
    let loadReachedServer: () => void = () => {};
    const loadAtServer = new Promise<void>((resolve) => (loadReachedServer = resolve));
    let pushShown: () => void = () => {};
    const pushDelivered = new Promise<void>((resolve) => (pushShown = resolve));
    let answered: () => void = () => {};
    const roomAnswered = new Promise<void>((resolve) => (answered = resolve));
    // The admin's own room carries the announcement too (everyone online gets it): it is handed to the
    // page only once the page's load after the post has reached the server.
    await page.routeWebSocket(/\/parties\/rooms\/user-/, (socket) => {
      const server = socket.connectToServer();
      socket.onMessage((message) => server.send(message));
      server.onMessage(async (message) => {
        if (message === "pong") answered();
        if (String(message).includes(title)) {
          await loadAtServer;
          socket.send(message);
          pushShown();
        } else socket.send(message);
      });
    });
    // That load reaches the server (which takes the flash toast off the browser's cookies) and answers
    // only after the push is in: the push lands while the page is loading what its post did.
    await page.route(/\/admin\/announcements\.data/, async (route) => {
      if (route.request().method() !== "GET") return route.continue();
      const response = await route.fetch();
      loadReachedServer();
      await Promise.race([pushDelivered, new Promise((r) => setTimeout(r, 10_000))]);
      await new Promise((r) => setTimeout(r, 300));
      await route.fulfill({ response }).catch(() => {
        /* the page cancelled this load (what the test is about): its answer goes nowhere */
      });
    });
    await logIn(page, DEMO.admin);
    await page.goto("/admin/announcements");
    await waitForHydration(page, testInfo.project.name);
    await roomAnswered;
    await page.getByLabel("Title").fill(title);
    await page.getByRole("button", { name: "Send announcement" }).click();
    await expect(page.getByText("Announcement sent to everyone.")).toBeVisible();
    await expect(page.locator(".toast-area")).toContainText(`Announcement: ${title}`);
    await expect(bell(page)).toHaveAccessibleName("Notifications, important announcement");
  });
});

test("a purchase lights the yellow dot in the buyer's other tab, live", async ({ page, context, login }, testInfo) => {
  test.skip(
    !isJs(testInfo.project.name),
    "live updates need JavaScript; the no-JS test reads the bell after navigating",
  );
  await takingTurns(async () => {
    await login(LEARNER);
    await openListening(page, "/library", testInfo.project.name);
    await expect(bell(page)).toHaveAccessibleName("Notifications");

    const shop = await context.newPage();
    await buyHooks(shop, testInfo.project.name);
    await shop.close();

    await expect(bell(page)).toHaveAccessibleName("Notifications, new");
    await expect(page.locator(".toast-area")).toContainText("Purchase complete");
    // The library revalidated with the bell: the class is there without a reload.
    await expect(page.getByRole("list", { name: "Owned" }).getByRole("heading", { name: HOOKS.title })).toBeVisible();
  });
});

test("without a live socket too: the bell after navigation, /notifications, Mark all as read", async ({
  page,
  login,
}, testInfo) => {
  await takingTurns(async () => {
    await login(LEARNER);
    await page.goto("/notifications");
    await expect(h1(page)).toHaveText("Notifications");
    // Announcements other tests made may be listed; nothing of this user's own yet.
    await expect(page.getByRole("article", { name: "Purchase complete" })).toHaveCount(0);
    await expectNoAxeViolations(page);

    await buyHooks(page, testInfo.project.name);
    await page.goto("/terms");
    await expect(bell(page)).toHaveAccessibleName("Notifications, new");
    await expect(bell(page).locator(".bell__dot")).toBeVisible();

    await bell(page).click();
    await expect(h1(page)).toHaveText("Notifications");
    const item = page.getByRole("article", { name: "Purchase complete" });
    await expect(item).toContainText(`${HOOKS.title} is in your library.`);
    await expect(item).toContainText(/seconds? ago|now|minute ago/);
    await expect(item.getByRole("link", { name: "Purchase complete" })).toHaveAttribute("href", "/library");
    await expectNoAxeViolations(page);

    await page.getByRole("button", { name: "Mark all as read" }).click();
    await expect(page.getByText("All caught up.")).toBeVisible();
    await expect(bell(page)).toHaveAccessibleName("Notifications");
    await expect(page.getByRole("button", { name: "Mark all as read" })).toHaveCount(0);
    await expect(page.getByRole("article", { name: "Purchase complete" })).not.toContainText("New");
    await expectNoAxeViolations(page);
  });
});

test("the add-a-lesson form explains bad input and passes axe", async ({ page, problems }, testInfo) => {
  problems.allowStatus(404);
  await logIn(page, DEMO.admin);
  await page.goto("/admin");
  await waitForHydration(page, testInfo.project.name);
  await page.getByRole("navigation", { name: "Admin tools" }).getByRole("link", { name: "Add a lesson" }).click();
  await expect(h1(page)).toHaveText("Add a lesson");
  await expectNoAxeViolations(page);
  await page.getByLabel("Class", { exact: true }).fill("/classes/nobody/nothing");
  await page.getByLabel("Lesson title").fill("Bridges");
  await page.getByLabel("Length in minutes").fill("12");
  await page.getByRole("button", { name: "Add lesson" }).click();
  await expect(
    page.getByRole("alert").filter({ hasText: "No class matches “/classes/nobody/nothing”." }),
  ).toBeVisible();
  await expect(page.getByLabel("Lesson title")).toHaveValue("Bridges");
  await expectNoAxeViolations(page);
});

/**
 * The idea box of /creator and /build (issue 50, item 4), JavaScript on and off: a visitor types an app
 * idea (kept in local storage as 'appBuilderContextState' with JavaScript, on the server without),
 * gets the idea schema's words for a bad one, and signs up or logs in (a failed first attempt and the
 * switch between the two forms included) to land on the build of that idea, where a signed-in
 * creator's idea goes; a signed-in creator goes there at once. The 'creator dashboard page | get
 * started' event is recorded and the button is busy while it submits. Axe on every screen.
 */
import type { APIRequestContext, Page } from "@playwright/test";
import { deleteAccount, newUser } from "./accounts";
import { expect, expectNoAxeViolations, h1, isJs, test, waitForHydration } from "./helpers";

const TOO_SHORT = "Your app idea must be at least 10 characters";
const IDEA_NOTE = "Your app idea comes with you";
/** Where a build goes: its progress page, or the builder once the app is made. */
const BUILD_PAGE = /\/dashboard\/builder(\/jobs\/[0-9a-f-]{36}|\?appId=[0-9a-f-]{36})$/;
const GET_STARTED = "creator dashboard page | get started";

type StoredEvent = { name: string; properties: Record<string, unknown> };

/** The account's 'creator dashboard page | get started' events, once there is one (events are written after the response). */
async function getStartedEvents(request: APIRequestContext, email: string): Promise<StoredEvent[]> {
  let found: StoredEvent[] = [];
  await expect
    .poll(
      async () => {
        const response = await request.get(
          `/dev/analytics?email=${encodeURIComponent(email)}&name=${encodeURIComponent(GET_STARTED)}`,
        );
        found = ((await response.json()) as { events: StoredEvent[] }).events;
        return found.length;
      },
      { message: GET_STARTED, timeout: 15_000 },
    )
    .toBeGreaterThanOrEqual(1);
  return found;
}

const storedDraft = (page: Page) =>
  page.evaluate(() => JSON.parse(localStorage.getItem("appBuilderContextState") ?? "null"));

test("a visitor's idea on /creator: the schema's words, kept when the dialog closes, then Create Account starts its build", async ({
  page,
  request,
  problems,
}, testInfo) => {
  // Two sign-up posts, the build's page and five axe runs: more than the default minute on a busy machine.
  test.slow();
  problems.allowStatus(400);
  const js = isJs(testInfo.project.name);
  const user = newUser({ firstName: "Ida", lastName: "Maker" });
  await page.goto("/creator");
  await waitForHydration(page, testInfo.project.name);
  const box = page.locator("#idea");
  const field = box.getByLabel("Describe your app idea");
  const build = box.getByRole("button", { name: "Build my app" });
  await expect(box.getByRole("heading", { name: "Start with your idea" })).toBeVisible();
  await expectNoAxeViolations(page);

  // A bad idea: the idea schema's words (checked in the browser with JavaScript, on the server without), the text kept.
  await field.fill("Pots");
  await build.click();
  await expect(box.getByText(TOO_SHORT)).toBeVisible();
  await expect(field).toHaveValue("Pots");
  await expect(field).toHaveAttribute("aria-invalid", "true");
  await expectNoAxeViolations(page);

  const idea = `A ${testInfo.project.name} plan that gets complete beginners running 5 km without stopping.`;
  await field.fill(idea);
  if (js) {
    // Kept in local storage as it is typed ({appIdea, timestamp}), and there when the visitor comes back.
    const stored = await storedDraft(page);
    expect(stored).toMatchObject({ appIdea: idea });
    expect(typeof stored.timestamp).toBe("number");
    await page.reload();
    await waitForHydration(page, testInfo.project.name);
    await expect(field).toHaveValue(idea);

    // isSubmitting: the button is busy and disabled while the post is on its way, and free when it ends.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    // The post is the page's own (/creator, or /creator.data from the app's router).
    await page.route(/\/creator(\.data)?(\?.*)?$/, async (route) => {
      if (route.request().method() === "POST") await held;
      await route.continue().catch(() => undefined);
    });
    await build.click();
    await expect(build).toBeDisabled();
    await expect(build).toHaveAttribute("aria-busy", "true");
    release();
    await expect(page.getByRole("dialog", { name: "Create Account" })).toBeVisible();
    await expect(build).toBeEnabled();
    await expect(build).not.toHaveAttribute("aria-busy");
    await page.unrouteAll({ behavior: "ignoreErrors" });
  } else {
    await build.click();
  }

  // Create Account opens over the page with the idea.
  await expect(page).toHaveURL(/\/creator\?auth=CreateAccount&authIdea=/);
  const create = page.getByRole("dialog", { name: "Create Account" });
  await expect(create.getByText(IDEA_NOTE)).toBeVisible();
  await expectNoAxeViolations(page);
  // Closing the dialog loses nothing: the box still has the idea (local storage, or the server's copy).
  await create.getByRole("link", { name: "Close pop-up" }).click();
  await expect(page).toHaveURL(/\/creator$/);
  await expect(field).toHaveValue(idea);
  await build.click();
  await expect(create.getByText(IDEA_NOTE)).toBeVisible();

  // To Log In and back: the idea goes along.
  await create.getByRole("link", { name: "Log In" }).click();
  const login = page.getByRole("dialog", { name: "Log In" });
  await expect(login.getByText(IDEA_NOTE)).toBeVisible();
  await expect(page).toHaveURL(/\/creator\?auth=Login&authIdea=/);
  await login.getByRole("link", { name: "Create Account" }).click();
  await expect(create.getByText(IDEA_NOTE)).toBeVisible();

  // A refused first attempt (a password too easy to guess): the form comes back with the idea still carried.
  await create.getByLabel("Email").fill(user.email);
  await create.getByLabel("First name").fill(user.firstName);
  await create.getByLabel("Last name").fill(user.lastName);
  await create.getByLabel("Password", { exact: true }).fill("Password1");
  await create.getByRole("button", { name: "Create Account", exact: true }).click();
  // Without JavaScript the answer is the Create Account page; with it, the dialog.
  await expect(page.getByText("This password is too easy to guess.")).toBeVisible();
  await expect(page.getByText(IDEA_NOTE)).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByLabel("Password", { exact: true }).fill(user.password);
  await page.getByRole("button", { name: "Create Account", exact: true }).click();

  // Signed up: the build of that idea, where a signed-in creator's idea goes.
  await page.waitForURL(BUILD_PAGE, { timeout: 30_000 });
  await expectNoAxeViolations(page);
  if (js) expect(await storedDraft(page)).toBeNull();
  const [event] = await getStartedEvents(request, user.email);
  expect(event.properties).toMatchObject({ path: "/creator" });
  await deleteAccount(request, user);
});

test("an account holder logs in from the idea's dialog on /build, a wrong password first, and gets the guided build of it", async ({
  page,
  insertNewUser,
  problems,
}, testInfo) => {
  test.slow();
  problems.allowStatus(400);
  const user = await insertNewUser({ firstName: "Olu", lastName: "Potter" });
  await page.goto("/build");
  await waitForHydration(page, testInfo.project.name);
  await expect(h1(page)).toHaveText("Build your app");
  // Pottery is no practice the templates know and no model is connected: the guided build asks first.
  const idea = `Pottery wheel throwing at home for ${testInfo.project.name} beginners.`;
  await page.getByLabel("Describe your app idea").fill(idea);
  await page.getByRole("button", { name: "Build my app" }).click();
  await page.getByRole("dialog", { name: "Create Account" }).getByRole("link", { name: "Log In" }).click();

  const login = page.getByRole("dialog", { name: "Log In" });
  await expect(login.getByText(IDEA_NOTE)).toBeVisible();
  await login.getByLabel("Email").fill(user.email);
  await login.getByLabel("Password", { exact: true }).fill("not the password");
  await login.getByRole("button", { name: "Log In", exact: true }).click();
  // The answer (the dialog, or the Log In page without JavaScript) still carries the idea, and so does its switch.
  const answer = isJs(testInfo.project.name) ? login : page.getByRole("main");
  await expect(answer.getByText("Invalid email or password")).toBeVisible();
  await expect(answer.getByText(IDEA_NOTE)).toBeVisible();
  await expect(answer.getByRole("link", { name: "Create Account" })).toHaveAttribute(
    "href",
    /^\/build\?auth=CreateAccount&authIdea=/,
  );
  await expectNoAxeViolations(page);
  await answer.getByLabel("Email").fill(user.email);
  await answer.getByLabel("Password", { exact: true }).fill(user.password);
  await answer.getByRole("button", { name: "Log In", exact: true }).click();

  await expect(page).toHaveURL(/\/dashboard\/builder\/new\?idea=/);
  await expect(h1(page)).toHaveText(/^Tell us about /);
  await expect(page.getByText(idea)).toBeVisible();
  await expectNoAxeViolations(page);
});

test("a signed-in creator's idea on /creator goes straight to its build", async ({
  page,
  request,
  login,
}, testInfo) => {
  test.slow();
  const user = await login({ firstName: "Sam", lastName: "Signed" });
  await page.goto("/creator");
  await waitForHydration(page, testInfo.project.name);
  await expect(page.getByRole("main").getByRole("link", { name: "Log in" })).toHaveCount(0);
  await expect(page.getByText("We'll build your first version right away")).toBeVisible();
  await expectNoAxeViolations(page);
  await page
    .getByLabel("Describe your app idea")
    .fill(`A ${testInfo.project.name} couch to 10 km running plan for busy parents.`);
  await page.getByRole("button", { name: "Build my app" }).click();
  await page.waitForURL(BUILD_PAGE, { timeout: 30_000 });
  await expect(page.getByRole("dialog")).toHaveCount(0);
  const [event] = await getStartedEvents(request, user.email);
  expect(event.properties).toMatchObject({ path: "/creator" });
});

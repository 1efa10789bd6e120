/**
 * The interface kit's states (spec 2 "Shell", 4 "Interface states", 5) on the product's own screens,
 * with JavaScript and without: the generic modal (closing on a click outside but not inside, the
 * scroll lock, 'Previous pop-up' and the gallery buttons), the button while its form submits, the
 * password input hidden or shown, and the textarea's '{count}/{limit}'. What the server renders for
 * each is in tests/unit/ui.test.ts.
 */
import type { Page } from "@playwright/test";
import { BTS_VIDEOS } from "../tools/bts-sql.mjs";
import { expect, expectNoAxeViolations, h1, isJs, test, waitForHydration } from "./helpers";

const STOREFRONT = "/creators/dex-okafor";
// The seed's feedback is on the first three videos (the admin's averages); these visitors rate the last.
const VIDEO = `/bts/${BTS_VIDEOS[BTS_VIDEOS.length - 1].slug}`;
const COMMENT_LIMIT = 1000;

const scrollY = (page: Page) => page.evaluate(() => Math.round(window.scrollY));

/** Whether the page scrolls within `ms` of a wheel turn over the point (x, y). */
async function wheelScrolls(page: Page, x: number, y: number, ms = 1_000): Promise<boolean> {
  const before = await scrollY(page);
  await page.mouse.move(x, y);
  await page.mouse.wheel(0, 400);
  for (const end = Date.now() + ms; Date.now() < end; await page.waitForTimeout(50)) {
    if ((await scrollY(page)) !== before) return true;
  }
  return false;
}

test.describe("the modal", () => {
  test("a click outside the share modal closes it; a click inside does not", async ({ page }, testInfo) => {
    await page.goto(`${STOREFRONT}?share=1`);
    await waitForHydration(page, testInfo.project.name);
    const dialog = page.getByRole("dialog", { name: "Share Dex Okafor's page" });
    await expect(dialog).toBeVisible();

    // Inside: on the panel's text and on its title above the panel.
    await dialog.getByRole("heading", { name: "Share on" }).click();
    await dialog.getByRole("heading", { name: "Share Dex Okafor's page" }).click();
    await expect(dialog).toBeVisible();
    await expect(page).toHaveURL(`${STOREFRONT}?share=1`);

    // Outside: the backdrop beside the dialog (a link to the page without JavaScript).
    const box = (await dialog.boundingBox())!;
    await page.mouse.click(box.x / 2, box.y + box.height / 2);
    await expect(page).toHaveURL(STOREFRONT);
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect(h1(page)).toHaveText("Dex Okafor");
  });

  test("the auth modal locks the page's scrolling, ignores outside clicks, and gives scrolling back when it closes", async ({
    page,
  }, testInfo) => {
    const js = isJs(testInfo.project.name);
    const login = page.getByRole("dialog", { name: "Log In" });
    const beside = async () => {
      const box = (await login.boundingBox())!;
      return { x: box.x / 2, y: 450 };
    };

    if (js) {
      await page.goto("/classes");
      await waitForHydration(page, testInfo.project.name);
      // The page scrolls before the modal opens.
      expect(await wheelScrolls(page, 560, 600)).toBe(true);
      await expect.poll(() => scrollY(page)).toBeGreaterThan(0);
      const before = await scrollY(page);

      // Opened from the header where the visitor is: the page stays where it was, and no longer scrolls.
      await page.getByRole("banner").getByRole("link", { name: "Log in" }).click();
      await expect(login).toBeVisible();
      expect(await scrollY(page)).toBe(before);
      const { x, y } = await beside();
      expect(await wheelScrolls(page, x, y), "the wheel over the backdrop").toBe(false);
      expect(await wheelScrolls(page, 560, 450), "the wheel over the dialog").toBe(false);
      expect(await scrollY(page)).toBe(before);

      // Preserved on outside click: the click does nothing.
      await page.mouse.click(x, y);
      await expect(login).toBeVisible();
      await expect(page).toHaveURL(/\/classes\?auth=Login$/);

      // Escape closes it: the page is where it was and scrolls again.
      await page.keyboard.press("Escape");
      await expect(page.getByRole("dialog")).toHaveCount(0);
      await expect(page).toHaveURL(/\/classes$/);
      expect(await scrollY(page)).toBe(before);
      expect(await page.evaluate(() => document.body.style.overflow)).toBe("");
      expect(await wheelScrolls(page, 560, 450)).toBe(true);

      // Again, closed by its close button this time.
      await page.getByRole("banner").getByRole("link", { name: "Log in" }).click();
      await expect(login).toBeVisible();
      expect(await wheelScrolls(page, x, y)).toBe(false);
      await login.getByRole("link", { name: "Close pop-up" }).click();
      await expect(page.getByRole("dialog")).toHaveCount(0);
      expect(await page.evaluate(() => document.body.style.overflow)).toBe("");
      expect(await wheelScrolls(page, 560, 450)).toBe(true);
    } else {
      // Without JavaScript the stylesheet locks it.
      await page.goto("/classes?auth=Login");
      await expect(login).toBeVisible();
      const { x, y } = await beside();
      expect(await wheelScrolls(page, x, y)).toBe(false);
      expect(await scrollY(page)).toBe(0);
      await page.mouse.click(x, y);
      await expect(login).toBeVisible();
      await expect(page).toHaveURL(/\/classes\?auth=Login$/);
      await login.getByRole("link", { name: "Close pop-up" }).click();
      await expect(page).toHaveURL(/\/classes$/);
      await expect(page.getByRole("dialog")).toHaveCount(0);
      expect(await wheelScrolls(page, 560, 450)).toBe(true);
    }
  });

  // No product screen has a back or gallery button yet: the interface kit's page shows both.
  test("'Previous pop-up' opens the pop-up before, and 'Previous gallery' / 'Next gallery' go round the images", async ({
    page,
  }, testInfo) => {
    const js = isJs(testInfo.project.name);
    await page.goto("/dev/kit?modal=demo");
    await waitForHydration(page, testInfo.project.name);
    const demo = page.getByRole("dialog", { name: "A demo pop-up" });
    await expect(demo).toBeVisible();
    await demo.getByRole("link", { name: "Previous pop-up" }).click();

    const gallery = (n: number) => page.getByRole("dialog", { name: `Gallery, image ${n} of 3` });
    await expect(gallery(1)).toBeVisible();
    await expect(page).toHaveURL("/dev/kit?modal=gallery&image=1");
    await expect(gallery(1).getByRole("img", { name: "Sample image 1" })).toBeVisible();
    await expect(demo).toHaveCount(0);
    await expectNoAxeViolations(page);

    await gallery(1).getByRole("link", { name: "Next gallery" }).click();
    await expect(gallery(2).getByRole("img", { name: "Sample image 2" })).toBeVisible();
    await expect(page).toHaveURL("/dev/kit?modal=gallery&image=2");
    await gallery(2).getByRole("link", { name: "Previous gallery" }).click();
    await expect(gallery(1)).toBeVisible();
    // From the first image, back round to the last.
    await gallery(1).getByRole("link", { name: "Previous gallery" }).click();
    await expect(gallery(3).getByRole("img", { name: "Sample image 3" })).toBeVisible();
    await expect(page).toHaveURL("/dev/kit?modal=gallery&image=3");

    if (js) {
      // From the keyboard the focus stays on the button, so Enter goes on through the images.
      const next = page.getByRole("dialog").getByRole("link", { name: "Next gallery" });
      await next.focus();
      await page.keyboard.press("Enter");
      await expect(gallery(1)).toBeVisible();
      await expect(next).toBeFocused();
      await page.keyboard.press("Enter");
      await expect(gallery(2)).toBeVisible();
      await expect(next).toBeFocused();
    }
  });
});

test.describe("the behind-the-scenes feedback form", () => {
  test("the comment's counter counts what is typed against the limit and stops at it", async ({ page }, testInfo) => {
    const js = isJs(testInfo.project.name);
    await page.goto(VIDEO);
    await waitForHydration(page, testInfo.project.name);
    const feedback = page.getByRole("region", { name: "What did you think?" });
    const comment = feedback.getByLabel("Comment (optional)");
    const count = feedback.locator(".field__count [aria-hidden]");
    await expect(comment).toHaveAttribute("maxlength", String(COMMENT_LIMIT));
    await expect(count).toHaveText(`0/${COMMENT_LIMIT}`);
    await expect(comment).toHaveAccessibleDescription(
      `What worked, what you'd like to see more of. 0 of ${COMMENT_LIMIT} characters used`,
    );
    if (!js) {
      // The browser still stops at the limit; the count is the server's.
      await comment.fill("x".repeat(COMMENT_LIMIT + 5));
      await expect(comment).toHaveValue("x".repeat(COMMENT_LIMIT));
      return;
    }

    await comment.pressSequentially("Great light");
    await expect(count).toHaveText(`11/${COMMENT_LIMIT}`);
    await expect(comment).toHaveAccessibleDescription(new RegExp(`11 of ${COMMENT_LIMIT} characters used$`));
    await page.keyboard.press("Backspace");
    await expect(count).toHaveText(`10/${COMMENT_LIMIT}`);

    // Up to the limit: the last character counts, the next is refused, typed or pasted.
    const almost = "a".repeat(COMMENT_LIMIT - 1);
    await comment.fill(almost);
    await expect(count).toHaveText(`${COMMENT_LIMIT - 1}/${COMMENT_LIMIT}`);
    await comment.press("End");
    await page.keyboard.type("b");
    await expect(count).toHaveText(`${COMMENT_LIMIT}/${COMMENT_LIMIT}`);
    await expect(comment).toHaveAccessibleDescription(
      new RegExp(`${COMMENT_LIMIT} of ${COMMENT_LIMIT} characters used$`),
    );
    await page.keyboard.type("cd");
    await page.keyboard.insertText("pasted text");
    await expect(comment).toHaveValue(`${almost}b`);
    await expect(count).toHaveText(`${COMMENT_LIMIT}/${COMMENT_LIMIT}`);
    await expectNoAxeViolations(page);
  });

  test("Send feedback is busy and disabled while the form submits, so clicking again sends nothing more", async ({
    page,
  }, testInfo) => {
    const js = isJs(testInfo.project.name);
    await page.goto(VIDEO);
    await waitForHydration(page, testInfo.project.name);
    const feedback = page.getByRole("region", { name: "What did you think?" });
    const send = feedback.getByRole("button", { name: "Send feedback" });
    await expect(send).toBeEnabled();
    await expect(send).not.toHaveAttribute("aria-busy");
    await expect(send).toHaveAttribute("type", "submit");
    await feedback.getByRole("radio", { name: "5 stars: Excellent" }).check();
    await feedback.getByLabel("Comment (optional)").fill(`Sent once (${testInfo.project.name})`);
    const thanks = page.getByRole("dialog", { name: "Thanks for your feedback" });
    if (!js) {
      // Without JavaScript it is a plain submit button: the browser posts the form.
      await send.click();
      await expect(thanks).toBeVisible();
      return;
    }

    // The post is held on its way, so the submitting state lasts until it is let go.
    const posts: string[] = [];
    page.on("request", (request) => {
      if (request.method() === "POST" && new URL(request.url()).pathname.startsWith(VIDEO)) posts.push(request.url());
    });
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(
      (url) => url.pathname.startsWith(VIDEO),
      async (route) => {
        if (route.request().method() === "POST") await held;
        await route.continue().catch(() => undefined);
      },
    );
    // A double click, then another click while the post is on its way: the form is posted once.
    await send.dblclick();
    // Busy: the spinner's "Loading" joins the label, the button is disabled and says so.
    const busy = feedback.getByRole("button", { name: "Send feedback Loading" });
    await expect(busy).toBeDisabled();
    await expect(busy).toHaveAttribute("aria-busy", "true");
    await expectNoAxeViolations(page);
    await busy.click({ force: true });
    release();
    await expect(thanks).toBeVisible();
    expect(posts, "posts of the feedback form").toHaveLength(1);
    await thanks.getByRole("link", { name: "Close pop-up" }).click();
    const update = page.getByRole("region", { name: "Your feedback" }).getByRole("button", { name: "Update feedback" });
    await expect(update).toBeEnabled();
    await expect(update).not.toHaveAttribute("aria-busy");
    await page.unrouteAll({ behavior: "ignoreErrors" });
  });
});

test("the password field is shown and hidden by its toggle, which keeps the focus and the typed password", async ({
  page,
}, testInfo) => {
  const js = isJs(testInfo.project.name);
  await page.goto("/classes?auth=Login");
  await waitForHydration(page, testInfo.project.name);
  const login = page.getByRole("dialog", { name: "Log In" });
  const password = login.getByLabel("Password", { exact: true });
  await expect(password).toHaveAttribute("type", "password");
  await expect(password).toHaveAttribute("autocomplete", "current-password");
  await password.fill("correct horse");
  if (!js) {
    // The toggle needs JavaScript: without it there is no button that would do nothing.
    await expect(login.getByRole("button", { name: /password/i })).toHaveCount(0);
    await expect(password).toHaveValue("correct horse");
    return;
  }

  const posts: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST") posts.push(request.url());
  });
  // The toggle follows the field in the tab order; Enter and Space press it without sending the form.
  await password.press("Tab");
  const show = login.getByRole("button", { name: "Show password" });
  await expect(show).toBeFocused();
  await expect(show).toHaveText("Show");
  await page.keyboard.press("Enter");
  const hide = login.getByRole("button", { name: "Hide password" });
  await expect(password).toHaveAttribute("type", "text");
  await expect(hide).toBeFocused();
  await expect(hide).toHaveText("Hide");
  await expect(password).toHaveValue("correct horse");
  // Shown as text, the browser still must not capitalise, correct or spell-check it.
  await expect(password).toHaveAttribute("autocapitalize", "none");
  await expect(password).toHaveAttribute("autocorrect", "off");
  await expect(password).toHaveAttribute("spellcheck", "false");
  // A toggle whose name says what it does carries no pressed state as well (it would read "Hide password, pressed").
  await expect(hide).not.toHaveAttribute("aria-pressed");
  await expectNoAxeViolations(page);

  await page.keyboard.press("Space");
  await expect(password).toHaveAttribute("type", "password");
  await expect(show).toBeFocused();
  await expect(password).toHaveValue("correct horse");

  // With the pointer too; typing on after it keeps what was there.
  await show.click();
  await expect(password).toHaveAttribute("type", "text");
  await expect(hide).toBeFocused();
  await password.press("End");
  await page.keyboard.type(" battery");
  await expect(password).toHaveValue("correct horse battery");
  await hide.click();
  await expect(password).toHaveAttribute("type", "password");
  await expect(password).toHaveValue("correct horse battery");
  expect(posts, "posts while toggling").toEqual([]);
});

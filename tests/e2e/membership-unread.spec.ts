/**
 * A membership that cannot be read is not "no membership" (spec 8 'Failed to fetch subscription
 * status'), JavaScript on and off: the class page says so with a way to try again instead of its buy
 * buttons, and trying again once the database answers brings them back. The read fails through the
 * development fault cookie (app/http/dev-faults.server.ts: `d1:subscriptions`).
 */
import { classHref, expect, expectNoAxeViolations, test, waitForHydration } from "./helpers";

test("a class page whose visitor's membership cannot be read offers to try again, not to buy", async ({
  page,
  login,
}, testInfo) => {
  await login();
  await page
    .context()
    .addCookies([{ name: "studio_dev_fault", value: "d1:subscriptions", url: testInfo.project.use.baseURL! }]);
  const path = classHref({ storefrontSlug: "june-calloway", classSlug: "hooks-and-choruses" });
  await page.goto(path);
  await waitForHydration(page, testInfo.project.name);

  const unread = page.getByRole("alert").filter({ hasText: "Failed to fetch subscription status" });
  await expect(unread).toBeVisible();
  await expect(unread.getByRole("link", { name: "Try again" })).toHaveAttribute("href", path);
  await expect(page.getByRole("button", { name: "Buy now" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Add to cart" })).toHaveCount(0);
  await expectNoAxeViolations(page);
  await page.screenshot({ path: testInfo.outputPath("membership-unread.png") });

  // The database answers again: trying again shows the buttons.
  await page.context().clearCookies({ name: "studio_dev_fault" });
  await unread.getByRole("link", { name: "Try again" }).click();
  await expect(page.getByRole("button", { name: "Buy now" })).toBeVisible();
  await expect(page.getByText("Failed to fetch subscription status")).toHaveCount(0);
});

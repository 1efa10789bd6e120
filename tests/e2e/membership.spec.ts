/**
 * Membership, JavaScript on and off: 'Get started' on the membership page, the plan picker, a free
 * trial through the embedded provider, cancelling from /account/membership; then a returning member
 * pays (no second trial) and asks for a refund. Fresh accounts only.
 */
import { type Page } from "@playwright/test";
import { expect, expectNoAxeViolations, fillTestCard, h1, isJs, test, waitForHydration } from "./helpers";

const MEMBER = { firstName: "Mia", lastName: "Member" };

async function payWithTestCard(page: Page, button: string) {
  await fillTestCard(page, "Mia Member");
  await page.getByRole("button", { name: button }).click();
  await expect(h1(page)).toHaveText("Thank you! Your purchase is complete");
}

/** The membership page's 'Get started' (the product CTA): a membership replaces the cart, then checkout. */
async function getStarted(page: Page, projectName: string) {
  await page.goto("/classes/studio/membership");
  await waitForHydration(page, projectName);
  await page.getByRole("button", { name: "Get started" }).click();
  await expect(page).toHaveURL(/\/checkout$/);
}

test("a first-time member starts a monthly free trial, then cancels it", async ({ page, login }, testInfo) => {
  await login(MEMBER);
  await getStarted(page, testInfo.project.name);

  const plans = page.getByRole("group", { name: "Choose your plan" });
  await expect(plans.getByRole("radio", { name: /\$168\.00 a year/ })).toBeChecked();
  await expect(
    page.getByText("7-day free trial: nothing to pay today, then $168.00 a year unless you cancel."),
  ).toBeVisible();
  await expectNoAxeViolations(page);

  await plans.getByText("$20.00 a month").click();
  // Without JavaScript the plan is applied with the form's own button; with it, picking is enough.
  if (!isJs(testInfo.project.name)) await page.getByRole("button", { name: "Update plan" }).click();
  await expect(page).toHaveURL(/plan=month/);
  await expect(
    page.getByText("7-day free trial: nothing to pay today, then $20.00 a month unless you cancel."),
  ).toBeVisible();

  await page.getByRole("button", { name: "Start free trial" }).click();
  await expect(page).toHaveURL(/\/checkout\/pay\//);
  await expect(h1(page)).toHaveText("Start free trial");
  await expect(page.getByText(/Then \$20\.00 a month is charged to this card/)).toBeVisible();
  await payWithTestCard(page, "Start free trial");
  await expect(page.getByRole("main").getByText("Your membership is active.")).toBeVisible();

  await page.goto("/account/membership");
  await expect(h1(page)).toHaveText("Membership and payments");
  const card = page.getByRole("region", { name: "Studio Membership" });
  await expect(card).toContainText("$20.00 a month");
  await expect(card).toContainText("Free trial: 7 days left");
  await expect(card).toContainText("visa ending in 4242");
  await expect(card.getByRole("button", { name: "Refund my membership" })).toHaveCount(0);
  await expectNoAxeViolations(page);

  await card.getByText("Too expensive").click();
  await card.getByLabel("Anything we could do better? (optional)").fill("Lovely classes, tight budget.");
  await card.getByRole("button", { name: "Cancel membership" }).click();
  await expect(page.getByText("Your membership has been cancelled.")).toBeVisible();
  await expect(page.getByRole("region", { name: "Studio Membership" })).toContainText("Cancelled on");
});

test("a returning member pays for the year (no second trial) and gets a refund", async ({ page, login }, testInfo) => {
  await login(MEMBER);
  await getStarted(page, testInfo.project.name);
  await page.getByRole("button", { name: "Start free trial" }).click();
  await payWithTestCard(page, "Start free trial");
  await page.goto("/account/membership");
  await page.getByRole("button", { name: "Cancel membership" }).click();
  await expect(page.getByText("Your membership has been cancelled.")).toBeVisible();

  await getStarted(page, testInfo.project.name);
  await expect(page.getByText("$168.00 today, then every year until you cancel.")).toBeVisible();
  await page.getByRole("button", { name: "Pay $168.00" }).click();
  await expect(h1(page)).toHaveText("Pay $168.00");
  await payWithTestCard(page, "Pay $168.00");

  await page.goto("/account/membership");
  const current = page.getByRole("region", { name: "Studio Membership" }).first();
  await expect(current).toContainText(/Renews on/);
  await current.getByRole("button", { name: "Refund my membership" }).click();
  await expect(page.getByText("Your refund is on its way.")).toBeVisible();
  await expect(page.getByRole("table")).toContainText("(refunded)");
  await expectNoAxeViolations(page);
});

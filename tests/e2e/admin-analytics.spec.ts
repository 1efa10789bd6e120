/**
 * /admin/analytics: the demo admin sees the totals and a chart per series (the server's SVG without
 * JavaScript, recharts with it), chooses a range, and gets a plain-words error for a range that
 * cannot be read; learners are refused. Other tests add events at the same time, so counts are
 * checked as "at least what this test caused", never exactly.
 */
import type { Page } from "@playwright/test";
import {
  api,
  DEMO,
  expect,
  expectNoAxeViolations,
  isJs,
  logIn,
  test,
  waitForHydration,
  type ApiProduct,
} from "./helpers";

const SERIES = ["Revenue", "Page views", "Sign-ups", "Cart adds", "Checkouts"];

const tileValue = (page: Page, label: string) =>
  page.locator(".tiles__tile", { has: page.getByText(label, { exact: true }) }).locator(".tiles__value");
const count = (text: string) => Number(text.replace(/[$,]/g, ""));

/** Every daily chart is drawn: recharts after hydration with JavaScript, the server's SVG without. */
async function expectCharts(page: Page, projectName: string) {
  for (const title of SERIES) {
    const card = page.getByRole("region", { name: title, exact: true });
    await expect(card.getByRole("heading", { level: 3, name: title })).toBeVisible();
    await expect(
      card.locator(isJs(projectName) ? "svg.recharts-surface" : 'svg[data-chart="static"]:visible'),
    ).toHaveCount(1);
  }
}

test("the demo admin sees the events in charts", async ({ page, playwright, baseURL }, testInfo) => {
  // A visitor of this test's own adds a class to their cart: one more cart add today.
  const visitor = await playwright.request.newContext({ baseURL });
  const [first] = (await api<{ products: ApiProduct[] }>(visitor, "/api/getProducts?limit=1")).products;
  expect(
    (
      await visitor.post("/cart", { form: { intent: "add", productId: first.id, page: "/classes" }, maxRedirects: 0 })
    ).status(),
  ).toBe(303);
  await visitor.dispose();

  await logIn(page, DEMO.admin);
  await page.goto("/admin");
  await waitForHydration(page, testInfo.project.name);
  await page.getByRole("link", { name: "Analytics", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Analytics" })).toBeVisible();
  await expect(page.getByText(/\(30 days\)\. Days are in UTC\./)).toBeVisible();
  await expect(page.getByRole("link", { name: "Last 30 days" })).toHaveAttribute("aria-current", "page");

  // Totals: five tiles, numbers (revenue in dollars); the cart add above is among them.
  for (const label of ["Page views", "Sign-ups", "Cart adds", "Checkouts"])
    await expect(tileValue(page, label)).toHaveText(/^[\d,]+$/);
  await expect(tileValue(page, "Revenue")).toHaveText(/^\$[\d,]+\.\d\d$/);
  expect(count(await tileValue(page, "Cart adds").innerText())).toBeGreaterThanOrEqual(1);
  await expect(
    page
      .getByRole("region", { name: "Cart adds", exact: true })
      .locator("p", { hasText: /^[\d,]+ cart adds? from .*; the busiest day was/ }),
  ).toBeVisible();
  await expectCharts(page, testInfo.project.name);

  // Each chart's numbers are one click away, as a table.
  const cartAdds = page.getByRole("region", { name: "Cart adds", exact: true });
  await cartAdds.getByText("Show the numbers").click();
  await expect(cartAdds.getByRole("table")).toBeVisible();
  await expect(cartAdds.getByRole("row")).toHaveCount(31);

  await expect(page.getByRole("heading", { level: 2, name: "Funnel" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: "Top sources" })).toBeVisible();
  await expectNoAxeViolations(page);
});

test("the demo admin chooses a range, and gets a clear error for one that cannot be read", async ({
  page,
  problems,
}, testInfo) => {
  problems.allowStatus(400);
  await logIn(page, DEMO.admin);
  await page.goto("/admin/analytics");
  await waitForHydration(page, testInfo.project.name);

  // A chosen range: a week long ago, with nothing in it.
  await page.getByLabel("From", { exact: true }).fill("2025-01-01");
  await page.getByLabel("To", { exact: true }).fill("2025-01-07");
  await page.getByRole("button", { name: "Show" }).click();
  await expect(page).toHaveURL(/\/admin\/analytics\?from=2025-01-01&to=2025-01-07$/);
  await expect(page.getByText("Jan 1, 2025 – Jan 7, 2025 (7 days). Days are in UTC.")).toBeVisible();
  await expect(tileValue(page, "Page views")).toHaveText("0");
  await expect(tileValue(page, "Revenue")).toHaveText("$0.00");
  await expect(page.locator("p", { hasText: "No page views from Jan 1, 2025 to Jan 7, 2025." })).toBeVisible();
  await expectCharts(page, testInfo.project.name);

  // A quick range.
  await page.getByRole("link", { name: "Last 7 days" }).click();
  await expect(page.getByText(/\(7 days\)\. Days are in UTC\./)).toBeVisible();
  await expect(page.getByRole("link", { name: "Last 7 days" })).toHaveAttribute("aria-current", "page");

  // A range backwards: 400, the reason in words, the last 30 days shown instead, still accessible.
  const response = await page.goto("/admin/analytics?from=2025-02-01&to=2025-01-01");
  expect(response?.status()).toBe(400);
  await expect(
    page.getByRole("alert").filter({ hasText: "The From date must be on or before the To date." }),
  ).toContainText("Showing the last 30 days instead.");
  await expect(page.getByLabel("From", { exact: true })).toHaveValue("2025-02-01");
  await expect(page.getByText(/\(30 days\)\. Days are in UTC\./)).toBeVisible();
  await expectCharts(page, testInfo.project.name);
  await expectNoAxeViolations(page);
});

test("a learner cannot open /admin/analytics", async ({ page, problems }) => {
  problems.allowStatus(403);
  await logIn(page, DEMO.learner);
  const response = await page.goto("/admin/analytics");
  expect(response?.status()).toBe(403);
  await expect(page.getByRole("heading", { level: 1, name: "An Error Occurred" })).toBeVisible();
  await expect(page.locator(".tiles")).toHaveCount(0);
});

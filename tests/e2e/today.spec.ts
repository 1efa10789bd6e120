/**
 * /today, JavaScript on and off (issue 14's Done-when): a new user takes the demo app's onboarding,
 * buys it with the test card, opens /today, does the 'Long run' activity card by card (a number, a
 * choice, a phone's full-size photo uploaded) and sees the AI analysis and the summary, on the screen
 * and back on /today: the photo measured at full size without JavaScript, made smaller first with it.
 * Axe on /today and on the activity screen's input form. (Each project signs up its own user.)
 */
import { expect, expectNoAxeViolations, fillTestCard, h1, test, waitForHydration } from "./helpers";
import { phonePhoto } from "./png";

const DEMO_APP = "/apps/marisol-vega/half-marathon";

test("a new user takes the onboarding, buys the app and does the Long run on /today", async ({
  page,
  login,
}, testInfo) => {
  test.setTimeout(120_000);
  await login({ firstName: "Paula", lastName: "Radcliffe" });
  const hydrated = () => waitForHydration(page, testInfo.project.name);

  // The onboarding, signed in, to the plan.
  await page.goto(`${DEMO_APP}/onboarding`);
  await hydrated();
  await page.getByRole("radio", { name: "Run it in under 2 hours" }).check();
  await page.getByRole("button", { name: "Next" }).click();
  await expect(h1(page)).toHaveText("Where are you now?");
  await page.getByRole("radio", { name: "I run 2–3 times a week" }).check();
  await page.getByLabel(/Your longest run/).fill("12");
  await page.getByRole("button", { name: "Next" }).click();
  await expect(h1(page)).toHaveText("Your week");
  await page.getByRole("button", { name: "Next" }).click();
  await expect(h1(page)).toHaveText("Race day");
  await page.getByLabel("When is your race?").fill(new Date(Date.now() + 70 * 86_400_000).toISOString().slice(0, 10));
  await page.getByRole("button", { name: "See my plan" }).click();
  await expect(page.getByRole("heading", { level: 1, name: /Your Half Marathon Plan/ })).toBeVisible({
    timeout: 20_000,
  });
  await expect(page.getByRole("link", { name: "Go to today" })).toBeVisible();

  // Buys the annual plan with the test card, back to the landing page's confirmation and its way to /today.
  await hydrated();
  await page
    .getByRole("region", { name: "Keep going with your plan" })
    .getByRole("button", { name: "Continue" })
    .click();
  await expect(page).toHaveURL(/\/checkout\/pay\/[0-9a-f-]{36}$/);
  await fillTestCard(page, "Paula Radcliffe", { expiry: "12/34" });
  await page.getByRole("button", { name: "Pay $99.00" }).click();
  await expect(page.getByRole("heading", { name: "You're in!" })).toBeVisible();
  await page.getByRole("link", { name: "Go to today" }).first().click();

  // /today: the current phase, progress, the activity to start.
  await expect(page).toHaveURL(new RegExp(`${DEMO_APP}/today$`));
  await expect(h1(page)).toHaveText("Today");
  await expect(page.getByText(/^Phase 1 of \d+/)).toBeVisible();
  await expect(page.getByRole("progressbar", { name: "Progress through your plan" })).toBeVisible();
  await expect(page.getByText("No activities done yet. Start one above.")).toBeVisible();
  await expectNoAxeViolations(page);
  await hydrated();
  await page.getByRole("button", { name: "Start Long run" }).click();

  // The activity screen, card by card.
  await expect(page).toHaveURL(/\/today\/activities\/[0-9a-f-]{36}$/);
  await expect(h1(page)).toHaveText("Long run");
  await expect(page.getByText("Card 1 of 7")).toBeVisible();
  await hydrated();
  await page.getByRole("button", { name: "Next" }).click();
  await page.getByLabel("How far did you run? (km)").fill("12");
  await page.getByRole("button", { name: "Next" }).click();
  await page.getByLabel("How long did it take? (min)").fill("80");
  await page.getByRole("button", { name: "Next" }).click();
  await expect(page.getByText("Card 4 of 7")).toBeVisible();
  await page.getByRole("radio", { name: "Just right" }).check();
  await expectNoAxeViolations(page);
  await page.getByRole("button", { name: "Next" }).click();
  // A phone camera's full-size photo (12 megapixels).
  await page.getByLabel(/A photo of your watch or your route map/).setInputFiles({
    name: "IMG_4032.jpg",
    mimeType: "image/jpeg",
    buffer: phonePhoto(),
  });
  await page.getByRole("button", { name: "Next" }).click();

  // The AI cards run as jobs (a refresh without JavaScript, live with it), then the analysis and summary.
  await expect(page.getByRole("heading", { name: "Well done: this activity is complete" })).toBeVisible({
    timeout: 60_000,
  });
  await expect(page.getByRole("heading", { name: "How your long run went" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Your long run in short" })).toBeVisible();
  await expect(page.getByRole("img", { name: /Your upload for/ })).toBeVisible();
  // The photo is measured, not only sized: with JavaScript the browser sent it at 2048 pixels on its
  // long side; without, the server read the full-size photo (issue 50, item 9).
  const size = testInfo.project.name === "js" ? "2048 × 1536" : "4032 × 3024";
  await expect(
    page
      .getByRole("region", { name: "Well done: this activity is complete" })
      .getByText(new RegExp(`File 1 \\(photo\\): ${size} pixels, \\w+ \\(brightness \\d+/255\\), .*mostly`)),
  ).toBeVisible();

  // Back on /today, the run is among the past activities with its analysis and summary.
  await page.getByRole("link", { name: "Back to today" }).first().click();
  const past = page.getByRole("region", { name: "Your activities" });
  await expect(past.getByRole("heading", { name: "How your long run went" })).toBeVisible();
  await expect(past.getByRole("heading", { name: "Summary" })).toBeVisible();
  await expect(past.getByRole("link", { name: /See it/ })).toBeVisible();
});

// The creator dashboard's usage of each app, against D1 in workerd: end users, active users, activities
// completed and plan purchases per day; another creator's app is not shown, and the simulator's
// testing-step plans and runs are not counted.
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { NO_END_USERS } from "~/features/activities/components/AppUsagePanel";
import { creatorAppsUsage } from "~/features/activities/usage.server";
import { DAY_MS, lastDays } from "~/features/analytics/rules";
import { testApp } from "./app-context";
import { builtApp } from "./builder-helpers";
import { signUp, type Browser } from "./commerce-helpers";

let owner: { browser: Browser; userId: string };
let other: { browser: Browser; userId: string };
let ownApp: string;
let otherApp: string;
const today = Math.floor(Date.now() / DAY_MS) * DAY_MS + 1;
const daysAgo = (n: number) => today - n * DAY_MS;

const plan = (appId: string, subject: string, at: number, testingStepId = "") =>
  env.DB.prepare(
    `INSERT INTO personalized_plans (id, app_id, subject, testing_step_id, status, plan, job_id, created_at, updated_at)
     VALUES (?, ?, ?, ?, 'completed', NULL, NULL, ?, ?)`,
  ).bind(crypto.randomUUID(), appId, subject, testingStepId, at, at);
const run = (appId: string, subject: string, at: number, status: "completed" | "in-progress", testingStepId = "") =>
  env.DB.prepare(
    `INSERT INTO activity_runs (id, app_id, activity_id, subject, user_id, testing_step_id, title, cards, position, status, created_at, updated_at, completed_at)
     VALUES (?, ?, 'long-run', ?, NULL, ?, 'Long run', '[]', 0, ?, ?, ?, ?)`,
  ).bind(crypto.randomUUID(), appId, subject, testingStepId, status, at, at, status === "completed" ? at : null);
const purchase = (appId: string, buyer: string, at: number) =>
  env.DB.prepare(
    `INSERT INTO app_subscriptions (id, app_id, user_id, price_option_id, checkout_session_id, interval, price_cents, status, current_period_end, created_at)
     VALUES (?, ?, ?, 'app_month', NULL, 'month', 1499, 'active', ?, ?)`,
  ).bind(crypto.randomUUID(), appId, buyer, at + 30 * DAY_MS, at);

beforeAll(async () => {
  owner = await signUp("usage-owner");
  other = await signUp("usage-other");
  ownApp = await builtApp(owner.browser, "Yoga for desk workers with stiff backs");
  otherApp = await builtApp(other.browser, "Guitar for adult beginners");
  await env.DB.batch([
    // Two end users: one since three days ago, one new today.
    plan(ownApp, "end-user-1", daysAgo(3)),
    plan(ownApp, "end-user-2", today),
    run(ownApp, "end-user-1", daysAgo(2), "completed"),
    run(ownApp, "end-user-1", today, "completed"),
    run(ownApp, "end-user-2", today, "in-progress"),
    purchase(ownApp, other.userId, daysAgo(1)),
    // The creator's own rehearsals in the simulator: a testing step's plan and runs.
    plan(ownApp, owner.userId, today, "step-1"),
    run(ownApp, owner.userId, today, "completed", "step-1"),
    run(ownApp, "end-user-1", today, "completed", "step-1"),
    // Another creator's app.
    plan(otherApp, "guitarist-1", today),
    run(otherApp, "guitarist-1", today, "completed"),
    purchase(otherApp, owner.userId, today),
  ]);
});

describe("creatorAppsUsage", () => {
  it("counts end users, active users, completed activities and purchases per day; testing steps do not count", async () => {
    const range = lastDays(Date.now(), 30);
    const usage = await creatorAppsUsage(testApp(), { id: owner.userId }, range);
    expect(usage.map((u) => u.appId)).toEqual([ownApp]);
    const [mine] = usage;
    expect(mine!.totals).toEqual({ endUsers: 2, activeToday: 2, activitiesCompleted: 2, purchases: 1 });
    const at = (points: { value: number }[], n: number) => points[points.length - 1 - n]!.value;
    expect(mine!.daily.newEndUsers).toHaveLength(30);
    expect([at(mine!.daily.newEndUsers, 0), at(mine!.daily.newEndUsers, 3)]).toEqual([1, 1]);
    expect([0, 1, 2, 3].map((n) => at(mine!.daily.activeUsers, n))).toEqual([2, 0, 1, 1]);
    expect([0, 1, 2].map((n) => at(mine!.daily.activitiesCompleted, n))).toEqual([1, 0, 1]);
    expect([0, 1].map((n) => at(mine!.daily.purchases, n))).toEqual([0, 1]);
    expect(mine!.daily.activeUsers.at(-1)!.date).toBe(range.to);

    const theirs = await creatorAppsUsage(testApp(), { id: other.userId }, range);
    expect(theirs.map((u) => [u.appId, u.totals])).toEqual([
      [otherApp, { endUsers: 1, activeToday: 1, activitiesCompleted: 1, purchases: 1 }],
    ]);
  });

  it("a creator with no apps has no usage", async () => {
    const nobody = await signUp("usage-nobody");
    expect(await creatorAppsUsage(testApp(), { id: nobody.userId }, lastDays(Date.now(), 30))).toEqual([]);
  });
});

describe("the creator dashboard", () => {
  it("shows each app's usage as tiles, charts and tables, drawn on the server; an app without end users says what to do", async () => {
    const html = await (await owner.browser.get("/dashboard")).text();
    expect(html).toContain("How your apps are used");
    expect(html).toMatch(/<dt class="tiles__label">End users<\/dt><dd class="tiles__value">2<\/dd>/);
    expect(html).toMatch(/<dt class="tiles__label">Plan purchases<\/dt><dd class="tiles__value">1<\/dd>/);
    expect(html).toContain(`id="usage-${ownApp}-completed-title"`);
    expect(html).toContain('data-chart="static"');
    expect(html).toContain("Show the numbers");
    // Nothing of the other creator's app.
    expect(html).not.toContain(otherApp);

    const fresh = await signUp("usage-fresh");
    await builtApp(fresh.browser, "Meditation for busy parents");
    const empty = await (await fresh.browser.get("/dashboard")).text();
    expect(empty).toContain(NO_END_USERS);
    expect(empty).not.toContain('data-chart="static"');
  });
});

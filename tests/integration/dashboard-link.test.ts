// "Your apps" in the header and the phone menu (issue 50, item 5): a signed-in person who has creator
// apps, or who started one (a build, a brainstorm, an idea draft), finds /dashboard from any page;
// a learner does not. Plain form posts, as a browser without JavaScript sends them; the flag the
// header reads is on the user row the root loader already reads, and migration 0031 sets it for
// people who started apps before it existed.
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { DEMO_LANDING_PAGE, DEMO_ONBOARDING_FLOW, DEMO_THEME } from "../tools/apps-sql.mjs";
import { Browser, html, signUp } from "./commerce-helpers";

/** The header's "Your apps" links (the desktop header's and the phone menu's) to /dashboard. */
const appsLinks = (page: string) => page.match(/<a [^>]*href="\/dashboard"[^>]*>Your apps<\/a>/g) ?? [];

const startedAt = async (userId: string) =>
  (await env.DB.prepare("SELECT started_app_at AS at FROM users WHERE id = ?")
    .bind(userId)
    .first<{ at: number | null }>())!.at;

async function headerOf(browser: Browser, path = "/library") {
  const response = await browser.get(path);
  expect(response.status).toBe(200);
  return html(response);
}

describe("the header's way to /dashboard", () => {
  it("a learner without apps, and a visitor, see no 'Your apps'", async () => {
    const learner = await signUp("link-learner");
    const page = await headerOf(learner.browser);
    expect(page).toContain("Library");
    expect(appsLinks(page)).toEqual([]);
    expect(await startedAt(learner.userId)).toBeNull();
    expect(appsLinks(await html(await new Browser().get("/classes")))).toEqual([]);
  });

  it("a creator with apps (creatorInfo.hasApps) sees it in the header and in the phone menu", async () => {
    const creator = await signUp("link-creator");
    await env.DB.prepare(`UPDATE users SET creator_info = '{"hasApps":true}' WHERE id = ?`).bind(creator.userId).run();
    const page = await headerOf(creator.browser);
    expect(appsLinks(page)).toHaveLength(2);
    // One in the header beside Library, one in the phone menu's account part.
    const menu = page.slice(page.indexOf('class="site-header__menu"'));
    expect(appsLinks(menu)).toHaveLength(1);
    // On /dashboard itself the header's link says it is the current page.
    expect(await headerOf(creator.browser, "/dashboard")).toMatch(
      /<a [^>]*href="\/dashboard"[^>]*aria-current="page"[^>]*>Your apps<\/a>|<a [^>]*aria-current="page"[^>]*href="\/dashboard"[^>]*>Your apps<\/a>/,
    );
  });

  it("an idea draft kept on /dashboard (no JavaScript) puts it there, and only the first start is recorded", async () => {
    const person = await signUp("link-draft");
    expect(appsLinks(await headerOf(person.browser))).toEqual([]);
    const saved = await person.browser.post("/dashboard", {
      intent: "save-draft",
      appIdea: "A sourdough baking coach for busy parents",
    });
    expect(saved.status).toBe(303);
    const first = await startedAt(person.userId);
    expect(first).toEqual(expect.any(Number));
    expect(appsLinks(await headerOf(person.browser))).toHaveLength(2);
    await person.browser.post("/dashboard", { intent: "save-draft", appIdea: "A sourdough coach, take two" });
    expect(await startedAt(person.userId)).toBe(first);
  });

  it("a brainstorm started from its form puts it there before any app exists", async () => {
    const person = await signUp("link-brainstorm");
    const started = await person.browser.post("/dashboard/builder/brainstorm", {
      interest: "Trail running",
      audience: "Road runners moving to trails",
      expertise: "Ultra runner and coach",
    });
    expect(started.status).toBe(303);
    expect(
      (await env.DB.prepare("SELECT count(*) AS n FROM apps WHERE user_id = ?")
        .bind(person.userId)
        .first<{ n: number }>())!.n,
    ).toBe(0);
    expect(appsLinks(await headerOf(person.browser))).toHaveLength(2);
  });

  it("an app build started from /dashboard's idea form puts it there while the build runs", async () => {
    const person = await signUp("link-build");
    const started = await person.browser.post("/dashboard", {
      intent: "create",
      appIdea: "A half marathon training plan for first-time runners who run three days a week",
    });
    expect(started.status).toBe(303);
    expect(started.headers.get("Location")).toMatch(/^\/dashboard\/builder\/(jobs\/|new\?)/);
    expect(await startedAt(person.userId)).toEqual(expect.any(Number));
    expect(appsLinks(await headerOf(person.browser))).toHaveLength(2);
  });

  it("migration 0031 records when people who started apps before it first did, and no one else", async () => {
    const owner = await signUp("link-old-owner");
    const brainstormer = await signUp("link-old-brainstorm");
    const builder = await signUp("link-old-build");
    const learner = await signUp("link-old-learner");
    const t = Date.now() - 86_400_000;
    await env.DB.batch([
      env.DB.prepare(
        `INSERT INTO apps (id, user_id, storefront_slug, app_slug, name, landing_page, theme, onboarding_flow, created_at, updated_at)
         VALUES (?1, ?2, 'old-owner', 'old-app', 'Old app', ?3, ?4, ?5, ?6, ?6)`,
      ).bind(
        crypto.randomUUID(),
        owner.userId,
        JSON.stringify(DEMO_LANDING_PAGE),
        JSON.stringify(DEMO_THEME),
        JSON.stringify(DEMO_ONBOARDING_FLOW),
        t,
      ),
      env.DB.prepare(
        `INSERT INTO brainstorms (id, user_id, interest, audience, expertise, status, job_id, created_at, updated_at)
         VALUES (?1, ?2, 'Chess', '', '', 'completed', ?1, ?3, ?3)`,
      ).bind(crypto.randomUUID(), brainstormer.userId, t + 1),
      env.DB.prepare(
        `INSERT INTO jobs (id, kind, dedupe_key, status, input, run_after, created_at, updated_at)
         VALUES (?1, 'build-app', ?1, 'failed', json_object('userId', ?2), ?3, ?3, ?3)`,
      ).bind(crypto.randomUUID(), builder.userId, t + 2),
      env.DB.prepare(
        `INSERT INTO jobs (id, kind, dedupe_key, status, input, run_after, created_at, updated_at)
         VALUES (?1, 'plan', ?1, 'completed', json_object('userId', ?2), ?3, ?3, ?3)`,
      ).bind(crypto.randomUUID(), learner.userId, t + 3),
    ]);
    const migration = env.TEST_MIGRATIONS.find((m) => m.name.startsWith("0031_"))!;
    const backfill = migration.queries.find((q) => q.includes("UPDATE `users`"))!;
    await env.DB.prepare(backfill).run();
    expect(await startedAt(owner.userId)).toBe(t);
    expect(await startedAt(brainstormer.userId)).toBe(t + 1);
    expect(await startedAt(builder.userId)).toBe(t + 2);
    expect(await startedAt(learner.userId)).toBeNull();
    expect(appsLinks(await headerOf(builder.browser))).toHaveLength(2);
    expect(appsLinks(await headerOf(learner.browser))).toEqual([]);
  });
});

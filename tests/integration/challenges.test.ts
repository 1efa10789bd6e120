// The challenge landing page (/challenges/{slug}) and the dashboard's challenge cards inside workerd
// against the test D1: the seeded running challenge, Get started (a pending join spent by the sign-up
// that follows), Join the challenge (twice is harmless), an ended challenge refused, bad input, the
// streak on /v2/dashboard, and the page's analytics events.
import { env } from "cloudflare:test";
import { describe, expect, it, vi } from "vitest";
import { challengePage, dashboardChallenges } from "~/features/challenges/challenges.server";
import { DAY_MS } from "~/features/challenges/rules";
import { DEMO_CHALLENGE } from "../tools/challenge-sql.mjs";
import { testApp } from "./app-context";
import { Browser, ORIGIN, PASSWORD, count, logIn, signUp, uniqueEmail } from "./commerce-helpers";
import { recordedEvents } from "./recorded-events";

vi.setConfig({ testTimeout: 30_000 });

const SLUG = DEMO_CHALLENGE.slug;
const PAGE = `/challenges/${SLUG}`;
const GET_STARTED = `${PAGE}?auth=Email&redirect=${encodeURIComponent(PAGE)}`;

const enrolments = (userId: string) =>
  count("SELECT count(*) AS n FROM challenge_enrollments WHERE user_id = ?", userId);
const joinedCount = (challengeId = DEMO_CHALLENGE.id) =>
  count("SELECT count(*) AS n FROM challenge_enrollments WHERE challenge_id = ?", challengeId);

/** An ended challenge (40 days ago, 30 days) over the demo challenge's first three lessons. */
async function endedChallenge(): Promise<{ id: string; slug: string }> {
  const id = crypto.randomUUID();
  const slug = `ended-${id.slice(0, 8)}`;
  const startsAt = Math.floor(Date.now() / DAY_MS) * DAY_MS - 40 * DAY_MS;
  await env.DB.prepare(
    "INSERT INTO challenges (id, slug, title, tagline, description, cover_url, starts_at, days, created_at) VALUES (?, ?, 'Autumn Scales', 'Done and dusted', 'It ran in the autumn.', '/covers/challenge--30-days-of-music.svg', ?, 30, ?)",
  )
    .bind(id, slug, startsAt, startsAt)
    .run();
  await env.DB.prepare(
    "INSERT INTO challenge_days (challenge_id, day, lesson_id) SELECT ?, day, lesson_id FROM challenge_days WHERE challenge_id = ? AND day <= 3",
  )
    .bind(id, DEMO_CHALLENGE.id)
    .run();
  return { id, slug };
}

type EventRow = { name: string; properties: Record<string, unknown> };

function eventsOf(anonymousId: string, until: (rows: EventRow[]) => boolean): Promise<EventRow[]> {
  return recordedEvents<EventRow>(
    "SELECT name, properties FROM analytics_events WHERE anonymous_id = ? ORDER BY created_at, rowid",
    [anonymousId],
    until,
  );
}

describe("the seeded challenge", () => {
  it("is running on day 6 of 30, has 30 days of free previews and 8 people joined", async () => {
    const page = await challengePage(testApp(), SLUG, null);
    expect(page.at).toEqual({ state: "running", day: 6 });
    expect(page.list.map((d) => d.day)).toEqual(Array.from({ length: 30 }, (_, i) => i + 1));
    expect(page.today?.day).toBe(6);
    expect(page.today?.isToday).toBe(true);
    expect(page.joinedCount).toBe(8);
    expect(page.enrolled).toBe(false);
    // Every day's lesson is a free preview: everyone may watch it.
    expect(
      await count(
        "SELECT count(*) AS n FROM challenge_days d JOIN lessons l ON l.id = d.lesson_id WHERE d.challenge_id = ? AND l.is_preview = 1",
        DEMO_CHALLENGE.id,
      ),
    ).toBe(30);
    // Seen by a visitor, past days are just past, not missed.
    expect(page.list.slice(0, 5).every((d) => d.status === "past")).toBe(true);
  });

  it("renders the page for a visitor: dates, how many joined, Get started, the days; a lesson plays", async () => {
    const browser = new Browser();
    const response = await browser.get(PAGE);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain("30 Days of Music");
    expect(html).toMatch(/Day 6 of 30 · started [A-Z][a-z]+ \d{1,2}, \d{4}/);
    expect(html).toContain("8 people have joined");
    expect(html).toContain("Get started");
    expect(html).toContain('aria-current="date"');
    const page = await challengePage(testApp(), SLUG, null);
    const watch = await browser.get(page.today!.lesson.href);
    expect(watch.status).toBe(200);
    expect(await watch.text()).toContain("<video");
  });

  it("answers 404 for a challenge that does not exist, to a view and to a post", async () => {
    const browser = new Browser();
    expect((await browser.get("/challenges/no-such-challenge")).status).toBe(404);
    expect((await browser.post("/challenges/no-such-challenge", { intent: "join" })).status).toBe(404);
  });
});

describe("Get started and Join the challenge", () => {
  it("a visitor's Get started opens sign-up over the page; signing up joins and comes back here", async () => {
    const browser = new Browser();
    const started = await browser.post(PAGE, { intent: "join" });
    expect(started.status).toBe(303);
    expect(started.headers.get("Location")).toBe(GET_STARTED);
    expect(browser.cookie("studio_challenge_join")).toBe(SLUG);
    const before = await joinedCount();

    const email = uniqueEmail("challenger");
    const created = await browser.post("/auth/create-account", {
      email,
      firstName: "Cora",
      lastName: "Challenge",
      password: PASSWORD,
      page: `${PAGE}?redirect=${encodeURIComponent(PAGE)}`,
      redirect: PAGE,
    });
    expect(created.status).toBe(303);
    expect(created.headers.get("Location")).toBe(PAGE);
    expect(browser.cookie("studio_challenge_join")).toBeUndefined();
    const user = await env.DB.prepare("SELECT id FROM users WHERE email = ?").bind(email).first<{ id: string }>();
    expect(await enrolments(user!.id)).toBe(1);
    expect(await joinedCount()).toBe(before + 1);

    const html = await (await browser.get(PAGE)).text();
    expect(html).toContain("You&#x27;re in");
    expect(html).toContain("Watch today&#x27;s lesson");
    expect(html).toContain(`${before + 1} people have joined`);
  });

  it("a pending join is also spent by logging in to an existing account", async () => {
    const { browser: other, email, userId } = await signUp("challenge-login");
    await other.post("/auth/logout", {});
    const browser = new Browser();
    await browser.post(PAGE, { intent: "join" });
    await logIn(browser, email);
    expect(await enrolments(userId)).toBe(1);
  });

  it("a signed-in learner joins; joining twice changes nothing", async () => {
    const { browser, userId } = await signUp("challenge-join");
    const before = await joinedCount();
    const first = await browser.post(PAGE, { intent: "join" });
    expect(first.status).toBe(303);
    expect(first.headers.get("Location")).toBe(PAGE);
    expect((await browser.toast())?.title).toBe("You're in!");
    const second = await browser.post(PAGE, { intent: "join" });
    expect(second.status).toBe(303);
    expect((await browser.toast())?.title).toBe("You're already in");
    expect(await enrolments(userId)).toBe(1);
    expect(await joinedCount()).toBe(before + 1);
    const page = await challengePage(testApp(), SLUG, userId);
    expect(page.enrolled).toBe(true);
    // Days before joining count as missed for a participant.
    expect(page.list[0]?.status).toBe("missed");
    expect(page.today?.status).toBe("today");
  });

  it("bad input changes nothing and says so", async () => {
    const { browser, userId } = await signUp("challenge-bad");
    const response = await browser.post(PAGE, { intent: "leave" });
    expect(response.status).toBe(303);
    expect((await browser.toast())?.title).toBe("Unknown action");
    expect(await enrolments(userId)).toBe(0);
  });

  it("an ended challenge can't be joined, by a learner or a visitor, and the page says so", async () => {
    const ended = await endedChallenge();
    const { browser, userId } = await signUp("challenge-ended");
    const response = await browser.post(`/challenges/${ended.slug}`, { intent: "join" });
    expect(response.status).toBe(303);
    expect((await browser.toast())?.title).toMatch(/This challenge has ended, so it can't be joined/);
    expect(await enrolments(userId)).toBe(0);

    const visitor = new Browser();
    const refused = await visitor.post(`/challenges/${ended.slug}`, { intent: "join" });
    expect(refused.headers.get("Location")).toBe(`/challenges/${ended.slug}`);
    expect(visitor.cookie("studio_challenge_join")).toBeUndefined();
    expect(await joinedCount(ended.id)).toBe(0);

    const html = await (await visitor.get(`/challenges/${ended.slug}`)).text();
    expect(html).toMatch(/Ended [A-Z][a-z]+ \d{1,2}, \d{4}/);
    expect(html).toContain("This challenge has ended");
    expect(html).not.toContain("Get started");
  });
});

describe("the dashboard's challenge card", () => {
  it("shows today's lesson, day N of M and the streak from completed lessons", async () => {
    const { browser, userId } = await signUp("challenge-streak");
    const app = testApp();
    expect(await dashboardChallenges(app, userId)).toEqual([]);
    await browser.post(PAGE, { intent: "join" });

    const page = await challengePage(app, SLUG, userId);
    const startsAt = page.startsAt;
    // Days 4 and 5 done on their days, today (6) not yet: the streak is 2.
    for (const day of [4, 5]) {
      const lesson = page.list[day - 1]!.lesson;
      const at = startsAt + (day - 1) * DAY_MS + 3_600_000;
      await env.DB.prepare(
        "INSERT INTO lesson_progress (user_id, lesson_id, product_id, percent_complete, completed_at, reported_at, updated_at) VALUES (?, ?, ?, 100, ?, ?, ?)",
      )
        .bind(userId, lesson.id, page.list[day - 1]!.class.id, at, at, at)
        .run();
    }
    const [card] = await dashboardChallenges(app, userId);
    expect(card).toMatchObject({ slug: SLUG, day: 6, days: 30, streak: 2 });
    expect(card!.today).toMatchObject({ title: page.today!.lesson.title, href: page.today!.lesson.href, done: false });

    // Today's lesson through the page's Mark as complete: the streak becomes 3.
    const done = await browser.post(page.today!.lesson.href, { intent: "complete" });
    expect(done.status).toBe(303);
    const [after] = await dashboardChallenges(app, userId);
    expect(after).toMatchObject({ streak: 3, today: { done: true } });

    const html = await (await browser.get("/v2/dashboard")).text();
    expect(html).toContain("Your challenges");
    expect(html).toContain("Day 6 of 30");
    expect(html).toContain(page.today!.lesson.href);
    expect(html).toMatch(/Streak: <strong>3 days<\/strong>/);
  });

  it("leaves out challenges that ended", async () => {
    const ended = await endedChallenge();
    const { userId } = await signUp("challenge-old");
    await env.DB.prepare("INSERT INTO challenge_enrollments (challenge_id, user_id, joined_at) VALUES (?, ?, ?)")
      .bind(ended.id, userId, Date.now() - 35 * DAY_MS)
      .run();
    expect(await dashboardChallenges(testApp(), userId)).toEqual([]);
  });
});

describe("the challenge page's events", () => {
  it("a landing is 'challenge landing page | viewed' with the slug; Get started's modal is 'get started'", async () => {
    const browser = new Browser();
    await browser.get(PAGE);
    const anon = browser.cookie("dx_non_auth_user_id")!;
    expect(anon).toBeTruthy();
    await browser.post(PAGE, { intent: "join" });
    await browser.get(GET_STARTED, { Referer: `${ORIGIN}${PAGE}` });
    const rows = await eventsOf(anon, (r) => r.length >= 3);
    expect(rows.map((r) => r.name)).toEqual([
      "challenge landing page | viewed",
      "auth modal | viewed",
      "challenge landing page | get started",
    ]);
    expect(rows[0]!.properties).toMatchObject({ path: PAGE, slug: SLUG });
    expect(rows[2]!.properties).toMatchObject({ form: "Email", path: PAGE });
  });
});

// The idea box of /creator and /build (issue 50, item 4) as a browser without JavaScript uses it: a
// visitor's idea checked by the dashboard's idea schema, carried into Create Account (and Log In,
// through a failed attempt and the switch between them), and the build it starts after signing in,
// where a signed-in creator's same idea goes; a signed-in creator's idea goes there at once.
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { EVENTS } from "~/features/analytics/events";
import { IDEA_LIMITS, IDEA_MESSAGES } from "~/features/apps/rules";
import { messages } from "~/features/identity/rules";
import { Browser, html, PASSWORD, signUp, uniqueEmail } from "./commerce-helpers";
import { recordedEvents } from "./recorded-events";

/** Running is a practice the templates know: with no model connected the build starts at once. */
const RUNNING = "A 6-week plan that gets complete beginners running 5 km without stopping.";
/** Pottery is not: the guided build's questions come first. */
const POTTERY = "Pottery wheel throwing for complete beginners working at home.";

const JOB_PAGE = /^\/dashboard\/builder\/jobs\/([0-9a-f-]{36})$/;

/** What HTML escapes in an attribute or text (the ideas here have no other special characters). */
const escaped = (text: string) => text.replaceAll("'", "&#x27;");

/** The build-app job's owner and idea. */
async function buildJob(jobId: string) {
  const row = await env.DB.prepare("SELECT kind, input FROM jobs WHERE id = ?")
    .bind(jobId)
    .first<{ kind: string; input: string }>();
  const input = JSON.parse(row!.input) as { userId: string; idea: string };
  return { kind: row!.kind, userId: input.userId, idea: input.idea };
}

const userIdOf = async (email: string) =>
  (await env.DB.prepare("SELECT id FROM users WHERE email = ?").bind(email).first<{ id: string }>())!.id;

type EventRow = { name: string; user_id: string | null; properties: Record<string, unknown> };

/** The user's 'creator dashboard page | get started' events, once there is one. */
const getStartedOf = (userId: string) =>
  recordedEvents<EventRow>("SELECT name, user_id, properties FROM analytics_events WHERE user_id = ? AND name = ?", [
    userId,
    EVENTS.creatorDashboardGetStarted,
  ]);

/** A visitor (a new browser) who sent `idea` from `page`: the address of the Create Account form over it. */
async function visitorSent(idea: string, page = "/creator") {
  const browser = new Browser();
  const sent = await browser.post(page, { intent: "build", appIdea: idea });
  expect(sent.status).toBe(303);
  return { browser, location: sent.headers.get("location")! };
}

describe("the idea box on /creator and /build", () => {
  it("is on both pages: labelled, with its hint, counter and button, posting intent=build to the page", async () => {
    for (const page of ["/creator", "/build"]) {
      const body = await html(await new Browser().get(page));
      expect(body).toMatch(/<form method="post"[^>]*id="idea"[^>]*aria-labelledby="idea-box-title"/);
      expect(body).toContain('<h2 id="idea-box-title" class="idea-box__title">Start with your idea</h2>');
      expect(body).toContain('<input type="hidden" name="intent" value="build"/>');
      expect(body).toMatch(/<label for="[^"]+" class="field__label">Describe your app idea<\/label>/);
      expect(body).toContain(`maxLength="${IDEA_LIMITS.max}"`);
      expect(body).toContain("Build my app</span>");
      expect(body).toContain("Next you&#x27;ll create your free account (or log in).");
    }
  });

  it("a visitor's bad idea comes back with the idea schema's words and the text kept; nothing is carried", async () => {
    const browser = new Browser();
    const short = await browser.post("/creator", { intent: "build", appIdea: "Pots" });
    expect(short.status).toBe(400);
    const page = await html(short);
    expect(page).toContain(IDEA_MESSAGES.tooShort);
    expect(page).toContain(">Pots</textarea>");
    expect(page).not.toContain('name="authIdea"');

    expect(await html(await browser.post("/creator", { intent: "build", appIdea: "   " }))).toContain(
      IDEA_MESSAGES.required,
    );
    const long = await browser.post("/build", { intent: "build", appIdea: "a".repeat(IDEA_LIMITS.max + 1) });
    expect(long.status).toBe(400);
    expect(await html(long)).toContain(IDEA_MESSAGES.tooLong);
  });

  it("a visitor's idea opens Create Account over the page, carrying it; the page keeps it for the visitor", async () => {
    const { browser, location } = await visitorSent(`  ${RUNNING.replace(" 6-week", "\n 6-week")} `);
    const url = new URL(location, "http://x");
    expect(url.pathname).toBe("/creator");
    expect(url.searchParams.get("auth")).toBe("CreateAccount");
    // The idea as the schema reads it (spacing folded): what the build gets.
    expect(url.searchParams.get("authIdea")).toBe(RUNNING);

    const modal = await html(await browser.get(location));
    expect(modal).toContain(`name="authIdea" value="${escaped(RUNNING)}"`);
    expect(modal).toContain("Your app idea comes with you");
    // The switch to Log In carries it; the forms post back the page itself, without it.
    expect(modal).toContain(
      `href="/creator?auth=Login&amp;authIdea=${new URLSearchParams({ x: RUNNING }).toString().slice(2)}"`,
    );
    expect(modal).toContain('name="page" value="/creator"');
    expect(modal).toContain(`>${escaped(RUNNING)}</textarea>`);

    // Closed and come back later: the box still has it.
    expect(await html(await browser.get("/creator"))).toContain(`>${escaped(RUNNING)}</textarea>`);
    // From /build, Create Account opens over /build.
    expect((await visitorSent(RUNNING, "/build")).location).toMatch(/^\/build\?auth=CreateAccount&authIdea=/);
  });

  it("a long idea stays out of the page's own address: its forms post back the page", async () => {
    const idea = `A running plan for beginners: ${"steady, easy miles ".repeat(110)}`.slice(0, IDEA_LIMITS.max).trim();
    const { browser, location } = await visitorSent(idea);
    expect(location.length).toBeGreaterThan(2048);
    const modal = await html(await browser.get(location));
    expect(modal).toContain('name="page" value="/creator"');
    expect(modal).toContain(`name="authIdea" value="${idea}"`);
  });

  it("Create Account with the carried idea starts its build: the progress page, the event, the idea no longer kept", async () => {
    const { browser } = await visitorSent(RUNNING);
    const email = uniqueEmail("idea-sign-up");
    const made = await browser.post("/auth/create-account", {
      email,
      firstName: "Ida",
      lastName: "Maker",
      password: PASSWORD,
      page: "/creator",
      authIdea: RUNNING,
    });
    expect(made.status).toBe(303);
    const [, jobId] = made.headers.get("location")!.match(JOB_PAGE)!;
    const userId = await userIdOf(email);
    expect(await buildJob(jobId)).toEqual({ kind: "build-app", userId, idea: RUNNING });
    expect((await browser.toast())?.title).toBe("Welcome to Studio, Ida!");

    const [event] = await getStartedOf(userId);
    expect(event.properties).toMatchObject({ path: "/creator" });
    expect(typeof event.properties.appId).toBe("string");
    // Built: neither the account nor the visitor's copy keeps the idea.
    expect(await html(await browser.get("/creator"))).not.toContain(`>${escaped(RUNNING)}</textarea>`);
    browser.setCookie("studio_session", null);
    expect(await html(await browser.get("/creator"))).not.toContain(`>${escaped(RUNNING)}</textarea>`);
  });

  it("Log In keeps the idea through a wrong password and the switch to Create Account, then goes where a creator's idea goes", async () => {
    const { email } = await signUp("idea-log-in");
    const { browser } = await visitorSent(POTTERY, "/build");
    const wrong = await browser.post("/auth/login", {
      email,
      password: "not the password",
      page: "/build",
      authIdea: POTTERY,
    });
    expect(wrong.status).toBe(400);
    const again = await html(wrong);
    expect(again).toContain(messages.loginFailed.replaceAll("'", "&#x27;"));
    expect(again).toContain(`name="authIdea" value="${POTTERY}"`);
    expect(again).toContain(
      `href="/build?auth=CreateAccount&amp;authIdea=${new URLSearchParams({ x: POTTERY }).toString().slice(2)}"`,
    );

    const right = await browser.post("/auth/login", { email, password: PASSWORD, page: "/build", authIdea: POTTERY });
    expect(right.status).toBe(303);
    // No model and a practice the templates do not know: the guided build's questions, as from /dashboard.
    expect(right.headers.get("location")).toBe(`/dashboard/builder/new?${new URLSearchParams({ idea: POTTERY })}`);
    expect(await html(await browser.get(right.headers.get("location")!))).toContain(POTTERY);
  });

  it("a carried idea that cannot start goes back to the page's box with the reason, kept for the account", async () => {
    const browser = new Browser();
    const email = uniqueEmail("idea-refused");
    const made = await browser.post("/auth/create-account", {
      email,
      firstName: "Ria",
      lastName: "Fused",
      password: PASSWORD,
      page: "/creator",
      authIdea: "tiny",
    });
    expect(made.status).toBe(303);
    expect(made.headers.get("location")).toBe("/creator#idea");
    expect(await browser.toast()).toMatchObject({ kind: "error", title: IDEA_MESSAGES.tooShort });
    expect(await html(await browser.get("/creator"))).toContain(">tiny</textarea>");
  });

  it("a signed-in creator's idea goes straight to the build, as on /dashboard", async () => {
    const { browser, userId } = await signUp("idea-signed-in");
    const page = await html(await browser.get("/creator"));
    expect(page).not.toContain('href="/creator?auth=Login"');
    expect(page).toContain("We&#x27;ll build your first version right away");

    const built = await browser.post("/build", { intent: "build", appIdea: RUNNING });
    expect(built.status).toBe(303);
    const [, jobId] = built.headers.get("location")!.match(JOB_PAGE)!;
    expect(await buildJob(jobId)).toMatchObject({ userId, idea: RUNNING });
    const [event] = await getStartedOf(userId);
    expect(event.properties).toMatchObject({ path: "/build" });

    const guided = await browser.post("/creator", { intent: "build", appIdea: POTTERY });
    expect(guided.headers.get("location")).toBe(`/dashboard/builder/new?${new URLSearchParams({ idea: POTTERY })}`);
    const bad = await browser.post("/creator", { intent: "build", appIdea: "Pots" });
    expect(bad.status).toBe(400);
    expect(await html(bad)).toContain(IDEA_MESSAGES.tooShort);
  });
});

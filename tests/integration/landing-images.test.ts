// Landing-page pictures, screenshots and edits by instruction (issue 20) in workerd against D1: good
// input, bad input, another creator's app (403), the spec's fixed failure result when no picture can
// be stored, Restore bringing the old hero back, screenshots as PNG in the landing page (at once on
// the embedded default, as a job with a configured model), and edits proposed, refused and accepted.
import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import type { LandingPage } from "~/db/app-content";
import { encodePng } from "~/platform/adapters/ai/embedded/png";
import { Browser, html, ORIGIN, signUp } from "./commerce-helpers";
import { builtApp, until } from "./builder-helpers";
// @ts-ignore -- build/worker.js is the build's output: absent before `npm run build`, untyped after
import worker from "../../build/worker.js";

const built = worker as { fetch(request: Request, bindings: unknown, ctx: ExecutionContext): Promise<Response> };
type Json = Record<string, unknown> & { response: Record<string, unknown> };
const json = async (response: Response) => (await response.json()) as Json;
const B = "/api/app-builder";
const FAILED = "Failed to generate image";

let owner: { browser: Browser; userId: string };
let other: { browser: Browser; userId: string };
let appId: string;

async function landingOf(id = appId): Promise<LandingPage> {
  const row = await env.DB.prepare("SELECT landing_page FROM apps WHERE id = ?")
    .bind(id)
    .first<{ landing_page: string }>();
  return JSON.parse(row!.landing_page) as LandingPage;
}
async function landingVersions(id = appId): Promise<number> {
  const row = await env.DB.prepare("SELECT count(*) AS n FROM app_versions WHERE app_id = ? AND kind = 'landing_page'")
    .bind(id)
    .first<{ n: number }>();
  return row!.n;
}

/** The built worker with some bindings replaced (a storage that refuses every write, a configured model). */
async function callWith(overrides: Record<string, unknown>, browser: Browser, path: string, body: unknown) {
  const ctx = createExecutionContext();
  const response = await built.fetch(
    new Request(`${ORIGIN}${path}`, {
      method: "POST",
      body: JSON.stringify(body),
      headers: { "Content-Type": "application/json", Cookie: browser.cookieHeader, Origin: ORIGIN },
    }),
    { ...(env as unknown as Record<string, unknown>), ...overrides },
    ctx,
  );
  await waitOnExecutionContext(ctx);
  return response;
}

const brokenStorage = {
  ...env.MEDIA,
  get: (key: string) => env.MEDIA.get(key),
  put: async () => {
    throw new Error("R2 is down");
  },
};

async function png(url: string) {
  const response = await owner.browser.get(url);
  expect(response.status).toBe(200);
  const bytes = new Uint8Array(await response.arrayBuffer());
  expect([...bytes.slice(0, 4)]).toEqual([0x89, 0x50, 0x4e, 0x47]);
  return bytes;
}

beforeAll(async () => {
  owner = await signUp("landing-images");
  other = await signUp("landing-other");
  appId = await builtApp(owner.browser, "Half marathon training for busy parents");
});

describe("a photo of the creator's own media library as a landing picture", () => {
  it("is offered and placed as a new version, copied where landing pictures live, and labelled as theirs", async () => {
    const builder = `/dashboard/builder?appId=${appId}&section=landing`;
    const photo = await encodePng(4, 3, new Uint8Array(36).fill(120));
    const form = new FormData();
    form.append("appId", appId);
    form.append("file", new File([photo as Uint8Array<ArrayBuffer>], "my-long-run.png", { type: "image/png" }));
    const uploaded = await owner.browser.fetch(`${B}/uploadAppMedia`, { method: "POST", body: form });
    expect(uploaded.status).toBe(201);
    const mine = (await json(uploaded)).response.media as { mediaId: string };
    const made = await owner.browser.postJson(`${B}/generateAppImage`, {
      appId,
      imageContext: "",
      prompt: "A kettlebell",
    });
    const generated = (await json(made)).response.media as { mediaId: string };

    // Offered: the creator's photo, not the picture the product made.
    const offered = await html(await owner.browser.get(builder));
    expect(offered).toContain("Your photos");
    expect(offered).toContain(`value="${mine.mediaId}"`);
    expect(offered).not.toContain(`value="${generated.mediaId}"`);

    const versions = await landingVersions();
    const used = await owner.browser.post(builder, {
      section: "landing",
      intent: "use-photo",
      mediaId: mine.mediaId,
      photoSlot: "benefits",
    });
    expect(used.status).toBe(303);
    expect((await owner.browser.toast())?.title).toBe(
      "Your photo is now the benefits picture. Restore the previous version in the history to undo.",
    );
    const benefits = (await landingOf()).images!.benefits!;
    expect(benefits).toMatch(new RegExp(`^/media/app-images/${appId}/[0-9a-f-]{36}\\.png$`));
    expect(new Uint8Array(await (await owner.browser.get(benefits)).arrayBuffer())).toEqual(photo);
    expect(await landingVersions()).toBe(versions + 1);
    expect(await html(await owner.browser.get(builder))).toMatch(/class="builder-tool__origin">Your photo</);

    // A picture the product made is not the creator's photo; an unknown item is not there; nothing changes.
    const refused = await owner.browser.post(builder, {
      section: "landing",
      intent: "use-photo",
      mediaId: generated.mediaId,
      photoSlot: "hero",
    });
    expect(refused.status).toBe(400);
    expect(await html(refused)).toContain("Choose one of your own photos");
    const unknown = await owner.browser.post(builder, {
      section: "landing",
      intent: "use-photo",
      mediaId: crypto.randomUUID(),
      photoSlot: "hero",
    });
    expect(unknown.status).toBe(404);
    expect(await landingVersions()).toBe(versions + 1);
  });
});

describe("regenerateLandingPageImage", () => {
  it("makes a new hero picture as a new version; Restore brings the old one back", async () => {
    const before = await landingOf();
    const versions = await landingVersions();
    // No model: the build's hero is a designed cover, stored as one.
    expect(before.hero.imageUrl).toMatch(/^\/media\/app-images\/.+-hero-cover\.png$/);
    const made = await owner.browser.postJson(`${B}/regenerateLandingPageImage`, {
      appId,
      imageType: "hero",
      specificInstructions: "a runner at sunrise",
    });
    expect(made.status).toBe(200);
    const answer = (await json(made)).response as { success: boolean; imageUrl: string; versionId: string };
    expect(answer).toMatchObject({ success: true, imageType: "hero", versionId: expect.any(String) });
    expect(answer.imageUrl).not.toBe(before.hero.imageUrl);
    expect(answer.imageUrl).toMatch(/-hero-[0-9a-f]{8}-cover\.png$/);
    await png(answer.imageUrl);
    expect((await landingOf()).hero.imageUrl).toBe(answer.imageUrl);
    expect(await landingVersions()).toBe(versions + 1);

    const history = await json(await owner.browser.get(`${B}/getLandingPageVersionHistory?appId=${appId}`));
    const old = (history.versions as { versionId: string; content: LandingPage }[]).find(
      (v) => v.content.hero.imageUrl === before.hero.imageUrl,
    )!;
    const restored = await owner.browser.postJson(`${B}/restoreLandingPageVersion`, {
      appId,
      versionId: old.versionId,
    });
    expect(restored.status).toBe(200);
    expect((await landingOf()).hero.imageUrl).toBe(before.hero.imageUrl);
    await png(before.hero.imageUrl!);
  });

  it("with a model configured the picture is the model's, drawn from the app's words and colours", async () => {
    const pages = env.TEST_PAGES_ORIGIN;
    const asked = async () => (await (await fetch(`${pages}/__images`)).json()) as Record<string, unknown>[];
    const earlier = (await asked()).length;
    const response = await callWith(
      { AI_BASE_URL: `${pages}/ai/v1`, AI_MODEL: "stand-in" },
      owner.browser,
      `${B}/regenerateLandingPageImage`,
      { appId, imageType: "hero", specificInstructions: "a runner at sunrise" },
    );
    expect(response.status).toBe(200);
    const answer = (await json(response)).response as { imageUrl: string };
    expect(answer.imageUrl).toMatch(/-hero-[0-9a-f]{8}-ai\.png$/);
    // gpt-image-1 was asked the nearest size it takes (a 1200 × 630 hero: 1536 × 1024), and drew that.
    const view = new DataView((await png(answer.imageUrl)).buffer);
    expect([view.getUint32(16), view.getUint32(20)]).toEqual([1536, 1024]);
    const sent = (await asked()).slice(earlier);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ model: "gpt-image-1", size: "1536x1024" });
    expect(sent[0]).not.toHaveProperty("response_format");
    const theme = (await env.DB.prepare("SELECT theme FROM apps WHERE id = ?").bind(appId).first<{ theme: string }>())!
      .theme;
    const { primaryColor } = JSON.parse(theme) as { primaryColor: string };
    const prompt = String(sent[0]!.prompt);
    expect(prompt).toContain("for the landing page of Half Marathon");
    expect(prompt).toContain("The creator asks: a runner at sunrise");
    expect(prompt).toContain(`In a palette of ${primaryColor.toLowerCase()}`);
  });

  it("fills the benefits and how-it-works slots, which the page shows once published", async () => {
    const made = await json(
      await owner.browser.postJson(`${B}/regenerateLandingPageImage`, { appId, imageType: "how_it_works" }),
    );
    expect(made.response).toMatchObject({ success: true, imageType: "howItWorks" });
    expect((await landingOf()).images?.howItWorks).toBe(made.response.imageUrl);
    await owner.browser.postJson(`${B}/regenerateLandingPageImage`, { appId, imageType: "benefits" });
    expect((await landingOf()).images?.benefits).toMatch(/^\/media\/app-images\//);
  });

  it("bad input is a 400 naming the problem and changes nothing; others' apps are refused", async () => {
    const versions = await landingVersions();
    const unknown = await owner.browser.postJson(`${B}/regenerateLandingPageImage`, { appId, imageType: "footer" });
    expect(unknown.status).toBe(400);
    const body = await json(unknown);
    expect(body).toMatchObject({ success: false, error: FAILED });
    expect(body.detail).toBe("Unknown imageType 'footer': use one of hero, benefits, howItWorks");
    const missing = await owner.browser.postJson(`${B}/regenerateLandingPageImage`, { appId });
    expect(missing.status).toBe(400);
    expect((await json(missing)).detail).toBe("imageType is required");
    const long = await owner.browser.postJson(`${B}/regenerateLandingPageImage`, {
      appId,
      imageType: "hero",
      specificInstructions: "x".repeat(501),
    });
    expect(long.status).toBe(400);
    expect(await landingVersions()).toBe(versions);

    const theirs = await other.browser.postJson(`${B}/regenerateLandingPageImage`, { appId, imageType: "hero" });
    expect(theirs.status).toBe(403);
    expect(await json(theirs)).toMatchObject({ success: false, error: FAILED });
    const none = await owner.browser.postJson(`${B}/regenerateLandingPageImage`, {
      appId: crypto.randomUUID(),
      imageType: "hero",
    });
    expect(none.status).toBe(404);
    expect((await new Browser().postJson(`${B}/regenerateLandingPageImage`, { appId, imageType: "hero" })).status).toBe(
      401,
    );
    expect(await landingVersions()).toBe(versions);
  });

  it("a picture that cannot be stored answers the spec's fixed result and saves nothing", async () => {
    const before = await landingOf();
    const versions = await landingVersions();
    const response = await callWith({ MEDIA: brokenStorage }, owner.browser, `${B}/regenerateLandingPageImage`, {
      appId,
      imageType: "hero",
    });
    expect(response.status).toBe(503);
    expect(await json(response)).toMatchObject({ success: false, error: FAILED, detail: FAILED });
    expect(await landingVersions()).toBe(versions);
    expect((await landingOf()).hero.imageUrl).toBe(before.hero.imageUrl);
  });
});

describe("regenerateAIScreenshots", () => {
  it("makes the landing, onboarding and plan screenshots as PNG, saved in the landing page", async () => {
    const versions = await landingVersions();
    const made = await owner.browser.postJson(`${B}/regenerateAIScreenshots`, { appId, additionalPrompt: "sunrise" });
    expect(made.status).toBe(200);
    const answer = (await json(made)).response as { screenshots: { screen: string; url: string; alt: string }[] };
    expect(answer.screenshots.map((s) => s.screen)).toEqual(["landing", "onboarding", "plan"]);
    for (const shot of answer.screenshots) {
      const bytes = await png(shot.url);
      const view = new DataView(bytes.buffer);
      expect([view.getUint32(16), view.getUint32(20)]).toEqual([430, 880]);
    }
    const page = await landingOf();
    expect(page.screenshots).toEqual(answer.screenshots);
    expect(answer.screenshots[0]!.alt).toContain(page.hero.title);
    expect(await landingVersions()).toBe(versions + 1);
  });

  it("with a configured model the work is a job the creator polls", async () => {
    const before = (await landingOf()).screenshots;
    const response = await callWith(
      { AI_BASE_URL: "http://127.0.0.1:9/v1", AI_MODEL: "stand-in" },
      owner.browser,
      `${B}/regenerateAIScreenshots`,
      { appId },
    );
    expect(response.status).toBe(202);
    const started = (await json(response)).response as { jobId: string; statusUrl: string };
    expect(started.statusUrl).toBe(`/api/jobs/${started.jobId}`);
    const status = await until(
      async () => (await json(await owner.browser.get(started.statusUrl))).response.status,
      (s) => s === "completed" || s === "failed",
    );
    expect(status).toBe("completed");
    const after = (await landingOf()).screenshots!;
    expect(after).toHaveLength(3);
    expect(after[0]!.url).not.toBe(before![0]!.url);
    expect((await other.browser.get(started.statusUrl)).status).toBe(403);
  });

  it("bad input, another creator's app and a storage failure", async () => {
    const versions = await landingVersions();
    const long = await owner.browser.postJson(`${B}/regenerateAIScreenshots`, {
      appId,
      additionalPrompt: "x".repeat(501),
    });
    expect(long.status).toBe(400);
    expect(await json(long)).toMatchObject({ success: false, error: FAILED });
    expect((await owner.browser.postJson(`${B}/regenerateAIScreenshots`, {})).status).toBe(400);
    const theirs = await other.browser.postJson(`${B}/regenerateAIScreenshots`, { appId });
    expect(theirs.status).toBe(403);
    expect(await json(theirs)).toMatchObject({ success: false, error: FAILED });
    const broken = await callWith({ MEDIA: brokenStorage }, owner.browser, `${B}/regenerateAIScreenshots`, { appId });
    expect(broken.status).toBe(503);
    expect(await json(broken)).toMatchObject({ success: false, error: FAILED });
    expect(await landingVersions()).toBe(versions);
  });
});

describe("edit-landing-page", () => {
  it("proposes an edit without saving it", async () => {
    const versions = await landingVersions();
    const before = await landingOf();
    const response = await owner.browser.postJson(`${B}/edit-landing-page`, { appId, instruction: "Make it calm" });
    expect(response.status).toBe(200);
    const answer = (await json(response)).response as { proposal: LandingPage; current: LandingPage; by: string };
    expect(answer).toMatchObject({ success: true, by: "built-in", summary: "Rewrote the page in a calm tone" });
    expect(answer.current).toEqual(before);
    expect(answer.proposal.callToAction.buttonLabel).toBe("Begin");
    expect(answer.proposal.screenshots).toEqual(before.screenshots);
    expect(await landingVersions()).toBe(versions);

    const faq = (
      await json(
        await owner.browser.postJson(`${B}/edit-landing-page`, { appId, instruction: "add an FAQ about hill repeats" }),
      )
    ).response as { proposal: LandingPage };
    expect(faq.proposal.faq.at(-1)!.question).toMatch(/Hill repeats/i);
    const sectioned = (
      await json(
        await owner.browser.postJson(`${B}/edit-landing-page`, {
          appId,
          instruction: "make it shorter",
          section: "hero",
        }),
      )
    ).response as { summary: string };
    expect(sectioned.summary).toBe("Shortened the hero");
  });

  it("says which instructions it understands when asked something else; others' apps are refused", async () => {
    const unknown = await owner.browser.postJson(`${B}/edit-landing-page`, {
      appId,
      instruction: "Translate it to French",
    });
    expect(unknown.status).toBe(400);
    const body = await json(unknown);
    expect(body.detail).toContain("is not an instruction the built-in editor knows");
    expect(body.detail).toContain("friendly, professional, energetic or calm");
    expect((await owner.browser.postJson(`${B}/edit-landing-page`, { appId, instruction: "" })).status).toBe(400);
    expect(
      (await other.browser.postJson(`${B}/edit-landing-page`, { appId, instruction: "make it calm" })).status,
    ).toBe(403);
  });

  it("the builder page proposes without JavaScript, and Accept saves the proposal as a new version", async () => {
    const path = `/dashboard/builder?appId=${appId}`;
    const proposed = await owner.browser.post(path, {
      section: "landing",
      intent: "propose-edit",
      instruction: "move the FAQ to the top",
    });
    expect(proposed.status).toBe(200);
    const html = await proposed.text();
    expect(html.replace(/<!-- -->/g, "")).toContain("Proposed: Moved the FAQ to the top");
    expect(html).toContain("Proposed page");

    const refused = await owner.browser.post(path, {
      section: "landing",
      intent: "propose-edit",
      instruction: "jazz it up",
    });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain("is not an instruction the built-in editor knows");

    const current = await landingOf();
    const versions = await landingVersions();
    const proposal = { ...current, sectionOrder: ["faq", "benefits", "howItWorks", "testimonials", "pricing"] };
    const bad = await owner.browser.post(path, {
      section: "landing",
      intent: "accept-edit",
      proposal: JSON.stringify({ ...proposal, hero: { ...proposal.hero, title: "" } }),
    });
    expect(bad.status).toBe(400);
    const garbled = await owner.browser.post(path, { section: "landing", intent: "accept-edit", proposal: "{nope" });
    expect(garbled.status).toBe(400);
    const theirs = await other.browser.post(path, {
      section: "landing",
      intent: "accept-edit",
      proposal: JSON.stringify(proposal),
    });
    expect(theirs.status).toBe(403);
    expect(await landingVersions()).toBe(versions);

    const accepted = await owner.browser.post(path, {
      section: "landing",
      intent: "accept-edit",
      proposal: JSON.stringify(proposal),
    });
    expect(accepted.status).toBe(303);
    expect((await landingOf()).sectionOrder).toEqual(proposal.sectionOrder);
    expect(await landingVersions()).toBe(versions + 1);
  });
});

describe("the public landing page", () => {
  it("shows the section pictures and the screenshots strip, in the sections' order, once published", async () => {
    const row = await env.DB.prepare(
      "SELECT storefront_slug, app_slug, landing_page, theme, onboarding_flow FROM apps WHERE id = ?",
    )
      .bind(appId)
      .first<Record<string, string>>();
    const page = JSON.parse(row!.landing_page) as LandingPage;
    const snapshot = {
      landingPage: page,
      theme: JSON.parse(row!.theme),
      onboardingFlow: JSON.parse(row!.onboarding_flow),
      pricing: { monthlyPrice: 999, annualPrice: null, annualDurationUnit: "years" },
    };
    await env.DB.prepare("UPDATE apps SET published = ?, is_published = 1, published_at = ? WHERE id = ?")
      .bind(JSON.stringify(snapshot), Date.now(), appId)
      .run();
    const html = (await (await new Browser().get(`/apps/${row!.storefront_slug}/${row!.app_slug}`)).text()).replace(
      /<!-- -->/g,
      "",
    );
    for (const shot of page.screenshots!) expect(html).toContain(`src="${shot.url}"`);
    expect(html).toContain(`src="${page.images!.benefits}"`);
    expect(html).toContain(`src="${page.images!.howItWorks}"`);
    expect(html).toContain("on your phone</h2>");
    // The FAQ was moved to the top: it comes before the benefits.
    expect(html.indexOf('id="app-faq"')).toBeLessThan(html.indexOf('id="app-benefits"'));
    expect(html).toMatch(/<meta property="og:image" content="http:\/\/127\.0\.0\.1:8787\/media\/app-images\//);
  });
});

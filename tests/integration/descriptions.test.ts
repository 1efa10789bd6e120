// Link previews, media descriptions and YouTube metadata (spec 7 "Links and media descriptions")
// in workerd, reading only the local pages of link-pages.global.ts (TEST_PAGES_ORIGIN, the one
// address LINK_FETCH_ALLOW lets through) and uploads in the suite's R2. For every endpoint: good
// input, bad input, someone else's app (403) and the spec's fixed failure results; a redirect to
// another loopback port is refused without reaching it; production never applies the allow-list.
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { describeMedia } from "~/features/media/describe/descriptions.server";
import {
  describeMediaJobHandler,
  descriptionProgress,
  startDescribeJob,
} from "~/features/media/describe/describe-job.server";
import { completeJob, jobById } from "~/features/jobs/jobs.server";
import { linkPreview } from "~/features/media/describe/link-preview.server";
import { parseEnv } from "~/platform/env";
import { ServiceError } from "~/platform/service-error";
import { call, testApp } from "./app-context";
import { Browser, ORIGIN, signUp } from "./commerce-helpers";
import { builtApp, until } from "./builder-helpers";
import { simplePdf, simpleWav } from "./describe-fixtures";

const B = "/api/app-builder";
const PAGES = env.TEST_PAGES_ORIGIN;
const FORBIDDEN = env.TEST_FORBIDDEN_ORIGIN;
const PAGES_PORT = new URL(PAGES).port;

type Answer = { status: number; body: any };

/** A POST as the browser would send it, whatever the status (the fixed failures include 503s). */
async function post(browser: Browser | null, path: string, body: unknown): Promise<Answer> {
  const headers = new Headers({ "Content-Type": "application/json", Origin: ORIGIN, Host: new URL(ORIGIN).host });
  if (browser?.jar.size) headers.set("Cookie", browser.cookieHeader);
  const response = await call(path, { method: "POST", headers, body: JSON.stringify(body) });
  return { status: response.status, body: await response.json() };
}

async function get(browser: Browser, path: string): Promise<Answer> {
  const response = await browser.get(path);
  return { status: response.status, body: await response.json() };
}

const forbiddenHits = async () => ((await (await fetch(`${PAGES}/__hits`)).json()) as { forbidden: number }).forbidden;

let owner: { browser: Browser; userId: string };
let other: { browser: Browser; userId: string };
let appId: string;
let otherAppId: string;

/** Puts bytes into the app's media library in R2, as an upload would; answers its /media/ URL. */
async function upload(app: string, name: string, bytes: Uint8Array, contentType: string): Promise<string> {
  const key = `app-media/${app}/${crypto.randomUUID()}-${name}`;
  await env.MEDIA.put(key, bytes, { httpMetadata: { contentType } });
  return `/media/${key}`;
}

const handbook = simplePdf(
  [
    [
      "Strength training helps runners stay injury free, and this first line is long",
      "enough to look like the body text of a handbook for runners of every level.",
      "",
      "Squats, lunges and calf raises build the muscles that runners use most on",
      "every stride, and two short sessions a week are enough to see the benefit.",
    ],
    [
      "Rest days matter as much as training days, because muscles rebuild while",
      "resting and a tired runner is more likely to be injured on the next run.",
      "",
      "Strength training also improves running economy, so the same pace costs",
      "less effort after a few weeks of regular work in the gym or at home.",
    ],
  ],
  { title: "Strength for runners", author: "Coach Ana" },
);

beforeAll(async () => {
  owner = await signUp("describer");
  other = await signUp("describe-other");
  appId = await builtApp(owner.browser, "Hip mobility for runners who sit all day");
  otherAppId = await builtApp(other.browser, "Breathing drills for swimmers");
});

describe("POST /api/app-builder/link-preview", () => {
  const preview = (url: unknown, browser: Browser | null = owner.browser) =>
    post(browser, `${B}/link-preview`, { url });
  const FAILED = { success: false, error: "Failed to fetch link preview" };

  it("reads Open Graph first, the oEmbed answer where tags are missing, and makes images absolute", async () => {
    const { status, body } = await preview(`${PAGES}/article`);
    expect(status).toBe(200);
    expect(body).toEqual({
      success: true,
      response: {
        url: `${PAGES}/article`,
        title: "Hip mobility for runners",
        description: "Five drills that free stiff hips & lengthen your stride.",
        image: `${PAGES}/images/hips.jpg`,
        siteName: "Run Blog",
        author: "Coach Ana",
        favicon: `${PAGES}/favicon.png`,
        type: "rich",
      },
    });
  });

  it("falls back to the standard tags, and follows a redirect on the allowed host", async () => {
    const { status, body } = await preview(`${PAGES}/redirect-ok`);
    expect(status).toBe(200);
    expect(body.response).toMatchObject({
      url: `${PAGES}/plain`,
      title: "Plain page",
      description: "A page with only standard tags.",
      image: null,
      siteName: "127.0.0.1",
      favicon: `${PAGES}/favicon.ico`,
    });
  });

  it("reads a page larger than the size cap from its first 2 MB; a file link is named by its file", async () => {
    expect((await preview(`${PAGES}/big`)).body.response.title).toBe("A very long page");
    expect((await preview(`${PAGES}/notes.txt`)).body.response).toMatchObject({
      title: "notes.txt",
      type: "text/plain",
    });
  });

  it("refuses a redirect to another loopback port without reaching it", async () => {
    const before = await forbiddenHits();
    const { status, body } = await preview(`${PAGES}/redirect-away`);
    expect(status).toBe(400);
    expect(body).toEqual({
      ...FAILED,
      detail: "That link cannot be read: 127.0.0.1 is not a public address (loopback)",
    });
    expect(await forbiddenHits()).toBe(before);
  });

  it.each([
    [`${FORBIDDEN}/secret`, /127\.0\.0\.1 is not a public address \(loopback\)/],
    [`http://localhost:${PAGES_PORT}/article`, /localhost is not a public address \(loopback\)/],
    [`http://[::1]:${PAGES_PORT}/article`, /not a public address \(loopback\)/],
    ["http://10.0.0.7/admin", /private/],
    ["http://169.254.169.254/latest/meta-data", /link-local/],
    ["http://printer.local/", /a local name/],
    ["file:///etc/passwd", /only http and https/],
    ["not a link", /not a valid link/],
  ])("refuses %s (400, the fixed result)", async (url, why) => {
    const before = await forbiddenHits();
    const { status, body } = await preview(url);
    expect(status).toBe(400);
    expect(body).toMatchObject(FAILED);
    expect(body.detail).toMatch(why);
    expect(await forbiddenHits()).toBe(before);
  });

  it("a page that answers 404, or redirects forever, is the fixed failure (503)", async () => {
    expect(await preview(`${PAGES}/missing`)).toEqual({
      status: 503,
      body: { ...FAILED, detail: "The link answered 404" },
    });
    expect(await preview(`${PAGES}/redirect-loop`)).toEqual({
      status: 503,
      body: { ...FAILED, detail: "The link redirected too many times" },
    });
  });

  it("bad input, no caller and a wrong method answer the fixed result too", async () => {
    expect(await preview(undefined)).toEqual({ status: 400, body: { ...FAILED, detail: "url is required" } });
    expect((await preview(42)).status).toBe(400);
    expect((await preview(`${PAGES}/article`, new Browser())).status).toBe(401);
    expect((await preview(`${PAGES}/article`, new Browser())).body).toMatchObject(FAILED);
    expect((await owner.browser.get(`${B}/link-preview`)).status).toBe(405);
  });

  it("keeps what it read in KV", async () => {
    const keys = await until(
      async () => (await env.CACHE.list({ prefix: "link-page:v1:" })).keys,
      (k) => k.length > 0,
    );
    expect(keys.length).toBeGreaterThan(0);
  });

  it("production never applies the allow-list: the stand-in is refused like any loopback address", async () => {
    const production = testApp({ env: parseEnv({ ...env, ENVIRONMENT: "production" }) });
    expect(production.env.LINK_FETCH_ALLOW).toBe(new URL(PAGES).host);
    const refused = await linkPreview(production, `${PAGES}/plain`).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ServiceError);
    expect((refused as ServiceError).failure).toBe("invalid");
    expect((refused as ServiceError).message).toMatch(/loopback/);
  });
});

describe("POST /api/app-builder/youtube/basic-metadata", () => {
  const metadata = (body: unknown, browser: Browser | null = owner.browser) =>
    post(browser, `${B}/youtube/basic-metadata`, body);
  const FAILED = { success: false, error: "Failed to fetch YouTube metadata" };

  it("answers title, author, thumbnail and length for every form of a video link", async () => {
    const { status, body } = await metadata({ videoUrl: "https://youtu.be/hipDrills01?si=x" });
    expect(status).toBe(200);
    expect(body.response).toEqual({
      videoId: "hipDrills01",
      url: "https://www.youtube.com/watch?v=hipDrills01",
      title: "Hip drills for runners",
      author: "Coach Ana",
      authorUrl: "https://www.youtube.com/@coachana",
      thumbnailUrl: "https://i.ytimg.com/vi/hipDrills01/hqdefault.jpg",
      thumbnailWidth: 480,
      thumbnailHeight: 360,
      provider: "YouTube",
      durationSeconds: 253,
      description: expect.stringMatching(/^Five hip drills/),
    });
    for (const videoUrl of [
      "https://www.youtube.com/watch?v=hipDrills01",
      "https://www.youtube.com/shorts/hipDrills01",
      "https://www.youtube.com/embed/hipDrills01",
    ])
      expect((await metadata({ videoUrl, appId })).body.response.title).toBe("Hip drills for runners");
  });

  it("a video whose page cannot be read still has its oEmbed answer (no length)", async () => {
    const { body } = await metadata({ videoUrl: "https://www.youtube.com/watch?v=noPage00001" });
    expect(body.response).toMatchObject({ title: "A video without a page", durationSeconds: null, description: null });
  });

  it("a link that is not a YouTube video is a clear 400", async () => {
    for (const videoUrl of ["https://vimeo.com/123456", `${PAGES}/article`, "https://www.youtube.com/watch?v=nope"])
      expect(await metadata({ videoUrl })).toEqual({
        status: 400,
        body: { ...FAILED, detail: "That is not a YouTube video link" },
      });
    expect(await metadata({})).toEqual({ status: 400, body: { ...FAILED, detail: "videoUrl is required" } });
  });

  it("a private video (404) or a failing service (503) is the fixed failure", async () => {
    expect(await metadata({ videoUrl: "https://youtu.be/privateVid1" })).toEqual({
      status: 404,
      body: { ...FAILED, detail: "That video is private, removed or does not exist" },
    });
    expect(await metadata({ videoUrl: "https://youtu.be/brokenVid01" })).toEqual({
      status: 503,
      body: { ...FAILED, detail: "The link answered 500" },
    });
  });

  it("someone else's app is 403, no caller 401", async () => {
    expect((await metadata({ videoUrl: "https://youtu.be/hipDrills01", appId: otherAppId })).status).toBe(403);
    expect((await metadata({ videoUrl: "https://youtu.be/hipDrills01", appId: otherAppId })).body).toMatchObject(
      FAILED,
    );
    expect((await metadata({ videoUrl: "https://youtu.be/hipDrills01" }, new Browser())).status).toBe(401);
  });
});

describe("the generate-*-description calls", () => {
  const describeCall = (kind: string, body: Record<string, unknown>, browser: Browser | null = owner.browser) =>
    post(browser, `${B}/generate-${kind}-description`, body);

  describe("PDF", () => {
    const FAILED = { success: false, error: "Failed to generate PDF description" };
    // The first PDF loads PDF.js (1.6 MB), which the test runner transforms on first use.
    const PDF_TIMEOUT_MS = 60_000;

    it(
      "extracts the text and summarises it; concise gives a shorter long description",
      { timeout: PDF_TIMEOUT_MS },
      async () => {
        const pdfUrl = await upload(appId, "handbook.pdf", handbook, "application/pdf");
        const full = await describeCall("pdf", { pdfUrl, appId });
        expect(full.body.detail).toBeUndefined();
        expect(full.status).toBe(200);
        expect(full.body.success).toBe(true);
        const result = full.body.response;
        expect(result).toMatchObject({
          kind: "pdf",
          url: pdfUrl,
          title: "Strength for runners",
          provider: "embedded",
          metadata: { pages: 2, author: "Coach Ana", concise: false, fileName: "handbook.pdf", source: "upload" },
        });
        expect(result.description).toMatch(/^Strength training helps runners stay injury free/);
        expect(result.description.length).toBeLessThanOrEqual(200);
        expect(result.longDescription).toMatch(/^“Strength for runners” by Coach Ana is a 2-page PDF\.\n\n/);
        expect(result.longDescription).toMatch(/Rest days matter/);
        const concise = await describeCall("pdf", { pdfUrl, appId, concise: true });
        expect(concise.body.response.metadata.concise).toBe(true);
        expect(concise.body.response.longDescription.length).toBeLessThan(result.longDescription.length);
      },
    );

    it(
      "a file that is not a PDF, another app's file, a missing one: the fixed result",
      { timeout: PDF_TIMEOUT_MS },
      async () => {
        const notPdf = await upload(appId, "notes.pdf", new TextEncoder().encode("just text"), "application/pdf");
        expect(await describeCall("pdf", { pdfUrl: notPdf, appId })).toEqual({
          status: 400,
          body: { ...FAILED, detail: "That file is not a PDF" },
        });
        const theirs = await upload(otherAppId, "theirs.pdf", handbook, "application/pdf");
        expect(await describeCall("pdf", { pdfUrl: theirs, appId })).toEqual({
          status: 403,
          body: { ...FAILED, detail: "That file is not in this app's media" },
        });
        expect(await describeCall("pdf", { pdfUrl: `/media/app-media/${appId}/nothing.pdf`, appId })).toEqual({
          status: 404,
          body: { ...FAILED, detail: "That file is not in this app's media" },
        });
      },
    );

    it("bad input, someone else's app and no caller", { timeout: PDF_TIMEOUT_MS }, async () => {
      const pdfUrl = await upload(appId, "handbook.pdf", handbook, "application/pdf");
      expect(await describeCall("pdf", { appId })).toEqual({
        status: 400,
        body: { ...FAILED, detail: "pdfUrl is required" },
      });
      expect((await describeCall("pdf", { pdfUrl, appId, concise: "very" })).status).toBe(400);
      expect((await describeCall("pdf", { pdfUrl })).body).toEqual({ ...FAILED, detail: "appId is required" });
      expect(await describeCall("pdf", { pdfUrl, appId }, other.browser)).toMatchObject({ status: 403, body: FAILED });
      expect(await describeCall("pdf", { pdfUrl, appId: crypto.randomUUID() })).toMatchObject({
        status: 404,
        body: FAILED,
      });
      expect(await describeCall("pdf", { pdfUrl, appId }, new Browser())).toMatchObject({ status: 401, body: FAILED });
    });
  });

  describe("audio", () => {
    const FAILED = { success: false, error: "Failed to generate audio description" };

    it("reads length, format and the title from the recording", async () => {
      const audioUrl = await upload(appId, "talk.wav", simpleWav(2, "Morning talk", "Coach Ana"), "audio/wav");
      const { status, body } = await describeCall("audio", { audioUrl, appId });
      expect(status).toBe(200);
      expect(body.response).toMatchObject({
        kind: "audio",
        title: "Morning talk",
        description: "“Morning talk” by Coach Ana: a 2-second audio recording (0:02).",
        provider: "embedded",
        metadata: {
          container: "WAV",
          durationSeconds: 2,
          sampleRate: 8000,
          channels: 1,
          artist: "Coach Ana",
          fileName: "talk.wav",
          transcribed: false,
        },
      });
      expect(body.response.longDescription).toMatch(/not been transcribed/);
    });

    it("with a configured model: what is said is transcribed, and the model writes the words", async () => {
      const audioUrl = await upload(appId, "talk.wav", simpleWav(2, "Morning talk", "Coach Ana"), "audio/wav");
      const model = testApp({
        env: parseEnv({ ...env, AI_BASE_URL: `${PAGES}/ai/v1`, AI_MODEL: "stand-in", AI_TIMEOUT_MS: 5000 }),
      });
      const result = await describeMedia(model, { userId: owner.userId, appId }, { kind: "audio", url: audioUrl });
      expect(result).toMatchObject({
        provider: "openai",
        description: "A warm-up talk for runners.",
        longDescription: "Coach Ana explains a warm-up.",
        metadata: { transcribed: true, transcribedBy: "openai", durationSeconds: 2 },
      });
      expect(result.metadata.transcript).toMatch(/^Warm up for ten minutes/);
    });

    it("a model that fails: the embedded words, from the file alone", async () => {
      const audioUrl = await upload(appId, "talk.wav", simpleWav(2, "Morning talk", "Coach Ana"), "audio/wav");
      const broken = testApp({
        env: parseEnv({ ...env, AI_BASE_URL: `${PAGES}/ai-broken/v1`, AI_MODEL: "stand-in", AI_TIMEOUT_MS: 5000 }),
      });
      const result = await describeMedia(broken, { userId: owner.userId, appId }, { kind: "audio", url: audioUrl });
      expect(result).toMatchObject({
        provider: "embedded",
        description: "“Morning talk” by Coach Ana: a 2-second audio recording (0:02).",
        metadata: { transcribed: false },
      });
    });

    it("refuses links it may not read, another creator and bad input", async () => {
      expect(await describeCall("audio", { audioUrl: `${FORBIDDEN}/talk.wav`, appId })).toMatchObject({
        status: 400,
        body: { ...FAILED, detail: expect.stringMatching(/loopback/) },
      });
      const audioUrl = await upload(appId, "talk.wav", simpleWav(1, "T", "A"), "audio/wav");
      expect(await describeCall("audio", { audioUrl, appId }, other.browser)).toMatchObject({
        status: 403,
        body: FAILED,
      });
      expect(await describeCall("audio", { audioUrl: "", appId })).toMatchObject({ status: 400, body: FAILED });
      expect(await describeCall("audio", { audioUrl, appId: otherAppId })).toMatchObject({ status: 403, body: FAILED });
    });
  });

  describe("video", () => {
    const FAILED = { success: false, error: "Failed to generate video description" };

    it("an upload: length, picture size and codecs from the MP4", async () => {
      const clip = new Uint8Array(await (await fetch(`${PAGES}/media/lesson-1.mp4`)).arrayBuffer());
      const videoUrl = await upload(appId, "lesson.mp4", clip, "video/mp4");
      const { status, body } = await describeCall("video", { videoUrl, appId });
      expect(status).toBe(200);
      expect(body.response.metadata).toMatchObject({
        container: "MP4",
        hasVideo: true,
        videoCodec: "H.264",
        audioCodec: "AAC",
        width: 640,
        height: 360,
        sizeBytes: clip.length,
      });
      expect(body.response.metadata.durationSeconds).toBeCloseTo(12, 0);
      expect(body.response.description).toBe("A 12-second video (0:12), lesson.mp4.");
    });

    it("a web link: read in ranges through the safe fetch (WebM)", async () => {
      const { status, body } = await describeCall("video", { videoUrl: `${PAGES}/media/lesson-1.webm`, appId });
      expect(status).toBe(200);
      expect(body.response.metadata).toMatchObject({
        container: "WebM",
        videoCodec: "VP9",
        audioCodec: "Opus",
        source: "web",
        sizeBytes: 140370,
      });
    });

    it("an empty file, a page that is not there, someone else's app: the fixed result", async () => {
      const empty = await upload(appId, "empty.mp4", new Uint8Array(0), "video/mp4");
      expect(await describeCall("video", { videoUrl: empty, appId })).toEqual({
        status: 400,
        body: { ...FAILED, detail: "That file is empty" },
      });
      expect(await describeCall("video", { videoUrl: `${PAGES}/media/gone.mp4`, appId })).toEqual({
        status: 503,
        body: { ...FAILED, detail: "The link answered 404" },
      });
      expect(await describeCall("video", { videoUrl: empty, appId }, other.browser)).toMatchObject({
        status: 403,
        body: FAILED,
      });
      expect(await describeCall("video", { appId })).toMatchObject({ status: 400, body: FAILED });
    });
  });

  describe("link", () => {
    const FAILED = { success: false, error: "Failed to generate link description" };

    it("the preview and a summary of the page's main text, without its furniture", async () => {
      const { status, body } = await describeCall("link", { url: `${PAGES}/article`, appId });
      expect(status).toBe(200);
      const result = body.response;
      expect(result).toMatchObject({
        kind: "link",
        title: "Hip mobility for runners",
        thumbnailUrl: `${PAGES}/images/hips.jpg`,
        description: "Five drills that free stiff hips & lengthen your stride.",
        metadata: { siteName: "Run Blog" },
      });
      expect(result.longDescription).toMatch(/^“Hip mobility for runners” is a page on Run Blog, by Coach Ana\./);
      expect(result.longDescription).toMatch(/Stiff hips shorten a runner's stride/);
      for (const furniture of ["Menu paragraph", "Script text", "Related posts", "Subscribe", "Share"])
        expect(result.longDescription).not.toContain(furniture);
    });

    it("a refused link, a missing page, another creator: the fixed result", async () => {
      expect(await describeCall("link", { url: `${PAGES}/redirect-away`, appId })).toMatchObject({
        status: 400,
        body: FAILED,
      });
      expect(await describeCall("link", { url: `${PAGES}/missing`, appId })).toMatchObject({
        status: 503,
        body: FAILED,
      });
      expect(await describeCall("link", { url: `${PAGES}/article`, appId }, other.browser)).toMatchObject({
        status: 403,
        body: FAILED,
      });
      expect(await describeCall("link", { appId })).toMatchObject({ status: 400, body: FAILED });
    });
  });

  describe("YouTube", () => {
    const FAILED = { success: false, error: "Failed to generate YouTube description" };

    it("title, author and length on the card; the page's description without links or hashtags", async () => {
      const { status, body } = await describeCall("youtube", { videoUrl: "https://youtu.be/hipDrills01", appId });
      expect(status).toBe(200);
      expect(body.response).toMatchObject({
        kind: "youtube",
        title: "Hip drills for runners",
        thumbnailUrl: "https://i.ytimg.com/vi/hipDrills01/hqdefault.jpg",
        description: "“Hip drills for runners” by Coach Ana: a video on YouTube (4:13).",
        longDescription:
          "“Hip drills for runners” is a video by Coach Ana on YouTube (4:13).\n\nFive hip drills for runners with stiff hips, done in ten minutes before an easy run.",
      });
    });

    it("not a YouTube link, a private video, another creator: the fixed result", async () => {
      expect(await describeCall("youtube", { videoUrl: `${PAGES}/article`, appId })).toEqual({
        status: 400,
        body: { ...FAILED, detail: "That is not a YouTube video link" },
      });
      expect(await describeCall("youtube", { videoUrl: "https://youtu.be/privateVid1", appId })).toMatchObject({
        status: 404,
        body: FAILED,
      });
      expect(
        await describeCall("youtube", { videoUrl: "https://youtu.be/hipDrills01", appId }, other.browser),
      ).toMatchObject({ status: 403, body: FAILED });
    });
  });
});

describe("descriptions as jobs", () => {
  it("async:true queues a describe-media job; its status answers the result and the media item gets it", async () => {
    const mediaId = crypto.randomUUID();
    const now = Date.now();
    await env.DB.prepare(
      "INSERT INTO app_media (id, app_id, type, url, metadata, created_at, upload_date, updated_at) VALUES (?, ?, 'link', ?, ?, ?, ?, ?)",
    )
      .bind(mediaId, appId, `${PAGES}/article`, JSON.stringify({ note: "kept" }), now, now, now)
      .run();
    const started = await post(owner.browser, `${B}/generate-link-description`, {
      url: `${PAGES}/article`,
      appId,
      async: true,
      mediaId,
    });
    expect(started.status).toBe(202);
    const { jobId, statusUrl, room } = started.body.response;
    expect(statusUrl).toBe(`/api/app-builder/describe-media/${jobId}`);
    expect(room).toBe(`job-${jobId}`);
    const done = await until(
      async () => (await get(owner.browser, statusUrl)).body.response,
      (r) => r.status === "completed" || r.status === "failed",
    );
    expect(done).toMatchObject({ jobId, kind: "describe-media", status: "completed", progress: 100 });
    expect(done.result.success).toBe(true);
    expect(done.result.description.description).toBe("Five drills that free stiff hips & lengthen your stride.");
    const row = await env.DB.prepare("SELECT metadata FROM app_media WHERE id = ?")
      .bind(mediaId)
      .first<{ metadata: string }>();
    // The item keeps its own keys and gains the words and what was read for its card (title, site,
    // author, picture); the library's "describing" mark is gone.
    expect(JSON.parse(row!.metadata)).toEqual({
      note: "kept",
      description: done.result.description.description,
      longDescription: done.result.description.longDescription,
      title: "Hip mobility for runners",
      siteName: "Run Blog",
      author: "Coach Ana",
      image: `${PAGES}/images/hips.jpg`,
    });
    expect((await other.browser.get(statusUrl)).status).toBe(403);
  });

  it("a library item names its description job while it is described (its progress bar); the job's write clears both marks", async () => {
    // Jobs unbound: nothing runs the job but this test, so its queued state can be read.
    const quiet = testApp({ bindings: { ...testApp().bindings, Jobs: undefined } });
    const mediaId = crypto.randomUUID();
    const now = Date.now();
    await env.DB.prepare(
      "INSERT INTO app_media (id, app_id, type, url, created_at, upload_date, updated_at) VALUES (?, ?, 'link', ?, ?, ?, ?)",
    )
      .bind(mediaId, appId, `${PAGES}/article?progress`, now, now, now)
      .run();
    const metadataOf = async () =>
      JSON.parse(
        (await env.DB.prepare("SELECT metadata FROM app_media WHERE id = ?")
          .bind(mediaId)
          .first<{ metadata: string }>())!.metadata,
      );
    const request = { kind: "link" as const, url: `${PAGES}/article?progress`, mediaId };
    const { jobId } = await startDescribeJob(quiet, { userId: owner.userId, appId }, request, { fresh: true });
    expect(await metadataOf()).toEqual({ describing: expect.any(Number), describeJobId: jobId });
    expect(await descriptionProgress(quiet, appId, [jobId, "not-a-job"])).toEqual({
      [jobId]: { status: "queued", progress: 0 },
    });
    // Another app's page never learns of this app's jobs.
    expect(await descriptionProgress(quiet, otherAppId, [jobId])).toEqual({});
    // Asked again at once: a new job (the creator's "Describe again"), and the item names that one.
    const again = await startDescribeJob(quiet, { userId: owner.userId, appId }, request, { fresh: true });
    expect(again.jobId).not.toBe(jobId);
    expect((await metadataOf()).describeJobId).toBe(again.jobId);

    const job = (await jobById(quiet, again.jobId))!;
    expect(await completeJob(quiet, job, await describeMediaJobHandler.work(quiet, job as never))).toBe(true);
    const described = await metadataOf();
    expect(described).not.toHaveProperty("describing");
    expect(described).not.toHaveProperty("describeJobId");
    expect(described.description).toBe("Five drills that free stiff hips & lengthen your stride.");
    expect(await descriptionProgress(quiet, appId, [again.jobId])).toEqual({
      [again.jobId]: { status: "completed", progress: 100 },
    });
  });

  it("a description that fails completes with the spec's failure result", async () => {
    const started = await post(owner.browser, `${B}/generate-youtube-description`, {
      videoUrl: "https://youtu.be/privateVid1",
      appId,
      async: "true",
    });
    expect(started.status).toBe(202);
    const done = await until(
      async () => (await get(owner.browser, started.body.response.statusUrl)).body.response,
      (r) => r.status === "completed" || r.status === "failed",
    );
    expect(done.result).toEqual({
      success: false,
      error: "Failed to generate YouTube description",
      detail: "That video is private, removed or does not exist",
    });
  });

  it("a media item of another app is refused before anything is queued", async () => {
    const theirs = crypto.randomUUID();
    const now = Date.now();
    await env.DB.prepare(
      "INSERT INTO app_media (id, app_id, type, url, created_at, upload_date, updated_at) VALUES (?, ?, 'link', 'x', ?, ?, ?)",
    )
      .bind(theirs, otherAppId, now, now, now)
      .run();
    expect(
      await post(owner.browser, `${B}/generate-link-description`, {
        url: `${PAGES}/plain`,
        appId,
        async: true,
        mediaId: theirs,
      }),
    ).toMatchObject({ status: 403, body: { success: false, error: "Failed to generate link description" } });
    expect((await get(owner.browser, `${B}/describe-media/${crypto.randomUUID()}`)).status).toBe(404);
  });
});

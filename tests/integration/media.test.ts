// The media library's API in workerd against D1 and R2 (creator-app-builder spec 7 "Media library
// and topics", issue 20): saving links and files, uploads sniffed by content, the lists with their
// filters and cursors, topics and their counts, flags re-derived from the blueprint, and
// generateAppImage. Every call: good input, bad input (400, nothing written), someone else's app
// (403), unknown (404), signed out (401), and the spec's fallbacks.
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import type { Blueprint } from "~/db/app-content";
import { appMediaTopics } from "~/db/schema";
import { mediaIdsForTopic, topicIdsForMedia } from "~/features/media/topics.server";
import { imageFacts } from "~/platform/adapters/ai/embedded/measure";
import { encodePng } from "~/platform/adapters/ai/embedded/png";
import type { AppContext } from "~/platform/context";
import { action as generateAppImageAction } from "~/routes/api.app-builder.generateAppImage";
import { action as uploadAppMediaAction } from "~/routes/api.app-builder.uploadAppMedia";
import { testApp } from "./app-context";
import { Browser, count, signUp } from "./commerce-helpers";
import { builtApp } from "./builder-helpers";

type Json = { response: Record<string, unknown> } & Record<string, unknown>;
type Media = {
  mediaId: string;
  type: string;
  url: string;
  metadata: Record<string, unknown> | null;
  thumbnailUrl: string | null;
  isInBlueprint: boolean | null;
  isHiddenInLibrary: boolean | null;
  parentMediaId: string | null;
  podcastId: string | null;
  channelId: string | null;
  topicIds: string[];
  children?: Media[];
  childCount?: number;
};
type Page = { media: Media[]; nextCursor: string | null };
const json = async (response: Response) => (await response.json()) as Json;
const B = "/api/app-builder";
const A = "/api/apps";

let owner: { browser: Browser; userId: string };
let other: { browser: Browser; userId: string };
let appId: string;
const unknown = () => crypto.randomUUID();
const signedOut = () => new Browser();

const mediaCount = (id = appId) => count("SELECT count(*) AS n FROM app_media WHERE app_id = ?", id);

async function save(body: Record<string, unknown>, browser = owner.browser): Promise<Media> {
  const response = await browser.postJson(`${B}/saveAppMedia`, { appId, ...body });
  expect(response.status, JSON.stringify(await response.clone().json())).toBeLessThan(300);
  return (await json(response)).response.media as Media;
}

async function page(path: string, browser = owner.browser): Promise<Page> {
  const response = await browser.get(path);
  expect(response.status, path).toBe(200);
  return (await json(response)).response as unknown as Page;
}

async function topic(name: string): Promise<string> {
  const response = await owner.browser.postJson(`${A}/createTopic`, { appId, name });
  expect(response.status).toBe(201);
  return ((await json(response)).topic as { topicId: string }).topicId;
}

function upload(
  browser: Browser,
  fields: Record<string, string>,
  file?: { bytes: Uint8Array; name: string; type: string },
) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  if (file) form.append("file", new File([file.bytes as Uint8Array<ArrayBuffer>], file.name, { type: file.type }));
  return browser.fetch(`${B}/uploadAppMedia`, { method: "POST", body: form });
}

/** A real 1-second mono 8 kHz 8-bit WAV. */
function wav(): Uint8Array {
  const samples = 8000;
  const out = new Uint8Array(44 + samples);
  const view = new DataView(out.buffer);
  const text = (at: number, s: string) => [...s].forEach((c, i) => (out[at + i] = c.charCodeAt(0)));
  text(0, "RIFF");
  view.setUint32(4, 36 + samples, true);
  text(8, "WAVEfmt ");
  view.setUint32(16, 16, true);
  view.setUint16(20, 1, true);
  view.setUint16(22, 1, true);
  view.setUint32(24, 8000, true);
  view.setUint32(28, 8000, true);
  view.setUint16(32, 1, true);
  view.setUint16(34, 8, true);
  text(36, "data");
  view.setUint32(40, samples, true);
  for (let i = 0; i < samples; i++) out[44 + i] = 128 + Math.round(100 * Math.sin(i / 4));
  return out;
}

const pdf = () =>
  new TextEncoder().encode(
    "%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n",
  );

beforeAll(async () => {
  owner = await signUp("media-owner");
  other = await signUp("media-other");
  appId = await builtApp(owner.browser, "Strength training for busy parents");
}, 60_000);

describe("saveAppMedia", () => {
  it("saves a link (201); the same url again is the same item (200); optional fields only when given", async () => {
    const before = await mediaCount();
    const first = await owner.browser.postJson(`${B}/saveAppMedia`, {
      appId,
      type: "link",
      url: "https://example.com/squats",
      metadata: { title: "Squats" },
    });
    expect(first.status).toBe(201);
    const media = (await json(first)).response.media as Media;
    expect(media).toMatchObject({
      type: "link",
      url: "https://example.com/squats",
      metadata: { title: "Squats" },
      thumbnailUrl: null,
      isInBlueprint: null,
      isHiddenInLibrary: null,
      parentMediaId: null,
      topicIds: [],
    });
    const again = await owner.browser.postJson(`${B}/saveAppMedia`, {
      appId,
      type: "link",
      url: "https://example.com/squats",
      isHiddenInLibrary: false,
    });
    expect(again.status).toBe(200);
    expect((await json(again)).response).toMatchObject({
      created: false,
      media: { mediaId: media.mediaId, metadata: { title: "Squats" }, isHiddenInLibrary: false, isInBlueprint: null },
    });
    expect(await mediaCount()).toBe(before + 1);
  });

  it("bad input is a 400 naming the problem, and nothing is written", async () => {
    const before = await mediaCount();
    const cases: [Record<string, unknown>, string][] = [
      [
        { type: "link", url: "javascript:alert(1)" },
        "The link must be a web address starting with http:// or https://",
      ],
      [
        { type: "youtube", url: "ftp://example.com/v" },
        "The link must be a web address starting with http:// or https://",
      ],
      [
        { type: "gif", url: "https://example.com/a.gif" },
        "type must be one of image, audio, video, pdf, link, youtube, podcast, channel",
      ],
      [{ type: "link" }, "url is required"],
      [{ type: "link", url: "https://example.com", isInBlueprint: "maybe" }, "isInBlueprint must be true or false"],
      [{ type: "link", url: "https://example.com", metadata: "x" }, "metadata must be an object"],
      [
        { type: "link", url: "https://example.com", metadata: { t: "x".repeat(17_000) } },
        "metadata must be at most 16 KB of JSON",
      ],
      [{ type: "image", url: `/media/app-media/${appId}/nope.png` }, "There is no uploaded file at this url"],
      [
        { type: "audio", url: "https://example.com/e.mp3", parentMediaId: unknown() },
        "The parent must be a podcast or a channel in this app's library",
      ],
    ];
    for (const [body, message] of cases) {
      const response = await owner.browser.postJson(`${B}/saveAppMedia`, { appId, ...body });
      expect(response.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect((await json(response)).detail).toBe(message);
    }
    expect((await owner.browser.postJson(`${B}/saveAppMedia`, "not json")).status).toBe(400);
    expect(await mediaCount()).toBe(before);
  });

  it("takes a web address on another site or a file of this app's library, never another /media file", async () => {
    // Someone else's files, as they are stored: an end user's upload in another app, another app's
    // library file, a profile photo. Each is refused as a key that holds nothing is, and nothing is written.
    const png = await encodePng(1, 1, new Uint8Array([0, 0, 0, 255]));
    const theirs = crypto.randomUUID();
    const keys = [
      `user-media/${theirs}/${other.userId}/${crypto.randomUUID()}.png`,
      `app-media/${theirs}/${crypto.randomUUID()}.png`,
      `profile-photos/${other.userId}/${crypto.randomUUID()}.png`,
    ];
    for (const key of keys) await env.MEDIA.put(key, png, { httpMetadata: { contentType: "image/png" } });
    const missing = keys.map((key) => key.replace(/[0-9a-f-]{36}\.png$/, `${crypto.randomUUID()}.png`));
    const refusal = "The url must be a web address on another site or a file uploaded to this app's library";
    const before = await mediaCount();
    const urls = [...keys, ...missing].flatMap((key) => [
      `/media/${key}`,
      // Our own site's address of the same file is the same file.
      `http://127.0.0.1:8787/media/${key}`,
      `https://127.0.0.1/media/${key}`,
      `HTTP://127.0.0.1.:8787/media/app-media/${appId}/../../${key}`,
    ]);
    for (const url of urls)
      for (const [path, type] of [
        ["saveAppMedia", "image"],
        ["saveAppMedia", "video"],
        ["updateAppMedia", undefined],
      ] as const) {
        const response = await owner.browser.postJson(`${B}/${path}`, { appId, type, url });
        expect(response.status, `${path} ${url}`).toBe(400);
        expect((await json(response)).detail, `${path} ${url}`).toBe(refusal);
      }
    // A page of our own site is no library item either.
    const page = await owner.browser.postJson(`${B}/saveAppMedia`, {
      appId,
      type: "link",
      url: "http://127.0.0.1:8787/classes",
    });
    expect((await json(page)).detail).toBe(refusal);
    // The library screen's "Add link" form keeps the same rule.
    for (const linkType of ["video", "link"]) {
      const added = await owner.browser.post(`/dashboard/builder?appId=${appId}&mode=media`, {
        section: "media",
        intent: "add-link",
        url: `http://127.0.0.1:8787/media/${keys[0]}`,
        linkType,
      });
      expect(added.status).toBe(400);
      expect(await added.text()).toContain(refusal.replace(/'/g, "&#x27;"));
    }
    expect(await mediaCount()).toBe(before);
    // The app's own upload is taken by its /media path, and by our site's address of it (kept as the path).
    const uploaded = (
      await json(await upload(owner.browser, { appId }, { bytes: png, name: "own.png", type: "image/png" }))
    ).response.media as Media;
    const byAddress = await owner.browser.postJson(`${B}/saveAppMedia`, {
      appId,
      type: "image",
      url: `http://127.0.0.1:8787${uploaded.url}`,
    });
    expect(byAddress.status).toBe(200);
    expect((await json(byAddress)).response).toMatchObject({
      created: false,
      media: { mediaId: uploaded.mediaId, url: uploaded.url },
    });
  });

  it("someone else's app is a 403, an unknown one a 404, signed out a 401", async () => {
    const body = { appId, type: "link", url: "https://example.com/theirs" };
    const refused = await other.browser.postJson(`${B}/saveAppMedia`, body);
    expect(refused.status).toBe(403);
    expect((await json(refused)).detail).toBe("You do not have access to this app");
    expect((await owner.browser.postJson(`${B}/saveAppMedia`, { ...body, appId: unknown() })).status).toBe(404);
    expect((await signedOut().postJson(`${B}/saveAppMedia`, body)).status).toBe(401);
    expect((await owner.browser.get(`${B}/saveAppMedia`)).status).toBe(405);
  });
});

describe("uploadAppMedia and /media", () => {
  it("stores a real PNG, WAV and PDF as what their bytes are, served with their type and byte ranges", async () => {
    const png = await encodePng(2, 2, new Uint8Array([255, 0, 0, 0, 255, 0, 0, 0, 255, 255, 255, 255]));
    const cases = [
      { bytes: png, name: "dot.png", type: "image/png", kind: "image", contentType: "image/png" },
      { bytes: wav(), name: "tone.wav", type: "audio/wav", kind: "audio", contentType: "audio/wav" },
      { bytes: pdf(), name: "plan.pdf", type: "application/pdf", kind: "pdf", contentType: "application/pdf" },
      // The name lies the other way: a PDF called a photo is stored as the PDF it is.
      { bytes: pdf(), name: "photo.png", type: "image/png", kind: "pdf", contentType: "application/pdf" },
    ];
    for (const c of cases) {
      const response = await upload(owner.browser, { appId }, c);
      expect(response.status, c.name).toBe(201);
      const media = (await json(response)).response.media as Media;
      expect(media).toMatchObject({
        type: c.kind,
        metadata: { fileName: c.name, size: c.bytes.length, contentType: c.contentType },
      });
      expect(media.url).toMatch(new RegExp(`^/media/app-media/${appId}/[0-9a-f-]+\\.`));
      const served = await owner.browser.get(media.url);
      expect(served.status).toBe(200);
      expect(served.headers.get("Content-Type")).toBe(c.contentType);
      expect(served.headers.get("Accept-Ranges")).toBe("bytes");
      expect(new Uint8Array(await served.arrayBuffer())).toEqual(c.bytes);
    }
    const audio = (await page(`${B}/getAppMedia?appId=${appId}&onlyTypes=audio`)).media[0]!;
    const part = await owner.browser.get(audio.url, { Range: "bytes=44-53" });
    expect(part.status).toBe(206);
    expect(part.headers.get("Content-Range")).toBe(`bytes 44-53/${8044}`);
    expect(new Uint8Array(await part.arrayBuffer())).toEqual(wav().subarray(44, 54));
    const tail = await owner.browser.get(audio.url, { Range: "bytes=-4" });
    expect(tail.status).toBe(206);
    expect((await tail.arrayBuffer()).byteLength).toBe(4);
    const past = await owner.browser.get(audio.url, { Range: "bytes=9000-" });
    expect(past.status).toBe(416);
    expect(past.headers.get("Content-Range")).toBe("bytes */8044");
  });

  it("a file whose name lies (text called .png), an empty file, too big an image or no file: 400, nothing stored", async () => {
    const before = await mediaCount();
    const objects = async () => (await env.MEDIA.list({ prefix: `app-media/${appId}/` })).objects.length;
    const stored = await objects();
    const lie = await upload(
      owner.browser,
      { appId },
      { bytes: new TextEncoder().encode("I am not a picture"), name: "photo.png", type: "image/png" },
    );
    expect(lie.status).toBe(400);
    expect((await json(lie)).detail).toMatch(/^This file type is not supported: upload an image/);
    const big = new Uint8Array(10 * 1024 * 1024 + 1);
    big.set(await encodePng(1, 1, new Uint8Array([0, 0, 0])));
    const tooBig = await upload(owner.browser, { appId }, { bytes: big, name: "big.png", type: "image/png" });
    expect(tooBig.status).toBe(400);
    expect((await json(tooBig)).detail).toBe("An image can be at most 10 MB.");
    const empty = await upload(
      owner.browser,
      { appId },
      { bytes: new Uint8Array(0), name: "e.png", type: "image/png" },
    );
    expect(empty.status).toBe(400);
    const none = await upload(owner.browser, { appId });
    expect((await json(none)).detail).toBe("Choose a file to upload");
    const json400 = await owner.browser.postJson(`${B}/uploadAppMedia`, { appId });
    expect((await json(json400)).detail).toBe("Send the upload as multipart/form-data with the fields appId and file");
    expect(await mediaCount()).toBe(before);
    expect(await objects()).toBe(stored);
  });

  it("a request larger than the largest file is refused unread (413)", async () => {
    // Straight to the route: its size check reads only the header, so no 60 MB body needs to exist.
    const huge = (await uploadAppMediaAction({
      request: new Request(`http://127.0.0.1:8787/api/app-builder/uploadAppMedia?appId=${appId}`, {
        method: "POST",
        body: "--x--",
        headers: {
          "Content-Type": "multipart/form-data; boundary=x",
          "Content-Length": String(60 * 1024 * 1024),
          Cookie: owner.browser.cookieHeader,
        },
      }),
      context: { app: testApp() },
      params: {},
    } as never)) as Response;
    expect(huge.status).toBe(413);
    expect((await json(huge)).detail).toBe("The upload is too large: no file can be more than 50 MB.");
  });

  it("someone else's app: 403 and nothing stored; unknown app 404; signed out 401", async () => {
    const file = { bytes: pdf(), name: "x.pdf", type: "application/pdf" };
    expect((await upload(other.browser, { appId }, file)).status).toBe(403);
    expect((await upload(owner.browser, { appId: unknown() }, file)).status).toBe(404);
    expect((await upload(signedOut(), { appId }, file)).status).toBe(401);
  });

  it("a stored file can be saved by its url only as its own kind", async () => {
    const audio = (await page(`${B}/getAppMedia?appId=${appId}&onlyTypes=audio`)).media[0]!;
    const wrong = await owner.browser.postJson(`${B}/saveAppMedia`, { appId, type: "image", url: audio.url });
    expect(wrong.status).toBe(400);
    expect((await json(wrong)).detail).toBe("The file at this url is audio, not image");
  });
});

describe("getAppMedia: pages, cursors and filters", () => {
  let listApp: string;
  beforeAll(async () => {
    listApp = await builtApp(owner.browser, "Mobility for runners");
    for (let i = 0; i < 33; i++)
      await owner.browser.postJson(`${B}/saveAppMedia`, {
        appId: listApp,
        type: i % 3 === 0 ? "pdf" : "link",
        url: `https://example.com/item-${i}${i % 3 === 0 ? ".pdf" : ""}`,
        ...(i % 5 === 0 && { isHiddenInLibrary: true }),
      });
  }, 60_000);

  it("30 a page, newest first; the cursor reaches the rest without a repeat", async () => {
    const first = await page(`${B}/getAppMedia?appId=${listApp}`);
    expect(first.media).toHaveLength(30);
    expect(first.media[0]!.url).toBe("https://example.com/item-32");
    expect(first.nextCursor).toEqual(expect.any(String));
    const second = await page(
      `${B}/getAppMedia?appId=${listApp}&cursorCreatedAt=${encodeURIComponent(first.nextCursor!)}`,
    );
    expect(second.media).toHaveLength(3);
    expect(second.nextCursor).toBeNull();
    const all = [...first.media, ...second.media].map((m) => m.mediaId);
    expect(new Set(all).size).toBe(33);
    const small = await page(`${B}/getAppMedia?appId=${listApp}&limit=10`);
    expect(small.media).toHaveLength(10);
  });

  it("onlyTypes, excludeHidden and parentMediaId=none filter; bad values are 400s", async () => {
    const pdfs = await page(`${B}/getAppMedia?appId=${listApp}&onlyTypes=pdf&limit=100`);
    expect(pdfs.media).toHaveLength(11);
    expect(pdfs.media.every((m) => m.type === "pdf")).toBe(true);
    const visible = await page(`${B}/getAppMedia?appId=${listApp}&excludeHidden=true&limit=100`);
    expect(visible.media).toHaveLength(33 - 7);
    const top = await page(`${B}/getAppMedia?appId=${listApp}&parentMediaId=none&limit=100`);
    expect(top.media).toHaveLength(33);
    for (const [query, message] of [
      [
        "onlyTypes=pdf,zip",
        "onlyTypes must be a comma list of image, audio, video, pdf, link, youtube, podcast, channel",
      ],
      ["limit=500", "limit must be between 1 and 100"],
      ["cursorCreatedAt=tomorrow", "cursorCreatedAt: The cursor is not one this list gave"],
      ["excludeHidden=maybe", "excludeHidden must be true or false"],
    ]) {
      const response = await owner.browser.get(`${B}/getAppMedia?appId=${listApp}&${query}`);
      expect(response.status).toBe(400);
      expect((await json(response)).detail).toBe(message);
    }
    expect((await owner.browser.get(`${B}/getAppMedia`)).status).toBe(400);
    expect((await owner.browser.get(`${B}/getAppMedia?appId=${listApp}&topicId=${unknown()}`)).status).toBe(404);
  });

  it("someone else's app 403, unknown 404, signed out 401", async () => {
    const refused = await other.browser.get(`${B}/getAppMedia?appId=${listApp}`);
    expect(refused.status).toBe(403);
    expect((await json(refused)).detail).toBe("You do not have access to this app");
    expect((await owner.browser.get(`${B}/getAppMedia?appId=${unknown()}`)).status).toBe(404);
    expect((await signedOut().get(`${B}/getAppMedia?appId=${listApp}`)).status).toBe(401);
  });
});

describe("getAppMediaById, updateAppMedia and updateAppMediaById", () => {
  it("reads one item; unknown 404; another app's item 404; someone else's 403", async () => {
    const media = await save({ type: "link", url: "https://example.com/by-id" });
    const read = await owner.browser.get(`${B}/getAppMediaById?appId=${appId}&mediaId=${media.mediaId}`);
    expect((await json(read)).response.media).toMatchObject({
      mediaId: media.mediaId,
      url: "https://example.com/by-id",
    });
    expect((await owner.browser.get(`${B}/getAppMediaById?appId=${appId}&mediaId=${unknown()}`)).status).toBe(404);
    expect((await other.browser.get(`${B}/getAppMediaById?appId=${appId}&mediaId=${media.mediaId}`)).status).toBe(403);
    expect((await owner.browser.get(`${B}/getAppMediaById?appId=${appId}`)).status).toBe(400);
    expect((await signedOut().get(`${B}/getAppMediaById?appId=${appId}&mediaId=${media.mediaId}`)).status).toBe(401);
  });

  it("updateAppMedia changes the item with the url (only the fields sent), or makes one for a new url", async () => {
    const media = await save({ type: "link", url: "https://example.com/by-url", metadata: { title: "T", note: "n" } });
    const updated = await owner.browser.postJson(`${B}/updateAppMedia`, {
      appId,
      url: media.url,
      metadata: { note: null, description: "D" },
      isHiddenInLibrary: true,
    });
    expect(updated.status).toBe(200);
    expect((await json(updated)).response).toMatchObject({
      success: true,
      created: false,
      updatedCount: 1,
      media: {
        mediaId: media.mediaId,
        metadata: { title: "T", description: "D" },
        isHiddenInLibrary: true,
        isInBlueprint: null,
      },
    });
    const made = await owner.browser.postJson(`${B}/updateAppMedia`, {
      appId,
      url: "https://youtu.be/abc123",
      thumbnailUrl: "https://i.example.com/t.jpg",
    });
    expect((await json(made)).response).toMatchObject({
      created: true,
      media: { type: "youtube", thumbnailUrl: "https://i.example.com/t.jpg" },
    });
    const before = await mediaCount();
    const bad = await owner.browser.postJson(`${B}/updateAppMedia`, { appId, url: "not a url" });
    expect(bad.status).toBe(400);
    expect(
      (await owner.browser.postJson(`${B}/updateAppMedia`, { appId, url: media.url, isInBlueprint: 3 })).status,
    ).toBe(400);
    expect(await mediaCount()).toBe(before);
    expect((await other.browser.postJson(`${B}/updateAppMedia`, { appId, url: media.url })).status).toBe(403);
    expect((await owner.browser.postJson(`${B}/updateAppMedia`, { appId: unknown(), url: media.url })).status).toBe(
      404,
    );
    expect((await signedOut().postJson(`${B}/updateAppMedia`, { appId, url: media.url })).status).toBe(401);
  });

  it("updateAppMediaById changes only the fields sent; null clears the thumbnail; other fields are refused", async () => {
    const media = await save({
      type: "link",
      url: "https://example.com/by-id-2",
      thumbnailUrl: "https://i.example.com/a.png",
      isInBlueprint: false,
    });
    const updated = await owner.browser.postJson(`${B}/updateAppMediaById`, {
      appId,
      mediaId: media.mediaId,
      thumbnailUrl: null,
      isHiddenInLibrary: true,
      uploadDate: "2024-05-01T00:00:00Z",
    });
    expect(updated.status).toBe(200);
    expect((await json(updated)).response.media).toMatchObject({
      thumbnailUrl: null,
      isHiddenInLibrary: true,
      isInBlueprint: false,
      uploadDate: Date.parse("2024-05-01T00:00:00Z"),
    });
    const typeChange = await owner.browser.postJson(`${B}/updateAppMediaById`, {
      appId,
      mediaId: media.mediaId,
      type: "video",
    });
    expect(typeChange.status).toBe(400);
    expect((await json(typeChange)).detail).toMatch(/Unrecognized key/);
    const badUrl = await owner.browser.postJson(`${B}/updateAppMediaById`, {
      appId,
      mediaId: media.mediaId,
      url: "javascript:x",
    });
    expect(badUrl.status).toBe(400);
    const own = await owner.browser.postJson(`${B}/updateAppMediaById`, {
      appId,
      mediaId: media.mediaId,
      parentMediaId: media.mediaId,
    });
    expect((await json(own)).detail).toBe("An item cannot be its own parent");
    const read = (await json(await owner.browser.get(`${B}/getAppMediaById?appId=${appId}&mediaId=${media.mediaId}`)))
      .response.media;
    expect(read).toMatchObject({ url: "https://example.com/by-id-2", parentMediaId: null });
    expect(
      (
        await other.browser.postJson(`${B}/updateAppMediaById`, {
          appId,
          mediaId: media.mediaId,
          isHiddenInLibrary: false,
        })
      ).status,
    ).toBe(403);
    expect(
      (await owner.browser.postJson(`${B}/updateAppMediaById`, { appId, mediaId: unknown(), isHiddenInLibrary: false }))
        .status,
    ).toBe(404);
    expect((await signedOut().postJson(`${B}/updateAppMediaById`, { appId, mediaId: media.mediaId })).status).toBe(401);
  });
});

describe("podcasts and channels: getMediaByParent", () => {
  it("children carry the parent's id; by upload date, newest first or ascending, with a cursor", async () => {
    const podcast = await save({
      type: "podcast",
      url: "https://feeds.example.com/strong.rss",
      metadata: { title: "Strong" },
    });
    const channel = await save({ type: "channel", url: "https://www.youtube.com/@strong" });
    for (let i = 1; i <= 5; i++)
      await save({
        type: "audio",
        url: `https://cdn.example.com/ep${i}.mp3`,
        parentMediaId: podcast.mediaId,
        uploadDate: Date.UTC(2024, 0, i),
      });
    const video = await save({ type: "youtube", url: "https://youtu.be/v1", parentMediaId: channel.mediaId });
    expect(video).toMatchObject({ parentMediaId: channel.mediaId, channelId: channel.mediaId, podcastId: null });

    const first = await page(`${B}/getMediaByParent?parentMediaId=${podcast.mediaId}&limit=2`);
    expect(first.media.map((m) => m.url)).toEqual([
      "https://cdn.example.com/ep5.mp3",
      "https://cdn.example.com/ep4.mp3",
    ]);
    expect(first.media[0]).toMatchObject({ podcastId: podcast.mediaId, parentMediaId: podcast.mediaId });
    const next = await page(
      `${B}/getMediaByParent?parentMediaId=${podcast.mediaId}&limit=2&cursorUploadDate=${first.nextCursor}`,
    );
    expect(next.media.map((m) => m.url)).toEqual([
      "https://cdn.example.com/ep3.mp3",
      "https://cdn.example.com/ep2.mp3",
    ]);
    const up = await page(`${B}/getMediaByParent?parentMediaId=${podcast.mediaId}&ascending=true&limit=3`);
    expect(up.media.map((m) => m.url)).toEqual([
      "https://cdn.example.com/ep1.mp3",
      "https://cdn.example.com/ep2.mp3",
      "https://cdn.example.com/ep3.mp3",
    ]);
    const tail = await page(
      `${B}/getMediaByParent?parentMediaId=${podcast.mediaId}&ascending=true&limit=3&cursorUploadDate=${up.nextCursor}`,
    );
    expect(tail.media.map((m) => m.url)).toEqual([
      "https://cdn.example.com/ep4.mp3",
      "https://cdn.example.com/ep5.mp3",
    ]);
    expect(tail.nextCursor).toBeNull();

    const byPodcast = await page(`${B}/getAppMedia?appId=${appId}&podcastId=${podcast.mediaId}`);
    expect(byPodcast.media).toHaveLength(5);
    const byChannel = await page(`${B}/getAppMedia?appId=${appId}&channelId=${channel.mediaId}`);
    expect(byChannel.media.map((m) => m.mediaId)).toEqual([video.mediaId]);
    const top = await page(`${B}/getAppMedia?appId=${appId}&parentMediaId=none&limit=100`);
    expect(top.media.some((m) => m.parentMediaId)).toBe(false);

    const nested = await owner.browser.postJson(`${B}/saveAppMedia`, {
      appId,
      type: "podcast",
      url: "https://feeds.example.com/x.rss",
      parentMediaId: channel.mediaId,
    });
    expect((await json(nested)).detail).toBe("A podcast or a channel cannot be inside another one");
    const underLink = await owner.browser.postJson(`${B}/saveAppMedia`, {
      appId,
      type: "audio",
      url: "https://cdn.example.com/x.mp3",
      parentMediaId: video.mediaId,
    });
    expect((await json(underLink)).detail).toBe("The parent must be a podcast or a channel in this app's library");

    expect((await other.browser.get(`${B}/getMediaByParent?parentMediaId=${podcast.mediaId}`)).status).toBe(403);
    expect((await owner.browser.get(`${B}/getMediaByParent?parentMediaId=${unknown()}`)).status).toBe(404);
    expect(
      (await owner.browser.get(`${B}/getMediaByParent?parentMediaId=${podcast.mediaId}&cursorUploadDate=x`)).status,
    ).toBe(400);
    expect((await signedOut().get(`${B}/getMediaByParent?parentMediaId=${podcast.mediaId}`)).status).toBe(401);
  });
});

describe("topics", () => {
  it("create, rename (names unique whatever their case), reorder, delete; someone else's refused", async () => {
    const legs = await topic("Legs");
    const core = await topic("  Core   work ");
    const taken = await owner.browser.postJson(`${A}/createTopic`, { appId, name: "legs" });
    expect(taken.status).toBe(409);
    expect((await json(taken)).detail).toBe("There is already a topic named 'legs'");
    expect((await json(await owner.browser.postJson(`${A}/createTopic`, { appId, name: "  " }))).detail).toBe(
      "Give the topic a name",
    );
    expect((await other.browser.postJson(`${A}/createTopic`, { appId, name: "Mine" })).status).toBe(403);
    expect((await signedOut().postJson(`${A}/createTopic`, { appId, name: "Mine" })).status).toBe(401);

    const renamed = await owner.browser.postJson(`${A}/renameTopic`, { topicId: core, name: "Core" });
    expect((await json(renamed)).topic).toMatchObject({ topicId: core, name: "Core" });
    expect((await owner.browser.postJson(`${A}/renameTopic`, { topicId: core, name: "LEGS" })).status).toBe(409);
    expect((await other.browser.postJson(`${A}/renameTopic`, { topicId: core, name: "Theirs" })).status).toBe(403);
    expect((await owner.browser.postJson(`${A}/renameTopic`, { topicId: unknown(), name: "X" })).status).toBe(404);

    const list = async () =>
      (await json(await owner.browser.get(`${A}/getTopicsForApp?appId=${appId}`))).topics as {
        topicId: string;
        name: string;
      }[];
    const ids = (await list()).map((t) => t.topicId);
    expect(ids.slice(-2)).toEqual([legs, core]);
    const reordered = await owner.browser.postJson(`${A}/reorderTopics`, {
      appId,
      topicIds: [core, ...ids.filter((id) => id !== core)],
    });
    expect(reordered.status).toBe(200);
    expect((await list())[0]!.topicId).toBe(core);
    const partial = await owner.browser.postJson(`${A}/reorderTopics`, { appId, topicIds: [core] });
    expect(partial.status).toBe(ids.length === 1 ? 200 : 400);
    expect((await other.browser.postJson(`${A}/reorderTopics`, { appId, topicIds: ids })).status).toBe(403);
    expect((await other.browser.get(`${A}/getTopicsForApp?appId=${appId}`)).status).toBe(403);

    const gone = await topic("Temporary");
    expect((await other.browser.postJson(`${A}/deleteTopic`, { topicId: gone })).status).toBe(403);
    expect((await owner.browser.postJson(`${A}/deleteTopic`, { topicId: gone })).status).toBe(200);
    expect((await list()).some((t) => t.topicId === gone)).toBe(false);
    expect((await owner.browser.postJson(`${A}/deleteTopic`, { topicId: gone })).status).toBe(404);
  });

  it("add and remove topics answer success and the count; nothing to do is success false, count 0", async () => {
    const arms = await topic("Arms");
    const back = await topic("Back");
    const media = await save({ type: "link", url: "https://example.com/rows" });
    const add = (topicIds: string[], browser = owner.browser) =>
      browser.postJson(`${A}/addTopicsToMedia`, { appId, mediaId: media.mediaId, topicIds });
    const added = await add([arms, back, arms]);
    expect(await json(added)).toMatchObject({
      success: true,
      addedCount: 2,
      response: { success: true, addedCount: 2 },
    });
    expect(await json(await add([arms]))).toMatchObject({ success: false, addedCount: 0 });
    expect(await json(await add([]))).toMatchObject({ success: false, addedCount: 0 });
    const links = () => count("SELECT count(*) AS n FROM app_media_topics WHERE media_id = ?", media.mediaId);
    const unknownTopic = await add([back, unknown()]);
    expect(unknownTopic.status).toBe(404);
    expect((await json(unknownTopic)).detail).toBe("Topic not found");
    expect(await links()).toBe(2);
    expect((await add([arms], other.browser)).status).toBe(403);
    expect(
      (await owner.browser.postJson(`${A}/addTopicsToMedia`, { appId, mediaId: media.mediaId, topicIds: "arms" }))
        .status,
    ).toBe(400);
    expect(
      (await signedOut().postJson(`${A}/addTopicsToMedia`, { appId, mediaId: media.mediaId, topicIds: [arms] })).status,
    ).toBe(401);

    const topics = await json(await owner.browser.get(`${A}/getTopicsForMedia?mediaId=${media.mediaId}`));
    expect(topics.topicIds).toEqual(expect.arrayContaining([arms, back]));
    expect(
      (await json(await owner.browser.get(`${B}/getAppMediaById?appId=${appId}&mediaId=${media.mediaId}`))).response
        .media,
    ).toMatchObject({
      topicIds: expect.arrayContaining([arms, back]),
    });

    const remove = (topicIds: string[], browser = owner.browser) =>
      browser.postJson(`${A}/removeTopicsFromMedia`, { appId, mediaId: media.mediaId, topicIds });
    expect(await json(await remove([arms]))).toMatchObject({ success: true, removedCount: 1 });
    expect(await json(await remove([arms]))).toMatchObject({ success: false, removedCount: 0 });
    expect(await json(await remove([]))).toMatchObject({ success: false, removedCount: 0 });
    expect((await remove([back], other.browser)).status).toBe(403);
    expect(await links()).toBe(1);
    expect((await json(await owner.browser.get(`${A}/getTopicsForMedia?mediaId=${media.mediaId}`))).topicIds).toEqual([
      back,
    ]);
  });

  it("getTopicsForMedia and getMediaIdsForTopic: empty lists when there is nothing; refusals stay refusals", async () => {
    const lonely = await save({ type: "link", url: "https://example.com/lonely" });
    expect(await json(await owner.browser.get(`${A}/getTopicsForMedia?mediaId=${lonely.mediaId}`))).toMatchObject({
      topicIds: [],
      response: { topicIds: [] },
    });
    const empty = await topic("Empty");
    expect((await json(await owner.browser.get(`${A}/getMediaIdsForTopic?topicId=${empty}`))).mediaIds).toEqual([]);
    expect((await other.browser.get(`${A}/getTopicsForMedia?mediaId=${lonely.mediaId}`)).status).toBe(403);
    expect((await other.browser.get(`${A}/getMediaIdsForTopic?topicId=${empty}`)).status).toBe(403);
    expect((await owner.browser.get(`${A}/getTopicsForMedia?mediaId=${unknown()}`)).status).toBe(404);
    expect((await owner.browser.get(`${A}/getMediaIdsForTopic?topicId=${unknown()}`)).status).toBe(404);
    expect((await owner.browser.get(`${A}/getMediaIdsForTopic?topicId=${empty}&limit=0`)).status).toBe(400);
    expect((await signedOut().get(`${A}/getTopicsForMedia?mediaId=${lonely.mediaId}`)).status).toBe(401);
  });

  it("when the topic read itself fails, getTopicsForMedia and getMediaIdsForTopic answer [] (spec 8)", async () => {
    const media = await save({ type: "link", url: "https://example.com/fallback" });
    const t = await topic("Fallback");
    await owner.browser.postJson(`${A}/addTopicsToMedia`, { appId, mediaId: media.mediaId, topicIds: [t] });
    // D1 failing only for the media-topic table: the ownership reads still work, the list read does not.
    const base = testApp();
    const db = new Proxy(base.db, {
      get(target, prop, receiver) {
        const value = Reflect.get(target, prop, receiver) as unknown;
        if (prop !== "select" || typeof value !== "function") return value;
        return (...args: unknown[]) => {
          const builder = (value as (...a: unknown[]) => { from: (t: unknown) => unknown }).apply(target, args);
          const from = builder.from.bind(builder);
          builder.from = (table: unknown) => {
            if (table === appMediaTopics) throw new Error("D1 is down");
            return from(table);
          };
          return builder;
        };
      },
    }) as AppContext["db"];
    const failing = testApp({ db });
    const creator = { id: owner.userId, isAdmin: false };
    expect(await topicIdsForMedia(failing, creator, media.mediaId)).toEqual([]);
    expect(await mediaIdsForTopic(failing, creator, { topicId: t, limit: 100 })).toEqual([]);
    await expect(topicIdsForMedia(failing, { id: other.userId, isAdmin: false }, media.mediaId)).rejects.toThrow(
      "You do not have access to this app",
    );
    expect(await topicIdsForMedia(base, creator, media.mediaId)).toEqual([t]);
  });

  it(
    "a topic's media page 30 at a time in the creator's order; moves reorder it; parents bring a preview",
    { timeout: 30_000 },
    async () => {
      const big = await topic("Big topic");
      const ids: string[] = [];
      for (let i = 0; i < 32; i++) {
        const m = await save({
          type: "link",
          url: `https://example.com/topic-item-${i}`,
          ...(i === 3 && { isHiddenInLibrary: true }),
        });
        await owner.browser.postJson(`${A}/addTopicsToMedia`, { appId, mediaId: m.mediaId, topicIds: [big] });
        ids.push(m.mediaId);
      }
      const podcast = await save({ type: "podcast", url: "https://feeds.example.com/topic.rss" });
      for (let i = 1; i <= 4; i++)
        await save({
          type: "audio",
          url: `https://cdn.example.com/t${i}.mp3`,
          parentMediaId: podcast.mediaId,
          uploadDate: Date.UTC(2024, 1, i),
        });
      await owner.browser.postJson(`${A}/addTopicsToMedia`, { appId, mediaId: podcast.mediaId, topicIds: [big] });

      const first = await page(`${B}/getMediaForTopic?topicId=${big}`);
      expect(first.media.map((m) => m.mediaId)).toEqual(ids.slice(0, 30));
      expect(first.nextCursor).toBe("29");
      const second = await page(
        `${B}/getMediaForTopic?topicId=${big}&cursorOrderNum=${first.nextCursor}&expandParentsPreview=true&childLimit=2`,
      );
      expect(second.media.map((m) => m.mediaId)).toEqual([...ids.slice(30), podcast.mediaId]);
      expect(second.nextCursor).toBeNull();
      const preview = second.media.at(-1)!;
      expect(preview.childCount).toBe(4);
      expect(preview.children!.map((c) => c.url)).toEqual([
        "https://cdn.example.com/t4.mp3",
        "https://cdn.example.com/t3.mp3",
      ]);
      const visible = await page(`${B}/getMediaForTopic?topicId=${big}&excludeHidden=true&limit=100`);
      expect(visible.media).toHaveLength(32);
      expect((await page(`${B}/getAppMedia?appId=${appId}&topicId=${big}&limit=100`)).media).toHaveLength(33);

      const idsOf = async (limit?: number) =>
        (
          await json(
            await owner.browser.get(`${A}/getMediaIdsForTopic?topicId=${big}${limit ? `&limit=${limit}` : ""}`),
          )
        ).mediaIds as string[];
      expect(await idsOf()).toEqual([...ids, podcast.mediaId]);
      expect(await idsOf(5)).toEqual(ids.slice(0, 5));

      const moved = await owner.browser.postJson(`${A}/moveMediaInTopic`, {
        topicId: big,
        mediaId: podcast.mediaId,
        toIndex: 0,
      });
      expect((await json(moved)).mediaIds).toEqual([podcast.mediaId, ...ids]);
      expect(await idsOf(2)).toEqual([podcast.mediaId, ids[0]]);
      expect(
        (await other.browser.postJson(`${A}/moveMediaInTopic`, { topicId: big, mediaId: ids[0], toIndex: 1 })).status,
      ).toBe(403);
      expect(
        (await owner.browser.postJson(`${A}/moveMediaInTopic`, { topicId: big, mediaId: unknown(), toIndex: 1 }))
          .status,
      ).toBe(404);
      expect(
        (await owner.browser.postJson(`${A}/moveMediaInTopic`, { topicId: big, mediaId: ids[0], toIndex: -1 })).status,
      ).toBe(400);

      expect((await other.browser.get(`${B}/getMediaForTopic?topicId=${big}`)).status).toBe(403);
      expect((await owner.browser.get(`${B}/getMediaForTopic?topicId=${unknown()}`)).status).toBe(404);
      expect((await owner.browser.get(`${B}/getMediaForTopic?topicId=${big}&childLimit=50`)).status).toBe(400);
      expect((await signedOut().get(`${B}/getMediaForTopic?topicId=${big}`)).status).toBe(401);
    },
  );
});

describe("syncMediaFlagsFromBlueprint", () => {
  it(
    "re-derives isInBlueprint from the blueprint's items; nothing to change is still a success",
    { timeout: 30_000 },
    async () => {
      const syncApp = await builtApp(owner.browser, "Kettlebell basics");
      const add = async (url: string) =>
        (
          await json(
            await owner.browser.postJson(`${B}/saveAppMedia`, {
              appId: syncApp,
              type: "link",
              url,
              isInBlueprint: true,
            }),
          )
        ).response.media as Media;
      const used = await add("https://example.com/swing");
      const byId = await add("https://example.com/by-id-ref");
      const unused = await add("https://example.com/swing-advanced");
      const blueprint = (await json(await owner.browser.get(`${B}/getBlueprintForApp?appId=${syncApp}`))).response
        .blueprint as Blueprint;
      const story = {
        id: "swing-story",
        kind: "story",
        title: "The swing",
        body: `Watch [the swing](https://example.com/swing) and media:${byId.mediaId} first.`,
      };
      expect(
        (
          await owner.browser.postJson(`${B}/updateBlueprint`, {
            appId: syncApp,
            blueprint: { ...blueprint, items: [...(blueprint.items ?? []), story] },
          })
        ).status,
      ).toBe(200);

      const synced = await owner.browser.postJson(`${B}/syncMediaFlagsFromBlueprint`, { appId: syncApp });
      expect(synced.status).toBe(200);
      expect((await json(synced)).response).toEqual({ success: true, updatedCount: 1, inBlueprintCount: 2 });
      const inIt = await page(`${B}/getAppMedia?appId=${syncApp}&inBlueprintOnly=true`);
      expect(inIt.media.map((m) => m.mediaId).sort()).toEqual([used.mediaId, byId.mediaId].sort());
      const flag = async (id: string) =>
        (await json(await owner.browser.get(`${B}/getAppMediaById?appId=${syncApp}&mediaId=${id}`))).response
          .media as Media;
      expect((await flag(unused.mediaId)).isInBlueprint).toBe(false);

      const again = await owner.browser.postJson(`${B}/syncMediaFlagsFromBlueprint`, { appId: syncApp });
      expect((await json(again)).response).toEqual({ success: true, updatedCount: 0, inBlueprintCount: 2 });
      expect((await other.browser.postJson(`${B}/syncMediaFlagsFromBlueprint`, { appId: syncApp })).status).toBe(403);
      expect((await owner.browser.postJson(`${B}/syncMediaFlagsFromBlueprint`, { appId: unknown() })).status).toBe(404);
      expect((await owner.browser.postJson(`${B}/syncMediaFlagsFromBlueprint`, {})).status).toBe(400);
      expect((await signedOut().postJson(`${B}/syncMediaFlagsFromBlueprint`, { appId: syncApp })).status).toBe(401);
    },
  );
});

describe("deleteAppMedia", () => {
  it("deletes the item, its children and its stored file; someone else's refused", async () => {
    const uploaded = (
      await json(await upload(owner.browser, { appId }, { bytes: pdf(), name: "del.pdf", type: "application/pdf" }))
    ).response.media as Media;
    const key = uploaded.url.slice("/media/".length);
    expect(await env.MEDIA.head(key)).not.toBeNull();
    expect((await other.browser.postJson(`${B}/deleteAppMedia`, { appId, mediaId: uploaded.mediaId })).status).toBe(
      403,
    );
    const deleted = await owner.browser.postJson(`${B}/deleteAppMedia`, { appId, mediaId: uploaded.mediaId });
    expect((await json(deleted)).response).toEqual({ success: true, deletedCount: 1 });
    expect(await env.MEDIA.head(key)).toBeNull();
    expect((await owner.browser.get(uploaded.url)).status).toBe(404);

    const channel = await save({ type: "channel", url: "https://www.youtube.com/@gone" });
    await save({ type: "youtube", url: "https://youtu.be/gone1", parentMediaId: channel.mediaId });
    const gone = await owner.browser.postJson(`${B}/deleteAppMedia`, { appId, mediaId: channel.mediaId });
    expect((await json(gone)).response).toEqual({ success: true, deletedCount: 2 });
    expect((await owner.browser.postJson(`${B}/deleteAppMedia`, { appId, mediaId: channel.mediaId })).status).toBe(404);
  });
});

describe("generateAppImage", () => {
  it("makes an image in the app's colours into the library, with how it was made", async () => {
    const response = await owner.browser.postJson(`${B}/generateAppImage`, {
      appId,
      imageContext: "landing hero",
      prompt: "A parent doing goblet squats with a toddler watching",
    });
    expect(response.status).toBe(201);
    const media = (await json(response)).response.media as Media;
    expect(media).toMatchObject({
      type: "image",
      metadata: {
        generatedFrom: "A parent doing goblet squats with a toddler watching",
        imageContext: "landing hero",
        provider: "embedded",
        model: "embedded-designed-cover-v1",
        // The picture's own size: a 1200 × 630 hero asked of the embedded default is painted at 960 px wide.
        width: 960,
        height: 504,
      },
    });
    const served = await owner.browser.get(media.url);
    expect(served.headers.get("Content-Type")).toBe("image/png");
    const bytes = new Uint8Array(await served.arrayBuffer());
    expect([...bytes.subarray(0, 4)]).toEqual([0x89, 0x50, 0x4e, 0x47]);
    expect(imageFacts(bytes)).toEqual({ format: "PNG", width: 960, height: 504 });
    const listed = await page(`${B}/getAppMedia?appId=${appId}&onlyTypes=image&limit=100`);
    expect(listed.media.some((m) => m.mediaId === media.mediaId)).toBe(true);
    const counted = await count(
      "SELECT count(*) AS n FROM ai_units WHERE app_id = ? AND task = 'app-image' AND creator_id IS NOT NULL",
      appId,
    );
    expect(counted).toBe(1);
  });

  it("every failure is {success:false, error:'Failed to generate image'} with its status; nothing saved", async () => {
    const before = await mediaCount();
    const fixed = { success: false, error: "Failed to generate image" };
    const noPrompt = await owner.browser.postJson(`${B}/generateAppImage`, { appId, imageContext: "x" });
    expect(noPrompt.status).toBe(400);
    expect(await noPrompt.json()).toMatchObject({ ...fixed, detail: "Describe the image in prompt" });
    const theirs = await other.browser.postJson(`${B}/generateAppImage`, { appId, imageContext: "", prompt: "p" });
    expect(theirs.status).toBe(403);
    expect(await theirs.json()).toMatchObject({ ...fixed, detail: "You do not have access to this app" });
    const missing = await owner.browser.postJson(`${B}/generateAppImage`, { appId: unknown(), prompt: "p" });
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject(fixed);
    const out = await signedOut().postJson(`${B}/generateAppImage`, { appId, prompt: "p" });
    expect(out.status).toBe(401);
    expect(await out.json()).toMatchObject(fixed);

    // Storage failing under the image: the fixed result, a 500, and no item.
    const base = testApp();
    const broken = testApp({
      bindings: {
        ...base.bindings,
        MEDIA: {
          put: () => Promise.reject(new Error("R2 is down")),
          head: () => Promise.resolve(null),
        } as unknown as R2Bucket,
      },
    });
    const failed = (await generateAppImageAction({
      request: new Request("http://127.0.0.1:8787/api/app-builder/generateAppImage", {
        method: "POST",
        body: JSON.stringify({ appId, imageContext: "", prompt: "A kettlebell" }),
        headers: { "Content-Type": "application/json", Cookie: owner.browser.cookieHeader },
      }),
      context: { app: broken },
      params: {},
    } as never)) as Response;
    expect(failed.status).toBe(500);
    expect(await failed.json()).toMatchObject(fixed);
    expect(await mediaCount()).toBe(before);
  });
});

// The media library's pure rules: what a file is by its bytes (never its name), the size limits,
// byte ranges for players, cursors and filters, links, parents, metadata merges, and what counts
// as "in the blueprint".
import { describe, expect, it } from "vitest";
import type { Blueprint } from "~/db/app-content";
import {
  decodeTimeCursor,
  encodeTimeCursor,
  imageSizeFor,
  isPermutation,
  kindOfContentType,
  libraryPlace,
  linkTypeOf,
  mediaInBlueprint,
  mergeMetadata,
  metadataFits,
  moveTo,
  names,
  nextCursorOf,
  parentLinks,
  parseTypeList,
  topicName,
  urlProblem,
} from "~/features/media/rules";
import { appMediaQuery, saveMediaBody, updateMediaByIdBody } from "~/features/media/schema";
import { byteRange } from "~/platform/adapters/storage/range";
import {
  MEDIA_MAX_BYTES,
  MAX_UPLOAD_REQUEST_BYTES,
  sniffMedia,
  uploadProblem,
} from "~/platform/adapters/storage/sniff";

const bytes = (...parts: (string | number[])[]) => {
  const out: number[] = [];
  for (const p of parts) out.push(...(typeof p === "string" ? [...p].map((c) => c.charCodeAt(0)) : p));
  while (out.length < 32) out.push(0);
  return new Uint8Array(out);
};
const ftyp = (brand: string) => bytes([0, 0, 0, 0x20], "ftyp", brand, [0, 0, 0, 0], "isommp41");
const ebml = (docType: string, codec: string) =>
  bytes(
    [0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x82, 0x84],
    docType,
    [0x18, 0x53, 0x80, 0x67, 0x86, 0x80 | codec.length],
    codec,
  );

describe("sniffMedia: the kind is read from the bytes", () => {
  const cases: [string, Uint8Array, string, string][] = [
    ["PNG", bytes([0x89], "PNG\r\n\x1a\n"), "image", "image/png"],
    ["JPEG", bytes([0xff, 0xd8, 0xff, 0xe0]), "image", "image/jpeg"],
    ["GIF", bytes("GIF89a"), "image", "image/gif"],
    ["WebP", bytes("RIFF", [0, 0, 0, 0], "WEBPVP8 "), "image", "image/webp"],
    ["MP3 with ID3", bytes("ID3", [4, 0]), "audio", "audio/mpeg"],
    ["MP3 frame sync", bytes([0xff, 0xfb, 0x90, 0x44]), "audio", "audio/mpeg"],
    ["WAV", bytes("RIFF", [0, 0, 0, 0], "WAVEfmt "), "audio", "audio/wav"],
    ["Ogg", bytes("OggS", [0, 2]), "audio", "audio/ogg"],
    ["FLAC", bytes("fLaC"), "audio", "audio/flac"],
    ["M4A", ftyp("M4A "), "audio", "audio/mp4"],
    ["WebM audio", ebml("webm", "A_OPUS"), "audio", "audio/webm"],
    ["MP4", ftyp("isom"), "video", "video/mp4"],
    ["MOV", ftyp("qt  "), "video", "video/quicktime"],
    ["WebM video", ebml("webm", "V_VP9"), "video", "video/webm"],
    ["PDF", bytes("%PDF-1.7\n"), "pdf", "application/pdf"],
  ];
  for (const [name, data, kind, contentType] of cases)
    it(`${name} is ${contentType}`, () => expect(sniffMedia(data)).toMatchObject({ kind, contentType }));

  it("refuses what is none of them, whatever it is called: text, HTML, SVG, a zip, Matroska that is not WebM", () => {
    for (const data of [
      bytes("hello, I am a photo.png"),
      bytes("<!doctype html><html>"),
      bytes("<svg xmlns="),
      bytes("PK", [3, 4]),
      ebml("matroska", "V_MPEG4"),
      bytes([0xff, 0xf1, 0x50, 0x80]), // AAC ADTS: layer 00 is not an MPEG audio frame
      bytes("RIFF", [0, 0, 0, 0], "AVI "),
      new Uint8Array([0x89, 0x50]),
    ])
      expect(sniffMedia(data)).toBeNull();
  });

  it("a renamed file is what its bytes are: a PDF called .png is a PDF, text called .mp3 is refused", () => {
    const pdfNamedPng = new File([bytes("%PDF-1.4")], "photo.png", { type: "image/png" });
    expect(pdfNamedPng.name.endsWith(".png")).toBe(true);
    expect(sniffMedia(bytes("%PDF-1.4"))?.kind).toBe("pdf");
    expect(uploadProblem(sniffMedia(bytes("just text, honestly")), 20)).toMatch(/not supported/);
  });
});

describe("size limits", () => {
  it("one exported table, none past 50 MB, and the request cap a megabyte over the largest", () => {
    expect(MEDIA_MAX_BYTES).toEqual({
      image: 10 * 1024 * 1024,
      audio: 50 * 1024 * 1024,
      video: 50 * 1024 * 1024,
      pdf: 25 * 1024 * 1024,
    });
    expect(MAX_UPLOAD_REQUEST_BYTES).toBe(51 * 1024 * 1024);
  });

  it("names the kind and its limit; empty files and unknown kinds say so", () => {
    const png = sniffMedia(bytes([0x89], "PNG\r\n\x1a\n"));
    const pdf = sniffMedia(bytes("%PDF-1.7"));
    expect(uploadProblem(png, MEDIA_MAX_BYTES.image)).toBeNull();
    expect(uploadProblem(png, MEDIA_MAX_BYTES.image + 1)).toBe("An image can be at most 10 MB.");
    expect(uploadProblem(pdf, MEDIA_MAX_BYTES.pdf + 1)).toBe("A PDF can be at most 25 MB.");
    expect(uploadProblem(sniffMedia(ftyp("isom")), 60 * 1024 * 1024)).toBe("A video can be at most 50 MB.");
    expect(uploadProblem(sniffMedia(bytes("fLaC")), 51 * 1024 * 1024)).toBe("An audio file can be at most 50 MB.");
    expect(uploadProblem(png, 0)).toBe("The file is empty.");
    expect(uploadProblem(null, 10)).toMatch(/^This file type is not supported/);
  });
});

describe("byte ranges for audio and video players", () => {
  it("honours a-b, a- and -n; clamps the end; refuses a start past the end; ignores what it cannot read", () => {
    expect(byteRange("bytes=0-99", 1000)).toEqual({ offset: 0, length: 100 });
    expect(byteRange("bytes=900-", 1000)).toEqual({ offset: 900, length: 100 });
    expect(byteRange("bytes=-10", 1000)).toEqual({ offset: 990, length: 10 });
    expect(byteRange("bytes=500-5000", 1000)).toEqual({ offset: 500, length: 500 });
    expect(byteRange("bytes=-5000", 1000)).toEqual({ offset: 0, length: 1000 });
    expect(byteRange("bytes=1000-", 1000)).toBe("unsatisfiable");
    expect(byteRange("bytes=-0", 1000)).toBe("unsatisfiable");
    expect(byteRange("bytes=0-1,5-6", 1000)).toBeNull();
    expect(byteRange("items=0-1", 1000)).toBeNull();
    expect(byteRange("bytes=9-3", 1000)).toBeNull();
  });
});

describe("cursors and filters", () => {
  it("a time cursor carries the id so items of the same millisecond are not skipped; a bare time is taken", () => {
    const cursor = encodeTimeCursor(1_700_000_000_123, "0b9c-id");
    expect(decodeTimeCursor(cursor)).toEqual({ at: 1_700_000_000_123, id: "0b9c-id" });
    expect(decodeTimeCursor("1700000000123")).toEqual({ at: 1_700_000_000_123, id: null });
    for (const bad of ["", "yesterday", "12:", "-5", "1:a b", "1;DROP"]) expect(decodeTimeCursor(bad)).toBeNull();
  });

  it("the next cursor is the last item's of a full page, none on the last page", () => {
    const rows = [1, 2, 3, 4];
    expect(nextCursorOf(rows, 3, (r) => `c${r}`)).toBe("c3");
    expect(nextCursorOf(rows, 4, (r) => `c${r}`)).toBeNull();
  });

  it("onlyTypes is a comma list of media types", () => {
    expect(parseTypeList("image, audio,image")).toEqual(["image", "audio"]);
    expect(parseTypeList("")).toEqual([]);
    expect(parseTypeList("image,gif")).toBeNull();
  });

  it("getAppMedia's query: 30 a page by default, at most 100, flags as true/false, a cursor this list gave", () => {
    const ok = appMediaQuery.parse({
      appId: "a",
      onlyTypes: "pdf,link",
      excludeHidden: "true",
      cursorCreatedAt: "5:x",
    });
    expect(ok).toMatchObject({ limit: 30, onlyTypes: ["pdf", "link"], excludeHidden: true, inBlueprintOnly: false });
    expect(ok.cursorCreatedAt).toEqual({ at: 5, id: "x" });
    const problem = (q: Record<string, string>) =>
      appMediaQuery.safeParse({ appId: "a", ...q }).error?.issues[0]?.message;
    expect(problem({ limit: "101" })).toBe("limit must be between 1 and 100");
    expect(problem({ onlyTypes: "image,zip" })).toMatch(/^onlyTypes must be a comma list of image, audio/);
    expect(problem({ excludeHidden: "yes" })).toBe("excludeHidden must be true or false");
    expect(problem({ cursorCreatedAt: "soon" })).toBe("cursorCreatedAt: The cursor is not one this list gave");
  });
});

describe("fields: spec 5's optional fields, links and parents", () => {
  it("the two flags are taken only as booleans (or a form's true/false); null or absent is not given", () => {
    const base = { appId: "a", type: "link", url: "https://example.com" };
    expect(saveMediaBody.parse({ ...base, isInBlueprint: true, isHiddenInLibrary: "false" })).toMatchObject({
      isInBlueprint: true,
      isHiddenInLibrary: false,
    });
    const absent = saveMediaBody.parse({ ...base, isInBlueprint: null });
    expect(absent.isInBlueprint).toBeUndefined();
    expect(absent.isHiddenInLibrary).toBeUndefined();
    expect(saveMediaBody.safeParse({ ...base, isInBlueprint: "yes" }).error?.issues[0]?.message).toBe(
      "isInBlueprint must be true or false",
    );
    expect(updateMediaByIdBody.safeParse({ appId: "a", mediaId: "m", type: "video" }).success).toBe(false);
  });

  it("links need http(s); files may also be our stored /media/ paths", () => {
    expect(urlProblem("link", "https://example.com/a")).toBeNull();
    expect(urlProblem("podcast", "http://feeds.example.com/rss")).toBeNull();
    for (const bad of ["javascript:alert(1)", "ftp://example.com/x", "/media/app-media/a/b.png", "example.com"])
      expect(urlProblem("link", bad)).toBe("The link must be a web address starting with http:// or https://");
    expect(urlProblem("image", "/media/app-media/app/x.png")).toBeNull();
    expect(urlProblem("image", "/media/../secrets")).toMatch(/^The url must be a web address/);
    expect(urlProblem("pdf", "data:application/pdf;base64,AAAA")).toMatch(/^The url must be a web address/);
  });

  it("of our own site, a library takes only its app's files, by the address alone, whatever host form or path trick", () => {
    const ours = "https://studio.example";
    const app = "8d3f0c1e-0000-4000-8000-000000000001";
    const own = `/media/app-media/${app}/f.png`;
    expect(libraryPlace(own, app, ours)).toEqual({ place: "library", url: own });
    for (const sent of [
      `https://studio.example${own}`,
      `http://STUDIO.example:8443${own}`,
      `https://studio.example.${own}`,
      `https://someone@studio.example${own}`,
      `https://studio.example/media/app-media/${app}/x/../f.png`,
    ])
      expect(libraryPlace(sent, app, ours), sent).toEqual({ place: "library", url: own });
    for (const sent of [
      "/media/user-media/other-app/other-user/f.png",
      "/media/app-media/other-app/f.png",
      "/media/profile-photos/u/f.png",
      `/media/app-media/${app}-and-more/f.png`,
      `/media/app-media/${app}/../../user-media/a/b/f.png`,
      `/media/app-media/${app}/%2e%2e/f.png`,
      `https://studio.example/media/app-media/${app}/../../user-media/a/b/f.png`,
      `https://studio.example/media/app-media/${app}/%2e%2e/%2e%2e/user-media/a/b/f.png`,
      "https://studio.example/media/user-media/a/b/f.png",
      `https://studio.example${own}?v=1`,
      "https:\\\\studio.example\\media\\user-media\\a\\b\\f.png",
      "https://evil.example@studio.example/media/user-media/a/b/f.png",
      "https://studio.example/classes",
      "/classes",
    ])
      expect(libraryPlace(sent, app, ours), sent).toEqual({ place: "elsewhere" });
    // Other sites, and text that is no address at all, are for urlProblem to judge.
    for (const sent of [
      "https://cdn.example/media/user-media/a/b/f.png",
      "https://studio.example.evil.test/media/user-media/a/b/f.png",
      "https://studio.example@evil.test/media/user-media/a/b/f.png",
      "//studio.example/media/user-media/a/b/f.png",
      "not a url",
    ])
      expect(libraryPlace(sent, app, ours), sent).toEqual({ place: "outside", url: sent });
    // A local run: another port of the loopback host is another server (npm start's page server).
    const local = "http://127.0.0.1:8787";
    expect(libraryPlace("http://127.0.0.1:8795/article", app, local)).toEqual({
      place: "outside",
      url: "http://127.0.0.1:8795/article",
    });
    expect(libraryPlace("http://127.0.0.1:8787/media/user-media/a/b/f.png", app, local)).toEqual({
      place: "elsewhere",
    });
  });

  it("a url updateAppMedia has not seen is an online video on the video service's hosts, else a link", () => {
    expect(linkTypeOf(new URL("https://www.youtube.com/watch?v=x"))).toBe("youtube");
    expect(linkTypeOf(new URL("https://youtu.be/x"))).toBe("youtube");
    expect(linkTypeOf(new URL("https://notyoutube.com/x"))).toBe("link");
    expect(kindOfContentType("audio/mpeg")).toBe("audio");
    expect(kindOfContentType("application/pdf")).toBe("pdf");
    expect(kindOfContentType("text/html")).toBeNull();
  });

  it("a url ending in a media file's name is that kind of file, whatever its query", () => {
    expect(linkTypeOf(new URL("https://cdn.example/clips/warm-up.MP4?token=1"))).toBe("video");
    expect(linkTypeOf(new URL("https://cdn.example/show/episode-12.mp3"))).toBe("audio");
    expect(linkTypeOf(new URL("https://example.org/guide.pdf#page=2"))).toBe("pdf");
    expect(linkTypeOf(new URL("https://example.org/mp4"))).toBe("link");
    expect(linkTypeOf(new URL("https://example.org/notes.pdf/"))).toBe("link");
    expect(linkTypeOf(new URL("https://www.youtube.com/clip.mp4"))).toBe("youtube");
  });

  it("a child carries parentMediaId and podcastId or channelId: the parent's id", () => {
    expect(parentLinks({ id: "p1", type: "podcast" })).toEqual({
      parentMediaId: "p1",
      podcastId: "p1",
      channelId: null,
    });
    expect(parentLinks({ id: "c1", type: "channel" })).toEqual({
      parentMediaId: "c1",
      podcastId: null,
      channelId: "c1",
    });
    expect(parentLinks(null)).toEqual({ parentMediaId: null, podcastId: null, channelId: null });
  });

  it("metadata merges: given keys replace, null removes, the rest stay; 16 KB at most", () => {
    expect(mergeMetadata({ a: 1, b: 2 }, { b: 3, a: null, c: "x" })).toEqual({ b: 3, c: "x" });
    expect(mergeMetadata(null, { a: 1 })).toEqual({ a: 1 });
    expect(metadataFits({ text: "x".repeat(16_000) })).toBe(true);
    expect(metadataFits({ text: "x".repeat(17_000) })).toBe(false);
  });

  it("topic names are trimmed, one space between words, 60 characters at most; moves and reorders", () => {
    expect(topicName("  Long   runs ")).toEqual({ name: "Long runs" });
    expect(topicName("   ")).toEqual({ error: "Give the topic a name" });
    expect(topicName("x".repeat(61))).toEqual({ error: "A topic name can be at most 60 characters" });
    expect(moveTo(["a", "b", "c", "d"], "a", 2)).toEqual(["b", "c", "a", "d"]);
    expect(moveTo(["a", "b", "c"], "c", 0)).toEqual(["c", "a", "b"]);
    expect(moveTo(["a", "b", "c"], "a", 99)).toEqual(["b", "c", "a"]);
    expect(isPermutation(["a", "b"], ["b", "a"])).toBe(true);
    expect(isPermutation(["a", "b"], ["a", "a"])).toBe(false);
    expect(isPermutation(["a", "b"], ["a"])).toBe(false);
  });

  it("a generated image is wide for heroes and covers, tall for phones, else square", () => {
    expect(imageSizeFor("landing hero")).toEqual({ width: 1200, height: 630 });
    expect(imageSizeFor("phone wallpaper")).toEqual({ width: 720, height: 1280 });
    expect(imageSizeFor("")).toEqual({ width: 1024, height: 1024 });
  });
});

describe("what is in the blueprint", () => {
  const blueprint = (items: unknown[]) => ({ items }) as unknown as Blueprint;
  const media = [
    { id: "11111111-aaaa-4aaa-8aaa-111111111111", url: "/media/app-media/app/one.png" },
    { id: "22222222-bbbb-4bbb-8bbb-222222222222", url: "https://example.com/guide" },
    { id: "33333333-cccc-4ccc-8ccc-333333333333", url: "https://example.com/gui" },
    { id: "44444444-dddd-4ddd-8ddd-444444444444", url: "https://example.com/quiz.pdf" },
    { id: "55555555-eeee-4eee-8eee-555555555555", url: "https://example.com/card.mp3" },
  ];

  it("a url named whole in a story, a quiz or an activity card, or a mediaId, puts the item in it", () => {
    const found = mediaInBlueprint(
      blueprint([
        {
          id: "s1",
          kind: "story",
          title: "Start",
          body: "![Warm-up](https://studio.example/media/app-media/app/one.png)",
        },
        { id: "s2", kind: "story", title: "Read", body: "See https://example.com/guide." },
        {
          id: "q1",
          kind: "quiz",
          title: "Q",
          questions: [{ question: "media:44444444-dddd-4ddd-8ddd-444444444444", options: ["a", "b"], answer: 0 }],
        },
        {
          id: "55555555-eeee-4eee-8eee-555555555555",
          kind: "activity",
          title: "Run",
          cards: [{ id: "c", kind: "instruction", body: "Go" }],
        },
      ]),
      media,
    );
    expect([...found].sort()).toEqual([media[0].id, media[1].id, media[3].id]);
  });

  it("a url that only starts a longer one does not count, nor do item ids, nor a missing blueprint", () => {
    expect(names("https://example.com/guide", "https://example.com/gui")).toBe(false);
    expect(names("(https://example.com/gui)", "https://example.com/gui")).toBe(true);
    expect(names("https://example.com/gui.html", "https://example.com/gui")).toBe(false);
    expect(mediaInBlueprint(null, media).size).toBe(0);
    expect(mediaInBlueprint(blueprint([]), media).size).toBe(0);
  });
});

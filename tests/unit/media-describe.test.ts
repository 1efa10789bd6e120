// The pure parts of the media descriptions (features/media/describe): sentence splitting and the
// extractive summary, PDF text into paragraphs, YouTube links and video pages, the preview's choice
// among a page's tags, where a media URL points, and the embedded default's wording.
import { describe, expect, it } from "vitest";
import { decodeEntities } from "~/features/media/describe/html-text";
import { pdfParagraphs } from "~/features/media/describe/pdf-text";
import {
  absoluteHttpUrl,
  oembedLink,
  pageParagraphs,
  previewFromTags,
  type PageTags,
} from "~/features/media/describe/preview";
import { fileNameOf, mediaLocation } from "~/features/media/describe/sources";
import { clip, splitSentences, summarize } from "~/features/media/describe/summary";
import {
  canonicalVideoUrl,
  isoDurationSeconds,
  oembedUrl,
  videoPageFacts,
  youtubeVideoId,
} from "~/features/media/describe/youtube";
import {
  describePage,
  describePdfText,
  describeRecording,
  describeVideoLink,
  formatClock,
  formatSize,
  lengthAdjective,
} from "~/features/media/describe/wording";

describe("sentences", () => {
  it("splits at . ! ? … before a capital, keeping abbreviations, initials and decimals", () => {
    expect(
      splitSentences(
        "Dr. Lee runs 5.5 km daily. Does it help? Yes! Mobility work, e.g. hip circles, matters… J. R. Smith agrees. “Start slow.” Then build.",
      ),
    ).toEqual([
      "Dr. Lee runs 5.5 km daily.",
      "Does it help?",
      "Yes!",
      "Mobility work, e.g. hip circles, matters…",
      "J. R. Smith agrees.",
      "“Start slow.”",
      "Then build.",
    ]);
    expect(splitSentences("no capital after this. so it stays one")).toEqual([
      "no capital after this. so it stays one",
    ]);
    expect(splitSentences("   ")).toEqual([]);
  });
});

describe("the extractive summary", () => {
  const text = [
    "Strength training twice a week helps runners stay injury free. Strong hips and strong calves absorb the load of every stride.",
    "Cookies help us improve this site. Subscribe to our newsletter.",
    "A simple routine takes twenty minutes. Squats, lunges and calf raises build the muscles runners use most. Strength training also improves running economy.",
    "The weather was nice. Runners who add strength training report fewer injuries over a season.",
  ].join("\n\n");

  it("picks the sentences carrying the text's main terms, in reading order, leaving furniture out", () => {
    const summary = summarize(text, { sentences: 3, title: "Strength training for runners" });
    expect(summary).toHaveLength(3);
    expect(summary[0]).toBe("Strength training twice a week helps runners stay injury free.");
    expect(summary.join(" ")).not.toMatch(/Cookies|Subscribe|weather/);
    const order = summary.map((s) => text.indexOf(s));
    expect(order).toEqual([...order].sort((a, b) => a - b));
  });

  it("respects the character budget; a single long sentence is clipped", () => {
    const summary = summarize(text, { sentences: 8, maxChars: 130 });
    expect(summary.join(" ").length).toBeLessThanOrEqual(130);
    const long = summarize("Word ".repeat(200).trim() + ".", { sentences: 1, maxChars: 50 });
    expect(long[0].length).toBeLessThanOrEqual(50);
    expect(long[0].endsWith("…")).toBe(true);
  });

  it("drops near-duplicates and answers nothing for no text", () => {
    const repeated =
      "Hip mobility matters for runners every day. Hip mobility matters for runners every single day. Calves need rest.";
    expect(summarize(repeated, { sentences: 3 }).filter((s) => s.startsWith("Hip"))).toHaveLength(1);
    expect(summarize("", { sentences: 3 })).toEqual([]);
    expect(summarize(text, { sentences: 0 })).toEqual([]);
  });

  it("leaves a list item's bullet out of its sentence", () => {
    const listed = "• A standard way of getting the MIME type for a file.\n\n– Applications read the shared database.";
    expect(summarize(listed, { sentences: 2 })).toEqual([
      "A standard way of getting the MIME type for a file.",
      "Applications read the shared database.",
    ]);
  });

  it("clip cuts at a word boundary", () => {
    expect(clip("one two three four", 12)).toBe("one two…");
    expect(clip("short", 12)).toBe("short");
  });
});

describe("PDF text into paragraphs", () => {
  it("joins wrapped lines, mends hyphens, drops page numbers, running headers and headings", () => {
    const pages = [
      [
        "Runner's Handbook",
        "Introduction",
        "Strength training helps runners in many ways, and this line is long",
        "enough to be typical of the body text of this docu-",
        "ment, which wraps across three lines of the page here.",
        "Short end.",
        "Next paragraph starts on a line of its own and is",
        "long enough to be body text as well.",
        "1",
      ].join("\n"),
      ["Runner's Handbook", "A second page whose text carries on for a while", "and ends here.", "2"].join("\n"),
      ["Runner's Handbook", "• First point of a list", "• Second point", "Page 3 of 3"].join("\n"),
    ];
    expect(pdfParagraphs(pages)).toEqual([
      "Strength training helps runners in many ways, and this line is long enough to be typical of the body text of this document, which wraps across three lines of the page here. Short end.",
      "Next paragraph starts on a line of its own and is long enough to be body text as well.",
      "A second page whose text carries on for a while and ends here.",
      "• First point of a list",
      "• Second point",
    ]);
  });
});

describe("YouTube links", () => {
  it.each([
    ["https://www.youtube.com/watch?v=dQw4w9WgXcQ", "dQw4w9WgXcQ"],
    ["https://youtube.com/watch?v=dQw4w9WgXcQ&t=42s&list=PL1", "dQw4w9WgXcQ"],
    ["http://m.youtube.com/watch?feature=share&v=dQw4w9WgXcQ", "dQw4w9WgXcQ"],
    ["https://music.youtube.com/watch?v=dQw4w9WgXcQ", "dQw4w9WgXcQ"],
    ["https://youtu.be/dQw4w9WgXcQ?si=abc", "dQw4w9WgXcQ"],
    ["https://www.youtube.com/shorts/aBcDeFgHi_-", "aBcDeFgHi_-"],
    ["https://www.youtube.com/embed/dQw4w9WgXcQ?start=3", "dQw4w9WgXcQ"],
    ["https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ", "dQw4w9WgXcQ"],
    ["https://www.youtube.com/live/dQw4w9WgXcQ", "dQw4w9WgXcQ"],
    ["youtube.com/watch?v=dQw4w9WgXcQ", "dQw4w9WgXcQ"],
    ["  youtu.be/dQw4w9WgXcQ  ", "dQw4w9WgXcQ"],
  ])("%s → %s", (link, id) => expect(youtubeVideoId(link)).toBe(id));

  it.each([
    "https://vimeo.com/123456789",
    "https://www.youtube.com/channel/UC123",
    "https://www.youtube.com/watch?v=short",
    "https://www.youtube.com/watch",
    "https://youtube.com.evil.example/watch?v=dQw4w9WgXcQ",
    "https://evil.example/?u=youtu.be/dQw4w9WgXcQ",
    "ftp://youtu.be/dQw4w9WgXcQ",
    "javascript:alert(1)",
    "",
  ])("%s is not a video link", (link) => expect(youtubeVideoId(link)).toBeNull());

  it("asks oEmbed at the configured base for the canonical link", () => {
    expect(canonicalVideoUrl("dQw4w9WgXcQ")).toBe("https://www.youtube.com/watch?v=dQw4w9WgXcQ");
    expect(oembedUrl("http://127.0.0.1:18851/youtube/", "dQw4w9WgXcQ")).toBe(
      "http://127.0.0.1:18851/youtube/oembed?url=https%3A%2F%2Fwww.youtube.com%2Fwatch%3Fv%3DdQw4w9WgXcQ&format=json",
    );
  });

  it("reads a video page's description and length; ISO durations", () => {
    const page = `<html><head><meta name="description" content="Short &amp; sweet"><meta itemprop="duration" content="PT4M13S"></head>
      <script>var ytInitialPlayerResponse = {"videoDetails":{"lengthSeconds":"253","shortDescription":"Line one\\nLine \\"two\\" \\u00e9"}};</script>`;
    expect(videoPageFacts(page)).toEqual({ description: 'Line one\nLine "two" é', durationSeconds: 253 });
    expect(
      videoPageFacts(
        `<meta content="Short &amp; sweet" name="description"><meta itemprop="duration" content="PT1H2M3S">`,
      ),
    ).toEqual({ description: "Short & sweet", durationSeconds: 3723 });
    expect(videoPageFacts("<html></html>")).toEqual({});
    expect(isoDurationSeconds("PT15S")).toBe(15);
    expect(isoDurationSeconds("P1DT1S")).toBe(86401);
    expect(isoDurationSeconds("PT")).toBeNull();
    expect(isoDurationSeconds("4:13")).toBeNull();
  });
});

describe("the link preview's choice of tags", () => {
  const page = "https://blog.example/posts/strength?ref=x";
  const tags = (meta: Record<string, string>, more: Partial<PageTags> = {}): PageTags => ({
    meta,
    links: [],
    blocks: [],
    ...more,
  });

  it("Open Graph first, then Twitter, then the standard tags; relative images made absolute", () => {
    const preview = previewFromTags(
      tags(
        {
          "og:title": "Strength for runners",
          "twitter:title": "Twitter title",
          description: "Meta description",
          "twitter:description": "Twitter &amp; description",
          "og:image": "/img/hero.jpg",
          "og:site_name": "Run Blog",
          author: "Ana",
        },
        {
          title: "Document title",
          links: [
            { rel: "icon", href: "/favicon.png" },
            { rel: "canonical", href: "/posts/strength" },
          ],
        },
      ),
      page,
    );
    expect(preview).toEqual({
      url: "https://blog.example/posts/strength",
      title: "Strength for runners",
      description: "Twitter & description",
      image: "https://blog.example/img/hero.jpg",
      siteName: "Run Blog",
      author: "Ana",
      favicon: "https://blog.example/favicon.png",
      type: null,
    });
  });

  it("falls back to <title>, the meta description, the host, /favicon.ico and the oEmbed answer", () => {
    const preview = previewFromTags(tags({ description: "Plain" }, { title: "  Document\n title " }), page, {
      title: "oEmbed title",
      thumbnail_url: "https://cdn.example/t.jpg",
      author_name: "Bo",
      type: "video",
    });
    expect(preview).toMatchObject({
      title: "Document title",
      description: "Plain",
      image: "https://cdn.example/t.jpg",
      siteName: "blog.example",
      author: "Bo",
      favicon: "https://blog.example/favicon.ico",
      type: "video",
      url: page,
    });
  });

  it("never offers javascript: or data: URLs; finds the oEmbed link", () => {
    expect(absoluteHttpUrl("javascript:alert(1)", page)).toBeNull();
    expect(absoluteHttpUrl("data:image/png;base64,AAAA", page)).toBeNull();
    expect(absoluteHttpUrl("//cdn.example/a.png", page)).toBe("https://cdn.example/a.png");
    expect(previewFromTags(tags({ "og:image": "javascript:alert(1)" }), page).image).toBeNull();
    const withOembed = tags(
      {},
      { links: [{ rel: "alternate", type: "application/json+oembed", href: "/oembed?url=x&amp;format=json" }] },
    );
    expect(oembedLink(withOembed, page)).toBe("https://blog.example/oembed?url=x&format=json");
    expect(oembedLink(tags({}), page)).toBeNull();
  });

  it("main text: <main>/<article> blocks when they are the content, headings and repeats dropped", () => {
    const blocks = [
      { text: "Menu item", main: false, heading: false },
      { text: "The point", main: true, heading: true },
      { text: "A ".repeat(120) + "long paragraph &amp; more.", main: true, heading: false },
      { text: "A ".repeat(120) + "long paragraph &amp; more.", main: true, heading: false },
    ];
    expect(pageParagraphs(blocks)).toEqual([`${"A ".repeat(120)}long paragraph & more.`]);
    expect(pageParagraphs([{ text: "Only outside", main: false, heading: false }])).toEqual(["Only outside"]);
  });

  it("decodes character references", () => {
    expect(decodeEntities("Tom &amp; Jerry &#8212; &#x1F3C3; &rsquo;&nbsp;&bogus; &#0;")).toBe(
      "Tom & Jerry — 🏃 ’\u00a0&bogus; &#0;",
    );
  });
});

describe("where a media URL points", () => {
  const appId = "app-1";
  it("this app's uploads, relative or on our origin, are read from storage", () => {
    expect(mediaLocation("/media/app-media/app-1/abc/talk.mp3", appId)).toEqual({
      kind: "upload",
      key: "app-media/app-1/abc/talk.mp3",
    });
    expect(
      mediaLocation("https://studio.example/media/app-media/app-1/x%20y.pdf", appId, "https://studio.example"),
    ).toEqual({
      kind: "upload",
      key: "app-media/app-1/x y.pdf",
    });
  });
  it("another app's upload or any other stored file is refused; dot segments too", () => {
    expect(mediaLocation("/media/app-media/app-2/talk.mp3", appId).kind).toBe("foreign");
    expect(mediaLocation("/media/profile-photos/u1/me.png", appId).kind).toBe("foreign");
    expect(mediaLocation("/media/app-media/app-1/../app-2/t.mp3", appId).kind).toBe("foreign");
    // The URL parser resolves dot segments, escaped or not, before the key is judged.
    expect(mediaLocation("/media/app-media/app-1/%2e%2e/app-2/t.mp3", appId).kind).toBe("foreign");
    expect(mediaLocation("/somewhere/else.mp3", appId).kind).toBe("refused");
    expect(mediaLocation("//evil.example/media/app-media/app-1/t.mp3", appId).kind).toBe("refused");
  });
  it("other links are web links (the safe fetch judges them); other schemes are refused", () => {
    expect(mediaLocation("https://cdn.example/talk.mp3", appId)).toEqual({
      kind: "web",
      url: "https://cdn.example/talk.mp3",
    });
    expect(mediaLocation("ftp://cdn.example/talk.mp3", appId).kind).toBe("refused");
    expect(mediaLocation("file:///etc/passwd", appId).kind).toBe("refused");
  });
  it("names files as people say them", () => {
    expect(fileNameOf("/media/app-media/a/2f1c9a56-1b2c-4d3e-8f90-123456789abc-Hip%20talk.mp3")).toBe("Hip talk.mp3");
    expect(fileNameOf("/media/app-media/a/2f1c9a56-1b2c-4d3e-8f90-123456789abc.mp3")).toBe(
      "2f1c9a56-1b2c-4d3e-8f90-123456789abc.mp3",
    );
    expect(fileNameOf("https://cdn.example/")).toBe("file");
  });
});

describe("the embedded default's words", () => {
  it("formats lengths and sizes", () => {
    expect([formatClock(12), formatClock(155), formatClock(3723)]).toEqual(["0:12", "2:35", "1:02:03"]);
    expect([lengthAdjective(12), lengthAdjective(600), lengthAdjective(5400)]).toEqual([
      "12-second",
      "10-minute",
      "1.5-hour",
    ]);
    expect([formatSize(900), formatSize(140_370), formatSize(4_400_000)]).toEqual(["900 bytes", "137 KB", "4.2 MB"]);
  });

  const file = { name: "lesson-1.webm", sizeBytes: 140_370, contentType: "video/webm" };
  it("a video: length, picture and sound; says it was not transcribed", () => {
    const words = describeRecording(
      "video",
      {
        container: "WebM",
        hasVideo: true,
        hasAudio: true,
        durationSeconds: 12,
        videoCodec: "VP9",
        audioCodec: "Opus",
        width: 640,
        height: 360,
        sampleRate: 48000,
        channels: 1,
        bitrateKbps: 94,
      },
      file,
    );
    expect(words.description).toBe("A 12-second video (0:12), lesson-1.webm.");
    expect(words.longDescription).toBe(
      "This video is a 12-second video (0:12) in WebM (640×360, VP9 picture, Opus, 48 kHz, mono sound). The file, lesson-1.webm, is 137 KB, about 94 kbit/s.\n\nNo speech model is configured, so what is said in it has not been transcribed.",
    );
  });

  it("a tagged recording with what a speech model heard", () => {
    const words = describeRecording(
      "audio",
      { container: "MP3", hasVideo: false, hasAudio: true, durationSeconds: 480, title: "Morning run", artist: "Zoë" },
      { name: "run.mp3", sizeBytes: 7_700_000, contentType: "audio/mpeg" },
      { summary: ["Warm up for ten minutes.", "Then run easy."] },
    );
    expect(words.description).toBe("“Morning run” by Zoë: an 8-minute audio recording (8:00).");
    expect(words.longDescription).toContain("What is said: Warm up for ten minutes. Then run easy.");
    expect(words.longDescription).not.toContain("No speech model");
  });

  it("a file whose format could not be read still gets words", () => {
    const words = describeRecording("video", null, {
      name: "clip.avi",
      sizeBytes: 2_000_000,
      contentType: "video/x-msvideo",
    });
    expect(words.description).toBe("A video, clip.avi.");
    expect(words.longDescription).toMatch(/could not be read/);
  });

  const pdf = {
    pages: 12,
    title: "Strength for runners",
    author: "Ana",
    paragraphs: [
      "Strength training twice a week helps runners stay injury free. Strong hips absorb the load of every stride.",
      "Squats, lunges and calf raises build the muscles runners use most. Strength training improves running economy.",
      "Runners who add strength training report fewer injuries. The weather was nice that year. Rest days matter too.",
    ],
  };
  it("a PDF: its best sentence on the card, a longer summary under its title; concise is shorter", () => {
    const full = describePdfText(pdf, { name: "s.pdf", sizeBytes: 1000, contentType: "application/pdf" });
    const concise = describePdfText(pdf, { name: "s.pdf", sizeBytes: 1000, contentType: "application/pdf" }, true);
    expect(full.description).toBe("Strength training twice a week helps runners stay injury free.");
    expect(full.longDescription.startsWith("“Strength for runners” by Ana is a 12-page PDF.\n\n")).toBe(true);
    expect(concise.longDescription.length).toBeLessThan(full.longDescription.length);
    const scanned = describePdfText({ pages: 8, paragraphs: [] }, { name: "scan.pdf", sizeBytes: 1, contentType: "" });
    expect(scanned.description).toBe("scan.pdf is an 8-page PDF. It has no readable text (it may be scanned pages).");
  });

  it("a page: its own description on the card, a summary of its text in the long one", () => {
    const preview = previewFromTags(
      {
        meta: {
          "og:title": "Hip mobility",
          "og:description": "Five drills for stiff hips.",
          "og:site_name": "Run Blog",
        },
        links: [],
        blocks: [],
      },
      "https://blog.example/hips",
    );
    const words = describePage(preview, pdf.paragraphs);
    expect(words.description).toBe("Five drills for stiff hips.");
    expect(words.longDescription).toMatch(
      /^“Hip mobility” is a page on Run Blog\.\n\nFive drills for stiff hips\.\n\n.*Strength training/s,
    );
  });

  it("an online video: title, author and length; its description without links and hashtags", () => {
    const words = describeVideoLink({
      title: "Hip drills",
      author: "Coach Ana",
      durationSeconds: 253,
      provider: "YouTube",
      description: "Five drills for runners with stiff hips.\nhttps://example.com/shop\n#running #hips\n0:00 Intro",
    });
    expect(words.description).toBe("“Hip drills” by Coach Ana: a video on YouTube (4:13).");
    expect(words.longDescription).toBe(
      "“Hip drills” is a video by Coach Ana on YouTube (4:13).\n\nFive drills for runners with stiff hips.",
    );
  });
});

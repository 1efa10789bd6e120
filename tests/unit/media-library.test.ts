import { describe, expect, it } from "vitest";
import { durationText, isDescribing, mediaTitle, type LibraryItem } from "~/features/media/library";

const item = (over: Partial<LibraryItem>): LibraryItem => ({
  mediaId: "0f9a1c2e-0000-4000-8000-000000000000",
  type: "link",
  url: "https://example.org/",
  metadata: null,
  thumbnailUrl: null,
  ...over,
});

describe("the library card's words", () => {
  it("names an item by its title, a file on the web by its file name, a page by its address", () => {
    expect(mediaTitle(item({ metadata: { title: "Desk yoga" } }))).toBe("Desk yoga");
    expect(mediaTitle(item({ type: "video", url: "http://127.0.0.1:8795/video/lesson-2.mp4" }))).toBe("lesson-2.mp4");
    expect(mediaTitle(item({ type: "pdf", url: "https://example.org/guides/Stretch%20guide.pdf?x=1" }))).toBe(
      "Stretch guide.pdf",
    );
    expect(mediaTitle(item({ type: "link", url: "https://www.example.org/articles/desk.html" }))).toBe(
      "example.org/articles/desk.html",
    );
    expect(mediaTitle(item({ type: "video", url: "https://example.org/watch" }))).toBe("example.org/watch");
  });

  it("a recording under a second shows as 0:01, never 0:00", () => {
    expect(durationText(0.2)).toBe("0:01");
    expect(durationText(12)).toBe("0:12");
    expect(durationText(3725)).toBe("1:02:05");
    expect(durationText(0)).toBeNull();
  });

  it("is being described while its job is queued or running, not once the job has finished", () => {
    const marked = item({ metadata: { describing: Date.now(), describeJobId: "j1" } });
    expect(isDescribing(marked)).toBe(true);
    expect(isDescribing(marked, { j1: { status: "running", progress: 40 } })).toBe(true);
    expect(isDescribing(marked, { j1: { status: "completed", progress: 100 } })).toBe(false);
    expect(isDescribing(marked, { j1: { status: "failed", progress: 70 } })).toBe(false);
    expect(isDescribing(item({ metadata: { describing: Date.now() - 16 * 60_000 } }))).toBe(false);
    expect(isDescribing(item({ metadata: { describing: Date.now(), description: "Done" } }))).toBe(false);
  });
});

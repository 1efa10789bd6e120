import { describe, expect, it } from "vitest";
import { parseClassReference, lessonSchema } from "~/features/admin/lessons";
import {
  bellState,
  brighterBell,
  encodeCursor,
  isSafeLink,
  liveNotificationMessage,
  parseCursor,
  parseLiveNotification,
  purchaseNotificationText,
} from "~/features/notifications/rules";
import { announcementSchema, markSeenSchema } from "~/features/notifications/schema";

describe("the bell", () => {
  const seenAt = 1_000;
  it("is plain with nothing newer than the last read", () => {
    expect(bellState({ newestPersonalAt: null, newestUniversalAt: null, seenAt })).toBe("none");
    expect(bellState({ newestPersonalAt: 900, newestUniversalAt: 1_000, seenAt })).toBe("none");
  });
  it("shows the yellow dot for an unseen notification of the user's own", () => {
    expect(bellState({ newestPersonalAt: 1_001, newestUniversalAt: 500, seenAt })).toBe("notification");
  });
  it("shows the red dot for an unseen announcement, which wins over a yellow one", () => {
    expect(bellState({ newestPersonalAt: null, newestUniversalAt: 1_001, seenAt })).toBe("universal");
    expect(bellState({ newestPersonalAt: 2_000, newestUniversalAt: 1_500, seenAt })).toBe("universal");
  });
  it("never turns red to yellow when another notification arrives live", () => {
    expect(brighterBell("universal", "notification")).toBe("universal");
    expect(brighterBell("none", "notification")).toBe("notification");
    expect(brighterBell("notification", "universal")).toBe("universal");
    expect(brighterBell("none", "none")).toBe("none");
  });
});

describe("the list's cursor", () => {
  const id = "0f8fad5b-d9cb-469f-a165-70867728950e";
  it("round-trips time and id", () => {
    expect(parseCursor(encodeCursor({ createdAt: 1732200000000, id }))).toEqual({ createdAt: 1732200000000, id });
  });
  it("refuses anything else", () => {
    for (const raw of [null, "", "abc", `x.${id}`, "123.not-an-id", `1.${id}.2`, `-1.${id}`])
      expect(parseCursor(raw)).toBeNull();
  });
});

describe("links", () => {
  it("allows paths on this site and http(s) addresses only", () => {
    for (const ok of ["/library", "/classes?view=Collections", "https://example.com/x", "http://example.com"])
      expect(isSafeLink(ok)).toBe(true);
    for (const bad of [
      "javascript:alert(1)",
      "//evil.example",
      "/\\evil.example",
      "data:text/html,hi",
      "library",
      "ftp://x",
    ])
      expect(isSafeLink(bad)).toBe(false);
  });
});

describe("live messages", () => {
  it("round-trips a notification and ignores everything else", () => {
    const message = liveNotificationMessage({
      kind: "announcement",
      universal: true,
      title: "Hi",
      body: "All",
      link: "/classes",
    });
    expect(parseLiveNotification(message)).toEqual({
      type: "notification",
      kind: "announcement",
      universal: true,
      title: "Hi",
      body: "All",
      link: "/classes",
    });
    for (const other of [
      "pong",
      "{",
      '{"type":"other"}',
      '{"type":"notification","kind":"x","title":"a","universal":false}',
      42,
      null,
    ])
      expect(parseLiveNotification(other)).toBeNull();
  });
  it("drops an unsafe link from a pushed message", () => {
    const message = JSON.stringify({
      type: "notification",
      kind: "purchase",
      universal: false,
      title: "x",
      body: "",
      link: "javascript:alert(1)",
    });
    expect(parseLiveNotification(message)?.link).toBeNull();
  });
});

describe("purchase notification text", () => {
  const line = (title: string, kind: "class" | "collection" | "subscription" = "class") => ({ title, kind });
  it("names what was bought", () => {
    expect(purchaseNotificationText([line("Hooks")])).toEqual({
      title: "Purchase complete",
      body: "Hooks is in your library.",
    });
    expect(purchaseNotificationText([line("A"), line("B", "collection")]).body).toBe("A and B are in your library.");
    expect(purchaseNotificationText([line("A"), line("B"), line("C")]).body).toBe("A, B and C are in your library.");
    expect(purchaseNotificationText([line("A"), line("B"), line("C"), line("D")]).body).toBe(
      "A, B and 2 more are in your library.",
    );
    expect(purchaseNotificationText([line("Membership", "subscription")]).body).toBe("Your membership is active.");
  });
});

describe("announcement form", () => {
  const key = "0123456789abcdef0123456789abcdef";
  it("accepts a title, an optional message and link", () => {
    expect(announcementSchema.parse({ title: "  New classes ", idempotencyKey: key })).toEqual({
      title: "New classes",
      body: "",
      link: null,
      idempotencyKey: key,
    });
    expect(announcementSchema.parse({ title: "x", body: "y", link: "/classes", idempotencyKey: key }).link).toBe(
      "/classes",
    );
  });
  it("explains what is wrong", () => {
    const messages = (input: Record<string, unknown>) =>
      announcementSchema.safeParse(input).error?.issues.map((i) => i.message) ?? [];
    expect(messages({ title: " ", idempotencyKey: key })).toEqual(["Give the announcement a title."]);
    expect(messages({ title: "x".repeat(121), idempotencyKey: key })).toEqual(["The title is at most 120 characters."]);
    expect(messages({ title: "x", link: "javascript:alert(1)", idempotencyKey: key })).toEqual([
      "The link must be a path on this site (/classes) or an http(s) address.",
    ]);
    expect(messages({ title: "x" })).toEqual(["Reload the page and try again."]);
  });
  it("mark-as-read needs a time", () => {
    expect(markSeenSchema.parse({ seenUpTo: "1732200000000" })).toEqual({ seenUpTo: 1732200000000 });
    expect(markSeenSchema.safeParse({}).success).toBe(false);
    expect(markSeenSchema.safeParse({ seenUpTo: "soon" }).success).toBe(false);
    expect(markSeenSchema.safeParse({ seenUpTo: "-5" }).success).toBe(false);
  });
});

describe("add-a-lesson form", () => {
  it("names a class by page address, path, slugs or id", () => {
    expect(parseClassReference("/classes/june-calloway/hooks-and-choruses")).toEqual({
      storefrontSlug: "june-calloway",
      classSlug: "hooks-and-choruses",
    });
    expect(parseClassReference("http://127.0.0.1:8787/classes/june-calloway/hooks-and-choruses/")).toEqual({
      storefrontSlug: "june-calloway",
      classSlug: "hooks-and-choruses",
    });
    expect(parseClassReference("june-calloway/hooks-and-choruses")).toEqual({
      storefrontSlug: "june-calloway",
      classSlug: "hooks-and-choruses",
    });
    expect(parseClassReference("0F8FAD5B-D9CB-469F-A165-70867728950E")).toEqual({
      id: "0f8fad5b-d9cb-469f-a165-70867728950e",
    });
    for (const bad of ["", "hooks", "/classes/june-calloway", "/classes/a/b/c", "/classes/June/x", "https://", "a/b c"])
      expect(parseClassReference(bad)).toBeNull();
  });
  it("checks the lesson's fields", () => {
    const good = { classRef: "june-calloway/hooks-and-choruses", title: "Bridges", durationMinutes: "12" };
    expect(lessonSchema.parse(good)).toEqual({ ...good, summary: "", durationMinutes: 12, videoUrl: null });
    const messages = (input: Record<string, unknown>) =>
      lessonSchema.safeParse(input).error?.issues.map((i) => `${i.path[0]}: ${i.message}`) ?? [];
    expect(messages({ ...good, durationMinutes: "0" })).toEqual([
      "durationMinutes: Enter the length in whole minutes (1 to 600).",
    ]);
    expect(messages({ ...good, durationMinutes: "abc" })).toEqual([
      "durationMinutes: Enter the length in whole minutes (1 to 600).",
    ]);
    expect(messages({ ...good, title: "" })).toEqual(["title: Give the lesson a title."]);
    expect(messages({ ...good, classRef: "nope" })).toEqual([
      "classRef: That does not name a class: use its page address (/classes/creator/class) or its id.",
    ]);
    expect(messages({ ...good, videoUrl: "javascript:alert(1)" })).toEqual([
      "videoUrl: The video link must be an https address or a /media/ path.",
    ]);
  });
});

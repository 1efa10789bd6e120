// Addresses in app content (the landing page's hero image): https, or the product's own media.
import { describe, expect, it } from "vitest";
import { DEMO_LANDING_PAGE } from "../tools/apps-sql.mjs";
import { isContentUrl, landingPageSchema, shownContentUrl } from "~/db/app-content";

const GOOD = [
  "https://images.example.com/hero.jpg",
  "https://cdn.example.com/a/b.png?w=560&h=420",
  "/media/app-images/0b7a1c2e-1f1e-4d3c-9a8b-123456789abc/5f0c1d2e-3a4b-4c5d-8e9f-0a1b2c3d4e5f.png",
  "/art/apps/half-marathon-hero.svg",
];
const BAD = [
  "http://images.example.com/hero.jpg",
  "http://",
  "https://",
  "javascript:alert(1)",
  "JAVASCRIPT:alert(1)",
  "java\tscript:alert(1)",
  " javascript:alert(1)",
  "data:image/svg+xml;base64,PHN2Zz48L3N2Zz4=",
  "vbscript:msgbox(1)",
  "//evil.example/pixel.gif",
  "/\\evil.example/pixel.gif",
  "\\\\evil.example\\pixel.gif",
  "ftp://example.com/a.png",
  "https://user:pass@example.com/a.png",
  "https://exa mple.com/a.png",
  "https://example.com/a\n.png",
  "/media/../dev/outbox",
  "/media/app-images/../../admin",
  "/media/profile-photos/u/x.png",
  "/admin",
  "hero.png",
  "",
  `https://example.com/${"a".repeat(500)}`,
];

describe("content URLs", () => {
  it.each(GOOD)("accepts %j", (url) => {
    expect(isContentUrl(url)).toBe(true);
    expect(shownContentUrl(url)).toBe(url);
  });

  it.each(BAD)("refuses %j", (url) => {
    expect(isContentUrl(url)).toBe(false);
    expect(shownContentUrl(url)).toBeNull();
  });

  it("the landing page schema takes only content URLs for the hero image, with a clear message", () => {
    const page = (imageUrl: string | null) => ({ ...DEMO_LANDING_PAGE, hero: { ...DEMO_LANDING_PAGE.hero, imageUrl } });
    expect(landingPageSchema.safeParse(page(null)).success).toBe(true);
    expect(landingPageSchema.safeParse(page("https://images.example.com/a.png")).success).toBe(true);
    for (const url of ["http://images.example.com/a.png", "javascript:alert(1)"]) {
      const parsed = landingPageSchema.safeParse(page(url));
      expect(parsed.success, url).toBe(false);
      expect(parsed.error!.issues[0]).toMatchObject({
        path: ["hero", "imageUrl"],
        message: "Use an https address or an uploaded image",
      });
    }
  });

  it("stored values that are not even text are not shown", () => {
    expect(shownContentUrl(undefined)).toBeNull();
    expect(shownContentUrl(null)).toBeNull();
    expect(shownContentUrl(42 as unknown as string)).toBeNull();
  });
});

import { describe, expect, it } from "vitest";
import { bannerFromFlag } from "~/features/flags/banner";
import { homeCta } from "~/features/home/cta";
import { heroData } from "~/features/home/hero";
import { browserTimeZone, globalRedirect } from "~/platform/route-rules";
import { safeRedirectPath } from "~/platform/redirect";

const at = (path: string) => new URL(`http://127.0.0.1:8787${path}`);

describe("global route rules", () => {
  it("sends a page with code= and state= to /auth/callback with the same query", () => {
    expect(globalRedirect(at("/classes?code=abc&state=xyz"), "GET")).toBe("/auth/callback?code=abc&state=xyz");
    expect(globalRedirect(at("/?state=1&foo=2&code=3"), "GET")).toBe("/auth/callback?state=1&foo=2&code=3");
  });
  it("leaves /auth/callback, and pages with only one of the two, alone", () => {
    expect(globalRedirect(at("/auth/callback?code=abc&state=xyz"), "GET")).toBeNull();
    expect(globalRedirect(at("/classes?code=abc"), "GET")).toBeNull();
    expect(globalRedirect(at("/classes?state=abc"), "GET")).toBeNull();
  });
  it("decodes an encoded plus sign in the path", () => {
    expect(globalRedirect(at("/classes/a%2Bb/c%2bd?x=1"), "GET")).toBe("/classes/a+b/c+d?x=1");
  });
  it("does not redirect form posts or the API", () => {
    expect(globalRedirect(at("/x?code=1&state=2"), "POST")).toBeNull();
    expect(globalRedirect(at("/api/getProducts?code=1&state=2"), "GET")).toBeNull();
  });
});

describe("browserTimeZone", () => {
  it("accepts real IANA zones only", () => {
    expect(browserTimeZone("Europe/Paris")).toBe("Europe/Paris");
    expect(browserTimeZone("Mars/Olympus")).toBeUndefined();
    expect(browserTimeZone(null)).toBeUndefined();
  });
});

describe("safeRedirectPath", () => {
  it("allows same-site paths only", () => {
    expect(safeRedirectPath("/classes?x=1")).toBe("/classes?x=1");
    expect(safeRedirectPath("//evil.example")).toBe("/");
    expect(safeRedirectPath("https://evil.example")).toBe("/");
    expect(safeRedirectPath(undefined)).toBe("/");
  });
});

describe("promotional banner", () => {
  const payload = {
    titleBoldText: "Winter sale",
    descriptionText: "40% off until Sunday",
    descriptionTextAfterCountdown: "Last chance: ends tonight",
    countdownEndDate: "2026-11-28T00:00:00.000Z",
    url: "/classes",
    specialTheme: "holiday",
  };
  const before = Date.parse("2026-11-27T23:59:59.999Z");
  const atEnd = Date.parse("2026-11-28T00:00:00.000Z");

  it("is hidden when the flag is off", () => {
    expect(bannerFromFlag({ enabled: false, payload }, before)).toBeNull();
  });
  it("shows the description before the countdown end and the after-countdown text from it on", () => {
    expect(bannerFromFlag({ enabled: true, payload }, before)?.description).toBe("40% off until Sunday");
    expect(bannerFromFlag({ enabled: true, payload }, before)?.switchesAt).toBe("2026-11-28T00:00:00.000Z");
    expect(bannerFromFlag({ enabled: true, payload }, atEnd)?.description).toBe("Last chance: ends tonight");
    expect(bannerFromFlag({ enabled: true, payload }, atEnd)?.switchesAt).toBeNull();
  });
  it("keeps the theme, defaulting to none", () => {
    expect(bannerFromFlag({ enabled: true, payload }, before)?.theme).toBe("holiday");
    expect(bannerFromFlag({ enabled: true, payload: { titleBoldText: "Hi" } }, before)?.theme).toBe("none");
  });
  it("ignores an unusable payload or an unsafe link", () => {
    expect(bannerFromFlag({ enabled: true, payload: { descriptionText: "no title" } }, before)).toBeNull();
    expect(bannerFromFlag({ enabled: true, payload: { ...payload, url: "javascript:alert(1)" } }, before)?.url).toBe(
      "/classes",
    );
  });
});

describe("home CTA and hero", () => {
  it("sends active members to the dashboard and scrolls for everyone else", () => {
    expect(homeCta({ isActiveMember: true })).toEqual({
      text: "Go to Dashboard",
      href: "/v2/dashboard",
      scrolls: false,
    });
    expect(homeCta({ isActiveMember: false })).toEqual({ text: "Explore Classes", href: "#verticals", scrolls: true });
  });
  it("writes the pricing text from real prices", () => {
    expect(heroData("Studio", { lowestClassCents: 2900, membershipCents: 16800 }).pricingText).toBe(
      "Classes from $29, or every class with Studio Membership for $168 a year.",
    );
    expect(heroData("Studio", { lowestClassCents: null, membershipCents: null }).pricingText).toBe("");
  });
});

describe("encodeAssetUrls", async () => {
  const { encodeAssetUrls } = await import("../../workers/encode-asset-urls.mjs");
  it("percent-encodes '$' in /build/ URLs only, leaving route ids alone", () => {
    const source = `{"routes/classes_.$a.$b":{"id":"routes/classes_.$a.$b","module":"/build/routes/classes_.$a.$b-X1.js","imports":["/build/_shared/chunk-1.js"]},"x":"$"}`;
    expect(encodeAssetUrls(source)).toBe(
      `{"routes/classes_.$a.$b":{"id":"routes/classes_.$a.$b","module":"/build/routes/classes_.%24a.%24b-X1.js","imports":["/build/_shared/chunk-1.js"]},"x":"$"}`,
    );
  });
});

// The one safe-redirect rule (app/platform/redirect.ts) against a table of known open-redirect
// bypasses, and the global %2B rule, which must never pass a leading '//'.
import { describe, expect, it } from "vitest";
import { safeRedirectPath, sameOriginPath } from "~/platform/redirect";
import { globalRedirect } from "~/platform/route-rules";

const FALLBACK = "/fallback";

/** Paths on this site that must come back unchanged. */
const GOOD = [
  "/",
  "/classes",
  "/classes?view=Top%20rated",
  "/classes/marisol-vega/guitar-basics?p=vip&x=1#lessons",
  "/checkout?code=WELCOME10",
  "/library#continue",
  "/?auth=Login&authEmail=a%40example.com",
  "/apps/marisol-vega/half-marathon/onboarding/plan",
  "/classes/a+b",
  "/search?q=a%2Fb",
  "/dashboard/builder?appId=123&section=landing",
  "/watch/lesson-0123456789abcdef0123456789abcdef",
  "/a:b",
  "/javascript:alert(1)",
];

/** Everything here must fall back: off-site, scheme, ambiguous or unreadable. */
const BAD: [string, string][] = [
  ["protocol-relative", "//evil.example"],
  ["protocol-relative with path", "//evil.example/path"],
  ["three slashes", "///evil.example"],
  ["four slashes", "////evil.example"],
  ["slash backslash", "/\\evil.example"],
  ["backslash slash", "\\/evil.example"],
  ["two backslashes", "\\\\evil.example"],
  ["backslash later in the path", "/a\\b"],
  ["tab between slashes", "/\t/evil.example"],
  ["leading tab", "\t//evil.example"],
  ["CR LF between slashes", "/\r\n/evil.example"],
  ["CR", "/classes\rSet-Cookie: x=1"],
  ["LF", "/classes\nLocation: https://evil.example"],
  ["NUL", "/\u0000/evil.example"],
  ["DEL", "/\u007f/evil.example"],
  ["leading space", " //evil.example"],
  ["space between slashes", "/ /evil.example"],
  ["encoded tab between slashes", "/%09/evil.example"],
  ["encoded CR LF", "/%0d%0a/evil.example"],
  ["encoded LF in the path", "/classes%0ASet-Cookie:x=1"],
  ["encoded NUL", "/%00/evil.example"],
  ["encoded second slash", "/%2F/evil.example"],
  ["encoded second slash lower case", "/%2fevil.example"],
  ["both slashes encoded", "%2F%2Fevil.example"],
  ["encoded backslash", "/%5Cevil.example"],
  ["encoded backslash lower case", "/%5cevil.example"],
  ["encoded backslash later", "/a%5Cb"],
  ["double-encoded slash", "/%252F/evil.example"],
  ["double-encoded backslash", "/%255Cevil.example"],
  ["double-encoded tab", "/%2509/evil.example"],
  ["malformed escape", "/%E0%A4%A"],
  ["dot segments back to //", "/..//evil.example"],
  ["encoded dots back to //", "/%2e%2e//evil.example"],
  ["javascript:", "javascript:alert(1)"],
  ["JavaScript: mixed case", "JaVaScRiPt:alert(1)"],
  ["javascript: with a tab", "java\tscript:alert(1)"],
  ["http:", "http://evil.example"],
  ["https:", "https://evil.example/path"],
  ["https: single slash", "https:/evil.example"],
  ["https: no slash", "https:evil.example"],
  ["data:", "data:text/html,<script>alert(1)</script>"],
  ["vbscript:", "vbscript:msgbox(1)"],
  ["file:", "file:///etc/passwd"],
  ["relative path", "evil.example"],
  ["relative dot path", "./evil"],
  ["query only", "?x=1"],
  ["hash only", "#x"],
  ["user info", "//user@evil.example"],
  ["fullwidth solidus", "/\uFF0Fevil.example"],
  ["fullwidth reverse solidus", "/\uFF3Cevil.example"],
  ["division slash", "/\u2215evil.example"],
  ["fraction slash", "/\u2044evil.example"],
  ["big solidus", "/\u29F8evil.example"],
  ["small reverse solidus", "/\uFE68evil.example"],
  ["set minus", "/\u2216evil.example"],
  ["encoded fullwidth solidus", "/%EF%BC%8Fevil.example"],
  ["encoded division slash", "/%E2%88%95evil.example"],
  ["encoded fullwidth reverse solidus", "/%EF%BC%BCevil.example"],
  ["line separator", "/\u2028/evil.example"],
  ["encoded line separator", "/%E2%80%A8/evil.example"],
  ["zero-width space", "/\u200B/evil.example"],
  ["right-to-left override", "/\u202Eelpmaxe.live//"],
  ["non-breaking space", "/\u00A0/evil.example"],
  ["ideographic full stop host", "//evil\u3002example"],
  ["empty", ""],
  ["too long", `/${"a".repeat(5000)}`],
];

describe("safeRedirectPath", () => {
  it.each(GOOD)("keeps the same-origin path %s", (path) => {
    expect(safeRedirectPath(path, FALLBACK)).toBe(path);
  });

  it.each(BAD)("refuses %s", (_name, path) => {
    expect(safeRedirectPath(path, FALLBACK)).toBe(FALLBACK);
  });

  it("falls back for anything that is not a string", () => {
    for (const value of [null, undefined, 42, {}, ["/classes"], new URL("https://evil.example")]) {
      expect(safeRedirectPath(value, FALLBACK)).toBe(FALLBACK);
    }
  });

  it("falls back to '/' when no fallback is named", () => {
    expect(safeRedirectPath("//evil.example")).toBe("/");
    expect(safeRedirectPath("/classes")).toBe("/classes");
  });
});

describe("sameOriginPath (absolute addresses of this site, as the payment APIs take them)", () => {
  const origin = "https://studio.example";
  it("keeps the path and query of an address on this origin, and a path", () => {
    expect(sameOriginPath("https://studio.example/apps/a/b/plan?x=1", origin)).toBe("/apps/a/b/plan?x=1");
    expect(sameOriginPath("/dashboard/builder?appId=1", origin)).toBe("/dashboard/builder?appId=1");
  });
  it.each([
    ["another origin", "https://evil.example/x"],
    ["another scheme", "http://studio.example/x"],
    ["a path that becomes protocol-relative", "https://studio.example//evil.example"],
    ["a path with a backslash", "https://studio.example/\\evil.example"],
    ["protocol-relative", "//evil.example"],
    ["a tab that the URL parser strips", "/\t/evil.example"],
    ["javascript:", "javascript:alert(1)"],
    ["not a URL", "http://"],
  ])("refuses %s", (_name, value) => {
    expect(sameOriginPath(value, origin)).toBeNull();
  });
});

describe("the global %2B rule", () => {
  const at = (path: string) => new URL(`http://127.0.0.1:8787${path}`);
  it("never sends a request off-site", () => {
    expect(globalRedirect(at("//evil.example/%2B"), "GET")).toBeNull();
    expect(globalRedirect(at("//evil.example/%2b?x=1"), "GET")).toBeNull();
    expect(globalRedirect(at("/%2F/evil.example/%2B"), "GET")).toBeNull();
    expect(globalRedirect(at("/%5Cevil.example/%2B"), "GET")).toBeNull();
  });
  it("still decodes an encoded plus sign in a same-origin path", () => {
    expect(globalRedirect(at("/classes/a%2Bb/c%2bd?x=1"), "GET")).toBe("/classes/a+b/c+d?x=1");
  });
});

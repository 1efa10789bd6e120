import { describe, expect, it } from "vitest";
import { lessonMedia } from "~/features/learning/rules";
import {
  applySecurityHeaders,
  cspNonce,
  htmlPolicy,
  LESSON_EMBED_ORIGINS,
  NON_HTML_POLICY,
  withSecurityHeaders,
} from "~/platform/security-headers";

const directive = (policy: string, name: string) =>
  policy
    .split("; ")
    .find((d) => d.startsWith(`${name} `))
    ?.split(" ")
    .slice(1) ?? null;

describe("the page policy", () => {
  it("lets scripts run only from our origin or with the nonce", () => {
    const policy = htmlPolicy({ nonce: "abc123==" });
    expect(directive(policy, "script-src")).toEqual(["'self'", "'nonce-abc123=='"]);
    expect(policy).not.toMatch(/unsafe-eval/);
    expect(directive(policy, "script-src")).not.toContain("'unsafe-inline'");
    expect(directive(policy, "frame-ancestors")).toEqual(["'none'"]);
    expect(directive(policy, "object-src")).toEqual(["'none'"]);
  });

  it("frames every player a lesson can embed, and nothing else", () => {
    const embeds = [
      "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
      "https://youtu.be/dQw4w9WgXcQ",
      "https://vimeo.com/76979871",
      "https://open.spotify.com/track/4uLU6hMCjMI75M1A2tKUQC",
      "https://www.tiktok.com/@someone/video/7106594312292453678",
    ].map((url) => lessonMedia(url));
    const frameSrc = directive(htmlPolicy({ nonce: "n" }), "frame-src")!;
    for (const media of embeds) {
      expect(media.kind).toBe("embed");
      if (media.kind === "embed") expect(frameSrc).toContain(new URL(media.src).origin);
    }
    expect(frameSrc).toEqual([...LESSON_EMBED_ORIGINS]);
  });

  it("allows Sentry's host only when a DSN is set, and ignores one that is not an address", () => {
    expect(
      directive(htmlPolicy({ nonce: "n", sentryDsn: "https://key@o1.ingest.us.sentry.io/2" }), "connect-src"),
    ).toEqual(["'self'", "https://o1.ingest.us.sentry.io"]);
    expect(
      directive(htmlPolicy({ nonce: "n", sentryDsn: "http://publickey@127.0.0.1:8790/1" }), "connect-src"),
    ).toEqual(["'self'", "http://127.0.0.1:8790"]);
    expect(directive(htmlPolicy({ nonce: "n" }), "connect-src")).toEqual(["'self'"]);
    expect(directive(htmlPolicy({ nonce: "n", sentryDsn: "not a url; script-src *" }), "connect-src")).toEqual([
      "'self'",
    ]);
  });
});

describe("the headers on answers", () => {
  it("gives HTML the page policy and anything else the closed one", () => {
    const page = new Headers({ "Content-Type": "text/html; charset=utf-8" });
    applySecurityHeaders(page, { nonce: "n1" });
    expect(page.get("Content-Security-Policy")).toContain("'nonce-n1'");
    const json = new Headers({ "Content-Type": "application/json" });
    applySecurityHeaders(json, { nonce: "n1" });
    expect(json.get("Content-Security-Policy")).toBe(NON_HTML_POLICY);
    for (const h of [page, json]) {
      expect(h.get("X-Frame-Options")).toBe("DENY");
      expect(h.get("X-Content-Type-Options")).toBe("nosniff");
      expect(h.get("Referrer-Policy")).toBe("strict-origin-when-cross-origin");
      expect(h.get("Permissions-Policy")).toContain("camera=()");
    }
  });

  it("copies a response whose headers are immutable (a fetched or redirect response)", async () => {
    const fetched = Response.redirect("https://studio.example/", 302);
    const secured = withSecurityHeaders(fetched, { nonce: "n" });
    expect(secured.headers.get("X-Frame-Options")).toBe("DENY");
    expect(secured.headers.get("Location")).toBe("https://studio.example/");
  });

  it("makes a new 128-bit nonce each time", () => {
    const a = cspNonce();
    expect(atob(a)).toHaveLength(16);
    expect(cspNonce()).not.toBe(a);
  });
});

// Every answer of the worker carries the security headers: a Content-Security-Policy whose nonce the
// page's own scripts carry (HTML) or that allows nothing (everything else), no framing, a referrer
// policy, a permissions policy and nosniff.
import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { call } from "./app-context";
import { Browser, ORIGIN, product, signUp } from "./commerce-helpers";
// @ts-ignore -- build/worker.js is the build's output: absent before `npm run build` (the typecheck runs first), untyped after
import worker from "../../build/worker.js";

const built = worker as { fetch(request: Request, bindings: unknown, ctx: ExecutionContext): Promise<Response> };

async function callWith(overrides: Record<string, unknown>, path: string): Promise<Response> {
  const ctx = createExecutionContext();
  const response = await built.fetch(
    new Request(`${ORIGIN}${path}`, { redirect: "manual" }),
    { ...(env as unknown as Record<string, unknown>), ...overrides },
    ctx,
  );
  await waitOnExecutionContext(ctx);
  return response;
}

/** The policy's directives by name. */
function directives(policy: string | null): Map<string, string[]> {
  expect(policy, "Content-Security-Policy").toBeTruthy();
  return new Map(
    policy!
      .split(";")
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...values]) => [name, values]),
  );
}

function expectCommonHeaders(response: Response, what: string) {
  const h = response.headers;
  expect(h.get("X-Content-Type-Options"), what).toBe("nosniff");
  expect(h.get("Referrer-Policy"), what).toBe("strict-origin-when-cross-origin");
  expect(h.get("X-Frame-Options"), what).toBe("DENY");
  expect(h.get("Permissions-Policy"), what).toMatch(/camera=\(\)/);
  expect(h.get("Permissions-Policy"), what).toMatch(/microphone=\(\)/);
  expect(h.get("Permissions-Policy"), what).toMatch(/geolocation=\(\)/);
  expect(directives(h.get("Content-Security-Policy")).get("frame-ancestors"), what).toEqual(["'none'"]);
}

/** An HTML page's policy and its nonce; every script of the page carries that nonce, and no script runs without one. */
async function expectHtmlPolicy(
  response: Response,
  what: string,
): Promise<{ nonce: string; csp: Map<string, string[]>; html: string }> {
  expectCommonHeaders(response, what);
  expect(response.headers.get("Content-Type"), what).toMatch(/^text\/html/);
  const csp = directives(response.headers.get("Content-Security-Policy"));
  const scriptSrc = csp.get("script-src") ?? [];
  const nonces = scriptSrc.filter((s) => s.startsWith("'nonce-"));
  expect(nonces, `${what}: one nonce in script-src`).toHaveLength(1);
  expect(scriptSrc, what).not.toContain("'unsafe-inline'");
  expect(scriptSrc, what).not.toContain("'unsafe-eval'");
  expect(csp.get("object-src"), what).toEqual(["'none'"]);
  expect(csp.get("base-uri"), what).toEqual(["'none'"]);
  const nonce = nonces[0].slice("'nonce-".length, -1);
  expect(nonce, what).toMatch(/^[A-Za-z0-9+/]{22,}={0,2}$/);
  const html = await response.text();
  const scripts = [...html.matchAll(/<script\b([^>]*)>/gi)].map((m) => m[1]);
  expect(scripts.length, `${what}: the page has scripts`).toBeGreaterThan(0);
  for (const attributes of scripts) expect(attributes, `${what}: <script${attributes}>`).toContain(`nonce="${nonce}"`);
  return { nonce, csp, html };
}

describe("security headers", () => {
  it("the home page and a class page: a fresh nonce each time, carried by every script", async () => {
    const first = await expectHtmlPolicy(await call("/"), "/");
    const second = await expectHtmlPolicy(await call("/"), "/ again");
    expect(first.nonce).not.toBe(second.nonce);
    const guitar = await product("riffs-that-rock");
    const page = await expectHtmlPolicy(await call(guitar.href), guitar.href);
    // Remix's hydration data and module loader are inline scripts: they are there, and nonced.
    expect(page.html).toContain("window.__remixContext");
    expect(page.csp.get("default-src")).toEqual(["'self'"]);
    expect(page.csp.get("connect-src")).toEqual(["'self'"]);
    expect(page.csp.get("style-src")).toEqual(["'self'", "'unsafe-inline'"]);
    expect(page.csp.get("frame-src")).toEqual(
      expect.arrayContaining([
        "https://www.youtube-nocookie.com",
        "https://player.vimeo.com",
        "https://open.spotify.com",
        "https://www.tiktok.com",
      ]),
    );
  });

  it("signed-in pages with one-click forms (/account, /checkout) cannot be framed", async () => {
    const { browser } = await signUp("headers");
    await expectHtmlPolicy(await browser.get("/account"), "/account");
    const guitar = await product("riffs-that-rock");
    await browser.cart("add", guitar.id);
    await expectHtmlPolicy(await browser.get("/checkout"), "/checkout");
  });

  it("the not-found page and the error page", async () => {
    const missing = await call("/no-such-page-at-all");
    expect(missing.status).toBe(404);
    await expectHtmlPolicy(missing, "404");
    const broken = await call("/dev/boom");
    expect(broken.status).toBe(500);
    await expectHtmlPolicy(broken, "500");
  });

  it("JSON, redirects, data loads and form answers: a policy that allows nothing", async () => {
    const answers: [string, Response][] = [
      ["/api/up", await call("/api/up")],
      ["/api/getProducts", await call("/api/getProducts?limit=2")],
      ["/api/getCart (401)", await call("/api/getCart")],
      [
        "/api/identity (400)",
        await call("/api/identity", { method: "POST", headers: { "X-Amz-Target": "x" }, body: "{}" }),
      ],
      ["/classes.data", await call("/classes.data")],
      ["a redirect", await call("/?code=1&state=2")],
      ["a cross-site post (403)", await call("/cart", { method: "POST", headers: { Origin: "https://evil.example" } })],
    ];
    for (const [what, response] of answers) {
      expect(response.headers.get("Content-Type") ?? "", what).not.toMatch(/^text\/html/);
      expectCommonHeaders(response, what);
      const csp = directives(response.headers.get("Content-Security-Policy"));
      expect(csp.get("default-src"), what).toEqual(["'none'"]);
    }
  });

  it("allows Sentry's ingestion host when SENTRY_DSN is set, and only then", async () => {
    // A local DSN: with one set the worker really reports (its SDK sent this request's transaction to
    // sentry.io's host, a lookup that fails here and an outside call in any case). Port 9 refuses at once.
    const withSentry = directives(
      (await callWith({ SENTRY_DSN: "https://key@127.0.0.1:9/34" }, "/")).headers.get("Content-Security-Policy"),
    );
    expect(withSentry.get("connect-src")).toEqual(["'self'", "https://127.0.0.1:9"]);
    const without = directives((await call("/")).headers.get("Content-Security-Policy"));
    expect(without.get("connect-src")).toEqual(["'self'"]);
  });

  it("keeps the headers a page set itself (the browser gets one of each)", async () => {
    const response = await new Browser().get("/");
    expect(response.headers.get("Content-Security-Policy")?.split("frame-ancestors").length).toBe(2);
    expect(response.headers.get("Referrer-Policy")).toBe("strict-origin-when-cross-origin");
  });
});

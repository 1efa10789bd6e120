// Redirects the product derives from input, attacked over HTTP: the global %2B rule, the login
// form's redirect, /theme's redirectTo and the forms' page field, each with known open-redirect
// bypasses and with CR/LF (never a 500 on any auth form).
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { call } from "./app-context";
import { signUp } from "./commerce-helpers";

const ORIGIN = "http://127.0.0.1:8787";
const PASSWORD = "redirect password";

const form = (fields: Record<string, string>, headers: Record<string, string> = {}) => ({
  method: "POST",
  body: new URLSearchParams(fields),
  headers: { "Content-Type": "application/x-www-form-urlencoded", ...headers },
});

/** Ways to write "another site" that some browser or proxy has followed off-site. */
const BYPASSES = [
  "//evil.example",
  "///evil.example",
  "/\\evil.example",
  "\\\\evil.example",
  "/\t/evil.example",
  "/%09/evil.example",
  "/%2F/evil.example",
  "/%5Cevil.example",
  "/\uFF0Fevil.example",
  "https://evil.example",
  "javascript:alert(1)",
  "/..//evil.example",
];

/**
 * An auth form's hidden redirect naming the other site, or its page doing so in the path (the page
 * under the modal may keep '?redirect=…' in its query: that is where closing the modal goes).
 */
const HIDDEN_EVIL = /name="redirect" value="[^"]*evil\.example|name="page" value="[^"?]*evil\.example/;

/** SocialSignUp looks emails up, which is throttled per client: a few of the bypasses are enough there. */
const FEW = ["//evil.example", "/\t/evil.example", "/%2F/evil.example", "/\\evil.example", "https://evil.example"];

const CRLF = ["/classes\r\nSet-Cookie: owned=1", "/\r\n/evil.example", "/classes\rX", "/classes\nX"];

/** A Location that a browser resolves on our own origin, with nothing that names another site. */
function expectSameOrigin(response: Response) {
  const location = response.headers.get("location");
  expect(location, "a redirect").not.toBeNull();
  expect(location).toMatch(/^\/(?![/\\])/);
  expect(location).not.toMatch(/[\\\u0000-\u001f\u007f]/);
  expect(location).not.toContain("evil.example");
  expect(new URL(location!, ORIGIN).origin).toBe(ORIGIN);
  return location!;
}

async function newAccount(email: string) {
  const response = await call(
    "/auth/create-account",
    form({ email, firstName: "Red", lastName: "Irect", password: PASSWORD, page: "/" }),
  );
  expect(response.status).toBe(303);
}

describe("the global %2B rule", () => {
  it("GET //evil.example/%2B does not redirect off-site", async () => {
    for (const path of [
      "//evil.example/%2B",
      "//evil.example/%2b?x=1",
      "///evil.example/%2B",
      "/%2F/evil.example/%2B",
    ]) {
      const response = await call(path);
      expect(response.status, path).toBeLessThan(500);
      if (response.status >= 300 && response.status < 400) expectSameOrigin(response);
    }
  });

  it("still sends an encoded plus sign to its decoded path", async () => {
    const response = await call("/classes/a%2Bb?x=1");
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/classes/a+b?x=1");
  });
});

describe("a page whose own path starts with '//'", () => {
  it("links and forms on it never point at the host in its path", async () => {
    const response = await call("//evil.example/?auth=Login");
    expect(response.status).toBeLessThan(500);
    const html = await response.text();
    expect(html).not.toMatch(/(href|action)="\/\/evil\.example/);
    expect(html).not.toMatch(/value="\/\/evil\.example/);
  });
});

describe("the login form's redirect", () => {
  it("renders no off-site redirect into the form opened by ?auth=Login&redirect=", async () => {
    for (const redirect of ["/%09/evil.example", "//evil.example", "/%5Cevil.example", "https://evil.example"]) {
      const html = await (await call(`/?auth=Login&redirect=${redirect}`)).text();
      expect(html, redirect).toContain('name="page"');
      expect(html, redirect).not.toMatch(HIDDEN_EVIL);
    }
    // A good one is kept, so the form still returns there.
    expect(await (await call(`/?auth=Login&redirect=${encodeURIComponent("/library?x=1")}`)).text()).toContain(
      'name="redirect" value="/library?x=1"',
    );
  });

  it("renders no off-site redirect into the /auth/login page's form", async () => {
    const html = await (await call("/auth/login?page=%2F%09%2Fevil.example&redirect=%2F%09%2Fevil.example")).text();
    expect(html).toContain('name="page"');
    expect(html).not.toMatch(HIDDEN_EVIL);
  });

  it("a successful login with redirect=/%09/evil.example ends on this site", async () => {
    await newAccount("redirect-login@example.com");
    for (const redirect of BYPASSES) {
      const response = await call(
        "/auth/login",
        form({ email: "redirect-login@example.com", password: PASSWORD, page: "/", redirect }),
      );
      expect(response.status, redirect).toBe(303);
      expectSameOrigin(response);
      expect(response.headers.getSetCookie().some((c) => c.startsWith("studio_session="))).toBe(true);
    }
    // A same-origin redirect is still followed.
    const good = await call(
      "/auth/login",
      form({ email: "redirect-login@example.com", password: PASSWORD, page: "/", redirect: "/library?x=1#top" }),
    );
    expect(good.headers.get("location")).toBe("/library?x=1#top");
  });
});

describe("the forms' page field", () => {
  it("Create Account on a page that names another site stays here", async () => {
    let n = 0;
    for (const page of BYPASSES) {
      const response = await call(
        "/auth/create-account",
        form({ email: `redirect-page-${n++}@example.com`, firstName: "Pa", lastName: "Ge", password: PASSWORD, page }),
      );
      expect(response.status, page).toBe(303);
      expectSameOrigin(response);
    }
  });

  it("Get Started, SocialSignUp and Join Waitlist never answer with another site", async () => {
    for (const page of BYPASSES) {
      expectSameOrigin(await call("/auth/email", form({ email: "page-lead@example.com", page })));
      expectSameOrigin(await call("/auth/join-waitlist", form({ email: "page-waitlist@example.com", page })));
      expectSameOrigin(await call("/auth/social/myspace", form({ page })));
    }
    for (const page of FEW)
      expectSameOrigin(await call("/auth/social-sign-up", form({ email: "page-social@example.com", page })));
  });

  it("the cart's form goes back to this site only", async () => {
    const product = await env.DB.prepare("SELECT id FROM products WHERE kind = 'class' LIMIT 1").first<{
      id: string;
    }>();
    for (const page of BYPASSES) {
      const response = await call("/cart", form({ intent: "add", productId: product!.id, page }));
      expect(response.status, page).toBe(303);
      expectSameOrigin(response);
    }
  });

  it("the page is kept when it is a path of this site", async () => {
    const response = await call("/auth/join-waitlist", form({ email: "page-kept@example.com", page: "/classes?x=1" }));
    expect(response.headers.get("location")).toBe("/classes?x=1&auth=JoinWaitlist&authStep=DONE");
  });
});

describe("/theme redirectTo", () => {
  it("never leaves the site", async () => {
    for (const redirectTo of BYPASSES) {
      const response = await call("/theme", form({ theme: "dark", redirectTo }));
      expect(response.status, redirectTo).toBe(303);
      expect(expectSameOrigin(response)).toBe("/");
    }
  });
});

describe("CR or LF in redirectTo, redirect or page", () => {
  it("is no 500 on /theme", async () => {
    for (const redirectTo of CRLF) {
      const response = await call("/theme", form({ theme: "light", redirectTo }));
      expect(response.status).toBe(303);
      expect(response.headers.get("location")).toBe("/");
    }
  });

  it("is no 500 on /auth/login", async () => {
    await newAccount("redirect-crlf@example.com");
    for (const value of CRLF) {
      for (const fields of [{ redirect: value, page: "/" }, { page: value }] as Record<string, string>[]) {
        const response = await call(
          "/auth/login",
          form({ email: "redirect-crlf@example.com", password: PASSWORD, ...fields }),
        );
        expect(response.status).toBe(303);
        expectSameOrigin(response);
      }
    }
  });

  it("is no 500 on /auth/email, /auth/social-sign-up, /auth/join-waitlist and /auth/social/*", async () => {
    for (const value of CRLF) {
      for (const fields of [
        { page: value },
        { page: "/", redirect: value },
        { page: value, redirect: value },
      ] as Record<string, string>[]) {
        for (const [path, extra] of [
          ["/auth/email", { email: "crlf-lead@example.com" }],
          ["/auth/join-waitlist", { email: "crlf-waitlist@example.com" }],
          ["/auth/social/myspace", {}],
          ["/auth/social/google", {}],
        ] as const) {
          const response = await call(path, form({ ...extra, ...fields }));
          expect(response.status, `${path} ${JSON.stringify(fields)}`).toBe(303);
          expectSameOrigin(response);
        }
      }
      const social = await call(
        "/auth/social-sign-up",
        form({ email: "crlf-social@example.com", page: value, redirect: value }),
      );
      expect(social.status).toBe(303);
      expectSameOrigin(social);
    }
  });

  it("is no 500 when the form is opened with one in the address", async () => {
    for (const path of [
      "/?auth=Login&redirect=%2Fa%0D%0Ab",
      "/auth/login?page=%2Fa%0D%0Ab&redirect=%2Fa%0Ab",
      "/auth/email?page=%2Fa%0Db",
    ]) {
      const response = await call(path);
      expect(response.status, path).toBe(200);
    }
  });
});

describe("a checkout's success and cancel paths", () => {
  const studio = (success_url: string, cancel_url: string) => ({
    price_option_id: "studio_starter_month",
    success_url,
    cancel_url,
    tier_slug: "starter",
  });

  it("an address of this origin whose path names another host is refused", async () => {
    const buyer = await signUp("redirect-studio");
    for (const bad of [
      `${ORIGIN}//evil.example/x`,
      `${ORIGIN}/%5Cevil.example`,
      "/\t/evil.example",
      "//evil.example",
      "https://evil.example/x",
    ]) {
      const asSuccess = await buyer.browser.postJson(
        "/api/payments/create-studio-checkout-session",
        studio(bad, "/dashboard/builder"),
      );
      expect(asSuccess.status, bad).toBe(400);
      const asCancel = await buyer.browser.postJson(
        "/api/payments/create-studio-checkout-session",
        studio("/dashboard/builder", bad),
      );
      expect(asCancel.status, bad).toBe(400);
    }
    const good = await buyer.browser.postJson(
      "/api/payments/create-studio-checkout-session",
      studio(`${ORIGIN}/dashboard/builder?mode=publish`, "/dashboard/builder"),
    );
    expect(good.status).toBe(200);
  });

  it("a stored path that names another host is not followed when the checkout closes", async () => {
    const buyer = await signUp("redirect-cancel");
    const opened = await buyer.browser.postJson(
      "/api/payments/create-studio-checkout-session",
      studio("/dashboard/builder", "/dashboard/builder?mode=pricing_tiers"),
    );
    const { sessionId } = (await opened.json()) as { sessionId: string };
    // A row written before paths were checked this strictly.
    await env.DB.prepare(
      "UPDATE checkout_sessions SET status = 'expired', cancel_path = '//evil.example/x' WHERE id = ?",
    )
      .bind(sessionId)
      .run();
    const closed = await buyer.browser.get(`/checkout/pay/${sessionId}`);
    expect(closed.status).toBe(303);
    expectSameOrigin(closed);
  });
});

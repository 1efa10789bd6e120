// Sign-in forms when our side fails under them (spec 8): the form comes back with the spec's message
// and what was typed, never the error page. The database fails on demand through the development
// fault cookie (app/http/dev-faults.server.ts), here on the worker the suite runs as "test".
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { call } from "./app-context";

const SUPPORT = "support@studio.example";
const ERROR_PAGE = "Something went wrong on our side";

function post(path: string, fields: Record<string, string>, faults?: string) {
  return call(path, {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      ...(faults ? { Cookie: `studio_dev_fault=${faults}` } : {}),
    },
  });
}

/** The text of the page's form error (its role="alert" paragraph), tags taken out. */
function formError(html: string): string | null {
  const match = /<p class="auth-form__error" role="alert">([\s\S]*?)<\/p>/.exec(html);
  return match
    ? match[1]
        .replace(/<[^>]+>/g, " ")
        .replace(/\s+/g, " ")
        .trim()
    : null;
}

async function makeAccount(email: string) {
  const response = await post("/auth/create-account", {
    email,
    firstName: "Fay",
    lastName: "Lure",
    password: "a fine password",
  });
  expect(response.status).toBe(303);
}

describe("Log In when the database fails", () => {
  it("answers the form with 'Error logging in' and the fallback naming the support address", async () => {
    await makeAccount("fail-login@example.com");
    const response = await post(
      "/auth/login",
      { email: "fail-login@example.com", password: "a fine password", page: "/classes" },
      "d1:users",
    );
    expect(response.status).toBe(500);
    const html = await response.text();
    expect(formError(html)).toBe(
      `Error logging in There was an error signing in to your account. Please try again or contact us at ${SUPPORT}`,
    );
    // The form, as it was posted: the email kept, the password not, the page's context carried on.
    expect(html).toContain('action="/auth/login"');
    expect(html).toContain('value="fail-login@example.com"');
    expect(html).not.toContain("a fine password");
    expect(html).toContain('name="page" value="/classes"');
    expect(html).not.toContain(ERROR_PAGE);
    expect(response.headers.getSetCookie().some((c) => c.startsWith("studio_session="))).toBe(false);
  });

  it("signs in as usual without the fault", async () => {
    await makeAccount("fine-login@example.com");
    const response = await post("/auth/login", { email: "fine-login@example.com", password: "a fine password" });
    expect(response.status).toBe(303);
  });
});

describe("Create Account when the database fails", () => {
  it("answers the form with the spec's sign-up message", async () => {
    const response = await post(
      "/auth/create-account",
      { email: "fail-create@example.com", firstName: "Fay", lastName: "Lure", password: "a fine password" },
      "d1:users",
    );
    expect(response.status).toBe(500);
    const html = await response.text();
    expect(formError(html)).toBe(
      "There was a problem creating your account. Please try logging in if you already have an account.",
    );
    expect(html).toContain('value="fail-create@example.com"');
    expect(html).not.toContain(ERROR_PAGE);
    const made = await env.DB.prepare("SELECT count(*) AS n FROM users WHERE email = 'fail-create@example.com'").first<{
      n: number;
    }>();
    expect(made!.n).toBe(0);
  });
});

describe("Reset Password when the database fails", () => {
  it("keeps the EMAIL step with the confirm-email failure's words", async () => {
    await makeAccount("fail-reset@example.com");
    const response = await post(
      "/auth/reset-password",
      { step: "EMAIL", email: "fail-reset@example.com", page: "/" },
      "d1:users",
    );
    expect(response.status).toBe(500);
    const html = await response.text();
    expect(formError(html)).toBe("There was an error signing in to your account. Please try again or contact us.");
    expect(html).toContain("Send Reset Code");
    expect(html).toContain('value="fail-reset@example.com"');
    expect(html).not.toContain(ERROR_PAGE);
  });

  it("keeps the CODE step when checking the code fails", async () => {
    const response = await post(
      "/auth/reset-password",
      { step: "CODE", email: "fail-reset@example.com", code: "123456", page: "/" },
      "d1:verification_codes,d1:users",
    );
    expect(response.status).toBe(500);
    const html = await response.text();
    expect(formError(html)).toBe("There was an error signing in to your account. Please try again or contact us.");
    expect(html).toContain("Enter Code");
    expect(html).not.toContain('value="123456"');
  });
});

describe("email checks that fail", () => {
  it("SocialSignUp: looking the email up fails → 'Unable to verify email. Please try again.'", async () => {
    const response = await post("/auth/social-sign-up", { email: "who@example.com", page: "/" }, "d1:users");
    expect(response.status).toBe(500);
    const html = await response.text();
    expect(formError(html)).toBe("Unable to verify email. Please try again.");
    expect(html).toContain('value="who@example.com"');
    expect(html).not.toContain(ERROR_PAGE);
  });

  it("Get Started: keeping the email fails → the generic message in the form", async () => {
    const product = await env.DB.prepare(
      "SELECT storefront_slug AS s, class_slug AS c FROM products WHERE kind = 'class' LIMIT 1",
    ).first<{ s: string; c: string }>();
    // The class the visitor looks at is read first: its failure is kept in the form too.
    for (const faults of ["d1:email_leads", "d1:products"]) {
      const response = await post(
        "/auth/email",
        { email: "lead@example.com", page: `/classes/${product!.s}/${product!.c}` },
        faults,
      );
      expect(response.status, faults).toBe(500);
      const html = await response.text();
      expect(formError(html), faults).toBe("An Error Occurred");
      expect(html).toContain('value="lead@example.com"');
      expect(html).not.toContain(ERROR_PAGE);
    }
  });
});

describe("the fault cookie", () => {
  it("names tables: other statements run as usual", async () => {
    const response = await post(
      "/auth/login",
      { email: "nobody@example.com", password: "whatever it is" },
      "d1:subscriptions",
    );
    expect(response.status).toBe(400);
    expect(formError(await response.text())).toBe("Invalid email or password");
  });
});

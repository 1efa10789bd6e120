import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { authenticate, createAccount } from "~/features/identity/accounts.server";
import { issueCode } from "~/features/identity/codes.server";
import { resetPassword, sendResetCode, verifyResetCode } from "~/features/identity/reset-password.server";
import { SocialSignInError, userForSocialProfile, type SocialProfile } from "~/features/identity/social.server";
import { loader as checkUserExists } from "~/routes/api.users.checkUserExists";
import { call, testApp } from "./app-context";

const form = (fields: Record<string, string>, headers: Record<string, string> = {}) => ({
  method: "POST",
  body: new URLSearchParams(fields),
  headers: { "Content-Type": "application/x-www-form-urlencoded", ...headers },
});
const json = (body: unknown) => ({
  method: "POST",
  body: JSON.stringify(body),
  headers: { "Content-Type": "application/json" },
});
const cookieOf = (response: Response, name: string) =>
  response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .find((c) => c.startsWith(`${name}=`));
const count = async (sql: string, ...binds: unknown[]) =>
  (await env.DB.prepare(sql)
    .bind(...binds)
    .first<{ n: number }>())!.n;

async function latestCode(to: string): Promise<string> {
  const row = await env.DB.prepare('SELECT text FROM outbox_emails WHERE "to" = ? ORDER BY created_at DESC LIMIT 1')
    .bind(to)
    .first<{ text: string }>();
  return row!.text.match(/code is (\d{6})/)![1];
}

async function account(email: string, password = "first password") {
  const response = await call("/auth/create-account", form({ email, firstName: "Tess", lastName: "Ter", password }));
  expect(response.status).toBe(303);
  return cookieOf(response, "studio_session")!;
}

describe("Get Started", () => {
  it("warns once about a likely typo, keeps the email, then continues to Create Account", async () => {
    const first = await call("/auth/email", form({ email: "ada@gmial.com", page: "/classes" }));
    expect(first.status).toBe(200);
    const html = await first.text();
    expect(html).toContain("For your email, did you mean to use ada@gmail.com?");
    expect(html).toContain('name="shownSuggestion" value="1"');
    expect(html).toContain('value="ada@gmial.com"');
    const second = await call("/auth/email", form({ email: "ada@gmial.com", page: "/classes", shownSuggestion: "1" }));
    expect(second.status).toBe(303);
    expect(second.headers.get("location")).toBe("/classes?auth=CreateAccount&authEmail=ada%40gmial.com");
  });

  it("warns once about a doubtful address and keeps the modal's options", async () => {
    const first = await call("/auth/email", form({ email: "ada@mailinator.com", page: "/", authDark: "1" }));
    expect(await first.text()).toContain("Make sure to check that your email is correct before continuing.");
    const second = await call(
      "/auth/email",
      form({ email: "ada@mailinator.com", page: "/", authDark: "1", shownScore: "1" }),
    );
    expect(second.headers.get("location")).toBe("/?auth=CreateAccount&authEmail=ada%40mailinator.com&authDark=1");
  });

  it("records the lead with the class the visitor was looking at", async () => {
    const product = await env.DB.prepare(
      "SELECT id, storefront_slug AS s, class_slug AS c FROM products WHERE kind = 'class' LIMIT 1",
    ).first<{ id: string; s: string; c: string }>();
    await call("/auth/email", form({ email: "lead@example.com", page: `/classes/${product!.s}/${product!.c}` }));
    const lead = await env.DB.prepare(
      "SELECT class_interested_in AS interest, kind FROM email_leads WHERE email = 'lead@example.com'",
    ).first();
    expect(lead).toEqual({ interest: product!.id, kind: "checkout_initiation" });
    await call("/auth/email", form({ email: "lead2@example.com", page: "/", authSource: "/sf-music/spring" }));
    expect(
      await env.DB.prepare(
        "SELECT class_interested_in AS interest, kind FROM email_leads WHERE email = 'lead2@example.com'",
      ).first(),
    ).toEqual({ interest: "general", kind: "lead" });
  });

  it("answers bad input with the form's words and records nothing", async () => {
    const before = await count("SELECT count(*) AS n FROM email_leads");
    const empty = await call("/auth/email", form({ page: "/" }));
    expect(empty.status).toBe(400);
    expect(await empty.text()).toContain("Please input an email");
    expect(await (await call("/auth/email", form({ email: "ada@", page: "/" }))).text()).toContain("Invalid email");
    expect(await count("SELECT count(*) AS n FROM email_leads")).toBe(before);
  });
});

describe("SocialSignUp's email step", () => {
  it("sends an existing account to Log In and a new email to Create Account", async () => {
    await account("known@example.com");
    expect(
      (
        await call("/auth/social-sign-up", form({ email: "Known@Example.com", page: "/checkout", authDark: "1" }))
      ).headers.get("location"),
    ).toBe("/checkout?auth=Login&authEmail=known%40example.com&authDark=1");
    expect(
      (await call("/auth/social-sign-up", form({ email: "new@example.com", page: "/" }))).headers.get("location"),
    ).toBe("/?auth=CreateAccount&authEmail=new%40example.com");
    expect(await (await call("/auth/social-sign-up", form({ email: "nope", page: "/" }))).text()).toContain(
      "Please enter a valid email address",
    );
  });
});

describe("Log In's words (spec 2, 8)", () => {
  it("says a malformed email is not valid in Log In's own wording", async () => {
    const response = await call("/auth/login", form({ email: "ada@nowhere", password: "correct horse", page: "/" }));
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain("Please provide a valid email address.");
    expect(html).not.toContain("This email address looks invalid");
  });

  it("shows the campaign message for the audience values aaCampaign holds", async () => {
    const alumni = await (await call("/?auth=Login&aaCampaign=student")).text();
    expect(alumni).toContain(
      "If you&#x27;ve taken a Studio or Monthly class before, you can log in here using the same account.",
    );
    const account = await (await call("/?auth=Login&aaCampaign=account")).text();
    expect(account).toContain("You&#x27;ve already created an account with this email");
    expect(await (await call("/?auth=Login&aaCampaign=other")).text()).not.toContain("auth-form__campaign");
  });
});

describe("reset password", () => {
  it("goes EMAIL → CODE → NEWPASSWORD → signed in, and signs the user out everywhere else", async () => {
    const oldSession = await account("reset-flow@example.com");
    const sent = await call(
      "/auth/reset-password",
      form({ step: "EMAIL", email: "Reset-Flow@example.com", page: "/classes" }),
    );
    expect(sent.headers.get("location")).toBe(
      "/classes?auth=ResetPassword&authStep=CODE&authEmail=reset-flow%40example.com",
    );
    const code = await latestCode("reset-flow@example.com");

    const wrong = await call(
      "/auth/reset-password",
      form({
        step: "CODE",
        email: "reset-flow@example.com",
        code: code === "000000" ? "111111" : "000000",
        page: "/classes",
      }),
    );
    expect(wrong.status).toBe(400);
    expect(await wrong.text()).toContain("Invalid verification code provided, please try again.");

    const right = await call(
      "/auth/reset-password",
      form({ step: "CODE", email: "reset-flow@example.com", code, page: "/classes" }),
    );
    expect(right.headers.get("location")).toBe(
      "/classes?auth=ResetPassword&authStep=NEWPASSWORD&authEmail=reset-flow%40example.com",
    );
    const resetCookie = cookieOf(right, "studio_reset")!;
    expect(right.headers.get("set-cookie")).toMatch(/HttpOnly/i);
    // The code never travels in the address.
    expect(right.headers.get("location")).not.toContain(code);

    const done = await call(
      "/auth/reset-password",
      form(
        { step: "NEWPASSWORD", email: "reset-flow@example.com", password: "second password", page: "/classes" },
        { Cookie: resetCookie },
      ),
    );
    // Spec 4: on success the user is signed in (a new session; every older one ended with the code),
    // and goes where Log In sends them (spec 2: here '/'), with 'Your password has been changed!'.
    expect(done.status).toBe(303);
    expect(done.headers.get("location")).toBe("/");
    const newSession = cookieOf(done, "studio_session")!;
    expect(newSession).toBeTruthy();
    const landed = await (
      await call("/", { headers: { Cookie: [newSession, cookieOf(done, "studio_toast")].join("; ") } })
    ).text();
    expect(landed).toMatch(/Hi, (<!-- -->)?Tess/);
    expect(landed).toContain("Your password has been changed!");
    expect(done.headers.getSetCookie().join("\n")).toMatch(/studio_reset=;/);

    // The old session is gone; the old password no longer works; the new one does.
    expect(await (await call("/", { headers: { Cookie: oldSession } })).text()).not.toContain("Hi, ");
    expect(
      (await call("/auth/login", form({ email: "reset-flow@example.com", password: "first password" }))).status,
    ).toBe(400);
    expect(
      (await call("/auth/login", form({ email: "reset-flow@example.com", password: "second password" }))).status,
    ).toBe(303);

    // The code worked once.
    const again = await call(
      "/auth/reset-password",
      form(
        { step: "NEWPASSWORD", email: "reset-flow@example.com", password: "third password", page: "/" },
        { Cookie: resetCookie },
      ),
    );
    expect(again.status).toBe(400);
    expect(await again.text()).toContain("Invalid verification code provided, please try again.");
  });

  it("says so for an unknown email, and checks the new password with the spec's words", async () => {
    const unknown = await call("/auth/reset-password", form({ step: "EMAIL", email: "ghost@example.com", page: "/" }));
    expect(unknown.status).toBe(400);
    expect(await unknown.text()).toContain("Could not find a user with that email...");
    expect(await (await call("/auth/reset-password", form({ step: "EMAIL", email: "", page: "/" }))).text()).toContain(
      "Please input an email.",
    );
    expect(
      await (await call("/auth/reset-password", form({ step: "CODE", email: "a@b.co", code: "", page: "/" }))).text(),
    ).toContain("Please input the verification code from your email.");
    const short = await call(
      "/auth/reset-password",
      form({ step: "NEWPASSWORD", email: "a@b.co", password: "short", page: "/" }),
    );
    expect(await short.text()).toContain("Passwords must be at least 8 characters long.");
    const empty = await call(
      "/auth/reset-password",
      form({ step: "NEWPASSWORD", email: "a@b.co", password: "", page: "/" }),
    );
    expect(empty.status).toBe(400);
    expect(await empty.text()).toContain("New password is required.");
  });

  it("refuses an expired code, and a code issued before a newer one", async () => {
    const app = testApp();
    await createAccount(app, {
      email: "expiry@example.com",
      firstName: "E",
      lastName: "X",
      password: "first password",
    });
    const user = await env.DB.prepare("SELECT id FROM users WHERE email = 'expiry@example.com'").first<{
      id: string;
    }>();
    const old = await issueCode(app, user!.id, "reset_password");
    const fresh = await issueCode(app, user!.id, "reset_password");
    expect((await verifyResetCode(app, "expiry@example.com", old)).status).toBe(old === fresh ? "ok" : "mismatch");
    const later = testApp({ now: app.now + 60 * 60 * 1000 + 1 });
    expect((await verifyResetCode(later, "expiry@example.com", fresh)).status).toBe("expired");
    expect((await resetPassword(later, "expiry@example.com", fresh, "new password")).status).toBe("expired");
  });

  it("lets exactly one of two concurrent resets with the same code through", async () => {
    const app = testApp();
    await createAccount(app, { email: "race@example.com", firstName: "R", lastName: "C", password: "first password" });
    expect((await sendResetCode(app, "race@example.com")).status).toBe("ok");
    const code = await latestCode("race@example.com");
    const outcomes = await Promise.all([
      resetPassword(testApp(), "race@example.com", code, "password one"),
      resetPassword(testApp(), "race@example.com", code, "password two"),
    ]);
    expect(outcomes.map((o) => o.status).sort()).toEqual(["mismatch", "ok"]);
  });

  it("limits wrong codes like sign-ins", async () => {
    const app = testApp();
    await createAccount(app, { email: "guess@example.com", firstName: "G", lastName: "S", password: "first password" });
    await sendResetCode(app, "guess@example.com");
    const code = await latestCode("guess@example.com");
    const wrong = code === "123456" ? "654321" : "123456";
    for (let i = 0; i < 5; i++)
      expect((await verifyResetCode(app, "guess@example.com", wrong)).status).toBe("mismatch");
    // The sixth attempt must wait, even with the right code.
    expect(await verifyResetCode(app, "guess@example.com", code)).toMatchObject({ status: "wait" });
    expect((await verifyResetCode(testApp({ now: app.now + 1000 }), "guess@example.com", code)).status).toBe("ok");
  });
});

describe("sign-in lockout", () => {
  it("makes each attempt after five failures wait 2^(n-5) s, whether or not the email exists", async () => {
    const t0 = Date.now();
    await createAccount(testApp(), {
      email: "locked@example.com",
      firstName: "L",
      lastName: "K",
      password: "right password",
    });
    for (const email of ["locked@example.com", "no-such-user@example.com"]) {
      for (let i = 0; i < 5; i++)
        expect((await authenticate(testApp({ now: t0 }), email, "wrong password")).status).toBe("failed");
      expect(await authenticate(testApp({ now: t0 + 500 }), email, "right password")).toEqual({
        status: "wait",
        waitMs: 500,
      });
      expect((await authenticate(testApp({ now: t0 + 1000 }), email, "wrong password")).status).toBe("failed");
      expect(await authenticate(testApp({ now: t0 + 2500 }), email, "right password")).toEqual({
        status: "wait",
        waitMs: 500,
      });
    }
    expect((await authenticate(testApp({ now: t0 + 3000 }), "locked@example.com", "right password")).status).toBe("ok");
    // Success clears the count.
    expect((await authenticate(testApp({ now: t0 + 3001 }), "locked@example.com", "wrong password")).status).toBe(
      "failed",
    );
  });

  it("tells the form how long to wait, with a 429", async () => {
    await env.DB.prepare(
      "INSERT INTO attempt_counters (key, failures, last_failure_at) VALUES ('login:held@example.com', 9, ?)",
    )
      .bind(Date.now())
      .run();
    const response = await call("/auth/login", form({ email: "held@example.com", password: "any password" }));
    expect(response.status).toBe(429);
    expect(await response.text()).toMatch(/Password attempts exceeded\. Please wait (15|16) seconds and try again\./);
  });
});

describe("identity API", () => {
  it("GET /api/up answers up 'yes' when the database answers", async () => {
    expect(await (await call("/api/up")).json()).toEqual({ up: "yes" });
  });

  it("POST /api/collectEmail answers email_validation_info and records the lead", async () => {
    const response = await call(
      "/api/collectEmail",
      form({
        email: "Sam@Yaho.com",
        classInterestedIn: "general",
        extraTags: JSON.stringify({ plan: "pro" }),
        source: "/waitlist/spring",
      }),
    );
    expect(await response.json()).toEqual({ email_validation_info: { suggestion: "sam@yahoo.com", score: 0.5 } });
    const lead = await env.DB.prepare(
      "SELECT kind, extra_tags AS tags FROM email_leads WHERE email = 'sam@yaho.com'",
    ).first();
    expect(lead).toEqual({ kind: "lead", tags: '{"plan":"pro"}' });
    expect((await call("/api/collectEmail", form({ email: "nope" }))).status).toBe(400);
    expect((await call("/api/collectEmail", form({ email: "a@b.co", extraTags: "{not json" }))).status).toBe(400);
    expect((await call("/api/collectEmail")).status).toBe(405);
  });

  it("GET /api/users/checkUserExists needs an email with '@', and is rate limited", async () => {
    await account("exists@example.com");
    const ip = { "CF-Connecting-IP": "203.0.113.7" };
    expect(await (await call("/api/users/checkUserExists?email=exists@example.com", { headers: ip })).json()).toEqual({
      exists: true,
    });
    expect(await (await call("/api/users/checkUserExists?email=EXISTS@example.com", { headers: ip })).json()).toEqual({
      exists: true,
    });
    expect(await (await call("/api/users/checkUserExists?email=nobody@example.com", { headers: ip })).json()).toEqual({
      exists: false,
    });
    const bad = await call("/api/users/checkUserExists?email=nobody", { headers: ip });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as any).error).toBe("email must be a string containing '@'");
    let last = 200;
    for (let i = 0; i < 20 && last === 200; i++)
      last = (await call("/api/users/checkUserExists?email=x@y.co", { headers: ip })).status;
    expect(last).toBe(429);
    // Another visitor is not affected. Visitors are told apart by CF-Connecting-IP only in production,
    // behind Cloudflare (locally any client can send it), so this asks the route as production runs it.
    const production = testApp({ env: { ...testApp().env, ENVIRONMENT: "production" } });
    const ask = (address: string) =>
      checkUserExists({
        request: new Request("https://studio.example/api/users/checkUserExists?email=x@y.co", {
          headers: { "CF-Connecting-IP": address },
        }),
        context: { app: production },
        params: {},
      } as never) as Promise<Response>;
    for (let i = 0; i < 20; i++) await ask("203.0.113.7");
    expect((await ask("203.0.113.7")).status).toBe(429);
    expect((await ask("203.0.113.8")).status).toBe(200);
  });

  it("POST /api/waitlist/add takes a free-form body; joining twice is fine; bad input is the spec's failure", async () => {
    expect(
      await (
        await call("/api/waitlist/add", json({ email: "Wait@Example.com", list: "spring-school", referrer: "friend" }))
      ).json(),
    ).toEqual({ success: true, message: "You've been added!" });
    expect(
      await (await call("/api/waitlist/add", json({ email: "wait@example.com", list: "spring-school" }))).json(),
    ).toEqual({ success: true, message: "You've been added!" });
    expect(await count("SELECT count(*) AS n FROM waitlist_entries WHERE email = 'wait@example.com'")).toBe(1);
    for (const body of [{}, { email: "nope" }, { email: 7 }]) {
      const response = await call("/api/waitlist/add", json(body));
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ success: false, message: "Failed to add to waitlist" });
    }
    expect(
      (await call("/api/waitlist/add", { method: "POST", body: "[", headers: { "Content-Type": "application/json" } }))
        .status,
    ).toBe(400);
  });

  it("POST /api/confirmEmail sends a code to an unverified account and answers the same for any email", async () => {
    await account("confirm@example.com");
    expect(await (await call("/api/confirmEmail", form({ email: "confirm@example.com" }))).json()).toEqual({
      success: true,
    });
    expect(await (await call("/api/confirmEmail", form({ email: "nobody-here@example.com" }))).json()).toEqual({
      success: true,
    });
    expect(await latestCode("confirm@example.com")).toMatch(/^\d{6}$/);
    expect(await count("SELECT count(*) AS n FROM outbox_emails WHERE \"to\" = 'nobody-here@example.com'")).toBe(0);
    expect((await call("/api/confirmEmail", form({ email: "bad" }))).status).toBe(400);
  });
});

describe("Join Waitlist form", () => {
  it("adds the email to the page's list and shows the done step", async () => {
    const response = await call("/auth/join-waitlist", form({ email: "joiner@example.com", page: "/classes?x=1" }));
    expect(response.headers.get("location")).toBe("/classes?x=1&auth=JoinWaitlist&authStep=DONE");
    expect(
      await env.DB.prepare("SELECT list FROM waitlist_entries WHERE email = 'joiner@example.com'").first(),
    ).toEqual({ list: "/classes" });
    const done = await (await call("/classes?x=1&auth=JoinWaitlist&authStep=DONE")).text();
    expect(done).toContain("You&#x27;ve been added!");
    expect(done).toContain('href="/v2/classes"');
    expect(await (await call("/auth/join-waitlist", form({ email: "", page: "/" }))).text()).toContain(
      "Please input an email",
    );
  });
});

describe("social sign-in completion", () => {
  const profile = (over: Partial<SocialProfile>): SocialProfile => ({
    provider: "google",
    subject: "sub-1",
    email: "social@example.com",
    emailVerified: true,
    firstName: "Social",
    lastName: "User",
    ...over,
  });

  it("creates a user without a password, then finds them by the provider's subject even after an email change", async () => {
    const app = testApp();
    const first = await userForSocialProfile(app, profile({ subject: "sub-new", email: "new.social@example.com" }));
    expect(first.created).toBe(true);
    expect(first.user).toMatchObject({ firstName: "Social", lastName: "User", emailVerified: true });
    expect(await count("SELECT count(*) AS n FROM password_credentials WHERE user_id = ?", first.user.id)).toBe(0);
    const again = await userForSocialProfile(app, profile({ subject: "sub-new", email: "changed@example.com" }));
    expect(again).toMatchObject({ created: false, user: { id: first.user.id } });
  });

  it("links to an existing account only when the provider verified the email", async () => {
    const app = testApp();
    await createAccount(app, {
      email: "linkme@example.com",
      firstName: "Link",
      lastName: "Me",
      password: "first password",
    });
    await expect(
      userForSocialProfile(
        app,
        profile({ subject: "sub-unverified", email: "linkme@example.com", emailVerified: false }),
      ),
    ).rejects.toBeInstanceOf(SocialSignInError);
    const linked = await userForSocialProfile(
      app,
      profile({ provider: "apple", subject: "sub-verified", email: "linkme@example.com" }),
    );
    expect(linked).toMatchObject({ created: false, user: { firstName: "Link" } });
    expect(await count("SELECT count(*) AS n FROM social_accounts WHERE user_id = ?", linked.user.id)).toBe(1);
  });

  it("refuses a profile without an email", async () => {
    await expect(userForSocialProfile(testApp(), profile({ subject: "sub-none", email: null }))).rejects.toMatchObject({
      kind: "no_email",
    });
  });

  it("a callback without a started sign-in is refused", async () => {
    const response = await call("/auth/callback?code=abc&state=def");
    expect(response.status).toBe(303);
    expect(response.headers.get("set-cookie")).toContain("studio_toast=");
    expect(response.headers.get("set-cookie")).not.toContain("studio_session=");
  });

  it("an unknown provider cannot be started", async () => {
    const response = await call("/auth/social/myspace", form({ page: "/classes" }));
    expect(response.headers.get("location")).toBe("/classes?auth=Login");
  });
});

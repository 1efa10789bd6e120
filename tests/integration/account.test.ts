import { generateTOTP } from "@epic-web/totp";
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { checkSignInCode } from "~/features/identity/totp.server";
import { signOut } from "~/http/session.server";
import { signIn } from "~/http/sign-in.server";
import { call, testApp } from "./app-context";

const form = (fields: Record<string, string>, cookie?: string) => ({
  method: "POST",
  body: new URLSearchParams(fields),
  headers: { "Content-Type": "application/x-www-form-urlencoded", ...(cookie ? { Cookie: cookie } : {}) },
});
const cookiesOf = (response: Response) => response.headers.getSetCookie().map((c) => c.split(";")[0]);
const jar = (...lists: string[][]) => {
  const byName = new Map<string, string>();
  for (const cookie of lists.flat()) byName.set(cookie.split("=")[0], cookie);
  return [...byName.values()].filter((c) => !c.endsWith("=")).join("; ");
};
/** The code an authenticator app would show now. */
const totp = async (secret: string) => (await generateTOTP({ secret, period: 30, digits: 6, algorithm: "SHA-1" })).otp;

async function signUp(email: string, password = "first password") {
  const response = await call("/auth/create-account", form({ email, firstName: "Kim", lastName: "Lee", password }));
  expect(response.status).toBe(303);
  return jar(cookiesOf(response));
}

async function logIn(email: string, password: string, cookie = "") {
  return call("/auth/login", form({ email, password, page: "/classes" }, cookie));
}

async function userId(email: string) {
  return (await env.DB.prepare("SELECT id FROM users WHERE email = ?").bind(email).first<{ id: string }>())!.id;
}

async function turnOnAuthenticator(cookie: string) {
  expect((await call("/account", form({ intent: "totp-start" }, cookie))).headers.get("location")).toBe(
    "/account?setup=totp#authenticator",
  );
  const page = await (await call("/account?setup=totp", { headers: { Cookie: cookie } })).text();
  const secret = page.match(/account__secret">([A-Z2-7]+)</)![1];
  expect(page).toContain("<svg");
  const wrong = await call("/account", form({ intent: "totp-verify", code: "000000" }, cookie));
  expect(wrong.status).toBe(400);
  const right = await call("/account", form({ intent: "totp-verify", code: await totp(secret) }, cookie));
  expect(right.headers.get("location")).toBe("/account#authenticator");
  return secret;
}

describe("/account", () => {
  it("sends visitors to Log In and back", async () => {
    const response = await call("/account");
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/?auth=Login&redirect=%2Faccount");
    expect((await call("/account", form({ intent: "delete", confirm: "DELETE" }))).status).toBe(302);
  });

  it("saves the profile with the spec's name rules", async () => {
    const cookie = await signUp("profile@example.com");
    const bad = await call("/account", form({ intent: "profile", firstName: "", lastName: "L".repeat(21) }, cookie));
    expect(bad.status).toBe(400);
    const html = await bad.text();
    expect(html).toContain("You must provide a first name.");
    expect(html).toContain("Last name can&#x27;t be longer than 20 characters long");
    const ok = await call(
      "/account",
      form({ intent: "profile", firstName: "Kimberly", lastName: "Lee", miniBio: "Bassist." }, cookie),
    );
    expect(ok.status).toBe(303);
    expect(
      await env.DB.prepare(
        "SELECT first_name AS f, mini_bio AS b FROM users WHERE email = 'profile@example.com'",
      ).first(),
    ).toEqual({ f: "Kimberly", b: "Bassist." });
  });

  it("changes the password only with the current one, and signs other devices out", async () => {
    const here = await signUp("change@example.com");
    const elsewhere = jar(cookiesOf(await logIn("change@example.com", "first password")));
    const wrong = await call(
      "/account",
      form({ intent: "password", currentPassword: "not it at all", newPassword: "second password" }, here),
    );
    expect(wrong.status).toBe(400);
    expect(await wrong.text()).toContain("Incorrect password.");
    const ok = await call(
      "/account",
      form({ intent: "password", currentPassword: "first password", newPassword: "second password" }, here),
    );
    expect(ok.status).toBe(303);
    expect(await (await call("/", { headers: { Cookie: here } })).text()).toContain("Hi, ");
    expect(await (await call("/", { headers: { Cookie: elsewhere } })).text()).not.toContain("Hi, ");
    expect((await logIn("change@example.com", "second password")).status).toBe(303);
  });

  it("lists devices and forgets one, which signs it out", async () => {
    const first = await signUp("devices@example.com");
    const second = jar(cookiesOf(await logIn("devices@example.com", "first password")));
    const page = await (await call("/account", { headers: { Cookie: first } })).text();
    expect(page.match(/account__device"/g)).toHaveLength(2);
    expect(page).toContain("This device");
    const device = await env.DB.prepare(
      "SELECT d.id FROM devices d JOIN sessions s ON s.device_id = d.id WHERE s.user_id = ? ORDER BY s.created_at DESC LIMIT 1",
    )
      .bind(await userId("devices@example.com"))
      .first<{ id: string }>();
    expect(
      (await call("/account", form({ intent: "device-forget", deviceId: device!.id }, first))).headers.get("location"),
    ).toBe("/account#devices");
    expect(await (await call("/", { headers: { Cookie: second } })).text()).not.toContain("Hi, ");
    expect(await (await call("/", { headers: { Cookie: first } })).text()).toContain("Hi, ");
    // Someone else's device id changes nothing.
    const stranger = await signUp("stranger@example.com");
    const mine = await env.DB.prepare("SELECT id FROM devices WHERE user_id = ?")
      .bind(await userId("devices@example.com"))
      .first<{ id: string }>();
    await call("/account", form({ intent: "device-forget", deviceId: mine!.id }, stranger));
    expect(await env.DB.prepare("SELECT count(*) AS n FROM devices WHERE id = ?").bind(mine!.id).first()).toEqual({
      n: 1,
    });
  });

  it("signs out everywhere", async () => {
    const first = await signUp("everywhere@example.com");
    const second = jar(cookiesOf(await logIn("everywhere@example.com", "first password")));
    const response = await call("/account", form({ intent: "signout-everywhere" }, first));
    expect(response.headers.get("location")).toBe("/");
    for (const cookie of [first, second])
      expect(await (await call("/", { headers: { Cookie: cookie } })).text()).not.toContain("Hi, ");
  });

  it("deletes the account only when confirmed, with what was kept under its email", async () => {
    const cookie = await signUp("leaving@example.com");
    await call("/api/waitlist/add", {
      method: "POST",
      body: JSON.stringify({ email: "leaving@example.com" }),
      headers: { "Content-Type": "application/json" },
    });
    const unconfirmed = await call("/account", form({ intent: "delete", confirm: "delete" }, cookie));
    expect(unconfirmed.status).toBe(400);
    expect(await unconfirmed.text()).toContain("Type DELETE to confirm.");
    expect(
      (await call("/account", form({ intent: "delete", confirm: "DELETE" }, cookie))).headers.get("location"),
    ).toBe("/");
    for (const table of ["users WHERE email", "waitlist_entries WHERE email"]) {
      expect(await env.DB.prepare(`SELECT count(*) AS n FROM ${table} = 'leaving@example.com'`).first()).toEqual({
        n: 0,
      });
    }
    expect((await logIn("leaving@example.com", "first password")).status).toBe(400);
  });
});

describe("sign-in with an authenticator app", () => {
  it("asks for the code before any session exists, then signs in; a remembered device skips it", async () => {
    const cookie = await signUp("mfa@example.com");
    const secret = await turnOnAuthenticator(cookie);
    expect(
      await env.DB.prepare("SELECT preferred_mfa AS p FROM users WHERE email = 'mfa@example.com'").first(),
    ).toEqual({ p: "SOFTWARE_TOKEN_MFA" });

    const password = await logIn("mfa@example.com", "first password");
    expect(password.headers.get("location")).toBe("/classes?auth=Login&authStep=MFA&authEmail=mfa%40example.com");
    const challenge = jar(cookiesOf(password));
    expect(challenge).toContain("studio_mfa=");
    expect(challenge).not.toContain("studio_session=");

    const wrong = await call("/auth/login", form({ step: "MFA", code: "000000", page: "/classes" }, challenge));
    expect(wrong.status).toBe(400);
    expect(await wrong.text()).toContain("Invalid code received for user");
    expect(
      await (await call("/auth/login", form({ step: "MFA", code: "", page: "/classes" }, challenge))).text(),
    ).toContain("Challenge response cannot be empty");

    // The code used to turn the app on cannot be replayed in the same 30 s step; the test moves the clock on.
    await env.DB.prepare("UPDATE totp_factors SET last_step = last_step - 2 WHERE user_id = ?")
      .bind(await userId("mfa@example.com"))
      .run();
    const code = await totp(secret);
    const signedIn = await call(
      "/auth/login",
      form({ step: "MFA", code, remember: "on", page: "/classes" }, challenge),
    );
    expect(signedIn.status).toBe(303);
    const browser = jar(cookiesOf(password), cookiesOf(signedIn));
    expect(browser).toContain("studio_session=");
    // The challenge is spent: the same cookie and code cannot make a second session.
    expect((await call("/auth/login", form({ step: "MFA", code, page: "/classes" }, challenge))).status).toBe(400);

    // The remembered device signs in with the password alone; a new browser still needs the code.
    expect((await logIn("mfa@example.com", "first password", browser)).headers.get("location")).toBe("/");
    expect((await logIn("mfa@example.com", "first password")).headers.get("location")).toContain("authStep=MFA");
  });

  it("asks for the code after a password reset too: a reset proves the email, not the second factor", async () => {
    const cookie = await signUp("mfa-reset@example.com");
    await turnOnAuthenticator(cookie);
    expect(
      (await call("/auth/reset-password", form({ step: "EMAIL", email: "mfa-reset@example.com", page: "/classes" })))
        .status,
    ).toBe(303);
    const sent = await env.DB.prepare(
      "SELECT text FROM outbox_emails WHERE \"to\" = 'mfa-reset@example.com' ORDER BY created_at DESC LIMIT 1",
    ).first<{ text: string }>();
    const code = sent!.text.match(/code is (\d{6})/)![1];
    const checked = await call(
      "/auth/reset-password",
      form({ step: "CODE", email: "mfa-reset@example.com", code, page: "/classes" }),
    );
    const reset = await call(
      "/auth/reset-password",
      form(
        { step: "NEWPASSWORD", email: "mfa-reset@example.com", password: "second password", page: "/classes" },
        jar(cookiesOf(checked)),
      ),
    );
    expect(reset.status).toBe(303);
    expect(reset.headers.get("location")).toBe("/classes?auth=Login&authStep=MFA&authEmail=mfa-reset%40example.com");
    const cookies = jar(cookiesOf(checked), cookiesOf(reset));
    expect(cookies).toContain("studio_mfa=");
    expect(cookies).not.toContain("studio_session=");
    // The reset cookie is spent with the code.
    expect(cookies).not.toContain("studio_reset=");
  });

  it("never accepts the same code twice, even at once", async () => {
    const cookie = await signUp("replay@example.com");
    const secret = await turnOnAuthenticator(cookie);
    const id = await userId("replay@example.com");
    await env.DB.prepare("UPDATE totp_factors SET last_step = last_step - 2 WHERE user_id = ?").bind(id).run();
    const code = await totp(secret);
    const results = await Promise.all([checkSignInCode(testApp(), id, code), checkSignInCode(testApp(), id, code)]);
    expect(results.sort()).toEqual([false, true]);
  });

  it("removing the app turns MFA off", async () => {
    const cookie = await signUp("remove@example.com");
    await turnOnAuthenticator(cookie);
    await call("/account", form({ intent: "totp-remove" }, cookie));
    expect(
      await env.DB.prepare("SELECT preferred_mfa AS p FROM users WHERE email = 'remove@example.com'").first(),
    ).toEqual({ p: "NOMFA" });
    expect((await logIn("remove@example.com", "first password")).headers.get("location")).toBe("/");
  });
});

describe("profile photo", () => {
  // A 1x1 PNG.
  const png = Uint8Array.from(
    atob("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII="),
    (c) => c.charCodeAt(0),
  );
  const upload = (cookie: string, file: File | null, extra: Record<string, string> = {}) => {
    const body = new FormData();
    body.set("intent", "profile");
    body.set("firstName", "Kim");
    body.set("lastName", "Lee");
    for (const [k, v] of Object.entries(extra)) body.set(k, v);
    if (file) body.set("photo", file);
    return call("/account", { method: "POST", body, headers: { Cookie: cookie } });
  };

  it("stores a real image in R2, serves it from /media, replaces and removes it", async () => {
    const cookie = await signUp("photo@example.com");
    expect((await upload(cookie, new File([png], "me.png", { type: "image/png" }))).status).toBe(303);
    const first = (await env.DB.prepare(
      "SELECT profile_photo AS p FROM users WHERE email = 'photo@example.com'",
    ).first<{ p: string }>())!.p;
    expect(first).toMatch(/^\/media\/profile-photos\/[0-9a-f-]{36}\/[0-9a-f-]{36}\.png$/);
    const served = await call(first);
    expect(served.headers.get("content-type")).toBe("image/png");
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(png);

    await upload(cookie, new File([png], "again.png", { type: "image/png" }));
    const second = (await env.DB.prepare(
      "SELECT profile_photo AS p FROM users WHERE email = 'photo@example.com'",
    ).first<{ p: string }>())!.p;
    expect(second).not.toBe(first);
    expect((await call(first)).status).toBe(404);

    await upload(cookie, null, { removePhoto: "on" });
    expect(
      await env.DB.prepare("SELECT profile_photo AS p FROM users WHERE email = 'photo@example.com'").first(),
    ).toEqual({ p: null });
    expect((await call(second)).status).toBe(404);
  });

  it("refuses a file that is not an image, whatever it claims, and changes nothing", async () => {
    const cookie = await signUp("fake-photo@example.com");
    const response = await upload(cookie, new File(["<script>alert(1)</script>"], "evil.png", { type: "image/png" }));
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("The photo must be a PNG, JPEG, GIF or WebP image.");
    expect(
      await env.DB.prepare("SELECT profile_photo AS p FROM users WHERE email = 'fake-photo@example.com'").first(),
    ).toEqual({ p: null });
    expect((await call("/media/../secrets")).status).toBe(404);
    expect((await call("/media/other/thing.png")).status).toBe(404);
  });
});

describe("the identity cookie (spec 7, 9)", () => {
  it("lasts 365 days, like its session, and is set on the parent domain where the deployment has one", async () => {
    const response = await call(
      "/auth/create-account",
      form({ email: "year@example.com", firstName: "Kim", lastName: "Lee", password: "first password" }),
    );
    const session = response.headers.getSetCookie().find((c) => c.startsWith("studio_session="))!;
    expect(session).toMatch(/Max-Age=31536000/);
    expect(session).not.toMatch(/Domain=/i);
    const id = await userId("year@example.com");
    const row = await env.DB.prepare("SELECT expires_at - created_at AS ms FROM sessions WHERE user_id = ?")
      .bind(id)
      .first<{ ms: number }>();
    expect(row!.ms).toBe(365 * 86_400_000);

    const app = testApp({ env: { ...testApp().env, SESSION_COOKIE_DOMAIN: "studio.example" } });
    const onProduct = await signIn(app, new Request("https://www.studio.example/auth/login"), id);
    expect(onProduct.find((c) => c.startsWith("studio_session="))).toMatch(/Domain=studio\.example; .*Secure/);
    expect(onProduct.find((c) => c.startsWith("studio_device="))).toMatch(/Domain=studio\.example/);
    const token = onProduct.find((c) => c.startsWith("studio_session="))!.split(";")[0];
    const ended = await signOut(
      app,
      new Request("https://app.studio.example/auth/logout", { headers: { Cookie: token } }),
    );
    // Cleared where it was set, or the browser would keep the parent domain's cookie.
    expect(ended).toMatch(/^studio_session=; Max-Age=0; Domain=studio\.example/);
    // A preview deployment keeps host-only cookies.
    const onPreview = await signIn(app, new Request("https://studio-preview.workers.dev/auth/login"), id);
    expect(onPreview.find((c) => c.startsWith("studio_session="))).not.toMatch(/Domain=/i);
  });
});

describe("/account: confirming the email, then codes by email", () => {
  const codeFor = async (email: string) =>
    (await env.DB.prepare('SELECT text FROM outbox_emails WHERE "to" = ? ORDER BY created_at DESC LIMIT 1')
      .bind(email)
      .first<{ text: string }>())!.text.match(/code is (\d{6})/)![1];
  const verified = async (email: string) =>
    (await env.DB.prepare("SELECT email_verified AS v, mfa_enabled AS m FROM users WHERE email = ?")
      .bind(email)
      .first<{ v: number; m: string }>())!;

  it("sends a code, takes it, and only then turns codes by email on", async () => {
    const email = "confirm-on-account@example.com";
    const cookie = await signUp(email);
    const page = await (await call("/account", { headers: { Cookie: cookie } })).text();
    expect(page).toContain("Confirm your email to get log-in codes by email.");
    // Codes by email cannot be turned on before: a forged post changes nothing.
    const early = await call("/account", form({ intent: "email-mfa-on" }, cookie));
    expect(early.headers.get("location")).toBe("/account#authenticator");
    expect(await verified(email)).toEqual({ v: 0, m: "[]" });

    const sent = await call("/account", form({ intent: "email-confirm-send" }, cookie));
    expect(sent.headers.get("location")).toBe("/account?confirm=email#authenticator");
    const asking = (await (await call("/account?confirm=email", { headers: { Cookie: cookie } })).text()).replace(
      /<!-- -->/g,
      "",
    );
    expect(asking).toContain(`Enter the code we sent to ${email}.`);
    for (const code of ["", "000000"]) {
      const wrong = await call("/account", form({ intent: "email-confirm", code }, cookie));
      expect(wrong.status).toBe(400);
    }
    expect(await (await call("/account", form({ intent: "email-confirm", code: "000000" }, cookie))).text()).toContain(
      "Invalid verification code provided, please try again.",
    );
    const right = await call("/account", form({ intent: "email-confirm", code: await codeFor(email) }, cookie));
    expect(right.headers.get("location")).toBe("/account#authenticator");
    expect((await verified(email)).v).toBe(1);

    await call("/account", form({ intent: "email-mfa-on" }, cookie));
    expect(await verified(email)).toEqual({ v: 1, m: '["EMAIL_OTP"]' });
    const login = await logIn(email, "first password");
    expect(login.headers.get("location")).toContain("authStep=EMAIL_MFA");
  });
});

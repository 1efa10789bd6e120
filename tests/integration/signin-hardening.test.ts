// Sign-in hardening (issue 19, section 3): attempts claimed before checking, per-client and global
// throttles, no user enumeration on the identity API, common passwords refused, ChangePassword revokes.
import { generateTOTP } from "@epic-web/totp";
import { env } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import { deleteAccount } from "~/features/identity/account.server";
import { authenticate, createAccount } from "~/features/identity/accounts.server";
import { sendResetCode, verifyResetCode } from "~/features/identity/reset-password.server";
import { confirmEmailWithCode } from "~/features/identity/verification.server";
import { CLIENT_FAILURE_POLICY, GLOBAL_FAILURE_POLICY, messages } from "~/features/identity/rules";
import { clientOf, type Client } from "~/platform/client.server";
import { parseEnv, type Bindings } from "~/platform/env";
import { call, testApp } from "./app-context";
import { expectRevoked, identity, latestCode } from "./identity-helpers";

const form = (fields: Record<string, string>, cookie = "") => ({
  method: "POST",
  body: new URLSearchParams(fields),
  headers: { "Content-Type": "application/x-www-form-urlencoded", ...(cookie ? { Cookie: cookie } : {}) },
});
const cookieOf = (response: Response, name: string) =>
  response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .find((c) => c.startsWith(`${name}=`))!;

const counter = (key: string) =>
  env.DB.prepare("SELECT failures FROM attempt_counters WHERE key = ?").bind(key).first<{ failures: number }>();
const tally = (values: unknown[]) =>
  values.reduce<Record<string, number>>((t, v) => ({ ...t, [String(v)]: (t[String(v)] ?? 0) + 1 }), {});

async function apiAccount(email: string, password = "first password") {
  const signUp = await identity("SignUp", {
    Username: crypto.randomUUID(),
    Password: password,
    UserAttributes: [
      { Name: "email", Value: email },
      { Name: "given_name", Value: "Hal" },
    ],
  });
  expect(signUp.status).toBe(200);
  const auth = await identity("InitiateAuth", {
    AuthFlow: "USER_PASSWORD_AUTH",
    AuthParameters: { USERNAME: email, PASSWORD: password },
  });
  expect(auth.status).toBe(200);
  return auth.body.AuthenticationResult as { AccessToken: string; RefreshToken: string };
}

/** The app as production runs it (CF-Connecting-IP trusted), and a client by its address. */
const production = (now = Date.now()) =>
  testApp({ env: { ...parseEnv(env as unknown as Bindings), ENVIRONMENT: "production" }, now });
const at = (address: string): Client =>
  clientOf(
    { ENVIRONMENT: "production" },
    new Request("https://studio.example/", { headers: { "CF-Connecting-IP": address } }),
  );

// Each test is about one mechanism: the one local client's window starts empty for each.
beforeEach(async () => {
  await env.DB.prepare("DELETE FROM attempt_counters WHERE key LIKE 'failures:%'").run();
});

describe("attempts are claimed before anything is checked", () => {
  it("20 concurrent wrong passwords for one account: at most 5 are checked, and the right one then waits", async () => {
    await createAccount(testApp(), {
      email: "race-login@example.com",
      firstName: "R",
      lastName: "L",
      password: "right password",
    });
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        call("/auth/login", form({ email: "race-login@example.com", password: "wrong password" })),
      ),
    );
    const statuses = tally(answers.map((a) => a.status));
    expect(statuses["400"]).toBeLessThanOrEqual(5);
    expect(statuses["429"]).toBeGreaterThanOrEqual(15);
    expect((await counter("login:race-login@example.com"))!.failures).toBe(5);
    // During the lockout (the fifth failure's second) the right password is refused unchecked too.
    const { last } = (await env.DB.prepare(
      "SELECT last_failure_at AS last FROM attempt_counters WHERE key = 'login:race-login@example.com'",
    ).first<{ last: number }>())!;
    expect(await authenticate(testApp({ now: last + 500 }), "race-login@example.com", "right password")).toEqual({
      status: "wait",
      waitMs: 500,
    });
  });

  it("20 concurrent wrong reset codes: at most 5 are checked, and the right code then waits", async () => {
    const app = testApp();
    await createAccount(app, {
      email: "race-reset@example.com",
      firstName: "R",
      lastName: "R",
      password: "right password",
    });
    await sendResetCode(app, "race-reset@example.com");
    const code = await latestCode("race-reset@example.com");
    const wrong = code === "123456" ? "654321" : "123456";
    const outcomes = await Promise.all(
      Array.from({ length: 20 }, () => verifyResetCode(testApp(), "race-reset@example.com", wrong)),
    );
    const statuses = tally(outcomes.map((o) => o.status));
    expect(statuses.mismatch).toBeLessThanOrEqual(5);
    expect(statuses.wait).toBeGreaterThanOrEqual(15);
    const { last } = (await env.DB.prepare(
      "SELECT last_failure_at AS last FROM attempt_counters WHERE key = 'reset-code:race-reset@example.com'",
    ).first<{ last: number }>())!;
    expect(await verifyResetCode(testApp({ now: last + 500 }), "race-reset@example.com", code)).toEqual({
      status: "wait",
      waitMs: 500,
    });
  });

  it("20 concurrent wrong authenticator codes at sign-in: at most 5 are checked", async () => {
    const tokens = await apiAccount("race-totp@example.com");
    const { SecretCode } = (await identity("AssociateSoftwareToken", { AccessToken: tokens.AccessToken })).body;
    const totp = async () =>
      (await generateTOTP({ secret: SecretCode, period: 30, digits: 6, algorithm: "SHA-1" })).otp;
    expect(
      (await identity("VerifySoftwareToken", { AccessToken: tokens.AccessToken, UserCode: await totp() })).status,
    ).toBe(200);
    expect(
      (
        await identity("SetUserMFAPreference", {
          AccessToken: tokens.AccessToken,
          SoftwareTokenMfaSettings: { Enabled: true, PreferredMfa: true },
        })
      ).status,
    ).toBe(200);
    const challenge = await identity("InitiateAuth", {
      AuthFlow: "USER_PASSWORD_AUTH",
      AuthParameters: { USERNAME: "race-totp@example.com", PASSWORD: "first password" },
    });
    const right = await totp();
    const wrong = right === "000000" ? "111111" : "000000";
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        identity("RespondToAuthChallenge", {
          ChallengeName: "SOFTWARE_TOKEN_MFA",
          Session: challenge.body.Session,
          ChallengeResponses: { SOFTWARE_TOKEN_MFA_CODE: wrong },
        }),
      ),
    );
    const types = tally(answers.map((a) => a.body.__type));
    expect(types.CodeMismatchException).toBeLessThanOrEqual(5);
    expect(types.TooManyRequestsException).toBeGreaterThanOrEqual(15);
  });

  it("20 concurrent wrong email confirmation codes: at most 5 are checked", async () => {
    const tokens = await apiAccount("race-confirm@example.com");
    expect(
      (await identity("GetUserAttributeVerificationCode", { AccessToken: tokens.AccessToken, AttributeName: "email" }))
        .status,
    ).toBe(200);
    const code = await latestCode("race-confirm@example.com");
    const wrong = code === "123456" ? "654321" : "123456";
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        identity("VerifyUserAttribute", { AccessToken: tokens.AccessToken, AttributeName: "email", Code: wrong }),
      ),
    );
    const types = tally(answers.map((a) => a.body.__type));
    expect(types.CodeMismatchException).toBeLessThanOrEqual(5);
    expect(types.LimitExceededException).toBeGreaterThanOrEqual(15);
    const user = (await env.DB.prepare("SELECT id FROM users WHERE email = 'race-confirm@example.com'").first<{
      id: string;
    }>())!;
    const { last } = (await env.DB.prepare("SELECT last_failure_at AS last FROM attempt_counters WHERE key = ?")
      .bind(`confirm-code:${user.id}`)
      .first<{ last: number }>())!;
    expect(await confirmEmailWithCode(testApp({ now: last + 500 }), user.id, code)).toEqual({ waitMs: 500 });
  });
});

describe("per-client and global throttles (production: CF-Connecting-IP)", () => {
  it("one client cannot keep an account locked for anyone else", async () => {
    const t0 = Date.now();
    await createAccount(testApp(), {
      email: "victim@example.com",
      firstName: "V",
      lastName: "C",
      password: "right password",
    });
    const attacker = at("198.51.100.1");
    for (let i = 0; i < 5; i++)
      expect((await authenticate(production(t0), "victim@example.com", "wrong password", attacker)).status).toBe(
        "failed",
      );
    expect((await authenticate(production(t0 + 10), "victim@example.com", "right password", attacker)).status).toBe(
      "wait",
    );
    expect(
      (await authenticate(production(t0 + 10), "victim@example.com", "right password", at("203.0.113.20"))).status,
    ).toBe("ok");
  });

  it("only a client's free attempts count towards an email's ceiling across clients; 20 lock it for every client", async () => {
    const t0 = Date.now();
    await createAccount(testApp(), {
      email: "ceiling@example.com",
      firstName: "C",
      lastName: "E",
      password: "right password",
    });
    const first = at("198.51.100.10");
    for (let i = 0; i < 5; i++)
      expect((await authenticate(production(t0), "ceiling@example.com", "wrong password", first)).status).toBe(
        "failed",
      );
    // In its own lockout, the client's next failure (after its wait) does not push the shared ceiling.
    expect((await authenticate(production(t0 + 1000), "ceiling@example.com", "wrong password", first)).status).toBe(
      "failed",
    );
    expect((await counter("login-all:ceiling@example.com"))!.failures).toBe(5);
    for (const address of ["198.51.100.11", "198.51.100.12", "198.51.100.13"]) {
      for (let i = 0; i < 5; i++)
        expect(
          (await authenticate(production(t0 + 1000), "ceiling@example.com", "wrong password", at(address))).status,
        ).toBe("failed");
    }
    expect(
      await authenticate(production(t0 + 1000), "ceiling@example.com", "right password", at("203.0.113.30")),
    ).toMatchObject({ status: "wait" });
  });

  it(`slows one password sprayed across many emails from one client: ${CLIENT_FAILURE_POLICY.limit} failures, then it waits for the window`, async () => {
    const t0 = Date.now();
    await createAccount(testApp(), {
      email: "sprayed@example.com",
      firstName: "S",
      lastName: "P",
      password: "right password",
    });
    const sprayer = at("2001:db8:1:2::1");
    for (let i = 0; i < CLIENT_FAILURE_POLICY.limit; i++)
      expect((await authenticate(production(t0), `spray-${i}@example.com`, "right password", sprayer)).status).toBe(
        "failed",
      );
    // Any address in the same IPv6 /64 is the same client.
    const next = await authenticate(
      production(t0 + 1000),
      "sprayed@example.com",
      "right password",
      at("2001:db8:1:2:ffff::9"),
    );
    expect(next).toEqual({ status: "wait", waitMs: CLIENT_FAILURE_POLICY.windowMs - 1000 });
    expect(
      (await authenticate(production(t0 + 1000), "sprayed@example.com", "right password", at("2001:db8:1:3::1")))
        .status,
    ).toBe("ok");
    expect(
      (
        await authenticate(
          production(t0 + CLIENT_FAILURE_POLICY.windowMs),
          "sprayed@example.com",
          "right password",
          sprayer,
        )
      ).status,
    ).toBe("ok");
  });

  it(`stops every check for the rest of the window after ${GLOBAL_FAILURE_POLICY.limit} failures across the product`, async () => {
    const t0 = Date.now();
    await createAccount(testApp(), {
      email: "global@example.com",
      firstName: "G",
      lastName: "L",
      password: "right password",
    });
    await env.DB.prepare("INSERT INTO attempt_counters (key, failures, last_failure_at) VALUES ('failures:all', ?, ?)")
      .bind(GLOBAL_FAILURE_POLICY.limit, t0)
      .run();
    expect(
      await authenticate(production(t0 + 5000), "global@example.com", "right password", at("203.0.113.40")),
    ).toEqual({ status: "wait", waitMs: GLOBAL_FAILURE_POLICY.windowMs - 5000 });
    expect(
      (
        await authenticate(
          production(t0 + GLOBAL_FAILURE_POLICY.windowMs),
          "global@example.com",
          "right password",
          at("203.0.113.40"),
        )
      ).status,
    ).toBe("ok");
    await env.DB.prepare("DELETE FROM attempt_counters WHERE key = 'failures:all'").run();
  });

  it("deleting an account deletes its lockout counters for every client", async () => {
    const app = testApp();
    const user = await createAccount(app, {
      email: "leaving@example.com",
      firstName: "L",
      lastName: "V",
      password: "right password",
    });
    await authenticate(production(), "leaving@example.com", "wrong password", at("198.51.100.77"));
    await authenticate(testApp(), "leaving@example.com", "wrong password");
    await deleteAccount(app, user);
    expect(
      await env.DB.prepare("SELECT key FROM attempt_counters WHERE key LIKE '%leaving@example.com%' ORDER BY key")
        .all()
        .then((r) => r.results),
    ).toEqual([]);
  });

  it("a right password gives its claims back: successes never fill a window", async () => {
    await createAccount(testApp(), {
      email: "often@example.com",
      firstName: "O",
      lastName: "F",
      password: "right password",
    });
    for (let i = 0; i < 3; i++)
      expect((await authenticate(production(), "often@example.com", "right password", at("203.0.113.50"))).status).toBe(
        "ok",
      );
    expect(await counter("failures:ip:203.0.113.50")).toEqual({ failures: 0 });
  });

  it("locally CF-Connecting-IP is not trusted: a made-up address is the same local client", async () => {
    for (let i = 0; i < 20; i++)
      await call(`/api/users/checkUserExists?email=probe${i}@example.com`, {
        headers: { "CF-Connecting-IP": `203.0.113.${i}` },
      });
    const spoofed = await call("/api/users/checkUserExists?email=probe@example.com", {
      headers: { "CF-Connecting-IP": "192.0.2.99" },
    });
    expect(spoofed.status).toBe(429);
    await env.DB.prepare("DELETE FROM attempt_counters WHERE key = 'lookup:local'").run();
  });

  it("the web reset form's unknown-email answer sits behind the per-client lookup throttle", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++)
      statuses.push(
        (await call("/auth/reset-password", form({ step: "EMAIL", email: `nobody-${i}@example.com`, page: "/" })))
          .status,
      );
    expect(statuses.slice(0, 20).every((s) => s === 400)).toBe(true);
    const throttled = await call(
      "/auth/reset-password",
      form({ step: "EMAIL", email: "nobody-more@example.com", page: "/" }),
    );
    expect(throttled.status).toBe(429);
    expect(await throttled.text()).toMatch(/Too many attempts\. Please wait \d+ seconds? and try again\./);
    await env.DB.prepare("DELETE FROM attempt_counters WHERE key = 'lookup:local'").run();
  });
});

describe("the identity API does not tell who has an account (PreventUserExistenceErrors)", () => {
  it("ForgotPassword and ResendConfirmationCode answer unknown users as known ones", async () => {
    await apiAccount("known-user@example.com");
    const known = await identity("ForgotPassword", { Username: "known-user@example.com" });
    const unknown = await identity("ForgotPassword", { Username: "unknown-user@example.com" });
    expect(known).toEqual({
      status: 200,
      body: { CodeDeliveryDetails: { Destination: "k***@e***.com", DeliveryMedium: "EMAIL", AttributeName: "email" } },
    });
    expect(unknown).toEqual({
      status: 200,
      body: { CodeDeliveryDetails: { Destination: "u***@e***.com", DeliveryMedium: "EMAIL", AttributeName: "email" } },
    });
    const byName = await identity("ForgotPassword", { Username: "no-such-username" });
    expect(byName.status).toBe(200);
    expect(Object.keys(byName.body.CodeDeliveryDetails).sort()).toEqual([
      "AttributeName",
      "DeliveryMedium",
      "Destination",
    ]);
    expect(
      await env.DB.prepare("SELECT count(*) AS n FROM outbox_emails WHERE \"to\" = 'unknown-user@example.com'").first(),
    ).toEqual({ n: 0 });

    expect(await identity("ResendConfirmationCode", { Username: "unknown-user@example.com" })).toEqual({
      status: 200,
      body: { CodeDeliveryDetails: { Destination: "u***@e***.com", DeliveryMedium: "EMAIL", AttributeName: "email" } },
    });
    expect((await identity("ResendConfirmationCode", { Username: "known-user@example.com" })).status).toBe(200);
  });

  it("InitiateAuth says the same for an unknown user and a wrong password", async () => {
    await apiAccount("initiate@example.com");
    const wrong = await identity("InitiateAuth", {
      AuthFlow: "USER_PASSWORD_AUTH",
      AuthParameters: { USERNAME: "initiate@example.com", PASSWORD: "wrong password" },
    });
    const unknown = await identity("InitiateAuth", {
      AuthFlow: "USER_PASSWORD_AUTH",
      AuthParameters: { USERNAME: "initiate-nobody@example.com", PASSWORD: "wrong password" },
    });
    expect(wrong).toEqual({
      status: 400,
      body: { __type: "NotAuthorizedException", message: "Incorrect username or password." },
    });
    expect(unknown).toEqual(wrong);
  });

  it("SignUp with an email that has an account answers as for a new one, changes nothing and tells the owner", async () => {
    const tokens = await apiAccount("taken@example.com");
    const before = await env.DB.prepare("SELECT id FROM users WHERE email = 'taken@example.com'").first<{
      id: string;
    }>();
    const again = await identity("SignUp", {
      Username: crypto.randomUUID(),
      Password: "another password",
      UserAttributes: [{ Name: "email", Value: "TAKEN@example.com" }],
    });
    const fresh = await identity("SignUp", {
      Username: crypto.randomUUID(),
      Password: "another password",
      UserAttributes: [{ Name: "email", Value: "untaken@example.com" }],
    });
    expect(again.status).toBe(200);
    expect(Object.keys(again.body).sort()).toEqual(Object.keys(fresh.body).sort());
    expect(again.body.UserConfirmed).toBe(fresh.body.UserConfirmed);
    expect(again.body.UserSub).not.toBe(before!.id);
    expect(await env.DB.prepare("SELECT count(*) AS n FROM users WHERE email = 'taken@example.com'").first()).toEqual({
      n: 1,
    });
    expect(
      (
        await identity("InitiateAuth", {
          AuthFlow: "USER_PASSWORD_AUTH",
          AuthParameters: { USERNAME: "taken@example.com", PASSWORD: "another password" },
        })
      ).body.__type,
    ).toBe("NotAuthorizedException");
    expect((await identity("GetUser", { AccessToken: tokens.AccessToken })).status).toBe(200);
    const notice = await env.DB.prepare(
      "SELECT subject FROM outbox_emails WHERE \"to\" = 'taken@example.com' ORDER BY created_at DESC LIMIT 1",
    ).first<{ subject: string }>();
    expect(notice!.subject).toBe("You already have a Studio account");
  });

  it("ConfirmSignUp and ConfirmForgotPassword treat an unknown user's code as a wrong code", async () => {
    expect(
      (await identity("ConfirmSignUp", { Username: "ghost-confirm@example.com", ConfirmationCode: "123456" })).body,
    ).toEqual({
      __type: "CodeMismatchException",
      message: "Invalid verification code provided, please try again.",
    });
    expect(
      (
        await identity("ConfirmForgotPassword", {
          Username: "ghost-confirm@example.com",
          ConfirmationCode: "123456",
          Password: "another password",
        })
      ).body,
    ).toEqual({
      __type: "CodeMismatchException",
      message: "Invalid verification code provided, please try again.",
    });
  });
});

describe("common passwords are refused as new passwords", () => {
  const COMMON = ["password", "12345678", "aaaaaaaa", "qwertyui"];
  const policyMessage = `Password did not conform with policy: ${messages.passwordTooCommon}`;

  it("at sign-up, on the web form and the identity API", async () => {
    for (const [i, password] of COMMON.entries()) {
      const web = await call(
        "/auth/create-account",
        form({ email: `common-${i}@example.com`, firstName: "C", lastName: "P", password }),
      );
      expect(web.status).toBe(400);
      expect(await web.text()).toContain("This password is too easy to guess. Please choose a different one.");
      expect(
        await identity("SignUp", {
          Username: crypto.randomUUID(),
          Password: password,
          UserAttributes: [{ Name: "email", Value: `common-api-${i}@example.com` }],
        }),
      ).toEqual({
        status: 400,
        body: { __type: "InvalidPasswordException", message: policyMessage },
      });
    }
    expect(await env.DB.prepare("SELECT count(*) AS n FROM users WHERE email LIKE 'common-%'").first()).toEqual({
      n: 0,
    });
    // The demo accounts' kind of password still works.
    expect(
      (
        await call(
          "/auth/create-account",
          form({ email: "demo-like@example.com", firstName: "D", lastName: "L", password: "learner-demo-1" }),
        )
      ).status,
    ).toBe(303);
  });

  it("at reset, on the web form and the identity API", async () => {
    await apiAccount("common-reset@example.com");
    for (const password of COMMON) {
      const web = await call(
        "/auth/reset-password",
        form({ step: "NEWPASSWORD", email: "common-reset@example.com", password, page: "/" }, "studio_reset=x"),
      );
      expect(web.status).toBe(400);
      expect(await web.text()).toContain("This password is too easy to guess. Please choose a different one.");
      expect(
        (
          await identity("ConfirmForgotPassword", {
            Username: "common-reset@example.com",
            ConfirmationCode: "123456",
            Password: password,
          })
        ).body,
      ).toEqual({ __type: "InvalidPasswordException", message: policyMessage });
    }
  });

  it("at a password change, on /account and the identity API", async () => {
    const created = await call(
      "/auth/create-account",
      form({ email: "common-change@example.com", firstName: "C", lastName: "C", password: "first password" }),
    );
    const session = cookieOf(created, "studio_session");
    const tokens = (
      await identity("InitiateAuth", {
        AuthFlow: "USER_PASSWORD_AUTH",
        AuthParameters: { USERNAME: "common-change@example.com", PASSWORD: "first password" },
      })
    ).body.AuthenticationResult;
    for (const password of COMMON) {
      const web = await call(
        "/account",
        form({ intent: "password", currentPassword: "first password", newPassword: password }, session),
      );
      expect(web.status).toBe(400);
      expect(await web.text()).toContain("This password is too easy to guess. Please choose a different one.");
      expect(
        (
          await identity("ChangePassword", {
            AccessToken: tokens.AccessToken,
            PreviousPassword: "first password",
            ProposedPassword: password,
          })
        ).body,
      ).toEqual({ __type: "InvalidPasswordException", message: policyMessage });
    }
    expect(
      (
        await identity("InitiateAuth", {
          AuthFlow: "USER_PASSWORD_AUTH",
          AuthParameters: { USERNAME: "common-change@example.com", PASSWORD: "first password" },
        })
      ).status,
    ).toBe(200);
  });
});

describe("ChangePassword on the identity API", () => {
  it("revokes the old access token and the refresh token, as the web form does", async () => {
    const tokens = await apiAccount("change-api@example.com");
    expect(
      (
        await identity("ChangePassword", {
          AccessToken: tokens.AccessToken,
          PreviousPassword: "first password",
          ProposedPassword: "second password",
        })
      ).status,
    ).toBe(200);
    await expectRevoked(tokens);
    expect(
      (
        await identity("InitiateAuth", {
          AuthFlow: "USER_PASSWORD_AUTH",
          AuthParameters: { USERNAME: "change-api@example.com", PASSWORD: "second password" },
        })
      ).status,
    ).toBe(200);
  });
});

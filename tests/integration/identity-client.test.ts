/**
 * The hosted user pool's own browser client, amazon-cognito-identity-js, unchanged apart from its
 * endpoint, signing in through the product: USER_SRP_AUTH (its default), then the authenticator's
 * challenge. Its requests reach the worker in-process (fetch is routed to it).
 */
import { generateTOTP } from "@epic-web/totp";
import {
  CognitoUser,
  CognitoUserAttribute,
  type CognitoUserSession,
  type ISignUpResult,
} from "amazon-cognito-identity-js";
import { env } from "cloudflare:test";
import { describe, expect, it, vi } from "vitest";
import { call } from "./app-context";
import { libraryEndpoint, pool, signIn } from "./identity-client-helpers";
import { callWith, identity, latestCode } from "./identity-helpers";

const library = libraryEndpoint();

async function signUp(email: string, password: string) {
  const made = await identity("SignUp", {
    Username: email,
    Password: password,
    UserAttributes: [
      { Name: "email", Value: email },
      { Name: "given_name", Value: "Sara" },
      { Name: "family_name", Value: "Pee" },
    ],
  });
  expect(made.status).toBe(200);
  return made.body.UserSub as string;
}

const credentialOf = (email: string) =>
  env.DB.prepare(
    "SELECT c.srp_salt AS salt, c.srp_verifier AS verifier FROM password_credentials c JOIN users u ON u.id = c.user_id WHERE u.email = ?",
  )
    .bind(email)
    .first<{ salt: string | null; verifier: string | null }>();

describe("amazon-cognito-identity-js against the identity API", () => {
  it("signs up on a pool that confirms by email, is refused until it confirms, then signs in", async () => {
    library.to(callWith({ IDENTITY_SIGN_UP_CONFIRMATION: "email" }));
    const email = "srp-confirm@example.com";
    const attributes = [
      new CognitoUserAttribute({ Name: "email", Value: email }),
      new CognitoUserAttribute({ Name: "given_name", Value: "Con" }),
    ];
    const signedUp = await new Promise<ISignUpResult>((resolve, reject) =>
      pool().signUp(email, "confirm by email", attributes, [], (error, result) =>
        error ? reject(error) : resolve(result!),
      ),
    );
    expect(signedUp.userConfirmed).toBe(false);
    expect(signedUp.codeDeliveryDetails).toMatchObject({ DeliveryMedium: "EMAIL", AttributeName: "email" });
    expect(await signIn(email, "confirm by email")).toMatchObject({
      kind: "failure",
      error: { code: "UserNotConfirmedException", message: "User is not confirmed." },
    });
    const user = new CognitoUser({ Username: email, Pool: pool() });
    const code = await latestCode(email);
    const refused = await new Promise((resolve, reject) =>
      user.confirmRegistration(code === "000000" ? "111111" : "000000", false, (error, result) =>
        error ? resolve(error) : reject(new Error(`a wrong code was taken: ${result}`)),
      ),
    );
    expect(refused).toMatchObject({ code: "CodeMismatchException" });
    expect(
      await new Promise((resolve, reject) =>
        user.confirmRegistration(code, false, (error, result) => (error ? reject(error) : resolve(result))),
      ),
    ).toBe("SUCCESS");
    expect((await signIn(email, "confirm by email")).kind).toBe("success");
  });

  it("signs up and signs in with USER_SRP_AUTH, its default flow; the tokens work on the API", async () => {
    const sub = await signUp("srp-client@example.com", "a long srp password");
    expect(await credentialOf("srp-client@example.com")).toMatchObject({
      salt: expect.stringMatching(/^[0-9a-f]+$/),
      verifier: expect.stringMatching(/^[0-9a-f]+$/),
    });
    const outcome = await signIn("srp-client@example.com", "a long srp password");
    expect(outcome.kind).toBe("success");
    const session = (outcome as { session: CognitoUserSession }).session;
    expect(session.getIdToken().decodePayload()).toMatchObject({ sub, email: "srp-client@example.com" });
    const me = await call("/api/users/getBasicUserInfo", {
      headers: { Authorization: `Bearer ${session.getAccessToken().getJwtToken()}` },
    });
    expect(me.status).toBe(200);
    // The library reads the tokens' expiry from the JWTs: the session is valid, so it asks for no refresh.
    expect(session.isValid()).toBe(true);
    expect(session.getAccessToken().getExpiration() - session.getAccessToken().getIssuedAt()).toBe(3600);
    const requests = vi.mocked(fetch).mock.calls.length;
    const current = pool().getCurrentUser()!;
    const again = await new Promise<CognitoUserSession>((resolve, reject) =>
      current.getSession((error: Error | null, found: CognitoUserSession) => (error ? reject(error) : resolve(found))),
    );
    expect(again.getAccessToken().getJwtToken()).toBe(session.getAccessToken().getJwtToken());
    expect(vi.mocked(fetch).mock.calls.length).toBe(requests);
    // The sign-in was spent: nothing is left waiting.
    expect((await env.DB.prepare("SELECT count(*) AS n FROM srp_sign_ins").first<{ n: number }>())!.n).toBe(0);
  });

  it("refuses a wrong password and an unknown user with the same error, and counts the failures", async () => {
    await signUp("srp-wrong@example.com", "the right password");
    const wrong = await signIn("srp-wrong@example.com", "the wrong password");
    const unknown = await signIn("nobody-srp@example.com", "any password at all");
    for (const outcome of [wrong, unknown]) {
      expect(outcome).toMatchObject({
        kind: "failure",
        error: { code: "NotAuthorizedException", message: "Incorrect username or password." },
      });
    }
    const failures = await env.DB.prepare("SELECT failures FROM attempt_counters WHERE key LIKE ?")
      .bind("login%srp-wrong@example.com%")
      .first<{ failures: number }>();
    expect(failures?.failures ?? 0).toBeGreaterThanOrEqual(1);
  });

  it("gives a password set before SRP a verifier at its next password sign-in, then SRP works", async () => {
    await signUp("srp-legacy@example.com", "an older password");
    await env.DB.prepare(
      "UPDATE password_credentials SET srp_salt = NULL, srp_verifier = NULL WHERE user_id = (SELECT id FROM users WHERE email = ?)",
    )
      .bind("srp-legacy@example.com")
      .run();
    expect((await signIn("srp-legacy@example.com", "an older password")).kind).toBe("failure");
    const plain = await identity("InitiateAuth", {
      AuthFlow: "USER_PASSWORD_AUTH",
      AuthParameters: { USERNAME: "srp-legacy@example.com", PASSWORD: "an older password" },
    });
    expect(plain.status).toBe(200);
    expect((await credentialOf("srp-legacy@example.com"))?.verifier).toMatch(/^[0-9a-f]+$/);
    expect((await signIn("srp-legacy@example.com", "an older password")).kind).toBe("success");
  });

  it("asks for the authenticator's code after SRP, and signs in with it", async () => {
    const sub = await signUp("srp-mfa@example.com", "mfa srp password");
    const first = await identity("InitiateAuth", {
      AuthFlow: "USER_PASSWORD_AUTH",
      AuthParameters: { USERNAME: "srp-mfa@example.com", PASSWORD: "mfa srp password" },
    });
    const access = first.body.AuthenticationResult.AccessToken as string;
    const secret = (await identity("AssociateSoftwareToken", { AccessToken: access })).body.SecretCode as string;
    const { otp } = await generateTOTP({ secret, algorithm: "SHA-1" });
    expect((await identity("VerifySoftwareToken", { AccessToken: access, UserCode: otp })).body.Status).toBe("SUCCESS");
    await identity("SetUserMFAPreference", {
      AccessToken: access,
      SoftwareTokenMfaSettings: { Enabled: true, PreferredMfa: true },
    });

    // Each code works once per 30-second step: the set-up code's step is moved back, as if a minute had passed.
    await env.DB.prepare("UPDATE totp_factors SET last_step = last_step - 2 WHERE user_id = ?").bind(sub).run();
    const outcome = await signIn("srp-mfa@example.com", "mfa srp password");
    expect(outcome.kind).toBe("totp");
    const user = (outcome as { user: CognitoUser }).user;
    const code = (await generateTOTP({ secret, algorithm: "SHA-1", period: 30 })).otp;
    const session = await new Promise<CognitoUserSession>((resolve, reject) =>
      user.sendMFACode(code, { onSuccess: resolve, onFailure: reject }, "SOFTWARE_TOKEN_MFA"),
    );
    expect(session.getIdToken().decodePayload()).toMatchObject({ email: "srp-mfa@example.com" });
  });
});

describe("PASSWORD_VERIFIER answers that are not a client's", () => {
  it("refuses a made-up secret block; a secret block is spent by its first answer", async () => {
    await signUp("srp-forged@example.com", "forged password");
    const answer = (block: string, timestamp = "Thu Nov 26 09:05:07 UTC 2026") =>
      identity("RespondToAuthChallenge", {
        ChallengeName: "PASSWORD_VERIFIER",
        ClientId: "studio-web",
        ChallengeResponses: {
          USERNAME: "srp-forged@example.com",
          PASSWORD_CLAIM_SECRET_BLOCK: block,
          TIMESTAMP: timestamp,
          PASSWORD_CLAIM_SIGNATURE: btoa("x".repeat(32)),
        },
      });
    expect(await answer(btoa("made up"))).toMatchObject({
      status: 400,
      body: { __type: "NotAuthorizedException", message: "Incorrect username or password." },
    });
    const started = await identity("InitiateAuth", {
      AuthFlow: "USER_SRP_AUTH",
      AuthParameters: { USERNAME: "srp-forged@example.com", SRP_A: "abc123" },
    });
    expect(started.body).toMatchObject({
      ChallengeName: "PASSWORD_VERIFIER",
      ChallengeParameters: { SALT: expect.any(String), SRP_B: expect.any(String), SECRET_BLOCK: expect.any(String) },
    });
    const block = started.body.ChallengeParameters.SECRET_BLOCK as string;
    expect((await answer(block)).body.__type).toBe("NotAuthorizedException");
    // Spent by the first answer, right or wrong.
    expect((await answer(block)).body.__type).toBe("NotAuthorizedException");
  });

  it("answers a missing or invalid SRP_A, and a missing response field, with InvalidParameterException", async () => {
    const base = { AuthFlow: "USER_SRP_AUTH", AuthParameters: { USERNAME: "someone@example.com" } };
    expect((await identity("InitiateAuth", base)).body).toMatchObject({
      __type: "InvalidParameterException",
      message: "SRP_A cannot be empty",
    });
    for (const SRP_A of ["0", "not hex", "f".repeat(2000)]) {
      const started = await identity("InitiateAuth", { ...base, AuthParameters: { ...base.AuthParameters, SRP_A } });
      expect(started.body).toMatchObject({ __type: "InvalidParameterException", message: "Invalid SRP_A" });
    }
    const missing = await identity("RespondToAuthChallenge", {
      ChallengeName: "PASSWORD_VERIFIER",
      ChallengeResponses: { USERNAME: "someone@example.com" },
    });
    expect(missing.body.__type).toBe("InvalidParameterException");
  });

  it("gives an unknown user a challenge of the same shape, the same each time", async () => {
    const start = () =>
      identity("InitiateAuth", {
        AuthFlow: "USER_SRP_AUTH",
        AuthParameters: { USERNAME: "ghost-srp@example.com", SRP_A: "abc123" },
      });
    const [one, two] = [await start(), await start()];
    expect(one.status).toBe(200);
    expect(one.body.ChallengeParameters.USER_ID_FOR_SRP).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-8[0-9a-f]{3}-[0-9a-f]{12}$/,
    );
    expect(two.body.ChallengeParameters.USER_ID_FOR_SRP).toBe(one.body.ChallengeParameters.USER_ID_FOR_SRP);
  });
});

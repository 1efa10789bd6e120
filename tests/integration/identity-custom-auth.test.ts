/**
 * Passwordless sign-in on the identity API: CUSTOM_AUTH emails a code, CUSTOM_CHALLENGE takes it. With
 * the stock client's own custom-auth calls, and the bad paths call by call.
 */
import { generateTOTP } from "@epic-web/totp";
import { AuthenticationDetails, CognitoUser, type CognitoUserSession } from "amazon-cognito-identity-js";
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { libraryEndpoint, pool } from "./identity-client-helpers";
import { callWith, identity, latestCode } from "./identity-helpers";

// The stock client's requests reach the worker (its routing is set up for every test of the file).
libraryEndpoint();

async function signUp(email: string, send = callWith({})) {
  const made = await identity(
    "SignUp",
    { Username: email, Password: "never typed again", UserAttributes: [{ Name: "email", Value: email }] },
    "/api/identity",
    send,
  );
  expect(made.status).toBe(200);
}
const start = (username: string) =>
  identity("InitiateAuth", { AuthFlow: "CUSTOM_AUTH", AuthParameters: { USERNAME: username } });
const answer = (Session: string, ANSWER: string) =>
  identity("RespondToAuthChallenge", { ChallengeName: "CUSTOM_CHALLENGE", Session, ChallengeResponses: { ANSWER } });
const emailsTo = async (to: string) =>
  (await env.DB.prepare('SELECT count(*) AS n FROM outbox_emails WHERE "to" = ?').bind(to).first<{ n: number }>())!.n;
const wrongFor = (code: string) => (code === "000000" ? "111111" : "000000");
const INCORRECT = { __type: "NotAuthorizedException", message: "Incorrect username or password." };

describe("CUSTOM_AUTH: sign in with an emailed code", () => {
  it("with the stock client: a wrong code is refused, the right one signs in", async () => {
    await signUp("custom-client@example.com");
    const user = new CognitoUser({ Username: "custom-client@example.com", Pool: pool() });
    user.setAuthenticationFlowType("CUSTOM_AUTH");
    const parameters = await new Promise<Record<string, string>>((resolve, reject) =>
      user.initiateAuth(new AuthenticationDetails({ Username: "custom-client@example.com" }), {
        customChallenge: resolve,
        onSuccess: () => reject(new Error("signed in without a code")),
        onFailure: reject,
      }),
    );
    expect(parameters).toEqual({ CODE_DELIVERY_DELIVERY_MEDIUM: "EMAIL", CODE_DELIVERY_DESTINATION: "c***@e***.com" });
    const code = await latestCode("custom-client@example.com");
    const answerWith = (value: string) =>
      new Promise<{ session?: CognitoUserSession; error?: { code: string } }>((resolve) =>
        user.sendCustomChallengeAnswer(value, {
          onSuccess: (session) => resolve({ session }),
          onFailure: (error) => resolve({ error }),
          customChallenge: () => resolve({ error: { code: "another challenge" } }),
        }),
      );
    expect((await answerWith(wrongFor(code))).error).toMatchObject({ code: "NotAuthorizedException" });
    const signedIn = await answerWith(code);
    expect(signedIn.session?.getIdToken().decodePayload()).toMatchObject({ email: "custom-client@example.com" });
  });

  it("answers a username with no account alike, sends it nothing, and nothing answers its session", async () => {
    await signUp("custom-known@example.com");
    const known = await start("custom-known@example.com");
    const unknown = await start("custom-nobody@example.com");
    for (const started of [known, unknown]) {
      expect(started).toEqual({
        status: 200,
        body: {
          ChallengeName: "CUSTOM_CHALLENGE",
          Session: expect.stringMatching(/^[0-9a-f]{32}$/),
          ChallengeParameters: { CODE_DELIVERY_DELIVERY_MEDIUM: "EMAIL", CODE_DELIVERY_DESTINATION: "c***@e***.com" },
        },
      });
    }
    expect(await emailsTo("custom-nobody@example.com")).toBe(0);
    expect((await answer(unknown.body.Session, "123456")).body).toEqual(INCORRECT);
    expect((await answer(known.body.Session, "")).body).toEqual({
      __type: "InvalidParameterException",
      message: "Challenge response cannot be empty",
    });
  });

  it("spends the code once, keeps the session for another try, and locks out after repeated wrong codes", async () => {
    await signUp("custom-spent@example.com");
    const started = await start("custom-spent@example.com");
    const code = await latestCode("custom-spent@example.com");
    expect((await answer(started.body.Session, wrongFor(code))).body).toEqual(INCORRECT);
    const signedIn = await answer(started.body.Session, code);
    expect(signedIn.body.AuthenticationResult.AccessToken).toEqual(expect.any(String));
    // Answered: neither the session nor the code works again.
    expect((await answer(started.body.Session, code)).body).toEqual(INCORRECT);
    const again = await start("custom-spent@example.com");
    expect((await answer(again.body.Session, code)).body).toEqual(INCORRECT);

    const fresh = await latestCode("custom-spent@example.com");
    let last: unknown;
    for (let i = 0; i < 8; i++) last = (await answer(again.body.Session, wrongFor(fresh))).body;
    expect(last).toEqual({
      __type: "LimitExceededException",
      message: "Attempt limit exceeded, please try after some time.",
    });
  });

  it("still asks for the authenticator after the code, and confirms a sign-up waiting for its code", async () => {
    await signUp("custom-mfa@example.com");
    const password = await identity("InitiateAuth", {
      AuthFlow: "USER_PASSWORD_AUTH",
      AuthParameters: { USERNAME: "custom-mfa@example.com", PASSWORD: "never typed again" },
    });
    const AccessToken = password.body.AuthenticationResult.AccessToken as string;
    const secret = (await identity("AssociateSoftwareToken", { AccessToken })).body.SecretCode as string;
    const { otp } = await generateTOTP({ secret, algorithm: "SHA-1" });
    await identity("VerifySoftwareToken", { AccessToken, UserCode: otp });
    await identity("SetUserMFAPreference", {
      AccessToken,
      SoftwareTokenMfaSettings: { Enabled: true, PreferredMfa: true },
    });
    const started = await start("custom-mfa@example.com");
    const next = await answer(started.body.Session, await latestCode("custom-mfa@example.com"));
    expect(next.body).toMatchObject({ ChallengeName: "SOFTWARE_TOKEN_MFA", Session: expect.any(String) });
    expect(next.body.AuthenticationResult).toBeUndefined();

    const confirming = callWith({ IDENTITY_SIGN_UP_CONFIRMATION: "email" });
    await signUp("custom-waiting@example.com", confirming);
    const waiting = await start("custom-waiting@example.com");
    const done = await answer(waiting.body.Session, await latestCode("custom-waiting@example.com"));
    expect(done.body.AuthenticationResult.AccessToken).toEqual(expect.any(String));
    const status = await env.DB.prepare("SELECT identity_status AS s, email_verified AS v FROM users WHERE email = ?")
      .bind("custom-waiting@example.com")
      .first<{ s: string; v: number }>();
    expect(status).toEqual({ s: "CONFIRMED", v: 1 });
  });
});

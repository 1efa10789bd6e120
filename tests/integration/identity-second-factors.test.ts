/**
 * Two second factors on the identity API: the authenticator app and emailed codes (EMAIL_OTP), turned
 * on with SetUserMFAPreference; a sign-in asks the preferred one, or SELECT_MFA_TYPE lets the person
 * choose. With the stock client for the choice, and the bad paths call by call.
 */
import { generateTOTP } from "@epic-web/totp";
import { CognitoUser, type CognitoUserSession } from "amazon-cognito-identity-js";
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { AuthenticationDetails } from "amazon-cognito-identity-js";
import { call } from "./app-context";
import { libraryEndpoint, pool } from "./identity-client-helpers";
import { identity, latestCode, nextTotpStep } from "./identity-helpers";

libraryEndpoint();
const PASSWORD = "two factors here";

/** A signed-up user with a verified email, signed in: their access token. */
async function account(email: string, { verified = true } = {}) {
  await identity("SignUp", { Username: email, Password: PASSWORD, UserAttributes: [{ Name: "email", Value: email }] });
  if (verified) await env.DB.prepare("UPDATE users SET email_verified = 1 WHERE email = ?").bind(email).run();
  const signedIn = await passwordSignIn(email);
  return signedIn.body.AuthenticationResult.AccessToken as string;
}
const passwordSignIn = (email: string) =>
  identity("InitiateAuth", { AuthFlow: "USER_PASSWORD_AUTH", AuthParameters: { USERNAME: email, PASSWORD } });

/** Sets up and verifies an authenticator: its secret. */
async function addAuthenticator(AccessToken: string) {
  const secret = (await identity("AssociateSoftwareToken", { AccessToken })).body.SecretCode as string;
  const { otp } = await generateTOTP({ secret, algorithm: "SHA-1" });
  expect((await identity("VerifySoftwareToken", { AccessToken, UserCode: otp })).body.Status).toBe("SUCCESS");
  return secret;
}

const respond = (ChallengeName: string, Session: string, ChallengeResponses: Record<string, string>) =>
  identity("RespondToAuthChallenge", { ChallengeName, Session, ChallengeResponses });

describe("EMAIL_OTP", () => {
  it("is turned on with a verified email, then every sign-in asks for the code it emails", async () => {
    const email = "email-otp@example.com";
    const AccessToken = await account(email);
    expect((await identity("SetUserMFAPreference", { AccessToken, EmailMfaSettings: { Enabled: true } })).body).toEqual(
      {},
    );
    expect((await identity("GetUser", { AccessToken })).body).toMatchObject({
      PreferredMfaSetting: "EMAIL_OTP",
      UserMFASettingList: ["EMAIL_OTP"],
    });

    const challenge = await passwordSignIn(email);
    expect(challenge.body).toEqual({
      ChallengeName: "EMAIL_OTP",
      Session: expect.any(String),
      ChallengeParameters: {
        CODE_DELIVERY_DELIVERY_MEDIUM: "EMAIL",
        CODE_DELIVERY_DESTINATION: "e***@e***.com",
        USER_ID_FOR_SRP: expect.any(String),
      },
    });
    const Session = challenge.body.Session as string;
    const code = await latestCode(email);
    expect((await respond("EMAIL_OTP", Session, { USERNAME: email })).body).toEqual({
      __type: "InvalidParameterException",
      message: "Challenge response cannot be empty",
    });
    const wrong = code === "000000" ? "111111" : "000000";
    expect((await respond("EMAIL_OTP", Session, { USERNAME: email, EMAIL_OTP_CODE: wrong })).body).toEqual({
      __type: "CodeMismatchException",
      message: "Invalid code received for user",
    });
    // Another challenge's answer cannot use this session.
    expect((await respond("SOFTWARE_TOKEN_MFA", Session, { SOFTWARE_TOKEN_MFA_CODE: code })).body).toEqual({
      __type: "NotAuthorizedException",
      message: "Invalid session for the user, session is expired.",
    });
    const done = await respond("EMAIL_OTP", Session, { USERNAME: email, EMAIL_OTP_CODE: code });
    expect(done.body.AuthenticationResult.AccessToken).toEqual(expect.any(String));
    // The session was spent with the code.
    expect((await respond("EMAIL_OTP", Session, { USERNAME: email, EMAIL_OTP_CODE: code })).body).toEqual({
      __type: "NotAuthorizedException",
      message: "Invalid session for the user, session is expired.",
    });

    // Off again: the password alone signs in.
    await identity("SetUserMFAPreference", { AccessToken, EmailMfaSettings: { Enabled: false } });
    expect((await passwordSignIn(email)).body.AuthenticationResult).toBeDefined();
  });

  it("needs a verified email, and still answers SMS as not offered", async () => {
    const AccessToken = await account("email-otp-unverified@example.com", { verified: false });
    expect((await identity("SetUserMFAPreference", { AccessToken, EmailMfaSettings: { Enabled: true } })).body).toEqual(
      { __type: "InvalidParameterException", message: "User does not have a verified email address for EMAIL_OTP" },
    );
    expect((await identity("SetUserMFAPreference", { AccessToken, SMSMfaSettings: { Enabled: true } })).body).toEqual({
      __type: "InvalidParameterException",
      message: "Invalid MFA type",
    });
    expect((await identity("GetUser", { AccessToken })).body.UserMFASettingList).toEqual([]);
  });
});

describe("SELECT_MFA_TYPE", () => {
  it("lets the person choose when both are on and none is preferred, by API and by the stock client", async () => {
    const email = "select-mfa@example.com";
    const AccessToken = await account(email);
    const secret = await addAuthenticator(AccessToken);
    await identity("SetUserMFAPreference", {
      AccessToken,
      SoftwareTokenMfaSettings: { Enabled: true, PreferredMfa: false },
      EmailMfaSettings: { Enabled: true, PreferredMfa: false },
    });
    expect((await identity("GetUser", { AccessToken })).body).toMatchObject({
      UserMFASettingList: ["SOFTWARE_TOKEN_MFA", "EMAIL_OTP"],
    });
    expect((await identity("GetUser", { AccessToken })).body.PreferredMfaSetting).toBeUndefined();

    const choose = async () => {
      const challenge = await passwordSignIn(email);
      expect(challenge.body).toMatchObject({
        ChallengeName: "SELECT_MFA_TYPE",
        ChallengeParameters: { MFAS_CAN_CHOOSE: '["SOFTWARE_TOKEN_MFA","EMAIL_OTP"]' },
      });
      return challenge.body.Session as string;
    };
    const Session = await choose();
    expect((await respond("SELECT_MFA_TYPE", Session, { USERNAME: email, ANSWER: "SMS_MFA" })).body).toEqual({
      __type: "InvalidParameterException",
      message: "Invalid MFA type",
    });
    expect((await respond("SELECT_MFA_TYPE", Session, { USERNAME: email })).body).toEqual({
      __type: "InvalidParameterException",
      message: "Challenge response cannot be empty",
    });
    const emailed = await respond("SELECT_MFA_TYPE", Session, { USERNAME: email, ANSWER: "EMAIL_OTP" });
    expect(emailed.body).toMatchObject({ ChallengeName: "EMAIL_OTP" });
    // The choice was spent: its session chooses no second time.
    expect((await respond("SELECT_MFA_TYPE", Session, { USERNAME: email, ANSWER: "EMAIL_OTP" })).body.__type).toBe(
      "NotAuthorizedException",
    );
    const signedIn = await respond("EMAIL_OTP", emailed.body.Session, {
      USERNAME: email,
      EMAIL_OTP_CODE: await latestCode(email),
    });
    expect(signedIn.body.AuthenticationResult).toBeDefined();

    // The stock client: its selectMFAType callback, then the authenticator's code.
    await nextTotpStep(email);
    const user = new CognitoUser({ Username: email, Pool: pool() });
    const session = await new Promise<CognitoUserSession>((resolve, reject) =>
      user.authenticateUser(new AuthenticationDetails({ Username: email, Password: PASSWORD }), {
        onSuccess: resolve,
        onFailure: reject,
        selectMFAType: (challengeName, parameters) => {
          expect(challengeName).toBe("SELECT_MFA_TYPE");
          expect(JSON.parse(parameters.MFAS_CAN_CHOOSE)).toEqual(["SOFTWARE_TOKEN_MFA", "EMAIL_OTP"]);
          user.sendMFASelectionAnswer("SOFTWARE_TOKEN_MFA", {
            onSuccess: resolve,
            onFailure: reject,
            mfaRequired: () => reject(new Error("SMS was never offered")),
            totpRequired: () =>
              generateTOTP({ secret, algorithm: "SHA-1" }).then(({ otp }) =>
                user.sendMFACode(otp, { onSuccess: resolve, onFailure: reject }, "SOFTWARE_TOKEN_MFA"),
              ),
          });
        },
      }),
    );
    expect(session.isValid()).toBe(true);

    // With a preference, that one is asked straight away.
    await identity("SetUserMFAPreference", { AccessToken, EmailMfaSettings: { Enabled: true, PreferredMfa: true } });
    expect((await passwordSignIn(email)).body.ChallengeName).toBe("EMAIL_OTP");
  });
});

describe("the web's Log In with two second factors", () => {
  const post = (body: Record<string, string>, cookie = "") =>
    call("/auth/login", {
      method: "POST",
      body: new URLSearchParams({ page: "/classes", ...body }),
      headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: cookie },
    });
  const cookiesOf = (response: Response) =>
    response.headers
      .getSetCookie()
      .map((cookie) => cookie.split(";")[0])
      .filter((cookie) => !cookie.endsWith("="))
      .join("; ");

  it("asks which one, then that one; refuses a factor that is off and a choice without its challenge", async () => {
    const email = "web-two-factors@example.com";
    const AccessToken = await account(email);
    await addAuthenticator(AccessToken);
    await identity("SetUserMFAPreference", {
      AccessToken,
      SoftwareTokenMfaSettings: { Enabled: true, PreferredMfa: false },
      EmailMfaSettings: { Enabled: true },
    });
    const password = await post({ email, password: PASSWORD });
    expect(password.status).toBe(303);
    expect(password.headers.get("Location")).toContain("authStep=SELECT_MFA");
    expect(password.headers.getSetCookie().some((c) => c.startsWith("studio_session="))).toBe(false);
    const choosing = cookiesOf(password);

    const chose = (factor: string, cookie: string) => post({ step: "SELECT_MFA", factor }, cookie);
    const sms = await chose("SMS_MFA", choosing);
    expect(sms.status).toBe(400);
    expect(await sms.text()).toContain("Choose how to confirm it&#x27;s you.");
    const without = await chose("EMAIL_OTP", "");
    expect(without.status).toBe(400);
    expect(await without.text()).toContain("Your sign-in took too long. Please log in again.");

    const emailed = await chose("EMAIL_OTP", choosing);
    expect(emailed.status).toBe(303);
    expect(emailed.headers.get("Location")).toContain("authStep=EMAIL_MFA");
    const codeStep = cookiesOf(emailed);
    // The choice's challenge was spent, and the code step answers only with the emailed code.
    expect((await chose("SOFTWARE_TOKEN_MFA", choosing)).status).toBe(400);
    expect((await post({ step: "MFA", code: await latestCode(email) }, codeStep)).status).toBe(400);
    const wrong = await post({ step: "EMAIL_MFA", code: "12345" }, codeStep);
    expect(await wrong.text()).toContain("Invalid code received for user");
    const done = await post({ step: "EMAIL_MFA", code: await latestCode(email) }, codeStep);
    expect(done.status).toBe(303);
    expect(
      done.headers.getSetCookie().some((c) => c.startsWith("studio_session=") && !c.startsWith("studio_session=;")),
    ).toBe(true);
  });
});

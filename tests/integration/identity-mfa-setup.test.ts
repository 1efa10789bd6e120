/**
 * A pool that requires MFA (IDENTITY_MFA "required"): a sign-in without an authenticator must set one
 * up first (MFA_SETUP), with the stock client's own calls, and the bad paths call by call.
 */
import { generateTOTP } from "@epic-web/totp";
import { AuthenticationDetails, CognitoUser, type CognitoUserSession } from "amazon-cognito-identity-js";
import { describe, expect, it } from "vitest";
import { libraryEndpoint, pool, signIn } from "./identity-client-helpers";
import { callWith, identity, nextTotpStep } from "./identity-helpers";

const library = libraryEndpoint();
const requiring = callWith({ IDENTITY_MFA: "required" });
const api = (action: string, body: unknown) => identity(action, body, "/api/identity", requiring);

async function signUp(email: string) {
  const made = await api("SignUp", {
    Username: email,
    Password: "mfa is required here",
    UserAttributes: [{ Name: "email", Value: email }],
  });
  expect(made.status).toBe(200);
}
const passwordSignIn = (email: string) =>
  api("InitiateAuth", {
    AuthFlow: "USER_PASSWORD_AUTH",
    AuthParameters: { USERNAME: email, PASSWORD: "mfa is required here" },
  });

describe("MFA_SETUP on a pool that requires MFA", () => {
  it("with the stock client: sets up the authenticator in the middle of signing in, then asks for it", async () => {
    library.to(requiring);
    await signUp("mfa-setup-client@example.com");
    const user = new CognitoUser({ Username: "mfa-setup-client@example.com", Pool: pool() });
    const secret = await new Promise<string>((resolve, reject) =>
      user.authenticateUser(
        new AuthenticationDetails({ Username: "mfa-setup-client@example.com", Password: "mfa is required here" }),
        {
          onSuccess: () => reject(new Error("signed in without MFA")),
          onFailure: reject,
          mfaSetup: (challengeName, parameters) => {
            expect(challengeName).toBe("MFA_SETUP");
            expect(JSON.parse(parameters.MFAS_CAN_SETUP)).toEqual(["SOFTWARE_TOKEN_MFA"]);
            user.associateSoftwareToken({ associateSecretCode: resolve, onFailure: reject });
          },
        },
      ),
    );
    const { otp } = await generateTOTP({ secret, algorithm: "SHA-1" });
    const session = await new Promise<CognitoUserSession>((resolve, reject) =>
      user.verifySoftwareToken(otp, "My TOTP device", { onSuccess: resolve, onFailure: reject }),
    );
    expect(session.isValid()).toBe(true);
    user.signOut();

    await nextTotpStep("mfa-setup-client@example.com");
    expect((await signIn("mfa-setup-client@example.com", "mfa is required here")).kind).toBe("totp");
  });

  it("refuses to finish before the authenticator is verified, and a made-up or missing session", async () => {
    await signUp("mfa-setup-api@example.com");
    const challenge = await passwordSignIn("mfa-setup-api@example.com");
    expect(challenge.body).toEqual({
      ChallengeName: "MFA_SETUP",
      Session: expect.any(String),
      ChallengeParameters: { MFAS_CAN_SETUP: '["SOFTWARE_TOKEN_MFA"]' },
    });
    const Session = challenge.body.Session as string;
    const finish = () => api("RespondToAuthChallenge", { ChallengeName: "MFA_SETUP", Session, ChallengeResponses: {} });
    expect((await finish()).body).toEqual({
      __type: "InvalidParameterException",
      message: "Set up an authenticator first: AssociateSoftwareToken, then VerifySoftwareToken",
    });
    expect((await api("AssociateSoftwareToken", { Session: "0".repeat(32) })).body).toEqual({
      __type: "NotAuthorizedException",
      message: "Invalid session for the user, session is expired.",
    });
    expect((await api("AssociateSoftwareToken", {})).body).toEqual({
      __type: "NotAuthorizedException",
      message: "User is not authenticated",
    });
    const associated = await api("AssociateSoftwareToken", { Session });
    expect(associated.body).toEqual({ SecretCode: expect.any(String), Session });
    expect((await api("VerifySoftwareToken", { Session, UserCode: "000000" })).body.__type).toBe(
      "EnableSoftwareTokenMFAException",
    );
    const { otp } = await generateTOTP({ secret: associated.body.SecretCode, algorithm: "SHA-1" });
    expect((await api("VerifySoftwareToken", { Session, UserCode: otp })).body).toEqual({ Status: "SUCCESS", Session });
    const done = await finish();
    expect(done.body.AuthenticationResult.AccessToken).toEqual(expect.any(String));
    // Answered: the session is spent.
    expect((await finish()).body.__type).toBe("NotAuthorizedException");
  });

  it("asks a user with an authenticator for it even when they prefer none", async () => {
    await signUp("mfa-required-nomfa@example.com");
    const setup = await passwordSignIn("mfa-required-nomfa@example.com");
    const Session = setup.body.Session as string;
    const { SecretCode } = (await api("AssociateSoftwareToken", { Session })).body;
    await api("VerifySoftwareToken", {
      Session,
      UserCode: (await generateTOTP({ secret: SecretCode, algorithm: "SHA-1" })).otp,
    });
    const tokens = (
      await api("RespondToAuthChallenge", { ChallengeName: "MFA_SETUP", Session, ChallengeResponses: {} })
    ).body.AuthenticationResult;
    await api("SetUserMFAPreference", {
      AccessToken: tokens.AccessToken,
      SoftwareTokenMfaSettings: { Enabled: false },
    });
    const mfa = await passwordSignIn("mfa-required-nomfa@example.com");
    expect(mfa.body.ChallengeName).toBe("SOFTWARE_TOKEN_MFA");
    // The authenticator's session cannot skip the code by finishing MFA_SETUP instead.
    expect(
      (
        await api("RespondToAuthChallenge", {
          ChallengeName: "MFA_SETUP",
          Session: mfa.body.Session,
          ChallengeResponses: {},
        })
      ).body,
    ).toEqual({ __type: "NotAuthorizedException", message: "Invalid session for the user, session is expired." });
    // The same user on the default pool, where MFA is each user's choice, signs straight in.
    const optional = await identity("InitiateAuth", {
      AuthFlow: "USER_PASSWORD_AUTH",
      AuthParameters: { USERNAME: "mfa-required-nomfa@example.com", PASSWORD: "mfa is required here" },
    });
    expect(optional.body.AuthenticationResult.AccessToken).toEqual(expect.any(String));
  });
});

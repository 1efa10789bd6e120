/**
 * The identity API's SignUp on a pool that confirms by email (IDENTITY_SIGN_UP_CONFIRMATION "email"):
 * the account signs in once the emailed code is entered. Also ValidationData and SetUserSettings.
 */
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { callWith, identity, latestCode } from "./identity-helpers";

const confirming = callWith({ IDENTITY_SIGN_UP_CONFIRMATION: "email" });
const api = (action: string, body: unknown) => identity(action, body, "/api/identity", confirming);

const signUp = (email: string, password = "confirm me please", extra: Record<string, unknown> = {}) =>
  api("SignUp", {
    ClientId: "studio-web",
    Username: email,
    Password: password,
    UserAttributes: [
      { Name: "email", Value: email },
      { Name: "given_name", Value: "Con" },
      { Name: "family_name", Value: "Firm" },
    ],
    ...extra,
  });
const signIn = (email: string, password = "confirm me please") =>
  api("InitiateAuth", { AuthFlow: "USER_PASSWORD_AUTH", AuthParameters: { USERNAME: email, PASSWORD: password } });
const usersWith = async (email: string) =>
  (await env.DB.prepare("SELECT count(*) AS n FROM users WHERE email = ?").bind(email).first<{ n: number }>())!.n;

describe("SignUp on a pool that confirms by email", () => {
  it("waits for the emailed code: UserNotConfirmedException until ConfirmSignUp, then signs in", async () => {
    const made = await signUp("confirm-flow@example.com", "confirm me please", {
      ValidationData: [{ Name: "invite", Value: "spring" }],
    });
    expect(made).toEqual({
      status: 200,
      body: {
        UserConfirmed: false,
        UserSub: expect.any(String),
        CodeDeliveryDetails: { Destination: "c***@e***.com", DeliveryMedium: "EMAIL", AttributeName: "email" },
      },
    });
    const firstCode = await latestCode("confirm-flow@example.com");

    expect((await signIn("confirm-flow@example.com")).body).toEqual({
      __type: "UserNotConfirmedException",
      message: "User is not confirmed.",
    });
    // A wrong password says nothing about the account's state.
    expect((await signIn("confirm-flow@example.com", "not the password")).body).toEqual({
      __type: "NotAuthorizedException",
      message: "Incorrect username or password.",
    });
    const wrong = firstCode === "000000" ? "111111" : "000000";
    expect(
      (await api("ConfirmSignUp", { Username: "confirm-flow@example.com", ConfirmationCode: wrong })).body.__type,
    ).toBe("CodeMismatchException");
    expect((await api("ConfirmSignUp", { Username: "confirm-flow@example.com", ConfirmationCode: "" })).body).toEqual({
      __type: "InvalidParameterException",
      message: "Confirmation code cannot be empty",
    });

    const resent = await api("ResendConfirmationCode", { Username: "confirm-flow@example.com" });
    expect(resent.body.CodeDeliveryDetails).toMatchObject({ DeliveryMedium: "EMAIL", Destination: "c***@e***.com" });
    const code = await latestCode("confirm-flow@example.com");
    expect(
      await api("ConfirmSignUp", {
        Username: "confirm-flow@example.com",
        ConfirmationCode: code,
        ForceAliasCreation: false,
      }),
    ).toEqual({ status: 200, body: {} });

    const signedIn = await signIn("confirm-flow@example.com");
    expect(signedIn.status).toBe(200);
    const user = await api("GetUser", { AccessToken: signedIn.body.AuthenticationResult.AccessToken });
    expect(user.body.UserAttributes).toContainEqual({ Name: "email_verified", Value: "true" });
    // The code was spent.
    expect(
      (await api("ConfirmSignUp", { Username: "confirm-flow@example.com", ConfirmationCode: code })).body.__type,
    ).toBe("CodeMismatchException");
  });

  it("answers an email that has an account as a new one, creating nothing and telling the owner", async () => {
    expect((await signUp("confirm-taken@example.com")).status).toBe(200);
    const again = await signUp("confirm-taken@example.com", "someone else's password");
    expect(again.body).toMatchObject({
      UserConfirmed: false,
      CodeDeliveryDetails: { Destination: "c***@e***.com" },
    });
    expect(await usersWith("confirm-taken@example.com")).toBe(1);
    const notice = await env.DB.prepare('SELECT subject FROM outbox_emails WHERE "to" = ? ORDER BY created_at DESC')
      .bind("confirm-taken@example.com")
      .first<{ subject: string }>();
    expect(notice?.subject).toBe("You already have a Studio account");
  });

  it("confirms a waiting account whose password is reset with an emailed code", async () => {
    await signUp("confirm-reset@example.com");
    expect((await api("ForgotPassword", { Username: "confirm-reset@example.com" })).status).toBe(200);
    const code = await latestCode("confirm-reset@example.com");
    expect(
      (
        await api("ConfirmForgotPassword", {
          Username: "confirm-reset@example.com",
          ConfirmationCode: code,
          Password: "a brand new password",
        })
      ).status,
    ).toBe(200);
    expect((await signIn("confirm-reset@example.com", "a brand new password")).status).toBe(200);
  });

  it("refuses ValidationData that is not a list of {Name, Value}, and creates nothing", async () => {
    for (const ValidationData of [{ invite: "spring" }, [{ Name: 1, Value: "x" }], "invite"]) {
      expect((await signUp("confirm-bad-data@example.com", "confirm me please", { ValidationData })).body).toEqual({
        __type: "InvalidParameterException",
        message: "ValidationData must be a list of {Name, Value}",
      });
    }
    expect(await usersWith("confirm-bad-data@example.com")).toBe(0);
  });
});

describe("the default pool", () => {
  it("confirms at once, and takes ValidationData", async () => {
    const made = await identity("SignUp", {
      Username: "confirm-none@example.com",
      Password: "no confirmation here",
      UserAttributes: [{ Name: "email", Value: "confirm-none@example.com" }],
      ValidationData: [{ Name: "invite", Value: "spring" }],
    });
    expect(made.body).toEqual({ UserConfirmed: true, UserSub: expect.any(String) });
    const signedIn = await identity("InitiateAuth", {
      AuthFlow: "USER_PASSWORD_AUTH",
      AuthParameters: { USERNAME: "confirm-none@example.com", PASSWORD: "no confirmation here" },
    });
    expect(signedIn.status).toBe(200);
  });
});

describe("SetUserSettings", () => {
  it("takes an empty MFAOptions (SMS off) and refuses any delivery: SMS is not offered", async () => {
    await identity("SignUp", {
      Username: "settings@example.com",
      Password: "settings password",
      UserAttributes: [{ Name: "email", Value: "settings@example.com" }],
    });
    const auth = await identity("InitiateAuth", {
      AuthFlow: "USER_PASSWORD_AUTH",
      AuthParameters: { USERNAME: "settings@example.com", PASSWORD: "settings password" },
    });
    const AccessToken = auth.body.AuthenticationResult.AccessToken as string;
    expect(await identity("SetUserSettings", { AccessToken, MFAOptions: [] })).toEqual({ status: 200, body: {} });
    expect(
      (
        await identity("SetUserSettings", {
          AccessToken,
          MFAOptions: [{ DeliveryMedium: "SMS", AttributeName: "phone_number" }],
        })
      ).body,
    ).toEqual({ __type: "InvalidParameterException", message: "Invalid MFA type" });
    expect((await identity("SetUserSettings", { AccessToken })).body).toEqual({
      __type: "InvalidParameterException",
      message: "MFAOptions must be a list of {DeliveryMedium, AttributeName}",
    });
    expect((await identity("SetUserSettings", { MFAOptions: [] })).body).toEqual({
      __type: "NotAuthorizedException",
      message: "User is not authenticated",
    });
    expect((await identity("GetUser", { AccessToken })).body.MFAOptions).toEqual([]);
  });
});

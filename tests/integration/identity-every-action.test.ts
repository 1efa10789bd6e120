/**
 * Every identity API action, good input and bad: the ones other files test in depth are here for their
 * refusals, each with the service's error type and message; DeleteUserAttributes is here in full.
 */
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { identity } from "./identity-helpers";

async function signedIn(email: string) {
  await identity("SignUp", {
    Username: email,
    Password: "every action here",
    UserAttributes: [
      { Name: "email", Value: email },
      { Name: "given_name", Value: "Eve" },
      { Name: "family_name", Value: "Ry" },
    ],
  });
  const answer = await identity("InitiateAuth", {
    AuthFlow: "USER_PASSWORD_AUTH",
    AuthParameters: { USERNAME: email, PASSWORD: "every action here" },
  });
  return answer.body.AuthenticationResult.AccessToken as string;
}

const ACCOUNT_ACTIONS = [
  "GetUser",
  "UpdateUserAttributes",
  "DeleteUserAttributes",
  "DeleteUser",
  "ChangePassword",
  "SetUserSettings",
  "SetUserMFAPreference",
  "AssociateSoftwareToken",
  "VerifySoftwareToken",
  "GetUserAttributeVerificationCode",
  "VerifyUserAttribute",
  "ConfirmDevice",
  "GetDevice",
  "ForgetDevice",
  "ListDevices",
  "UpdateDeviceStatus",
  "GlobalSignOut",
];

describe("the identity API's actions on an account", () => {
  it("refuse a missing, made-up or signed-out access token, each with the service's words", async () => {
    const token = await signedIn("every-action-out@example.com");
    await identity("GlobalSignOut", { AccessToken: token });
    for (const action of ACCOUNT_ACTIONS) {
      expect((await identity(action, {})).body, action).toEqual({
        __type: "NotAuthorizedException",
        message: "User is not authenticated",
      });
      for (const AccessToken of ["f".repeat(64), token])
        expect((await identity(action, { AccessToken })).body, action).toEqual({
          __type: "NotAuthorizedException",
          message: "Access Token has been revoked",
        });
    }
  });

  it("DeleteUserAttributes deletes the names and the phone, and refuses the rest", async () => {
    const AccessToken = await signedIn("every-action-delete-attrs@example.com");
    await identity("UpdateUserAttributes", {
      AccessToken,
      UserAttributes: [{ Name: "phone_number", Value: "+15555550123" }],
    });
    const remove = (names: unknown) => identity("DeleteUserAttributes", { AccessToken, UserAttributeNames: names });
    for (const bad of [undefined, "given_name", [7]])
      expect((await remove(bad)).body).toEqual({
        __type: "InvalidParameterException",
        message: "UserAttributeNames must be a list of names",
      });
    for (const kept of ["email", "sub", "email_verified"])
      expect((await remove([kept])).body).toEqual({
        __type: "InvalidParameterException",
        message: `Attribute ${kept} cannot be deleted`,
      });
    // A refused list changes nothing, even its allowed names.
    await remove(["given_name", "email"]);
    const row = () =>
      env.DB.prepare(
        "SELECT first_name AS f, last_name AS l, phone_number AS p FROM users WHERE email = 'every-action-delete-attrs@example.com'",
      ).first();
    expect(await row()).toEqual({ f: "Eve", l: "Ry", p: "+15555550123" });
    expect((await remove(["given_name", "phone_number"])).body).toEqual({});
    expect(await row()).toEqual({ f: "", l: "Ry", p: null });
    const attributes = (await identity("GetUser", { AccessToken })).body.UserAttributes as { Name: string }[];
    expect(attributes.map((a) => a.Name)).not.toContain("phone_number");
  });

  it("answer the other actions' bad input with the service's errors", async () => {
    const AccessToken = await signedIn("every-action-bad@example.com");
    const cases: [string, object, string, string][] = [
      ["ForgotPassword", { Username: "" }, "InvalidParameterException", "Username cannot be empty"],
      ["ResendConfirmationCode", { Username: "" }, "InvalidParameterException", "Username cannot be empty"],
      [
        "ConfirmForgotPassword",
        { Username: "every-action-bad@example.com", ConfirmationCode: "", Password: "a new password" },
        "InvalidParameterException",
        "Confirmation code cannot be empty",
      ],
      [
        "ChangePassword",
        { AccessToken, PreviousPassword: "every action here", ProposedPassword: "short" },
        "InvalidPasswordException",
        "Password did not conform with policy: Password not long enough",
      ],
      [
        "VerifyUserAttribute",
        { AccessToken, AttributeName: "email", Code: "" },
        "InvalidParameterException",
        "Confirmation code cannot be empty",
      ],
      [
        "GetDevice",
        { AccessToken, DeviceKey: "local_00000000-0000-4000-8000-000000000000" },
        "ResourceNotFoundException",
        "Device does not exist.",
      ],
    ];
    for (const [action, body, type, message] of cases)
      expect((await identity(action, body)).body, action).toEqual({ __type: type, message });
  });
});

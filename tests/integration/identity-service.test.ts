import { generateTOTP } from "@epic-web/totp";
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { call } from "./app-context";
import { identity, latestCode } from "./identity-helpers";

async function signUpAndIn(email: string, password = "first password") {
  const username = crypto.randomUUID();
  const signUp = await identity("SignUp", {
    Username: username,
    Password: password,
    UserAttributes: [
      { Name: "email", Value: email },
      { Name: "given_name", Value: "Cog" },
      { Name: "family_name", Value: "Nito" },
    ],
  });
  expect(signUp).toMatchObject({ status: 200, body: { UserConfirmed: true } });
  const auth = await identity("InitiateAuth", {
    AuthFlow: "USER_PASSWORD_AUTH",
    AuthParameters: { USERNAME: email, PASSWORD: password },
  });
  expect(auth.status).toBe(200);
  return { username, sub: signUp.body.UserSub as string, tokens: auth.body.AuthenticationResult };
}

describe("POST /api/identity", () => {
  it("signs up and in, returning the service's AuthenticationResult", async () => {
    const { sub, username, tokens } = await signUpAndIn("cognito@example.com");
    expect(tokens).toMatchObject({ ExpiresIn: 3600, TokenType: "Bearer" });
    // A JWT now (identity-tokens.test.ts checks it against the published key).
    expect(tokens.AccessToken).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    const claims = JSON.parse(atob(tokens.IdToken.split(".")[1].replace(/-/g, "+").replace(/_/g, "/")));
    expect(claims).toMatchObject({
      sub,
      email: "cognito@example.com",
      given_name: "Cog",
      "cognito:username": username,
      token_use: "id",
    });
    const user = await identity("GetUser", { AccessToken: tokens.AccessToken });
    expect(user.body.Username).toBe(username);
    expect(user.body.UserAttributes).toEqual(
      expect.arrayContaining([
        { Name: "sub", Value: sub },
        { Name: "email", Value: "cognito@example.com" },
        { Name: "email_verified", Value: "false" },
      ]),
    );
    // The access token works on the JSON API too.
    expect(
      await (
        await call("/api/users/getBasicUserInfo", { headers: { Authorization: `Bearer ${tokens.AccessToken}` } })
      ).json(),
    ).toMatchObject({ firstName: "Cog" });
    // A refresh gives a new access token.
    const refreshed = await identity("InitiateAuth", {
      AuthFlow: "REFRESH_TOKEN_AUTH",
      AuthParameters: { REFRESH_TOKEN: tokens.RefreshToken },
    });
    expect(refreshed.body.AuthenticationResult.AccessToken).not.toBe(tokens.AccessToken);
  });

  it("answers bad input with the service's errors, never a 500", async () => {
    const cases: [string, unknown, string, string][] = [
      ["SignUp", { Username: "", Password: "long enough" }, "InvalidParameterException", "Username cannot be empty"],
      ["SignUp", { Username: "u1", Password: "" }, "InvalidParameterException", "Password cannot be empty"],
      [
        "ConfirmForgotPassword",
        { Username: "u1", ConfirmationCode: "123456", Password: "" },
        "InvalidParameterException",
        "New password is required.",
      ],
      [
        "SignUp",
        { Username: "u1", Password: "long enough", UserAttributes: [{ Name: "email", Value: "nope" }] },
        "InvalidParameterException",
        "Username should be an email.",
      ],
      [
        "SignUp",
        { Username: "a@b.co", Password: "short" },
        "InvalidPasswordException",
        "Password did not conform with policy: Password not long enough",
      ],
      [
        "InitiateAuth",
        { AuthFlow: "USER_PASSWORD_AUTH", AuthParameters: { USERNAME: "", PASSWORD: "x" } },
        "InvalidParameterException",
        "Username cannot be empty",
      ],
      [
        "InitiateAuth",
        { AuthFlow: "USER_SRP_AUTH", AuthParameters: {} },
        "InvalidParameterException",
        "Username cannot be empty",
      ],
      [
        "InitiateAuth",
        { AuthFlow: "CUSTOM_AUTH", AuthParameters: {} },
        "InvalidParameterException",
        "Username cannot be empty",
      ],
      [
        "InitiateAuth",
        { AuthFlow: "ADMIN_NO_SRP_AUTH", AuthParameters: {} },
        "InvalidParameterException",
        "ADMIN_NO_SRP_AUTH is not supported here; use USER_SRP_AUTH, USER_PASSWORD_AUTH, CUSTOM_AUTH or REFRESH_TOKEN_AUTH",
      ],
      [
        "InitiateAuth",
        { AuthFlow: "USER_PASSWORD_AUTH", AuthParameters: { USERNAME: "ghost@example.com", PASSWORD: "whatever1" } },
        "NotAuthorizedException",
        "Incorrect username or password.",
      ],
      [
        "ConfirmSignUp",
        { Username: "x@y.co", ConfirmationCode: "" },
        "InvalidParameterException",
        "Confirmation code cannot be empty",
      ],
      [
        "RespondToAuthChallenge",
        { ChallengeName: "SOFTWARE_TOKEN_MFA", Session: "x", ChallengeResponses: {} },
        "InvalidParameterException",
        "Challenge response cannot be empty",
      ],
      ["GetUser", {}, "NotAuthorizedException", "User is not authenticated"],
      ["GetUser", { AccessToken: "f".repeat(64) }, "NotAuthorizedException", "Access Token has been revoked"],
      [
        "SetUserMFAPreference",
        { AccessToken: "f".repeat(64) },
        "NotAuthorizedException",
        "Access Token has been revoked",
      ],
    ];
    for (const [action, body, type, message] of cases) {
      expect(await identity(action, body), action).toEqual({ status: 400, body: { __type: type, message } });
    }
    // The hosted service answers an action it does not have with UnknownOperationException.
    expect(await identity("NoSuchAction", {})).toMatchObject({
      status: 400,
      body: { __type: "UnknownOperationException" },
    });
    expect((await identity("GetUser", "{not json")).body.__type).toBe("SerializationException");
    expect((await identity("GetUser", [])).status).toBe(400);
  });

  it("dispatches only on the service's own action names: inherited object keys are unknown operations", async () => {
    for (const name of [
      "constructor",
      "__proto__",
      "hasOwnProperty",
      "valueOf",
      "toString",
      "isPrototypeOf",
      "__defineGetter__",
      "toLocaleString",
    ]) {
      const answer = await identity(name, {});
      expect(answer, name).toEqual({
        status: 400,
        body: {
          __type: "UnknownOperationException",
          message: `Unknown operation AWSCognitoIdentityProviderService.${name}`,
        },
      });
    }
    for (const target of [null, "", "AWSCognitoIdentityProviderService.", "Other.GetUser"]) {
      const response = await call("/api/identity", {
        method: "POST",
        body: "{}",
        headers: {
          "Content-Type": "application/x-amz-json-1.1",
          ...(target === null ? {} : { "X-Amz-Target": target }),
        },
      });
      expect(response.status, String(target)).toBe(400);
      expect(((await response.json()) as { __type: string }).__type, String(target)).toBe("UnknownOperationException");
    }
  });

  it("makes no second account for an email, without telling the caller (PreventUserExistenceErrors)", async () => {
    await signUpAndIn("twice@example.com");
    const again = await identity("SignUp", {
      Username: crypto.randomUUID(),
      Password: "long enough",
      UserAttributes: [{ Name: "email", Value: "TWICE@example.com" }],
    });
    expect(again).toMatchObject({ status: 200, body: { UserConfirmed: true } });
    expect(await env.DB.prepare("SELECT count(*) AS n FROM users WHERE email = 'twice@example.com'").first()).toEqual({
      n: 1,
    });
  });

  it("answers other sites' apps: the browser's preflight, then the call with CORS, not refused as cross-site", async () => {
    const preflight = await call("/api/identity", {
      method: "OPTIONS",
      headers: {
        Origin: "https://someones-app.example",
        "Access-Control-Request-Method": "POST",
        "Access-Control-Request-Headers": "content-type,x-amz-target,x-amz-user-agent",
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get("Access-Control-Allow-Origin")).toBe("*");
    expect(preflight.headers.get("Access-Control-Allow-Headers")).toMatch(/X-Amz-Target/);
    expect(preflight.headers.get("Access-Control-Allow-Headers")).toMatch(/X-Amz-User-Agent/);
    const crossSite = await call("/api/identity", {
      method: "POST",
      body: JSON.stringify({ AccessToken: "f".repeat(64) }),
      headers: {
        Origin: "https://someones-app.example",
        "Sec-Fetch-Site": "cross-site",
        "Content-Type": "application/x-amz-json-1.1",
        "X-Amz-Target": "AWSCognitoIdentityProviderService.GetUser",
      },
    });
    expect(crossSite.status).toBe(400);
    expect(crossSite.headers.get("Access-Control-Allow-Origin")).toBe("*");
    expect(crossSite.headers.get("Access-Control-Allow-Credentials")).toBeNull();
    expect(JSON.parse(new TextDecoder().decode(await crossSite.arrayBuffer()))).toEqual({
      __type: "NotAuthorizedException",
      message: "Access Token has been revoked",
    });
    // A page's form post from another site is still refused.
    const form = await call("/auth/login", {
      method: "POST",
      body: new URLSearchParams({ email: "a@example.com", password: "whatever1" }),
      headers: { Origin: "https://someones-app.example", "Content-Type": "application/x-www-form-urlencoded" },
    });
    expect(form.status).toBe(403);
  });

  it("answers with or without a trailing slash", async () => {
    expect((await identity("GetUser", {}, "/api/identity/")).body.message).toBe("User is not authenticated");
  });

  it("updates attributes (never sub or *_verified), verifies the email with a code, changes the password", async () => {
    const { sub, tokens } = await signUpAndIn("attrs@example.com");
    const update = await identity("UpdateUserAttributes", {
      AccessToken: tokens.AccessToken,
      UserAttributes: [
        { Name: "given_name", Value: "Grace" },
        { Name: "sub", Value: "hacked" },
        { Name: "email_verified", Value: "true" },
      ],
    });
    expect(update.status).toBe(200);
    expect(
      await env.DB.prepare(
        "SELECT id, first_name AS f, email_verified AS v FROM users WHERE email = 'attrs@example.com'",
      ).first(),
    ).toEqual({ id: sub, f: "Grace", v: 0 });
    expect(
      (
        await identity("UpdateUserAttributes", {
          AccessToken: tokens.AccessToken,
          UserAttributes: [{ Name: "custom:plan", Value: "x" }],
        })
      ).body.__type,
    ).toBe("InvalidParameterException");

    expect(
      (await identity("GetUserAttributeVerificationCode", { AccessToken: tokens.AccessToken, AttributeName: "email" }))
        .body.CodeDeliveryDetails,
    ).toEqual({ Destination: "a***@e***.com", DeliveryMedium: "EMAIL", AttributeName: "email" });
    expect(
      (
        await identity("VerifyUserAttribute", {
          AccessToken: tokens.AccessToken,
          AttributeName: "email",
          Code: "000000",
        })
      ).body.__type,
    ).toMatch(/CodeMismatchException/);
    expect(
      (
        await identity("VerifyUserAttribute", {
          AccessToken: tokens.AccessToken,
          AttributeName: "email",
          Code: await latestCode("attrs@example.com"),
        })
      ).status,
    ).toBe(200);
    expect(await env.DB.prepare("SELECT email_verified AS v FROM users WHERE id = ?").bind(sub).first()).toEqual({
      v: 1,
    });

    expect(
      (
        await identity("ChangePassword", {
          AccessToken: tokens.AccessToken,
          PreviousPassword: "wrong one!",
          ProposedPassword: "second password",
        })
      ).body.__type,
    ).toBe("NotAuthorizedException");
    expect(
      (
        await identity("ChangePassword", {
          AccessToken: tokens.AccessToken,
          PreviousPassword: "first password",
          ProposedPassword: "second password",
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await identity("InitiateAuth", {
          AuthFlow: "USER_PASSWORD_AUTH",
          AuthParameters: { USERNAME: "attrs@example.com", PASSWORD: "second password" },
        })
      ).status,
    ).toBe(200);
  });

  it("resets a forgotten password with the emailed code", async () => {
    const { username } = await signUpAndIn("forgot@example.com");
    expect((await identity("ForgotPassword", { Username: username })).body.CodeDeliveryDetails.DeliveryMedium).toBe(
      "EMAIL",
    );
    const code = await latestCode("forgot@example.com");
    expect(
      (
        await identity("ConfirmForgotPassword", {
          Username: username,
          ConfirmationCode: code === "000000" ? "111111" : "000000",
          Password: "second password",
        })
      ).body.__type,
    ).toBe("CodeMismatchException");
    expect(
      (await identity("ConfirmForgotPassword", { Username: username, ConfirmationCode: code, Password: "short" })).body
        .__type,
    ).toBe("InvalidPasswordException");
    expect(
      (
        await identity("ConfirmForgotPassword", {
          Username: username,
          ConfirmationCode: code,
          Password: "second password",
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await identity("InitiateAuth", {
          AuthFlow: "USER_PASSWORD_AUTH",
          AuthParameters: { USERNAME: username, PASSWORD: "second password" },
        })
      ).status,
    ).toBe(200);
  });

  it("sets up an authenticator and then asks for it at sign-in (SOFTWARE_TOKEN_MFA)", async () => {
    const { sub, tokens } = await signUpAndIn("totp-api@example.com");
    expect((await identity("SetUserMFAPreference", { AccessToken: tokens.AccessToken })).body.message).toBe(
      "No valid MFA method provided",
    );
    expect(
      (await identity("SetUserMFAPreference", { AccessToken: tokens.AccessToken, SMSMfaSettings: { Enabled: true } }))
        .body.message,
    ).toBe("Invalid MFA type");
    expect(
      (
        await identity("SetUserMFAPreference", {
          AccessToken: tokens.AccessToken,
          SoftwareTokenMfaSettings: { Enabled: true, PreferredMfa: true },
        })
      ).body.message,
    ).toBe("User has not verified software token mfa");
    const { SecretCode } = (await identity("AssociateSoftwareToken", { AccessToken: tokens.AccessToken })).body;
    const code = async () =>
      (await generateTOTP({ secret: SecretCode, period: 30, digits: 6, algorithm: "SHA-1" })).otp;
    expect(
      (await identity("VerifySoftwareToken", { AccessToken: tokens.AccessToken, UserCode: "000000" })).body.__type,
    ).toBe("EnableSoftwareTokenMFAException");
    expect(
      (
        await identity("VerifySoftwareToken", {
          AccessToken: tokens.AccessToken,
          UserCode: await code(),
          FriendlyDeviceName: "My TOTP device",
        })
      ).body,
    ).toEqual({ Status: "SUCCESS" });
    expect(
      (
        await identity("SetUserMFAPreference", {
          AccessToken: tokens.AccessToken,
          SoftwareTokenMfaSettings: { Enabled: true, PreferredMfa: true },
        })
      ).status,
    ).toBe(200);
    expect((await identity("GetUser", { AccessToken: tokens.AccessToken })).body).toMatchObject({
      PreferredMfaSetting: "SOFTWARE_TOKEN_MFA",
      UserMFASettingList: ["SOFTWARE_TOKEN_MFA"],
    });

    const challenge = await identity("InitiateAuth", {
      AuthFlow: "USER_PASSWORD_AUTH",
      AuthParameters: { USERNAME: "totp-api@example.com", PASSWORD: "first password" },
    });
    expect(challenge.body).toMatchObject({ ChallengeName: "SOFTWARE_TOKEN_MFA" });
    expect(challenge.body.AuthenticationResult).toBeUndefined();
    expect(
      (
        await identity("RespondToAuthChallenge", {
          ChallengeName: "SOFTWARE_TOKEN_MFA",
          Session: challenge.body.Session,
          ChallengeResponses: { SOFTWARE_TOKEN_MFA_CODE: "000000" },
        })
      ).body.__type,
    ).toBe("CodeMismatchException");
    // The setup code's 30-second step is used; the test moves the clock on.
    await env.DB.prepare("UPDATE totp_factors SET last_step = last_step - 2 WHERE user_id = ?").bind(sub).run();
    const answered = await identity("RespondToAuthChallenge", {
      ChallengeName: "SOFTWARE_TOKEN_MFA",
      Session: challenge.body.Session,
      ChallengeResponses: { USERNAME: "totp-api@example.com", SOFTWARE_TOKEN_MFA_CODE: await code() },
    });
    expect(
      JSON.parse(
        atob(answered.body.AuthenticationResult.AccessToken.split(".")[1].replace(/-/g, "+").replace(/_/g, "/")),
      ),
    ).toMatchObject({ sub, token_use: "access" });
    expect(
      (
        await identity("RespondToAuthChallenge", {
          ChallengeName: "SOFTWARE_TOKEN_MFA",
          Session: challenge.body.Session,
          ChallengeResponses: { SOFTWARE_TOKEN_MFA_CODE: await code() },
        })
      ).body.__type,
    ).toBe("NotAuthorizedException");
  });

  it("lists and forgets devices, signs out globally, deletes the user", async () => {
    const { tokens } = await signUpAndIn("devices-api@example.com");
    // The browser sign-in made a device.
    await call("/auth/login", {
      method: "POST",
      body: new URLSearchParams({ email: "devices-api@example.com", password: "first password" }),
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
    });
    const { Devices } = (await identity("ListDevices", { AccessToken: tokens.AccessToken })).body;
    expect(Devices).toHaveLength(1);
    expect(
      (await identity("GetDevice", { AccessToken: tokens.AccessToken, DeviceKey: Devices[0].DeviceKey })).body.Device
        .DeviceKey,
    ).toBe(Devices[0].DeviceKey);
    expect(
      (
        await identity("UpdateDeviceStatus", {
          AccessToken: tokens.AccessToken,
          DeviceKey: Devices[0].DeviceKey,
          DeviceRememberedStatus: "remembered",
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await identity("UpdateDeviceStatus", {
          AccessToken: tokens.AccessToken,
          DeviceKey: Devices[0].DeviceKey,
          DeviceRememberedStatus: "maybe",
        })
      ).status,
    ).toBe(400);
    expect(
      (await identity("ForgetDevice", { AccessToken: tokens.AccessToken, DeviceKey: Devices[0].DeviceKey })).body,
    ).toEqual({});
    expect(
      (await identity("GetDevice", { AccessToken: tokens.AccessToken, DeviceKey: Devices[0].DeviceKey })).body.__type,
    ).toBe("ResourceNotFoundException");

    expect((await identity("GlobalSignOut", { AccessToken: tokens.AccessToken })).status).toBe(200);
    expect((await identity("GetUser", { AccessToken: tokens.AccessToken })).body.message).toBe(
      "Access Token has been revoked",
    );
    const again = (
      await identity("InitiateAuth", {
        AuthFlow: "USER_PASSWORD_AUTH",
        AuthParameters: { USERNAME: "devices-api@example.com", PASSWORD: "first password" },
      })
    ).body.AuthenticationResult;
    expect((await identity("DeleteUser", { AccessToken: again.AccessToken })).status).toBe(200);
    expect(
      await env.DB.prepare("SELECT count(*) AS n FROM users WHERE email = 'devices-api@example.com'").first(),
    ).toEqual({ n: 0 });
  });
});

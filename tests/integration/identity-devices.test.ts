/**
 * The identity API's remembered devices, call by call: NewDeviceMetadata, ConfirmDevice, and
 * DEVICE_SRP_AUTH / DEVICE_PASSWORD_VERIFIER's refusals. The whole happy path, with the stock client
 * doing the device's SRP, is in identity-client-journey.test.ts.
 */
import { describe, expect, it } from "vitest";
import { makeVerifier } from "~/features/identity/srp.server";
import { identity } from "./identity-helpers";

const hexToBase64 = (hex: string) =>
  btoa(String.fromCharCode(...(hex.match(/../g) ?? []).map((pair) => parseInt(pair, 16))));
const claimsOf = (jwt: string) => JSON.parse(atob(jwt.split(".")[1].replace(/-/g, "+").replace(/_/g, "/")));

async function signUpAndIn(email: string, deviceKey?: string) {
  await identity("SignUp", {
    Username: email,
    Password: "device test password",
    UserAttributes: [{ Name: "email", Value: email }],
  });
  return identity("InitiateAuth", {
    AuthFlow: "USER_PASSWORD_AUTH",
    AuthParameters: {
      USERNAME: email,
      PASSWORD: "device test password",
      ...(deviceKey ? { DEVICE_KEY: deviceKey } : {}),
    },
  });
}
const signInAgain = (email: string, deviceKey: string) =>
  identity("InitiateAuth", {
    AuthFlow: "USER_PASSWORD_AUTH",
    AuthParameters: { USERNAME: email, PASSWORD: "device test password", DEVICE_KEY: deviceKey },
  });

/** Confirms the device a sign-in was handed, with a verifier for `secret`, as the client does. */
async function confirm(result: {
  AccessToken: string;
  NewDeviceMetadata: { DeviceKey: string; DeviceGroupKey: string };
}) {
  const { DeviceKey, DeviceGroupKey } = result.NewDeviceMetadata;
  const made = await makeVerifier(DeviceGroupKey, DeviceKey, "a random device secret");
  return identity("ConfirmDevice", {
    AccessToken: result.AccessToken,
    DeviceKey,
    DeviceName: "Test runner",
    DeviceSecretVerifierConfig: { Salt: hexToBase64(made.salt), PasswordVerifier: hexToBase64(made.verifier) },
  });
}

describe("remembered devices on the identity API", () => {
  it("hands a new device's key out at sign-in and confirms only that device, once", async () => {
    const first = (await signUpAndIn("device-confirm@example.com")).body.AuthenticationResult;
    expect(first.NewDeviceMetadata).toEqual({
      DeviceKey: expect.stringMatching(/^local_[0-9a-f-]{36}$/),
      DeviceGroupKey: expect.stringMatching(/^-[0-9a-f]{9}$/),
    });
    expect(claimsOf(first.AccessToken).device_key).toBe(first.NewDeviceMetadata.DeviceKey);

    const config = { Salt: "AAEC", PasswordVerifier: "AAEC" };
    const cases: [unknown, string, string][] = [
      [{ DeviceKey: first.NewDeviceMetadata.DeviceKey }, "NotAuthorizedException", "User is not authenticated"],
      [{ AccessToken: first.AccessToken }, "InvalidParameterException", "DeviceKey cannot be empty"],
      [
        {
          AccessToken: first.AccessToken,
          DeviceKey: `local_${crypto.randomUUID()}`,
          DeviceSecretVerifierConfig: config,
        },
        "ResourceNotFoundException",
        "Device does not exist.",
      ],
      [
        {
          AccessToken: first.AccessToken,
          DeviceKey: first.NewDeviceMetadata.DeviceKey,
          DeviceSecretVerifierConfig: { Salt: "not base64!", PasswordVerifier: "AAEC" },
        },
        "InvalidParameterException",
        "DeviceSecretVerifierConfig must hold a base64 Salt and PasswordVerifier",
      ],
      [
        { AccessToken: first.AccessToken, DeviceKey: first.NewDeviceMetadata.DeviceKey },
        "InvalidParameterException",
        "DeviceSecretVerifierConfig must hold a base64 Salt and PasswordVerifier",
      ],
    ];
    for (const [body, type, message] of cases) {
      expect((await identity("ConfirmDevice", body)).body).toEqual({ __type: type, message });
    }
    expect(await confirm(first)).toEqual({ status: 200, body: { UserConfirmationNecessary: true } });
    expect((await confirm(first)).body).toEqual({
      __type: "InvalidParameterException",
      message: "Device has already been confirmed.",
    });

    const listed = (await identity("ListDevices", { AccessToken: first.AccessToken })).body.Devices;
    expect(listed).toEqual([
      expect.objectContaining({
        DeviceKey: first.NewDeviceMetadata.DeviceKey,
        DeviceAttributes: [
          { Name: "device_name", Value: "Test runner" },
          { Name: "device_status", Value: "not_remembered" },
        ],
      }),
    ]);

    // Signing in from the confirmed device names it, and hands out no new one.
    const again = (await signInAgain("device-confirm@example.com", first.NewDeviceMetadata.DeviceKey)).body
      .AuthenticationResult;
    expect(again.NewDeviceMetadata).toBeUndefined();
    expect(claimsOf(again.AccessToken).device_key).toBe(first.NewDeviceMetadata.DeviceKey);
    // Another user's device key is no device of theirs: they get a new one.
    const other = (await signUpAndIn("device-other@example.com", first.NewDeviceMetadata.DeviceKey)).body
      .AuthenticationResult;
    expect(other.NewDeviceMetadata.DeviceKey).not.toBe(first.NewDeviceMetadata.DeviceKey);
  });

  it("asks a remembered device for its own proof, and refuses what is not one", async () => {
    const first = (await signUpAndIn("device-srp@example.com")).body.AuthenticationResult;
    const deviceKey = first.NewDeviceMetadata.DeviceKey as string;
    await confirm(first);
    expect(
      (
        await identity("UpdateDeviceStatus", {
          AccessToken: first.AccessToken,
          DeviceKey: deviceKey,
          DeviceRememberedStatus: "remembered",
        })
      ).status,
    ).toBe(200);

    const challenge = (await signInAgain("device-srp@example.com", deviceKey)).body;
    expect(challenge).toEqual({
      ChallengeName: "DEVICE_SRP_AUTH",
      Session: expect.any(String),
      ChallengeParameters: {},
    });
    const respond = (ChallengeName: string, ChallengeResponses: Record<string, string>, Session = challenge.Session) =>
      identity("RespondToAuthChallenge", { ChallengeName, Session, ChallengeResponses });
    const srp = { USERNAME: "device-srp@example.com", DEVICE_KEY: deviceKey, SRP_A: "2" };

    const refusals: [Promise<{ body: unknown }>, string, string][] = [
      [
        respond("DEVICE_SRP_AUTH", srp, "made-up"),
        "NotAuthorizedException",
        "Invalid session for the user, session is expired.",
      ],
      [
        respond("DEVICE_SRP_AUTH", { ...srp, DEVICE_KEY: `local_${crypto.randomUUID()}` }),
        "ResourceNotFoundException",
        "Device does not exist.",
      ],
      [respond("DEVICE_SRP_AUTH", { ...srp, SRP_A: "" }), "InvalidParameterException", "SRP_A cannot be empty"],
      [respond("DEVICE_SRP_AUTH", { ...srp, SRP_A: "0" }), "InvalidParameterException", "Invalid SRP_A"],
      [
        respond("DEVICE_SRP_AUTH", { ...srp, DEVICE_KEY: "" }),
        "InvalidParameterException",
        "DEVICE_KEY cannot be empty",
      ],
    ];
    for (const [answer, type, message] of refusals) expect((await answer).body).toEqual({ __type: type, message });

    const verifier = await respond("DEVICE_SRP_AUTH", srp);
    expect(verifier.body).toEqual({
      ChallengeName: "DEVICE_PASSWORD_VERIFIER",
      Session: challenge.Session,
      ChallengeParameters: {
        SRP_B: expect.stringMatching(/^[0-9a-f]+$/),
        SALT: expect.stringMatching(/^[0-9a-f]+$/),
        SECRET_BLOCK: expect.any(String),
        DEVICE_KEY: deviceKey,
        USERNAME: expect.any(String),
      },
    });
    const forged = await respond("DEVICE_PASSWORD_VERIFIER", {
      USERNAME: "device-srp@example.com",
      DEVICE_KEY: deviceKey,
      PASSWORD_CLAIM_SECRET_BLOCK: verifier.body.ChallengeParameters.SECRET_BLOCK,
      TIMESTAMP: "Thu Nov 26 18:00:00 UTC 2026",
      PASSWORD_CLAIM_SIGNATURE: btoa("not the device's signature"),
    });
    expect(forged.body).toEqual({ __type: "NotAuthorizedException", message: "Incorrect username or password." });

    // A forgotten device is no longer asked for: the sign-in hands out a new one.
    await identity("ForgetDevice", { AccessToken: first.AccessToken, DeviceKey: deviceKey });
    const afterForget = (await signInAgain("device-srp@example.com", deviceKey)).body.AuthenticationResult;
    expect(afterForget.NewDeviceMetadata.DeviceKey).not.toBe(deviceKey);
  });

  it("tells a PASSWORD_VERIFIER answer naming an unknown device so, before the sign-in is spent", async () => {
    await signUpAndIn("device-unknown@example.com");
    const started = await identity("InitiateAuth", {
      AuthFlow: "USER_SRP_AUTH",
      AuthParameters: { USERNAME: "device-unknown@example.com", SRP_A: "2" },
    });
    const answer = {
      USERNAME: started.body.ChallengeParameters.USER_ID_FOR_SRP,
      PASSWORD_CLAIM_SECRET_BLOCK: started.body.ChallengeParameters.SECRET_BLOCK,
      TIMESTAMP: "Thu Nov 26 18:00:00 UTC 2026",
      PASSWORD_CLAIM_SIGNATURE: btoa("not a signature"),
    };
    const respond = (responses: Record<string, string>) =>
      identity("RespondToAuthChallenge", { ChallengeName: "PASSWORD_VERIFIER", ChallengeResponses: responses });
    expect((await respond({ ...answer, DEVICE_KEY: `local_${crypto.randomUUID()}` })).body).toEqual({
      __type: "ResourceNotFoundException",
      message: "Device does not exist.",
    });
    // The sign-in is still there to answer (here wrongly; the stock client retries rightly).
    expect((await respond(answer)).body).toEqual({
      __type: "NotAuthorizedException",
      message: "Incorrect username or password.",
    });
  });

  it("answers SMS_MFA as SMS is answered everywhere, and names the challenges it knows for another", async () => {
    const respond = (ChallengeName: string) =>
      identity("RespondToAuthChallenge", { ChallengeName, ChallengeResponses: { SMS_MFA_CODE: "123456" } });
    expect((await respond("SMS_MFA")).body).toEqual({
      __type: "InvalidParameterException",
      message: "Invalid MFA type",
    });
    expect((await respond("SELECT_SOMETHING")).body).toEqual({
      __type: "InvalidParameterException",
      message:
        "Only the PASSWORD_VERIFIER, SOFTWARE_TOKEN_MFA, SELECT_MFA_TYPE, EMAIL_OTP, CUSTOM_CHALLENGE, MFA_SETUP, NEW_PASSWORD_REQUIRED, DEVICE_SRP_AUTH, DEVICE_PASSWORD_VERIFIER challenges are supported",
    });
  });
});

/**
 * The whole journey with the hosted user pool's own client, amazon-cognito-identity-js,
 * unchanged apart from its endpoint, on a pool that confirms sign-ups by email: sign up, confirm,
 * sign in with SRP, set up and answer the authenticator's challenge, remember the device, sign in
 * again without the authenticator (the device proves its own secret), refresh, sign out everywhere.
 */
import { generateTOTP } from "@epic-web/totp";
import { CognitoUser, CognitoUserAttribute, type CognitoUserSession } from "amazon-cognito-identity-js";
import { describe, expect, it, vi } from "vitest";
import { libraryEndpoint, pool, signIn, type Outcome } from "./identity-client-helpers";
import { callWith, latestCode, nextTotpStep } from "./identity-helpers";

const library = libraryEndpoint();

/** ~7.5 s here: three SRP sign-ins, a device verifier and a device proof in the library's pure-JS big integers. */
const JOURNEY_MS = 30_000;

/** A library call with a node-style callback, as a promise. */
const promised = <T>(run: (done: (error: unknown, result?: T) => void) => void) =>
  new Promise<T>((resolve, reject) => run((error, result) => (error ? reject(error) : resolve(result as T))));

const session = (outcome: Outcome) => {
  expect(outcome.kind).toBe("success");
  return (outcome as { session: CognitoUserSession }).session;
};

describe("amazon-cognito-identity-js, the whole journey", () => {
  it(
    "signs up, confirms, signs in with SRP and MFA, remembers the device, skips MFA on it, refreshes, signs out",
    async () => {
      library.to(callWith({ IDENTITY_SIGN_UP_CONFIRMATION: "email" }));
      const email = "journey@example.com";
      const password = "the whole journey";

      // Sign up, then confirm with the emailed code.
      const signedUp = await promised<{ userConfirmed: boolean; userSub: string }>((done) =>
        pool().signUp(email, password, [new CognitoUserAttribute({ Name: "email", Value: email })], [], done),
      );
      expect(signedUp.userConfirmed).toBe(false);
      const user = new CognitoUser({ Username: email, Pool: pool() });
      const code = await latestCode(email);
      const wrong = code === "000000" ? "111111" : "000000";
      const refused = await promised((done) => user.confirmRegistration(wrong, false, done)).catch((e: unknown) => e);
      expect(refused).toMatchObject({ code: "CodeMismatchException" });
      expect(await promised((done) => user.confirmRegistration(code, false, done))).toBe("SUCCESS");

      // First sign-in (SRP): the device is new, so the library confirms it; the user may then remember it.
      const first = await signIn(email, password, user);
      expect(first).toMatchObject({ kind: "success", userConfirmationNecessary: true });
      const devices = await promised<{
        Devices: { DeviceKey: string; DeviceAttributes: { Name: string; Value: string }[] }[];
      }>((done) => user.listDevices(10, null, { onSuccess: (r) => done(null, r), onFailure: done }));
      expect(devices.Devices).toHaveLength(1);
      expect(devices.Devices[0].DeviceAttributes).toContainEqual({ Name: "device_status", Value: "not_remembered" });

      // Set up the authenticator and prefer it.
      const secret = await new Promise<string>((resolve, reject) =>
        user.associateSoftwareToken({ associateSecretCode: resolve, onFailure: reject }),
      );
      const setupCode = (await generateTOTP({ secret, algorithm: "SHA-1" })).otp;
      await new Promise((resolve, reject) =>
        user.verifySoftwareToken(setupCode, "My TOTP device", { onSuccess: resolve, onFailure: reject }),
      );
      expect(
        await promised((done) => user.setUserMfaPreference(null, { Enabled: true, PreferredMfa: true }, done)),
      ).toBe("SUCCESS");
      user.signOut();

      // Second sign-in: the device is known but not remembered, so the authenticator is asked for.
      await nextTotpStep(email);
      const second = await signIn(email, password);
      expect(second.kind).toBe("totp");
      const mfaUser = (second as { user: CognitoUser }).user;
      const mfaCode = (await generateTOTP({ secret, algorithm: "SHA-1" })).otp;
      const afterMfa = await new Promise<CognitoUserSession>((resolve, reject) =>
        mfaUser.sendMFACode(mfaCode, { onSuccess: resolve, onFailure: reject }, "SOFTWARE_TOKEN_MFA"),
      );
      expect(afterMfa.isValid()).toBe(true);
      // Remember this device.
      await new Promise((resolve, reject) =>
        mfaUser.setDeviceStatusRemembered({ onSuccess: resolve, onFailure: reject }),
      );
      mfaUser.signOut();

      // Third sign-in from the remembered device: no authenticator, the device's own proof instead.
      const asked = vi.mocked(fetch).mock.calls.length;
      const third = await signIn(email, password);
      const remembered = session(third);
      const challenges = vi
        .mocked(fetch)
        .mock.calls.slice(asked)
        .map(([, init]) => JSON.parse(String(init?.body ?? "{}")).ChallengeName as string | undefined)
        .filter(Boolean);
      expect(challenges).toEqual(["PASSWORD_VERIFIER", "DEVICE_SRP_AUTH", "DEVICE_PASSWORD_VERIFIER"]);
      const claims = remembered.getAccessToken().decodePayload();
      expect(claims.device_key).toBe(devices.Devices[0].DeviceKey);

      // Refresh.
      const signedInUser = pool().getCurrentUser()!;
      const refreshed = await promised<CognitoUserSession>((done) =>
        signedInUser.refreshSession(remembered.getRefreshToken(), done),
      );
      expect(refreshed.getAccessToken().getJwtToken()).not.toBe(remembered.getAccessToken().getJwtToken());
      expect(refreshed.getAccessToken().decodePayload().auth_time).toBe(claims.auth_time);

      // Sign out everywhere: the tokens stop working at once.
      await new Promise((resolve, reject) => signedInUser.globalSignOut({ onSuccess: resolve, onFailure: reject }));
      const revoked = new CognitoUser({ Username: email, Pool: pool() });
      const error = await promised((done) => revoked.refreshSession(refreshed.getRefreshToken(), done)).catch((e) => e);
      expect(error).toMatchObject({ code: "NotAuthorizedException" });
    },
    JOURNEY_MS,
  );
});

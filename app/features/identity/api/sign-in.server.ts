/**
 * Signing in: InitiateAuth (USER_SRP_AUTH, USER_PASSWORD_AUTH, CUSTOM_AUTH, REFRESH_TOKEN_AUTH) and
 * the answers to its challenges (RespondToAuthChallenge).
 */
import { eq } from "drizzle-orm";
import { users, type UserRow } from "~/db/schema";
import type { AppContext } from "~/platform/context";
import { authenticate, findUserByUsername } from "../accounts.server";
import { challengeUser, endChallenge, startChallenge } from "../challenges.server";
import { DEFAULT_CLIENT_ID } from "../clients";
import { issuePoolTokens, type TokenGrant } from "../pool-tokens.server";
import { answerSrpSignIn, startSrpSignIn } from "../srp-sign-in.server";
import { liveToken, refreshableBy } from "../tokens.server";
import { answerSignInChallenge, verifiedFactor } from "../totp.server";
import {
  answerDeviceSrp,
  confirmedDevice,
  deviceExists,
  newDeviceMetadata,
  startDeviceSrp,
} from "../device-srp.server";
import { chooseOwnPassword, temporaryPasswordExpired } from "../invitations.server";
import { messages, nextSecondFactor, type SecondFactor } from "../rules";
import { answerEmailMfaCode, mfaSettingsOf, sendEmailMfaCode } from "../second-factor.server";
import { answerSignInCode, sendSignInCode } from "../sign-in-code.server";
import { nameValue } from "./attributes.server";
import {
  checkNewPassword,
  deliveryFor,
  emailDelivery,
  fail,
  required,
  sessionUser,
  str,
  type Body,
  type IdentityActions,
  type IdentityCall,
} from "./wire.server";

/** The grant for a user who proves who they are now, through the client the call names. */
const signInGrant = (app: AppContext, call: IdentityCall): TokenGrant => ({
  issuer: call.issuer,
  clientId: call.clientId ?? DEFAULT_CLIENT_ID,
  authTime: app.now,
});

async function authenticationResult(app: AppContext, user: UserRow, grant: TokenGrant, withRefresh = true) {
  return { AuthenticationResult: await issuePoolTokens(app, user, grant, withRefresh), ChallengeParameters: {} };
}

/**
 * The tokens for a user who has proven who they are. From a confirmed device of theirs the access
 * token names it; from any other, the answer carries NewDeviceMetadata, for the client to confirm.
 */
async function signedIn(app: AppContext, user: UserRow, grant: TokenGrant, deviceKey: string) {
  const device = deviceKey ? await confirmedDevice(app, user.id, deviceKey) : null;
  if (device) return authenticationResult(app, user, { ...grant, deviceKey: device.id });
  const metadata = await newDeviceMetadata(app, user.id);
  const tokens = await issuePoolTokens(app, user, { ...grant, deviceKey: metadata.DeviceKey }, true);
  return { AuthenticationResult: { ...tokens, NewDeviceMetadata: metadata }, ChallengeParameters: {} };
}

/** After the password is proven (USER_PASSWORD_AUTH or SRP): as firstFactorProven, once the account is confirmed. */
async function passwordProven(app: AppContext, user: UserRow, grant: TokenGrant, deviceKey: string) {
  // Only after the password: an unknown user and a wrong password still answer alike.
  if (user.identityStatus === "UNCONFIRMED") fail("UserNotConfirmedException", "User is not confirmed.");
  if (user.identityStatus === "FORCE_CHANGE_PASSWORD") {
    // An admin added them: the temporary password only lets them choose their own, for a while.
    if (await temporaryPasswordExpired(app, user.id))
      fail("NotAuthorizedException", "Temporary password has expired and must be reset by an administrator.");
    return {
      ChallengeName: "NEW_PASSWORD_REQUIRED",
      Session: await startChallenge(app, user.id, "NEW_PASSWORD_REQUIRED"),
      ChallengeParameters: {
        USER_ID_FOR_SRP: user.username,
        requiredAttributes: "[]",
        userAttributes: JSON.stringify({
          email: user.email,
          email_verified: String(user.emailVerified),
          given_name: user.firstName,
          family_name: user.lastName,
        }),
      },
    };
  }
  return firstFactorProven(app, user, grant, deviceKey);
}

/**
 * After the first factor (the password, or an emailed sign-in code): a remembered device's own proof,
 * the authenticator's challenge, or the tokens.
 */
async function firstFactorProven(app: AppContext, user: UserRow, grant: TokenGrant, deviceKey: string) {
  const device = deviceKey ? await confirmedDevice(app, user.id, deviceKey) : null;
  // A remembered device proves its own secret in place of the authenticator's code.
  if (device?.remembered)
    return {
      ChallengeName: "DEVICE_SRP_AUTH",
      Session: await startChallenge(app, user.id, "DEVICE_SRP_AUTH"),
      ChallengeParameters: {},
    };
  const mfa = await mfaSettingsOf(app, user);
  const required = app.env.IDENTITY_MFA === "required";
  // A pool that requires MFA counts a verified authenticator as on, and asks every user with no
  // second factor to set one up first.
  if (required && !mfa.enabled.includes("SOFTWARE_TOKEN_MFA") && (await verifiedFactor(app, user.id)))
    mfa.enabled = ["SOFTWARE_TOKEN_MFA", ...mfa.enabled];
  if (required && mfa.enabled.length === 0)
    return {
      ChallengeName: "MFA_SETUP",
      Session: await startChallenge(app, user.id, "MFA_SETUP"),
      ChallengeParameters: { MFAS_CAN_SETUP: JSON.stringify(["SOFTWARE_TOKEN_MFA"]) },
    };
  const next = nextSecondFactor(mfa);
  if (!next) return signedIn(app, user, grant, deviceKey);
  if (next === "SELECT_MFA_TYPE")
    return {
      ChallengeName: "SELECT_MFA_TYPE",
      Session: await startChallenge(app, user.id, "SELECT_MFA_TYPE"),
      ChallengeParameters: { MFAS_CAN_CHOOSE: JSON.stringify(mfa.enabled), USER_ID_FOR_SRP: user.username },
    };
  return await secondFactorChallenge(app, user, next);
}

/** The challenge that asks for one second factor (EMAIL_OTP emails its code now). */
async function secondFactorChallenge(app: AppContext, user: UserRow, factor: SecondFactor) {
  if (factor === "SOFTWARE_TOKEN_MFA")
    return {
      ChallengeName: "SOFTWARE_TOKEN_MFA",
      Session: await startChallenge(app, user.id),
      ChallengeParameters: { USER_ID_FOR_SRP: user.username },
    };
  const sent = await sendEmailMfaCode(app, user);
  if (sent.status === "wait") fail("LimitExceededException", "Attempt limit exceeded, please try after some time.");
  const delivery = emailDelivery(user.email);
  return {
    ChallengeName: "EMAIL_OTP",
    Session: await startChallenge(app, user.id, "EMAIL_OTP"),
    ChallengeParameters: {
      CODE_DELIVERY_DELIVERY_MEDIUM: delivery.DeliveryMedium,
      CODE_DELIVERY_DESTINATION: delivery.Destination,
      USER_ID_FOR_SRP: user.username,
    },
  };
}

const userById = async (app: AppContext, userId: string) =>
  (await app.db.select().from(users).where(eq(users.id, userId)).get())!;

/** The SRP answer's fields (PASSWORD_VERIFIER and DEVICE_PASSWORD_VERIFIER), each required. */
const srpClaim = (responses: Body) => ({
  USERNAME: required(str(responses, "USERNAME"), "Username cannot be empty"),
  PASSWORD_CLAIM_SECRET_BLOCK: required(
    str(responses, "PASSWORD_CLAIM_SECRET_BLOCK"),
    "PASSWORD_CLAIM_SECRET_BLOCK cannot be empty",
  ),
  TIMESTAMP: required(str(responses, "TIMESTAMP"), "TIMESTAMP cannot be empty"),
  PASSWORD_CLAIM_SIGNATURE: required(
    str(responses, "PASSWORD_CLAIM_SIGNATURE"),
    "PASSWORD_CLAIM_SIGNATURE cannot be empty",
  ),
});

type Challenge = (app: AppContext, body: Body, responses: Body, call: IdentityCall) => Promise<unknown>;

/**
 * A second factor's answer (the authenticator's code, the emailed one): the code from its response
 * field, checked on the codes' lockout; then the session ends and the tokens follow.
 */
function secondFactorAnswer(
  kind: "SOFTWARE_TOKEN_MFA" | "EMAIL_OTP",
  field: string,
  check: (
    app: AppContext,
    userId: string,
    code: string,
    client: IdentityCall["client"],
  ) => Promise<"ok" | "mismatch" | "expired" | { waitMs: number }>,
): Challenge {
  return async (app, body, responses, call) => {
    const code = str(responses, field);
    if (!code.trim()) fail("InvalidParameterException", "Challenge response cannot be empty");
    const session = str(body, "Session");
    const userId = await sessionUser(app, session, kind);
    const checked = await check(app, userId, code, call.client);
    if (typeof checked === "object") fail("TooManyRequestsException", "Too many requests");
    if (checked === "expired") fail("ExpiredCodeException", "Invalid code provided, please request a code again.");
    if (checked === "mismatch") fail("CodeMismatchException", "Invalid code received for user");
    if (!(await endChallenge(app, session)))
      fail("NotAuthorizedException", "Invalid session for the user, session is expired.");
    return signedIn(app, await userById(app, userId), signInGrant(app, call), str(responses, "DEVICE_KEY"));
  };
}

/** RespondToAuthChallenge's answers, by ChallengeName. */
const challenges: Record<string, Challenge> = {
  async PASSWORD_VERIFIER(app, body, responses, call) {
    const answer = srpClaim(responses);
    const deviceKey = str(responses, "DEVICE_KEY");
    // Before the sign-in is spent, so the client can answer again without the device (as the stock
    // client does on this error).
    if (deviceKey && !(await deviceExists(app, deviceKey))) fail("ResourceNotFoundException", "Device does not exist.");
    const outcome = await answerSrpSignIn(app, answer, call.client);
    if (outcome.status === "wait") fail("NotAuthorizedException", "Password attempts exceeded");
    if (outcome.status !== "ok") fail("NotAuthorizedException", "Incorrect username or password.");
    return await passwordProven(app, (outcome as { user: UserRow }).user, signInGrant(app, call), deviceKey);
  },

  SOFTWARE_TOKEN_MFA: secondFactorAnswer("SOFTWARE_TOKEN_MFA", "SOFTWARE_TOKEN_MFA_CODE", answerSignInChallenge),

  /** The person chooses which second factor answers (ANSWER): that factor's challenge follows. */
  async SELECT_MFA_TYPE(app, body, responses) {
    const answer = str(responses, "ANSWER");
    if (!answer.trim()) fail("InvalidParameterException", "Challenge response cannot be empty");
    const session = str(body, "Session");
    const user = await userById(app, await sessionUser(app, session, "SELECT_MFA_TYPE"));
    const offered = (await mfaSettingsOf(app, user)).enabled;
    const chosen = offered.find((factor) => factor === answer);
    if (!chosen) fail("InvalidParameterException", "Invalid MFA type");
    if (!(await endChallenge(app, session)))
      fail("NotAuthorizedException", "Invalid session for the user, session is expired.");
    return await secondFactorChallenge(app, user, chosen!);
  },

  /** The code EMAIL_OTP emailed. A wrong one keeps the session for another try, up to the codes' lockout. */
  EMAIL_OTP: secondFactorAnswer("EMAIL_OTP", "EMAIL_OTP_CODE", answerEmailMfaCode),

  /** CUSTOM_AUTH's emailed code. Every refusal reads alike, so a made-up session tells nothing. */
  async CUSTOM_CHALLENGE(app, body, responses, call) {
    const code = str(responses, "ANSWER");
    if (!code.trim()) fail("InvalidParameterException", "Challenge response cannot be empty");
    const session = str(body, "Session");
    const userId =
      (await challengeUser(app, session, "CUSTOM_CHALLENGE")) ??
      fail("NotAuthorizedException", "Incorrect username or password.");
    const checked = await answerSignInCode(app, userId!, code, call.client);
    if (typeof checked === "object")
      fail("LimitExceededException", "Attempt limit exceeded, please try after some time.");
    // The session stays for another try, as the client keeps it.
    if (checked !== "ok") fail("NotAuthorizedException", "Incorrect username or password.");
    if (!(await endChallenge(app, session))) fail("NotAuthorizedException", "Incorrect username or password.");
    const user = await userById(app, userId!);
    return await firstFactorProven(app, user, signInGrant(app, call), str(responses, "DEVICE_KEY"));
  },

  /** The end of MFA_SETUP: the authenticator was set up with the Session (AssociateSoftwareToken, VerifySoftwareToken). */
  async MFA_SETUP(app, body, responses, call) {
    const session = str(body, "Session");
    const userId = await sessionUser(app, session, "MFA_SETUP");
    if (!(await verifiedFactor(app, userId)))
      fail(
        "InvalidParameterException",
        "Set up an authenticator first: AssociateSoftwareToken, then VerifySoftwareToken",
      );
    if (!(await endChallenge(app, session)))
      fail("NotAuthorizedException", "Invalid session for the user, session is expired.");
    return signedIn(app, await userById(app, userId), signInGrant(app, call), str(responses, "DEVICE_KEY"));
  },

  /** A person an admin added chooses their own password; they may give their names (`userAttributes.*`). */
  async NEW_PASSWORD_REQUIRED(app, body, responses, call) {
    const password = str(responses, "NEW_PASSWORD");
    await checkNewPassword(password, messages.newPasswordRequired);
    const names: { firstName?: string; lastName?: string } = {};
    for (const [key, value] of Object.entries(responses)) {
      if (!key.startsWith("userAttributes.")) continue;
      const name = key.slice("userAttributes.".length);
      if (typeof value !== "string") fail("InvalidParameterException", `Attribute ${name} must be a string`);
      if (name === "given_name") names.firstName = nameValue(value as string, "First name");
      else if (name === "family_name") names.lastName = nameValue(value as string, "Last name");
      else fail("InvalidParameterException", `Attribute ${name} cannot be changed`);
    }
    const session = str(body, "Session");
    const user = await userById(app, await sessionUser(app, session, "NEW_PASSWORD_REQUIRED"));
    if (!(await endChallenge(app, session)) || !(await chooseOwnPassword(app, user, password, names)))
      fail("NotAuthorizedException", "Invalid session for the user, session is expired.");
    const chosen = await userById(app, user.id);
    return await firstFactorProven(app, chosen, signInGrant(app, call), str(responses, "DEVICE_KEY"));
  },

  async DEVICE_SRP_AUTH(app, body, responses) {
    required(str(responses, "USERNAME"), "Username cannot be empty");
    const deviceKey = required(str(responses, "DEVICE_KEY"), "DEVICE_KEY cannot be empty");
    const publicA = required(str(responses, "SRP_A"), "SRP_A cannot be empty");
    const session = str(body, "Session");
    const user = await userById(app, await sessionUser(app, session, "DEVICE_SRP_AUTH"));
    const device = await confirmedDevice(app, user.id, deviceKey);
    if (!device?.remembered || !device.srpSalt || !device.srpVerifier)
      fail("ResourceNotFoundException", "Device does not exist.");
    const challenge =
      (await startDeviceSrp(
        app,
        device as { id: string; userId: string; srpSalt: string; srpVerifier: string },
        publicA,
      )) ?? fail("InvalidParameterException", "Invalid SRP_A");
    return {
      ChallengeName: "DEVICE_PASSWORD_VERIFIER",
      Session: session,
      ChallengeParameters: { ...challenge, USERNAME: user.username },
    };
  },

  async DEVICE_PASSWORD_VERIFIER(app, body, responses, call) {
    const answer = {
      ...srpClaim(responses),
      DEVICE_KEY: required(str(responses, "DEVICE_KEY"), "DEVICE_KEY cannot be empty"),
    };
    const session = str(body, "Session");
    const userId = await sessionUser(app, session, "DEVICE_SRP_AUTH");
    if (!(await answerDeviceSrp(app, userId, answer)))
      fail("NotAuthorizedException", "Incorrect username or password.");
    if (!(await endChallenge(app, session)))
      fail("NotAuthorizedException", "Invalid session for the user, session is expired.");
    const grant = { ...signInGrant(app, call), deviceKey: answer.DEVICE_KEY };
    return authenticationResult(app, await userById(app, userId), grant);
  },
};

const CHALLENGES = new Map(Object.entries(challenges));

export const signInActions: IdentityActions = {
  async InitiateAuth(app, body, call) {
    const flow = str(body, "AuthFlow");
    const params = (body.AuthParameters ?? {}) as Body;
    if (flow === "REFRESH_TOKEN_AUTH" || flow === "REFRESH_TOKEN") {
      const refresh = await liveToken(app, str(params, "REFRESH_TOKEN"), ["refresh"]);
      // A refresh token works only for the client it was handed to.
      if (!refresh || !refreshableBy(refresh, call.clientId ?? DEFAULT_CLIENT_ID))
        fail("NotAuthorizedException", "Invalid Refresh Token");
      // The refresh token was handed out at sign-in: the new tokens keep that sign-in's auth_time, and
      // a hosted-login one its granted scopes (never the user-admin scope it was not given).
      const grant = {
        ...signInGrant(app, call),
        authTime: refresh!.createdAt,
        ...(refresh!.scopes ? { scopes: refresh!.scopes } : {}),
      };
      return authenticationResult(app, refresh!.user, grant, false);
    }
    if (flow === "USER_SRP_AUTH") {
      const username = required(str(params, "USERNAME"), "Username cannot be empty");
      const publicA = required(str(params, "SRP_A"), "SRP_A cannot be empty");
      const challenge =
        (await startSrpSignIn(app, username, publicA)) ?? fail("InvalidParameterException", "Invalid SRP_A");
      return { ChallengeName: "PASSWORD_VERIFIER", ChallengeParameters: challenge };
    }
    if (flow === "CUSTOM_AUTH") {
      const username = required(str(params, "USERNAME"), "Username cannot be empty");
      const started = await sendSignInCode(app, username);
      if (started.status === "wait")
        fail("LimitExceededException", "Attempt limit exceeded, please try after some time.");
      const { session, user } = started as { session: string; user: UserRow | null };
      const delivery = deliveryFor(user, username);
      return {
        ChallengeName: "CUSTOM_CHALLENGE",
        Session: session,
        ChallengeParameters: {
          CODE_DELIVERY_DELIVERY_MEDIUM: delivery.DeliveryMedium,
          CODE_DELIVERY_DESTINATION: delivery.Destination,
        },
      };
    }
    if (flow !== "USER_PASSWORD_AUTH")
      fail(
        "InvalidParameterException",
        `${flow || "AuthFlow"} is not supported here; use USER_SRP_AUTH, USER_PASSWORD_AUTH, CUSTOM_AUTH or REFRESH_TOKEN_AUTH`,
      );
    const username = required(str(params, "USERNAME"), "Username cannot be empty");
    const password = required(str(params, "PASSWORD"), "Password cannot be empty");
    const known = await findUserByUsername(app, username);
    const outcome = await authenticate(app, known?.email ?? username, password, call.client);
    if (outcome.status === "wait") fail("NotAuthorizedException", "Password attempts exceeded");
    if (outcome.status !== "ok") fail("NotAuthorizedException", "Incorrect username or password.");
    // Awaited, not handed on: workerd reports a rejected promise passed up by `return` as unhandled
    // (seen with UserNotConfirmedException) even though the dispatcher's await takes it.
    const grant = signInGrant(app, call);
    return await passwordProven(app, (outcome as { user: UserRow }).user, grant, str(params, "DEVICE_KEY"));
  },

  async RespondToAuthChallenge(app, body, call) {
    const name = str(body, "ChallengeName");
    // No SMS provider: SMS is never offered, so its challenge is answered as SetUserMFAPreference does.
    if (name === "SMS_MFA") fail("InvalidParameterException", "Invalid MFA type");
    const challenge = CHALLENGES.get(name);
    if (!challenge)
      fail("InvalidParameterException", `Only the ${[...CHALLENGES.keys()].join(", ")} challenges are supported`);
    return await challenge!(app, body, (body.ChallengeResponses ?? {}) as Body, call);
  },
};

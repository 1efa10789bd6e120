/**
 * POST /api/identity: our identity service speaking the hosted user pool's wire format, so its
 * existing clients work when pointed here. The action is named in `X-Amz-Target:
 * AWSCognitoIdentityProviderService.<Action>`; bodies are JSON (application/x-amz-json-1.1) with the
 * service's field names; errors are 400 {__type, message}. Each action calls the same services as
 * the web forms (passwords, lockout, codes, TOTP, devices, sessions).
 */
import { eq } from "drizzle-orm";
import { users, type UserRow } from "~/db/schema";
import type { Client } from "~/platform/client.server";
import type { AppContext } from "~/platform/context";
import { changePassword, deleteAccount } from "./account.server";
import { authenticate, createAccount, EmailTakenError, findUserByUsername } from "./accounts.server";
import { claimCheck } from "./attempts.server";
import { challengeUser, endChallenge, startChallenge } from "./challenges.server";
import { isCommonPassword } from "./common-passwords.server";
import { forgetDevice, listDevices, setDeviceRemembered } from "./devices.server";
import { DEFAULT_CLIENT_ID, issuePoolTokens, type TokenGrant } from "./pool-tokens.server";
import { answerSrpSignIn, startSrpSignIn } from "./srp-sign-in.server";
import { hashPassword } from "./password.server";
import { resetPassword, sendResetCode } from "./reset-password.server";
import { CODE_POLICY, EMAIL_PATTERN, messages, NAME_MAX, PASSWORD_MIN } from "./rules";
import { endAllSessions } from "./sessions.server";
import { liveToken, tokenUser } from "./tokens.server";
import {
  answerSignInChallenge,
  associateSoftwareToken,
  preferSoftwareToken,
  verifiedFactor,
  verifySoftwareToken,
} from "./totp.server";
import { confirmEmailWithCode, sendAccountExistsNotice, sendEmailConfirmation } from "./verification.server";
import { EmailNotConfiguredError, emailNotConfiguredMessage } from "~/platform/adapters/email/email.server";

const TARGET_PREFIX = "AWSCognitoIdentityProviderService.";

class IdentityError extends Error {
  constructor(
    readonly type: string,
    message: string,
  ) {
    super(message);
  }
}
const fail = (type: string, message: string): never => {
  throw new IdentityError(type, message);
};

type Body = Record<string, unknown>;
const str = (body: Body, key: string) => (typeof body[key] === "string" ? (body[key] as string) : "");

function required(value: string, message: string) {
  if (!value.trim()) fail("InvalidParameterException", message);
  return value;
}

/** The password policy, with the service's own messages (spec 8 maps them for people). */
function checkNewPassword(password: string, emptyMessage = "Password cannot be empty") {
  required(password, emptyMessage);
  if (password.trim() !== password)
    fail(
      "InvalidParameterException",
      "1 validation error detected: Value at 'password' failed to satisfy constraint: Member must satisfy regular expression pattern: ^[\\S]+.*[\\S]+$",
    );
  if (password.length < PASSWORD_MIN)
    fail("InvalidPasswordException", "Password did not conform with policy: Password not long enough");
  if (password.length > 256)
    fail("InvalidPasswordException", "Password did not conform with policy: Password too long");
  if (isCommonPassword(password))
    fail("InvalidPasswordException", `Password did not conform with policy: ${messages.passwordTooCommon}`);
}

async function signedInUser(app: AppContext, body: Body): Promise<UserRow> {
  const token = str(body, "AccessToken");
  if (!token) fail("NotAuthorizedException", "User is not authenticated");
  return (await tokenUser(app, token, ["access"])) ?? fail("NotAuthorizedException", "Access Token has been revoked");
}

const mask = (email: string) => email.replace(/^(.).*(@.).*(\..*)$/, "$1***$2***$3");
const emailDelivery = (email: string) => ({
  Destination: mask(email),
  DeliveryMedium: "EMAIL",
  AttributeName: "email",
});
/**
 * PreventUserExistenceErrors: an unknown username gets the answer a known one gets, with a made-up
 * destination of the same shape (the username itself when it is an email).
 */
const deliveryFor = (user: UserRow | null, username: string) =>
  emailDelivery(
    user?.email ??
      (username.includes("@") ? username.trim().toLowerCase() : `${username.trim().toLowerCase()}@example.com`),
  );

/** Who called, as the actions need it: the throttle key, and the origin that issues the tokens. */
export interface IdentityCall {
  client: Client;
  issuer: string;
}

/** The grant for a user who proves who they are now, through the client the body names. */
const signInGrant = (app: AppContext, body: Body, call: IdentityCall): TokenGrant => ({
  issuer: call.issuer,
  clientId: str(body, "ClientId") || DEFAULT_CLIENT_ID,
  authTime: app.now,
});

async function authenticationResult(app: AppContext, user: UserRow, grant: TokenGrant, withRefresh = true) {
  return { AuthenticationResult: await issuePoolTokens(app, user, grant, withRefresh), ChallengeParameters: {} };
}

/** After the password is proven (USER_PASSWORD_AUTH or SRP): the authenticator's challenge, or the tokens. */
async function passwordProven(app: AppContext, user: UserRow, grant: TokenGrant) {
  if (user.preferredMfa === "SOFTWARE_TOKEN_MFA" && (await verifiedFactor(app, user.id))) {
    return {
      ChallengeName: "SOFTWARE_TOKEN_MFA",
      Session: await startChallenge(app, user.id),
      ChallengeParameters: { USER_ID_FOR_SRP: user.username },
    };
  }
  return authenticationResult(app, user, grant);
}

function userAttributes(user: UserRow) {
  const attributes: [string, string | null][] = [
    ["sub", user.id],
    ["email", user.email],
    ["email_verified", String(user.emailVerified)],
    ["given_name", user.firstName],
    ["family_name", user.lastName],
    ["phone_number", user.phoneNumber],
    ["phone_number_verified", user.phoneNumber ? String(user.phoneNumberVerified) : null],
  ];
  return attributes.filter(([, value]) => value !== null && value !== "").map(([Name, Value]) => ({ Name, Value }));
}

function readAttributes(body: Body): { Name: string; Value: string }[] {
  const raw = body.UserAttributes;
  if (raw === undefined) return [];
  if (!Array.isArray(raw) || raw.some((a) => !a || typeof a.Name !== "string" || typeof (a.Value ?? "") !== "string")) {
    fail("InvalidParameterException", "UserAttributes must be a list of {Name, Value}");
  }
  // Spec 5: 'sub' and '*_verified' are never set by a client.
  return (raw as { Name: string; Value?: string }[])
    .filter((a) => a.Name !== "sub" && !a.Name.endsWith("_verified"))
    .map((a) => ({ Name: a.Name, Value: a.Value ?? "" }));
}

function nameValue(value: string, label: string) {
  const trimmed = value.trim();
  if (trimmed.length > NAME_MAX) fail("InvalidParameterException", `${label} can't be longer than 20 characters long`);
  return trimmed;
}

async function deviceShape(app: AppContext, user: UserRow) {
  return (await listDevices(app, user.id)).map((d) => ({
    DeviceKey: d.id,
    DeviceAttributes: [
      { Name: "device_name", Value: d.name },
      { Name: "device_status", Value: d.remembered ? "valid" : "not_remembered" },
    ],
    DeviceCreateDate: Math.floor(d.createdAt / 1000),
    DeviceLastModifiedDate: Math.floor(d.lastSeenAt / 1000),
    DeviceLastAuthenticatedDate: Math.floor(d.lastSeenAt / 1000),
  }));
}

const actions: Record<string, (app: AppContext, body: Body, call: IdentityCall) => Promise<unknown>> = {
  async SignUp(app, body) {
    const username = required(str(body, "Username"), "Username cannot be empty");
    const password = str(body, "Password");
    checkNewPassword(password);
    const attributes = readAttributes(body);
    const attribute = (name: string) => attributes.find((a) => a.Name === name)?.Value ?? "";
    const email = (attribute("email") || (username.includes("@") ? username : "")).trim().toLowerCase();
    if (!EMAIL_PATTERN.test(email)) fail("InvalidParameterException", "Username should be an email.");
    try {
      const user = await createAccount(app, {
        email,
        password,
        firstName: nameValue(attribute("given_name"), "First name"),
        lastName: nameValue(attribute("family_name"), "Last name"),
        username: username.includes("@") ? undefined : username.trim().slice(0, 128),
      });
      return { UserConfirmed: true, UserSub: user.id };
    } catch (error) {
      if (!(error instanceof EmailTakenError)) throw error;
      // PreventUserExistenceErrors: an email that has an account gets the answer a new one gets, after
      // the same work (the hash), and nothing is created; the owner is told by email, so someone who
      // forgot their account learns of it, and only they do.
      await hashPassword(password);
      await sendAccountExistsNotice(app, email);
      return { UserConfirmed: true, UserSub: crypto.randomUUID() };
    }
  },

  async ConfirmSignUp(app, body, { client }) {
    const username = required(str(body, "Username"), "Username cannot be empty");
    const code = required(str(body, "ConfirmationCode"), "Confirmation code cannot be empty");
    const user = await findUserByUsername(app, username);
    // PreventUserExistenceErrors: an unknown user's code is a wrong code (claimed and counted like
    // one); a confirmed user has no live code, so theirs is wrong too.
    if (!user) {
      const claim = await claimCheck(app, "confirm-code", username.trim().toLowerCase(), client, CODE_POLICY);
      if (!claim.ok) fail("LimitExceededException", "Attempt limit exceeded, please try after some time.");
      fail("CodeMismatchException", "Invalid verification code provided, please try again.");
    }
    return confirmCode(app, user!, code, client);
  },

  async ResendConfirmationCode(app, body) {
    const username = required(str(body, "Username"), "Username cannot be empty");
    const user = await findUserByUsername(app, username);
    if (await sendEmailConfirmation(app, user?.email ?? username))
      fail("LimitExceededException", "Attempt limit exceeded, please try after some time.");
    return { CodeDeliveryDetails: deliveryFor(user, username) };
  },

  async InitiateAuth(app, body, call) {
    const { client } = call;
    const flow = str(body, "AuthFlow");
    const params = (body.AuthParameters ?? {}) as Body;
    if (flow === "REFRESH_TOKEN_AUTH" || flow === "REFRESH_TOKEN") {
      const refresh =
        (await liveToken(app, str(params, "REFRESH_TOKEN"), ["refresh"])) ??
        fail("NotAuthorizedException", "Invalid Refresh Token");
      // The refresh token was handed out at sign-in: the new tokens keep that sign-in's auth_time.
      const grant = { ...signInGrant(app, body, call), authTime: refresh!.createdAt };
      return authenticationResult(app, refresh!.user, grant, false);
    }
    if (flow === "USER_SRP_AUTH") {
      const username = required(str(params, "USERNAME"), "Username cannot be empty");
      const publicA = required(str(params, "SRP_A"), "SRP_A cannot be empty");
      const challenge =
        (await startSrpSignIn(app, username, publicA)) ?? fail("InvalidParameterException", "Invalid SRP_A");
      return { ChallengeName: "PASSWORD_VERIFIER", ChallengeParameters: challenge };
    }
    if (flow !== "USER_PASSWORD_AUTH")
      fail(
        "InvalidParameterException",
        `${flow || "AuthFlow"} is not supported here; use USER_SRP_AUTH, USER_PASSWORD_AUTH or REFRESH_TOKEN_AUTH`,
      );
    const username = required(str(params, "USERNAME"), "Username cannot be empty");
    const password = required(str(params, "PASSWORD"), "Password cannot be empty");
    const known = await findUserByUsername(app, username);
    const outcome = await authenticate(app, known?.email ?? username, password, client);
    if (outcome.status === "wait") fail("NotAuthorizedException", "Password attempts exceeded");
    if (outcome.status !== "ok") fail("NotAuthorizedException", "Incorrect username or password.");
    return passwordProven(app, (outcome as { user: UserRow }).user, signInGrant(app, body, call));
  },

  async RespondToAuthChallenge(app, body, call) {
    const { client } = call;
    const responses = (body.ChallengeResponses ?? {}) as Body;
    if (str(body, "ChallengeName") === "PASSWORD_VERIFIER") {
      const answer = {
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
      };
      const outcome = await answerSrpSignIn(app, answer, client);
      if (outcome.status === "wait") fail("NotAuthorizedException", "Password attempts exceeded");
      if (outcome.status !== "ok") fail("NotAuthorizedException", "Incorrect username or password.");
      return passwordProven(app, (outcome as { user: UserRow }).user, signInGrant(app, body, call));
    }
    if (str(body, "ChallengeName") !== "SOFTWARE_TOKEN_MFA")
      fail("InvalidParameterException", "Only the PASSWORD_VERIFIER and SOFTWARE_TOKEN_MFA challenges are supported");
    const code = str(responses, "SOFTWARE_TOKEN_MFA_CODE");
    if (!code.trim()) fail("InvalidParameterException", "Challenge response cannot be empty");
    const session = str(body, "Session");
    const userId =
      (await challengeUser(app, session)) ??
      fail("NotAuthorizedException", "Invalid session for the user, session is expired.");
    const checked = await answerSignInChallenge(app, userId, code, client);
    if (typeof checked === "object") fail("TooManyRequestsException", "Too many requests");
    if (checked === "mismatch") fail("CodeMismatchException", "Invalid code received for user");
    if (!(await endChallenge(app, session)))
      fail("NotAuthorizedException", "Invalid session for the user, session is expired.");
    const user = (await app.db.select().from(users).where(eq(users.id, userId)).get())!;
    return authenticationResult(app, user, signInGrant(app, body, call));
  },

  async ForgotPassword(app, body) {
    const username = required(str(body, "Username"), "Username cannot be empty");
    const known = await findUserByUsername(app, username);
    const outcome = await sendResetCode(app, known?.email ?? username);
    if (outcome.status === "wait")
      fail("LimitExceededException", "Attempt limit exceeded, please try after some time.");
    // PreventUserExistenceErrors: an unknown user gets the answer a known one gets.
    return { CodeDeliveryDetails: deliveryFor(known, username) };
  },

  async ConfirmForgotPassword(app, body, { client }) {
    const username = required(str(body, "Username"), "Username cannot be empty");
    const code = required(str(body, "ConfirmationCode"), "Confirmation code cannot be empty");
    const password = str(body, "Password");
    checkNewPassword(password, messages.newPasswordRequired);
    // An unknown user's code is a wrong code (PreventUserExistenceErrors), claimed and counted like one.
    const known = await findUserByUsername(app, username);
    const outcome = await resetPassword(app, known?.email ?? username.trim(), code, password, client);
    if (outcome.status === "wait")
      fail("LimitExceededException", "Attempt limit exceeded, please try after some time.");
    if (outcome.status === "expired")
      fail("ExpiredCodeException", "Invalid code provided, please request a code again.");
    if (outcome.status !== "ok") fail("CodeMismatchException", "Invalid verification code provided, please try again.");
    return {};
  },

  async ChangePassword(app, body, { client }) {
    const user = await signedInUser(app, body);
    const previous = required(str(body, "PreviousPassword"), "Password cannot be empty");
    const proposed = str(body, "ProposedPassword");
    checkNewPassword(proposed, messages.newPasswordRequired);
    // The web form's change: every session and every token (this access token and the refresh tokens) ends.
    const outcome = await changePassword(app, user, null, { currentPassword: previous, newPassword: proposed }, client);
    if (outcome.status === "wait")
      fail("LimitExceededException", "Attempt limit exceeded, please try after some time.");
    if (outcome.status !== "ok") fail("NotAuthorizedException", "Incorrect username or password.");
    return {};
  },

  async GetUser(app, body) {
    const user = await signedInUser(app, body);
    const software = await verifiedFactor(app, user.id);
    return {
      Username: user.username,
      UserAttributes: userAttributes(user),
      MFAOptions: [],
      PreferredMfaSetting: user.preferredMfa === "NOMFA" ? undefined : user.preferredMfa,
      UserMFASettingList: software ? ["SOFTWARE_TOKEN_MFA"] : [],
    };
  },

  async UpdateUserAttributes(app, body) {
    const user = await signedInUser(app, body);
    const changes: Partial<typeof users.$inferInsert> = {};
    for (const { Name, Value } of readAttributes(body)) {
      if (Name === "given_name") changes.firstName = nameValue(Value, "First name");
      else if (Name === "family_name") changes.lastName = nameValue(Value, "Last name");
      else if (Name === "phone_number") {
        if (!/^\+[1-9]\d{6,14}$/.test(Value)) fail("InvalidParameterException", "Invalid phone number format.");
        changes.phoneNumber = Value;
        changes.phoneNumberVerified = false;
      } else if (Name === "email") {
        const email = Value.trim().toLowerCase();
        if (!EMAIL_PATTERN.test(email)) fail("InvalidParameterException", "Email is not formatted correctly.");
        if (email !== user.email) {
          if (await findUserByUsername(app, email))
            fail("AliasExistsException", "An account with the given email already exists.");
          changes.email = email;
          changes.emailVerified = false;
        }
      } else fail("InvalidParameterException", `Attribute ${Name} cannot be changed`);
    }
    if (Object.keys(changes).length) await app.db.update(users).set(changes).where(eq(users.id, user.id));
    return { CodeDeliveryDetailsList: [] };
  },

  async DeleteUserAttributes(app, body) {
    const user = await signedInUser(app, body);
    const names = body.UserAttributeNames;
    if (!Array.isArray(names) || names.some((n) => typeof n !== "string"))
      fail("InvalidParameterException", "UserAttributeNames must be a list of names");
    const changes: Partial<typeof users.$inferInsert> = {};
    for (const name of names as string[]) {
      if (name === "phone_number") Object.assign(changes, { phoneNumber: null, phoneNumberVerified: false });
      else if (name === "given_name") changes.firstName = "";
      else if (name === "family_name") changes.lastName = "";
      else fail("InvalidParameterException", `Attribute ${name} cannot be deleted`);
    }
    if (Object.keys(changes).length) await app.db.update(users).set(changes).where(eq(users.id, user.id));
    return {};
  },

  async DeleteUser(app, body) {
    await deleteAccount(app, await signedInUser(app, body));
    return {};
  },

  async SetUserMFAPreference(app, body) {
    const user = await signedInUser(app, body);
    const software = body.SoftwareTokenMfaSettings as { Enabled?: boolean; PreferredMfa?: boolean } | undefined;
    const sms = body.SMSMfaSettings as { Enabled?: boolean } | undefined;
    if (!software && !sms) fail("InvalidParameterException", "No valid MFA method provided");
    if (sms?.Enabled) fail("InvalidParameterException", "Invalid MFA type");
    if (software?.Enabled || software?.PreferredMfa) {
      if (!(await preferSoftwareToken(app, user.id)))
        fail("InvalidParameterException", "User has not verified software token mfa");
    } else {
      await app.db.update(users).set({ preferredMfa: "NOMFA" }).where(eq(users.id, user.id));
    }
    return {};
  },

  async AssociateSoftwareToken(app, body) {
    const user = await signedInUser(app, body);
    return { SecretCode: await associateSoftwareToken(app, user.id) };
  },

  async VerifySoftwareToken(app, body) {
    const user = await signedInUser(app, body);
    const code = required(str(body, "UserCode"), "Confirmation code cannot be empty");
    if (!(await verifySoftwareToken(app, user.id, code, str(body, "FriendlyDeviceName") || undefined)))
      fail("EnableSoftwareTokenMFAException", "Code mismatch");
    return { Status: "SUCCESS" };
  },

  async GetUserAttributeVerificationCode(app, body) {
    const user = await signedInUser(app, body);
    if (str(body, "AttributeName") !== "email")
      fail("InvalidParameterException", "Only the email attribute can be verified");
    if (user.emailVerified) return { CodeDeliveryDetails: emailDelivery(user.email) };
    if (await sendEmailConfirmation(app, user.email))
      fail("LimitExceededException", "Attempt limit exceeded, please try after some time.");
    return { CodeDeliveryDetails: emailDelivery(user.email) };
  },

  async VerifyUserAttribute(app, body, { client }) {
    const user = await signedInUser(app, body);
    if (str(body, "AttributeName") !== "email")
      fail("InvalidParameterException", "Only the email attribute can be verified");
    const code = required(str(body, "Code"), "Confirmation code cannot be empty");
    return confirmCode(app, user, code, client);
  },

  async ListDevices(app, body) {
    return { Devices: await deviceShape(app, await signedInUser(app, body)) };
  },

  async GetDevice(app, body) {
    const user = await signedInUser(app, body);
    const device = (await deviceShape(app, user)).find((d) => d.DeviceKey === str(body, "DeviceKey"));
    return { Device: device ?? fail("ResourceNotFoundException", "Device does not exist.") };
  },

  async ForgetDevice(app, body) {
    const user = await signedInUser(app, body);
    if (!(await forgetDevice(app, user.id, str(body, "DeviceKey"))))
      fail("ResourceNotFoundException", "Device does not exist.");
    return {};
  },

  async UpdateDeviceStatus(app, body) {
    const user = await signedInUser(app, body);
    const status = str(body, "DeviceRememberedStatus");
    if (status !== "remembered" && status !== "not_remembered")
      fail("InvalidParameterException", "DeviceRememberedStatus must be remembered or not_remembered");
    if (!(await setDeviceRemembered(app, user.id, str(body, "DeviceKey"), status === "remembered")))
      fail("ResourceNotFoundException", "Device does not exist.");
    return {};
  },

  async GlobalSignOut(app, body) {
    const user = await signedInUser(app, body);
    await endAllSessions(app, user.id);
    return {};
  },
};

async function confirmCode(app: AppContext, user: UserRow, code: string, client: Client) {
  const outcome = await confirmEmailWithCode(app, user.id, code, client);
  if (typeof outcome === "object")
    fail("LimitExceededException", "Attempt limit exceeded, please try after some time.");
  if (outcome === "expired") fail("ExpiredCodeException", "Invalid code provided, please request a code again.");
  if (outcome === "mismatch") fail("CodeMismatchException", "Invalid verification code provided, please try again.");
  return {};
}

/** An answer in the service's wire format: the route sends it as application/x-amz-json-1.1. */
export interface IdentityAnswer {
  status: number;
  body: unknown;
}

/**
 * The actions by name, as a Map of the object's own keys: a lookup on the object itself would also
 * find what every object inherits (constructor, __proto__, toString, valueOf…).
 */
const ACTIONS = new Map(Object.entries(actions));

/** The service's answer to an action it does not have (no `X-Amz-Target`, or an unknown one). */
export function unknownOperation(target: string): IdentityAnswer {
  return {
    status: 400,
    body: { __type: "UnknownOperationException", message: `Unknown operation ${target.slice(0, 100) || "(none)"}` },
  };
}

/** The answer to a body that is not a JSON object. */
export const NOT_A_JSON_OBJECT: IdentityAnswer = {
  status: 400,
  body: { __type: "SerializationException", message: "The body must be a JSON object" },
};

/**
 * The action an `X-Amz-Target` header names, or null. Running it answers 200 with its result, or 400
 * {__type, message} for the service's own failures.
 */
export function identityAction(
  target: string,
): ((app: AppContext, body: Record<string, unknown>, call: IdentityCall) => Promise<IdentityAnswer>) | null {
  const action = target.startsWith(TARGET_PREFIX) ? ACTIONS.get(target.slice(TARGET_PREFIX.length)) : undefined;
  if (!action) return null;
  return async (app, body, call) => {
    try {
      return { status: 200, body: await action(app, body, call) };
    } catch (error) {
      if (error instanceof IdentityError) return { status: 400, body: { __type: error.type, message: error.message } };
      // A deploy without an email provider delivers no codes (the service's own failure for it).
      if (error instanceof EmailNotConfiguredError)
        return {
          status: 400,
          body: { __type: "CodeDeliveryFailureException", message: emailNotConfiguredMessage(app.env.SUPPORT_EMAIL) },
        };
      throw error;
    }
  };
}

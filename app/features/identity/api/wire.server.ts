/**
 * The identity API's wire format, shared by its actions (api/*.server.ts): the service's errors,
 * reading its bodies, its password policy and delivery details, and the signed-in caller.
 */
import type { UserRow } from "~/db/schema";
import type { Client } from "~/platform/client.server";
import type { AppContext } from "~/platform/context";
import { isCommonPassword } from "../common-passwords.server";
import { messages, PASSWORD_MIN } from "../rules";
import { challengeUser, type ChallengeKind } from "../challenges.server";
import { scopesOf, USER_ADMIN_SCOPE } from "../pool-tokens.server";
import { tokenUser } from "../tokens.server";
import { confirmEmailWithCode } from "../verification.server";

/** A failure the service names: answered as HTTP 400 {__type, message}. */
export class IdentityError extends Error {
  constructor(
    readonly type: string,
    message: string,
  ) {
    super(message);
  }
}
export const fail = (type: string, message: string): never => {
  throw new IdentityError(type, message);
};

export type Body = Record<string, unknown>;
export const str = (body: Body, key: string) => (typeof body[key] === "string" ? (body[key] as string) : "");

export function required(value: string, message: string) {
  if (!value.trim()) fail("InvalidParameterException", message);
  return value;
}

/** Who called, as the actions need it: the throttle key, and the origin that issues the tokens. */
export interface IdentityCall {
  client: Client;
  issuer: string;
  /** The registered app client the call comes from (calling-client.server.ts), named in the tokens. */
  clientId?: string;
}

/** One action: the request's body in, the answer's body out (or an IdentityError). */
export type IdentityActions = Record<string, (app: AppContext, body: Body, call: IdentityCall) => Promise<unknown>>;

/** The password policy, with the service's own messages (spec 8 maps them for people). */
export async function checkNewPassword(password: string, emptyMessage = "Password cannot be empty") {
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
  if (await isCommonPassword(password))
    fail("InvalidPasswordException", `Password did not conform with policy: ${messages.passwordTooCommon}`);
}

export async function signedInUser(app: AppContext, body: Body): Promise<UserRow> {
  const token = str(body, "AccessToken");
  if (!token) fail("NotAuthorizedException", "User is not authenticated");
  const user =
    (await tokenUser(app, token, ["access"])) ?? fail("NotAuthorizedException", "Access Token has been revoked");
  // Spec 9: the identity API's calls on a user need the user-admin scope; hosted login's tokens for
  // another app's "openid email" do not carry it.
  if (!scopesOf(token).includes(USER_ADMIN_SCOPE))
    fail("NotAuthorizedException", "Access Token does not have required scopes");
  return user;
}

const mask = (email: string) => email.replace(/^(.).*(@.).*(\..*)$/, "$1***$2***$3");
export const emailDelivery = (email: string) => ({
  Destination: mask(email),
  DeliveryMedium: "EMAIL",
  AttributeName: "email",
});
/**
 * PreventUserExistenceErrors: an unknown username gets the answer a known one gets, with a made-up
 * destination of the same shape (the username itself when it is an email).
 */
export const deliveryFor = (user: UserRow | null, username: string) =>
  emailDelivery(
    user?.email ??
      (username.includes("@") ? username.trim().toLowerCase() : `${username.trim().toLowerCase()}@example.com`),
  );

/** The user a sign-in challenge's Session was handed out to, or the service's error for an expired one. */
export async function sessionUser(app: AppContext, session: string, kind: ChallengeKind): Promise<string> {
  return (
    (await challengeUser(app, session, kind)) ??
    fail("NotAuthorizedException", "Invalid session for the user, session is expired.")
  );
}

/** An emailed code for the user's address, answered in the service's errors. */
export async function confirmCode(app: AppContext, user: UserRow, code: string, client: Client) {
  const outcome = await confirmEmailWithCode(app, user.id, code, client);
  if (typeof outcome === "object")
    fail("LimitExceededException", "Attempt limit exceeded, please try after some time.");
  if (outcome === "expired") fail("ExpiredCodeException", "Invalid code provided, please request a code again.");
  if (outcome === "mismatch") fail("CodeMismatchException", "Invalid verification code provided, please try again.");
  return {};
}

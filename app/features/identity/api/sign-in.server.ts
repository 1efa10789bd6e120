/**
 * Signing in: InitiateAuth (USER_SRP_AUTH, USER_PASSWORD_AUTH, REFRESH_TOKEN_AUTH) and the answers
 * to its challenges (RespondToAuthChallenge).
 */
import { eq } from "drizzle-orm";
import { users, type UserRow } from "~/db/schema";
import type { AppContext } from "~/platform/context";
import { authenticate, findUserByUsername } from "../accounts.server";
import { challengeUser, endChallenge, startChallenge } from "../challenges.server";
import { DEFAULT_CLIENT_ID, issuePoolTokens, type TokenGrant } from "../pool-tokens.server";
import { answerSrpSignIn, startSrpSignIn } from "../srp-sign-in.server";
import { liveToken } from "../tokens.server";
import { answerSignInChallenge, verifiedFactor } from "../totp.server";
import { fail, required, str, type Body, type IdentityActions, type IdentityCall } from "./wire.server";

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
  // Only after the password: an unknown user and a wrong password still answer alike.
  if (user.identityStatus === "UNCONFIRMED") fail("UserNotConfirmedException", "User is not confirmed.");
  if (user.preferredMfa === "SOFTWARE_TOKEN_MFA" && (await verifiedFactor(app, user.id))) {
    return {
      ChallengeName: "SOFTWARE_TOKEN_MFA",
      Session: await startChallenge(app, user.id),
      ChallengeParameters: { USER_ID_FOR_SRP: user.username },
    };
  }
  return authenticationResult(app, user, grant);
}

export const signInActions: IdentityActions = {
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
    // Awaited, not handed on: workerd reports a rejected promise passed up by `return` as unhandled
    // (seen with UserNotConfirmedException) even though the dispatcher's await takes it.
    return await passwordProven(app, (outcome as { user: UserRow }).user, signInGrant(app, body, call));
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
      return await passwordProven(app, (outcome as { user: UserRow }).user, signInGrant(app, body, call));
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
};

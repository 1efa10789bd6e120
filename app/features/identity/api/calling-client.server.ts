/**
 * The app client a call comes from, for the calls that name one (sign-up, codes, sign-in): a
 * registered client, and for a confidential one the SECRET_HASH that proves its secret, as the
 * hosted service checks them. A call that names no client is the product's own web client's.
 */
import type { AppContext } from "~/platform/context";
import { DEFAULT_CLIENT_ID } from "../clients";
import { findClient, secretHashMatches } from "../clients.server";
import { liveToken } from "../tokens.server";
import { fail, str, type Body } from "./wire.server";

/** Where each such action carries the username and SECRET_HASH. */
const SECRET_FIELDS: Record<string, (body: Body) => { username: string; secretHash: string }> = {
  SignUp: fromBody,
  ConfirmSignUp: fromBody,
  ResendConfirmationCode: fromBody,
  ForgotPassword: fromBody,
  ConfirmForgotPassword: fromBody,
  InitiateAuth: (body) => fromParameters((body.AuthParameters ?? {}) as Body),
  RespondToAuthChallenge: (body) => fromParameters((body.ChallengeResponses ?? {}) as Body),
};

function fromBody(body: Body) {
  return { username: str(body, "Username"), secretHash: str(body, "SecretHash") };
}
function fromParameters(parameters: Body) {
  return { username: str(parameters, "USERNAME"), secretHash: str(parameters, "SECRET_HASH") };
}

/** The ClientId the action runs for, or the service's error; actions that name no client get the default. */
export async function callingClient(app: AppContext, action: string, body: Body): Promise<string> {
  const fields = SECRET_FIELDS[action];
  if (!Object.hasOwn(SECRET_FIELDS, action) || !fields) return DEFAULT_CLIENT_ID;
  const id = str(body, "ClientId") || DEFAULT_CLIENT_ID;
  const client =
    (await findClient(app, id)) ?? fail("ResourceNotFoundException", `User pool client ${id} does not exist.`);
  if (!client!.secret) return id;
  const { username, secretHash } = fields(body);
  if (!secretHash) fail("NotAuthorizedException", `Client ${id} is configured for secret but secret was not received`);
  // A refresh names no username: the hash may be over the refresh token's user's username, id or email.
  const usernames = [username];
  if (action === "InitiateAuth" && !username) {
    const refresh = await liveToken(app, str((body.AuthParameters ?? {}) as Body, "REFRESH_TOKEN"), ["refresh"]);
    if (refresh) usernames.push(refresh.user.username, refresh.user.id, refresh.user.email);
  }
  if (!(await secretHashMatches(client!, secretHash, usernames.filter(Boolean))))
    fail("NotAuthorizedException", `Unable to verify secret hash for client ${id}`);
  return id;
}

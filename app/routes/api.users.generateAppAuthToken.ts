import { z } from "zod";
import { issueToken } from "~/features/identity/tokens.server";
import { methodNotAllowed, signedInAction } from "~/http/api.server";

/** POST /api/users/generateAppAuthToken {} → {response: {token, expiresAt}}: a one-hour bearer token for the creator apps backend. */
export const action = signedInAction(z.object({}), async ({ user, app }) => {
  const { token, expiresAt } = await issueToken(app, user.id, "app");
  return { response: { token, tokenType: "Bearer", expiresAt: new Date(expiresAt).toISOString() } };
});
export const loader = methodNotAllowed;

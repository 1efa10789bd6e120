import { z } from "zod";
import { issueAppToken } from "~/features/identity/pool-tokens.server";
import { methodNotAllowed, signedInAction } from "~/http/api.server";

/**
 * POST /api/users/generateAppAuthToken {} → {response: {token, expiresAt}}: a one-hour bearer token for
 * the creator apps backend, a JWT it can check against /.well-known/jwks.json (pool-tokens.server.ts).
 */
export const action = signedInAction(z.object({}), async ({ user, app, request }) => {
  const { token, expiresAt } = await issueAppToken(app, user, new URL(request.url).origin);
  return { response: { token, tokenType: "Bearer", expiresAt: new Date(expiresAt).toISOString() } };
});
export const loader = methodNotAllowed;

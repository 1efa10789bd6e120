import { z } from "zod";
import { issueAppToken } from "~/features/identity/pool-tokens.server";
import { methodNotAllowed, signedInAction } from "~/http/api.server";

/**
 * POST /api/users/generateAppAuthToken {} → {response: {token, expiresAt}}: a one-hour bearer token for
 * the creator apps backend, a JWT it can check against /.well-known/jwks.json (pool-tokens.server.ts).
 * Only a session cookie or an access token gets one: an app token cannot renew itself past its hour
 * (an id or a refresh token is no caller on the API at all), so those are 401 as a missing caller is.
 */
export const action = signedInAction(
  z.object({}),
  async ({ user, app, request }) => {
    const { token, expiresAt } = await issueAppToken(app, user, new URL(request.url).origin);
    return { response: { token, tokenType: "Bearer", expiresAt: new Date(expiresAt).toISOString() } };
  },
  { bearer: ["access"] },
);
export const loader = methodNotAllowed;

import { z } from "zod";
import { signedInAction } from "~/features/identity/api-auth.server";
import { issueToken } from "~/features/identity/tokens.server";
import { apiJson, methodNotAllowed } from "~/platform/api.server";

/** POST /api/users/generateAppAuthToken {} → {response: {token, expiresAt}}: a one-hour bearer token for the creator apps backend. */
export const action = signedInAction(z.object({}), async (_input, user, app) => {
  const { token, expiresAt } = await issueToken(app, user.id, "app");
  return apiJson({ response: { token, tokenType: "Bearer", expiresAt: new Date(expiresAt).toISOString() } });
});
export const loader = methodNotAllowed;

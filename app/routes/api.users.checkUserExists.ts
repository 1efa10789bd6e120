import { z } from "zod";
import { findUserByEmail } from "~/features/identity/accounts.server";
import { takeAttempt, waitSeconds } from "~/features/identity/attempts.server";
import { LOOKUP_POLICY, messages } from "~/features/identity/rules";
import { apiJson, apiLoader, jsonError, methodNotAllowed } from "~/http/api.server";
import { clientOf } from "~/platform/client.server";

const query = z.object({
  email: z
    .string({ required_error: "email must be a string containing '@'" })
    .max(200)
    .refine((v) => v.includes("@"), "email must be a string containing '@'"),
});

/** GET /api/users/checkUserExists?email= → {exists}. Rate limited per visitor: it tells whether an email has an account. */
export const loader = apiLoader(query, async ({ input: { email }, app, request }) => {
  const waitMs = await takeAttempt(app, `lookup:${clientOf(app.env, request).key}`, LOOKUP_POLICY);
  if (waitMs > 0)
    return jsonError(429, messages.tooManyRequests(waitSeconds(waitMs)), undefined, {
      "Retry-After": String(waitSeconds(waitMs)),
    });
  return apiJson({ exists: Boolean(await findUserByEmail(app, email.trim())) });
});
export const action = methodNotAllowed;

import { z } from "zod";
import { waitSeconds } from "~/features/identity/attempts.server";
import { EMAIL_PATTERN, messages } from "~/features/identity/rules";
import { sendEmailConfirmation } from "~/features/identity/verification.server";
import { EmailNotConfiguredError, emailNotConfiguredMessage } from "~/platform/adapters/email/email.server";
import { apiAction, jsonError, methodNotAllowed } from "~/http/api.server";

const body = z.object({
  email: z
    .string({ required_error: messages.emailRequired })
    .trim()
    .max(200)
    .regex(EMAIL_PATTERN, "Please provide a valid email address."),
});

/**
 * POST /api/confirmEmail (form data: email): sends a confirmation code to an unverified account. The
 * answer is the same whether or not the email has an account, so it cannot be used to find accounts.
 */
export const action = apiAction(body, async ({ input: { email }, app }) => {
  let waitMs: number;
  try {
    waitMs = await sendEmailConfirmation(app, email);
  } catch (error) {
    if (error instanceof EmailNotConfiguredError)
      return jsonError(503, emailNotConfiguredMessage(app.env.SUPPORT_EMAIL));
    throw error;
  }
  if (waitMs > 0)
    return jsonError(429, messages.tooManyRequests(waitSeconds(waitMs)), undefined, {
      "Retry-After": String(waitSeconds(waitMs)),
    });
  return { success: true };
});
export const loader = methodNotAllowed;

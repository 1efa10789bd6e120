/** The creator waitlist's input: one email, worded as spec 5 words the sign-in forms' email errors. */
import { z } from "zod";
import { emailField } from "~/features/identity/schema";
import { messages } from "~/features/identity/rules";

export function creatorWaitlistSchema(supportEmail: string) {
  return z.object({ email: emailField(messages.emailRequired, messages.emailInvalid(supportEmail)) });
}

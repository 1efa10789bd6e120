/** The auth forms' inputs: one zod schema each, used by the server action (and the browser's constraints). */
import { z } from "zod";
import { EMAIL_PATTERN, NAME_MAX, PASSWORD_MIN, messages } from "./rules";

const email = (supportEmail: string) =>
  z
    .string({ required_error: messages.emailRequired })
    .trim()
    .min(1, messages.emailRequired)
    .toLowerCase()
    .refine((value) => EMAIL_PATTERN.test(value), messages.emailInvalid(supportEmail));

const name = (required: string, tooLong: string) => z.string({ required_error: required }).trim().min(1, required).max(NAME_MAX, tooLong);

/** Where the form was opened and where to go next: both same-site paths. */
const navigation = {
  page: z.string().max(2000).optional().default("/"),
  redirect: z.string().max(2000).optional(),
};

export function createAccountSchema(supportEmail: string) {
  return z.object({
    email: email(supportEmail),
    firstName: name(messages.firstNameRequired, messages.firstNameTooLong),
    lastName: name(messages.lastNameRequired, messages.lastNameTooLong),
    password: z
      .string({ required_error: messages.passwordRequired })
      .min(1, messages.passwordRequired)
      .min(PASSWORD_MIN, messages.identityPasswordTooShort)
      .refine((value) => value.trim() === value, messages.passwordSpaces),
    ...navigation,
  });
}

export function loginSchema(supportEmail: string) {
  return z.object({
    email: email(supportEmail),
    password: z.string({ required_error: messages.passwordRequired }).min(1, messages.passwordRequired).min(PASSWORD_MIN, messages.passwordTooShort),
    ...navigation,
  });
}

export type FieldErrors = Partial<Record<"email" | "firstName" | "lastName" | "password" | "form", string>>;

/** The first message for each field, as the forms show one message per field. */
export function fieldErrors(error: z.ZodError): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? "form") as keyof FieldErrors;
    out[key] ??= issue.message;
  }
  return out;
}

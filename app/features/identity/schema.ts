/** The auth forms' inputs: one zod schema each, used by the server action (and the browser's constraints). */
import { z } from "zod";
import { EMAIL_PATTERN, NAME_MAX, PASSWORD_MIN, SECOND_FACTORS, messages } from "./rules";

/** An email field with the wording of the form it is on (spec 5 words each form's errors differently). */
export const emailField = (required: string, invalid: string) =>
  z
    .string({ required_error: required })
    .trim()
    .min(1, required)
    .max(200, invalid)
    .toLowerCase()
    .refine((value) => EMAIL_PATTERN.test(value), invalid);

const email = (supportEmail: string) => emailField(messages.emailRequired, messages.emailInvalid(supportEmail));

const name = (required: string, tooLong: string) =>
  z.string({ required_error: required }).trim().min(1, required).max(NAME_MAX, tooLong);

/** Where the form was opened and where to go next: both same-site paths (checked again by safeRedirectPath). */
const navigation = {
  page: z.string().max(2000).optional().default("/"),
  redirect: z.string().max(2000).optional(),
};

/** A password as the identity service accepts it for a new account, a reset or a change. */
const newPassword = (required: string, tooShort: string) =>
  z
    .string({ required_error: required })
    .min(1, required)
    .max(256, tooShort)
    .min(PASSWORD_MIN, tooShort)
    .refine((value) => value.trim() === value, messages.passwordSpaces);

export function createAccountSchema(supportEmail: string) {
  return z.object({
    email: email(supportEmail),
    firstName: name(messages.firstNameRequired, messages.firstNameTooLong),
    lastName: name(messages.lastNameRequired, messages.lastNameTooLong),
    password: newPassword(messages.passwordRequired, messages.identityPasswordTooShort),
    ...navigation,
  });
}

/** Log In words a malformed email its own way (spec 8), without the support address. */
export function loginSchema() {
  return z.object({
    email: emailField(messages.emailRequired, messages.loginEmailInvalid),
    password: z
      .string({ required_error: messages.passwordRequired })
      .min(1, messages.passwordRequired)
      .max(256, messages.passwordTooShort)
      .min(PASSWORD_MIN, messages.passwordTooShort),
    ...navigation,
  });
}

/** Get Started: the email, and which warnings were already shown (each shows once). */
export function getStartedSchema() {
  return z.object({
    email: emailField(messages.getStartedEmailRequired, messages.getStartedEmailInvalid),
    shownSuggestion: z.literal("1").optional(),
    shownScore: z.literal("1").optional(),
    ...navigation,
  });
}

export function socialSignUpSchema() {
  return z.object({ email: emailField(messages.emailRequired, messages.socialEmailInvalid), ...navigation });
}

/** Reset Password, step EMAIL (the email is lowercased on input). */
export function resetEmailSchema(supportEmail: string) {
  return z.object({
    email: emailField(messages.resetEmailRequired, messages.emailInvalid(supportEmail)),
    ...navigation,
  });
}

/** Reset Password, step CODE. */
export function resetCodeSchema(supportEmail: string) {
  return z.object({
    email: emailField(messages.resetEmailRequired, messages.emailInvalid(supportEmail)),
    code: z
      .string({ required_error: messages.codeRequired })
      .trim()
      .min(1, messages.codeRequired)
      .max(20, messages.codeMismatch),
    ...navigation,
  });
}

/** Reset Password, step NEWPASSWORD (the code travels in an HttpOnly cookie, not the form). */
export function resetPasswordSchema(supportEmail: string) {
  return z.object({
    email: emailField(messages.resetEmailRequired, messages.emailInvalid(supportEmail)),
    password: newPassword(messages.newPasswordRequired, messages.passwordTooShort),
    ...navigation,
  });
}

export function joinWaitlistSchema(supportEmail: string) {
  return z.object({
    email: emailField(messages.waitlistEmailRequired, messages.emailInvalid(supportEmail)),
    ...navigation,
  });
}

/** Log In's authenticator step (and the account page's setup check): a 6-digit code. */
/** Log In's choice of second factor (SELECT_MFA): which one answers. */
export function mfaChoiceSchema() {
  return z.object({
    factor: z.enum(SECOND_FACTORS, { errorMap: () => ({ message: messages.mfaChoiceRequired }) }),
    ...navigation,
  });
}

export function mfaCodeSchema() {
  return z.object({
    code: z
      .string({ required_error: messages.mfaCodeRequired })
      .trim()
      .min(1, messages.mfaCodeRequired)
      .max(12, messages.mfaCodeMismatch),
    remember: z.literal("on").optional(),
    ...navigation,
  });
}

export const MINI_BIO_MAX = 300;

export function profileSchema() {
  return z.object({
    firstName: name(messages.firstNameRequired, messages.firstNameTooLong),
    lastName: name(messages.lastNameRequired, messages.lastNameTooLong),
    miniBio: z.string().trim().max(MINI_BIO_MAX, `Your bio can't be longer than ${MINI_BIO_MAX} characters`).optional(),
    /** Checked again on the server by its first bytes (platform/adapters/storage). */
    photo: z
      .instanceof(File)
      .refine((file) => file.size <= 2 * 1024 * 1024, "The photo must be 2 MB or smaller.")
      .optional(),
    removePhoto: z.literal("on").optional(),
  });
}

export function changePasswordSchema() {
  return z.object({
    currentPassword: z.string({ required_error: messages.passwordRequired }).min(1, messages.passwordRequired).max(256),
    newPassword: newPassword(messages.newPasswordRequired, messages.identityPasswordTooShort),
  });
}

export const DELETE_CONFIRMATION = "DELETE";

export function deleteAccountSchema() {
  return z.object({
    confirm: z
      .string({ required_error: `Type ${DELETE_CONFIRMATION} to confirm.` })
      .trim()
      .refine((value) => value === DELETE_CONFIRMATION, `Type ${DELETE_CONFIRMATION} to confirm.`),
  });
}

/** /admin/people: a person an admin adds (they get a temporary password by email). */
export function addPersonSchema(supportEmail: string) {
  return z.object({
    email: email(supportEmail),
    firstName: name(messages.firstNameRequired, messages.firstNameTooLong),
    lastName: name(messages.lastNameRequired, messages.lastNameTooLong),
  });
}
export type AddPersonInput = z.output<ReturnType<typeof addPersonSchema>>;

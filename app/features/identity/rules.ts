/** Identity rules without I/O: the spec's messages, email warnings, lockout timing and where to go after sign-in. */
import { queryOf } from "~/platform/redirect";
import type { AuthForm } from "./modal";

/** Spec 5: one or more non-space non-@ characters, '@', the same, a dot, the same. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const NAME_MAX = 20;
export const PASSWORD_MIN = 8;
/** How long the temporary password of a person an admin added works (the hosted service's default). */
export const TEMPORARY_PASSWORD_DAYS = 7;

export const messages = {
  emailRequired: "You must provide an email.",
  emailInvalid: (supportEmail: string) =>
    `This email address looks invalid. If we're wrong, please contact support at ${supportEmail}.`,
  firstNameRequired: "You must provide a first name.",
  lastNameRequired: "You must provide a last name.",
  firstNameTooLong: "First name can't be longer than 20 characters long",
  lastNameTooLong: "Last name can't be longer than 20 characters long",
  passwordRequired: "You must provide a password.",
  // Spec 5's identity-level check, for a password being replaced (reset, change, a required new one).
  newPasswordRequired: "New password is required.",
  chooseOwnPassword: "Your account has a temporary password. We've emailed you a code: enter it to choose your own.",
  passwordTooShort: "Passwords must be at least 8 characters long.",
  identityPasswordTooShort: "Password must be at least 8 characters long.",
  passwordSpaces: "Password cannot begin or end with a space.",
  createAccountFailed:
    "There was a problem creating your account. Please try logging in if you already have an account.",
  serverDown: "There was a problem with the network or contacting our servers.",
  loginFailed: "Invalid email or password",
  // Spec 8, kept word for word: Log In's fallback, its title, and the form's own request failing ('Failed to fetch').
  loginUnexpected: (supportEmail: string) =>
    `There was an error signing in to your account. Please try again or contact us at ${supportEmail}`,
  loginErrorTitle: "Error logging in",
  requestFailed: "There was an error logging in/creating you account. Please try again later or contact us.",
  resetUnexpected: "There was an error signing in to your account. Please try again or contact us.",
  loginEmailInvalid: "Please provide a valid email address.",
  // The Get Started, Reset and Waitlist forms word their email errors differently (spec 5).
  getStartedEmailRequired: "Please input an email",
  getStartedEmailInvalid: "Invalid email",
  socialEmailInvalid: "Please enter a valid email address",
  resetEmailRequired: "Please input an email.",
  waitlistEmailRequired: "Please input an email",
  codeRequired: "Please input the verification code from your email.",
  // The identity service's own texts, kept (issue: "its behaviour and error text stay").
  codeMismatch: "Invalid verification code provided, please try again.",
  codeExpired: "Invalid code provided, please request a code again.",
  userNotFound: "Could not find a user with that email...",
  passwordChanged: "Your password has been changed!",
  generic: "An Error Occurred",
  emailCheckFailed: "Unable to verify email. Please try again.",
  waitlistAdded: "You've been added!",
  waitlistFailed: "Failed to add to waitlist",
  suggestion: (suggestion: string) => `For your email, did you mean to use ${suggestion}?`,
  lowScore: "Make sure to check that your email is correct before continuing.",
  tooManyAttempts: (seconds: number) => `Password attempts exceeded. Please wait ${waitText(seconds)} and try again.`,
  tooManyRequests: (seconds: number) => `Too many attempts. Please wait ${waitText(seconds)} and try again.`,
  passwordTooCommon: "This password is too easy to guess. Please choose a different one.",
  mfaCodeRequired: "Challenge response cannot be empty",
  mfaCodeMismatch: "Invalid code received for user",
  mfaExpired: "Your sign-in took too long. Please log in again.",
  mfaChoiceRequired: "Choose how to confirm it's you.",
  emailMfaNeedsVerifiedEmail: "Confirm your email first: the codes go there.",
  emailMfaExpired: "That code has expired. Please log in again for a new one.",
  notAuthenticated: "User is not authenticated",
  socialRedirectFailed: (provider: string) => `Failed to redirect to ${provider} login...`,
  socialFailed: (provider: string) => `Error signing in with ${provider}. Please try again.`,
  socialNoEmail: "We could not retrieve your email from your social account...",
  socialCompleteFailed: "Failed to complete social sign-in...",
  authenticationFailed: "Failed to complete authentication. Please try signing in again.",
} as const;

function waitText(seconds: number) {
  if (seconds < 60) return seconds === 1 ? "1 second" : `${seconds} seconds`;
  const minutes = Math.ceil(seconds / 60);
  return minutes === 1 ? "1 minute" : `${minutes} minutes`;
}

/** The email check (typo suggestion and score) could not run: not the same as a doubtful address. */
export class EmailCheckError extends Error {
  constructor(cause: unknown) {
    super("the email check failed", { cause });
    this.name = "EmailCheckError";
  }
}

/**
 * What an auth form says when it fails for a reason that is not the visitor's (spec 8), in the form
 * itself: `server` when our side failed while answering (the database, the email check), `request`
 * when the form's request itself failed in the browser ('Failed to fetch'). Log In's failures carry the
 * title 'Error logging in'.
 */
export function authFailure(
  form: AuthForm,
  failure: { cause: "request" } | { cause: "server"; error: unknown; supportEmail: string },
): { message: string; title?: string } {
  const server = failure.cause === "server" ? failure : null;
  if (server?.error instanceof EmailCheckError) return { message: messages.emailCheckFailed };
  switch (form) {
    case "Login":
      return {
        title: messages.loginErrorTitle,
        message: server ? messages.loginUnexpected(server.supportEmail) : messages.requestFailed,
      };
    case "CreateAccount":
      return { message: server ? messages.createAccountFailed : messages.requestFailed };
    case "ResetPassword":
      return { message: server ? messages.resetUnexpected : messages.requestFailed };
    // SocialSignUp checks whether the email has an account before going on.
    case "SocialSignUp":
      return { message: messages.emailCheckFailed };
    // Collecting the email and joining a waitlist fail with the generic message (spec 8).
    case "Email":
    case "JoinWaitlist":
      return { message: messages.generic };
  }
}

/** Spec 9: a validation score at or below this warns before continuing. */
const EMAIL_SCORE_WARNING = 0.25;

export interface EmailValidationInfo {
  suggestion: string | null;
  score: number;
}

/**
 * The Get Started form's check (spec 2): a suggestion warns once; else a score of 0.25 or less warns
 * once; otherwise, or on the press after a warning, it continues. `shown` is what was already warned.
 */
export function emailWarning(
  info: EmailValidationInfo,
  shown: { suggestion: boolean; score: boolean },
): { kind: "suggestion" | "score"; message: string } | null {
  if (info.suggestion)
    return shown.suggestion ? null : { kind: "suggestion", message: messages.suggestion(info.suggestion) };
  if (info.score <= EMAIL_SCORE_WARNING) return shown.score ? null : { kind: "score", message: messages.lowScore };
  return null;
}

/** Spec 7: a source whose path contains one of these is a lead or waitlist page; others are checkout initiations. */
export const LEAD_PAGE_MARKERS = ["waitlist", "plugins-resource-page", "sf-music"] as const;

export function leadKind(source: string): "lead" | "checkout_initiation" {
  const path = source.split("?")[0].toLowerCase();
  return LEAD_PAGE_MARKERS.some((marker) => path.includes(marker)) ? "lead" : "checkout_initiation";
}

/**
 * The audience enumeration (spec 9 "Audience (campaign) enumeration"): the members are named Alumni
 * and Account, and their values, which is what aaCampaign holds, are 'student' and 'account'.
 */
export const AUDIENCE = { Alumni: "student", Account: "account" } as const;

/** The campaign messages shown on Login (spec 2), from the aaCampaign attribution key's value. */
export function campaignMessage(campaign: string | null | undefined, productName: string): string | null {
  const value = campaign?.trim().toLowerCase();
  if (value === AUDIENCE.Alumni)
    return `If you've taken a ${productName} or Monthly class before, you can log in here using the same account.`;
  if (value === AUDIENCE.Account)
    return "You've already created an account with this email, but if you've forgotten your password you can always reset it.";
  return null;
}

/**
 * Brute-force protection (the trusted identity services' rule): after `free` failures each further
 * attempt waits 2^(n - free) seconds, at most `maxMs`; a quiet `quietMs` since the last failure resets.
 */
export interface AttemptPolicy {
  free: number;
  maxMs: number;
  quietMs: number;
}

/** A plain rate: at most `limit` counted uses in a window of `windowMs` that starts at the first one. */
export interface WindowPolicy {
  kind: "window";
  limit: number;
  windowMs: number;
}

export const LOGIN_POLICY: AttemptPolicy = { free: 5, maxMs: 15 * 60_000, quietMs: 15 * 60_000 };
/** Wrong reset or verification codes: the same curve as sign-in. */
export const CODE_POLICY: AttemptPolicy = LOGIN_POLICY;
/** Sending codes and looking up whether an email has an account: more room, the same curve after it. */
export const LOOKUP_POLICY: AttemptPolicy = { free: 20, maxMs: 15 * 60_000, quietMs: 15 * 60_000 };

/*
 * The throttles around every check of a secret (a password, a reset, confirmation or authenticator
 * code), all in one place. A check that does not succeed counts in each of them; a right one is given
 * back. In production each counts per client (the connecting address, an IPv6 /64); locally every
 * request is the one local client (see platform/client.server.ts).
 */
/** One client, whatever the emails: 60 unsuccessful checks in 15 minutes, then it waits for the window's end. */
export const CLIENT_FAILURE_POLICY: WindowPolicy = { kind: "window", limit: 60, windowMs: 15 * 60_000 };
/** The whole product: 1,000 unsuccessful checks in 15 minutes, then every check waits for the window's end. */
export const GLOBAL_FAILURE_POLICY: WindowPolicy = { kind: "window", limit: 1_000, windowMs: 15 * 60_000 };
/**
 * In production the lockout above counts per email and client, so nobody locks an account for anyone
 * else; an email also has a ceiling across every client, where only each client's free attempts count
 * (a client in its own lockout cannot push the ceiling), on the same curve after 20.
 */
export const EMAIL_CEILING_POLICY: AttemptPolicy = { free: 20, maxMs: 15 * 60_000, quietMs: 15 * 60_000 };

export const isWindowPolicy = (policy: AttemptPolicy | WindowPolicy): policy is WindowPolicy =>
  "kind" in policy && policy.kind === "window";

/**
 * Milliseconds to wait before the next attempt is allowed; 0 means go ahead. For a window policy the
 * counter's `lastFailureAt` is the window's start.
 */
export function attemptWaitMs(
  counter: { failures: number; lastFailureAt: number } | null,
  now: number,
  policy: AttemptPolicy | WindowPolicy,
): number {
  if (isWindowPolicy(policy)) {
    if (!counter || now - counter.lastFailureAt >= policy.windowMs || counter.failures < policy.limit) return 0;
    return counter.lastFailureAt + policy.windowMs - now;
  }
  if (!counter || now - counter.lastFailureAt >= policy.quietMs) return 0;
  if (counter.failures < policy.free) return 0;
  const wait = Math.min(2 ** (counter.failures - policy.free) * 1000, policy.maxMs);
  return Math.max(0, counter.lastFailureAt + wait - now);
}

export interface SignedInUser {
  creatorInfo: { hasNewDashboardAccess?: boolean; hasApps?: boolean } | null;
  currentSessionSlug: string | null;
}

/**
 * Where a successful Create Account goes (spec 2): the redirect query if present; on '/', creators
 * without new-dashboard access go to /dashboard/classes, users with creator apps to /dashboard,
 * everyone else to /library. Elsewhere the user stays on the page.
 */
export function afterCreateAccount(args: { redirect: string | null; page: string; user: SignedInUser }): string | null {
  if (args.redirect) return args.redirect;
  if (pathOf(args.page) === "/") return homeRouting(args.user);
  return null;
}

/**
 * Where a successful Login goes (spec 2), in order: the redirect query; on /build, /creator or
 * /dashboard/builder just close the modal (stay); on '/' the Create Account routing; new-dashboard
 * users to /v2/dashboard; on /cart with items, /checkout with the query; a currentSessionSlug to
 * /school/music; otherwise '/'. null means "stay on the page".
 */
export function afterLogin(args: {
  redirect: string | null;
  page: string;
  user: SignedInUser;
  cartItemCount: number;
}): string | null {
  const path = pathOf(args.page);
  if (args.redirect) return args.redirect;
  if (["/build", "/creator", "/dashboard/builder"].includes(path)) return null;
  if (path === "/") return homeRouting(args.user);
  if (args.user.creatorInfo?.hasNewDashboardAccess) return "/v2/dashboard";
  if (path === "/cart" && args.cartItemCount > 0) return `/checkout${queryOf(args.page)}`;
  if (args.user.currentSessionSlug) return "/school/music";
  return "/";
}

function homeRouting(user: SignedInUser): string {
  if (user.creatorInfo && !user.creatorInfo.hasNewDashboardAccess) return "/dashboard/classes";
  if (user.creatorInfo?.hasApps) return "/dashboard";
  return "/library";
}

function pathOf(page: string) {
  return page.split("?")[0].replace(/\/+$/, "") || "/";
}

export type MfaType = "SOFTWARE_TOKEN_MFA" | "SMS_MFA" | "NOMFA";

/** The second factors a sign-in can ask for (no SMS: there is no SMS provider). */
export const SECOND_FACTORS = ["SOFTWARE_TOKEN_MFA", "EMAIL_OTP"] as const;
export type SecondFactor = (typeof SECOND_FACTORS)[number];
export type MfaSettings = { enabled: SecondFactor[]; preferred: SecondFactor | "NOMFA" | "SMS_MFA" };

/**
 * Which challenge a sign-in asks next, of the second factors on: the preferred one; the only one; with
 * two and none preferred, SELECT_MFA_TYPE lets the person choose; none, no challenge.
 */
export function nextSecondFactor({ enabled, preferred }: MfaSettings): SecondFactor | "SELECT_MFA_TYPE" | null {
  if (enabled.length === 0) return null;
  if ((enabled as string[]).includes(preferred)) return preferred as SecondFactor;
  return enabled.length === 1 ? enabled[0] : "SELECT_MFA_TYPE";
}

/**
 * SetUserMFAPreference's change, one setting per factor (left out: unchanged): Enabled turns it on or
 * off, PreferredMfa true makes it the one asked first and false stops it being so. A preference whose
 * factor is off is dropped; with one factor on and none preferred, that one is. (The checks that a
 * factor can be turned on come first.)
 */
export function changedMfaSettings(
  current: MfaSettings,
  change: Partial<Record<SecondFactor, { Enabled?: boolean; PreferredMfa?: boolean }>>,
): MfaSettings {
  let enabled = [...current.enabled];
  let preferred = current.preferred;
  for (const factor of SECOND_FACTORS) {
    const setting = change[factor];
    if (!setting) continue;
    const on = setting.Enabled ?? (setting.PreferredMfa ? true : enabled.includes(factor));
    enabled = on ? [...new Set([...enabled, factor])] : enabled.filter((f) => f !== factor);
    if (on && setting.PreferredMfa) preferred = factor;
    if ((!on || setting.PreferredMfa === false) && preferred === factor) preferred = "NOMFA";
  }
  enabled = SECOND_FACTORS.filter((factor) => enabled.includes(factor));
  if (!(enabled as string[]).includes(preferred)) preferred = enabled.length === 1 ? enabled[0] : "NOMFA";
  return { enabled, preferred };
}

/** Spec 5: the MFA preference must be TOTP, SMS or NOMFA (the identity service's names accepted too). */
export function parseMfaPreference(raw: unknown): { ok: true; value: MfaType } | { ok: false; message: string } {
  if (raw === undefined || raw === null || raw === "") return { ok: false, message: "No valid MFA method provided" };
  const value = String(raw).trim().toUpperCase();
  if (value === "TOTP" || value === "SOFTWARE_TOKEN_MFA") return { ok: true, value: "SOFTWARE_TOKEN_MFA" };
  if (value === "SMS" || value === "SMS_MFA") return { ok: true, value: "SMS_MFA" };
  if (value === "NOMFA") return { ok: true, value: "NOMFA" };
  return { ok: false, message: "Invalid MFA type" };
}

/** Spec 8: social sign-in errors mentioning redirect, auth, login, popup or cancelled are not shown (the person backed out). */
export function isSuppressedSocialError(message: string): boolean {
  return /redirect|auth|login|popup|cancel/i.test(message);
}

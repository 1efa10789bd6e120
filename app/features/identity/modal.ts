/**
 * The auth modal's state lives in the page's address, so the server can render any form open and
 * every transition works without JavaScript: ?auth=<form> plus optional auth* parameters. Pure, so
 * links, forms and actions all build addresses the same way.
 */
import type { SubmissionResult } from "@conform-to/react";
import { safeRedirectPath } from "~/platform/redirect";

export const AUTH_FORMS = ["Email", "SocialSignUp", "CreateAccount", "Login", "ResetPassword", "JoinWaitlist"] as const;
export type AuthForm = (typeof AUTH_FORMS)[number];

/**
 * The Reset Password steps (spec 4), plus DONE for Join Waitlist's 'You've been added!' and Log In's
 * second steps (also after a reset): MFA for the authenticator's code (SOFTWARE_TOKEN_MFA), EMAIL_MFA
 * for an emailed code (EMAIL_OTP), SELECT_MFA to choose between them (SELECT_MFA_TYPE).
 */
export const AUTH_STEPS = ["EMAIL", "CODE", "NEWPASSWORD", "DONE", "MFA", "EMAIL_MFA", "SELECT_MFA"] as const;
export type AuthStep = (typeof AUTH_STEPS)[number];

/** The options the modal opens with (spec 2): they travel with every transition. */
export interface AuthOptions {
  /** useSocialLogin: Email opens as SocialSignUp, and Login's switch goes to SocialSignUp. */
  social: boolean;
  /** useDarkMode: the modal in the dark theme; SocialSignUp shows the consent line. */
  dark: boolean;
  /** blockClose: no close button; Escape and outside clicks do nothing. */
  blockClose: boolean;
  /** pageSourceProp: where the modal was opened from, recorded with collected emails and waitlists. */
  source: string | null;
  /**
   * An app idea typed before signing in (the idea box of /creator and /build): it travels with every
   * form and step, and a sign-in that carries it starts the app's build (routes/auth). Not in spec 2.
   */
  idea?: string;
}

export interface AuthModalState extends AuthOptions {
  form: AuthForm;
  /** initialEmail. */
  email: string | null;
  firstName: string | null;
  step: AuthStep | null;
}

const PARAM = {
  form: "auth",
  email: "authEmail",
  firstName: "authFirstName",
  step: "authStep",
  social: "authSocial",
  dark: "authDark",
  blockClose: "authBlockClose",
  source: "authSource",
  idea: "authIdea",
} as const;

/**
 * The longest idea the address carries: more than the idea box takes (IDEA_LIMITS.max, 2000), so an
 * idea is never cut here; the build checks it with the idea's own schema.
 */
export const CARRIED_IDEA_MAX = 4000;

/** The query parameter that carries the idea (root-data leaves it out of the page's own address). */
export const AUTH_IDEA_PARAM = PARAM.idea;

function pick<T extends string>(list: readonly T[], raw: string | null): T | null {
  if (!raw) return null;
  return list.find((item) => item.toLowerCase() === raw.trim().toLowerCase()) ?? null;
}

const text = (raw: string | null | undefined, max: number) => {
  const value = (raw ?? "").trim().slice(0, max);
  return value || null;
};
const flag = (raw: string | null | undefined) => raw === "1" || raw === "true";

/** The options from a query string or a form post (the forms carry them as hidden fields of the same names). */
export function parseAuthOptions(get: (name: string) => string | null | undefined): AuthOptions {
  const idea = text(get(PARAM.idea), CARRIED_IDEA_MAX);
  return {
    social: flag(get(PARAM.social)),
    dark: flag(get(PARAM.dark)),
    blockClose: flag(get(PARAM.blockClose)),
    source: text(get(PARAM.source), 200),
    ...(idea ? { idea } : {}),
  };
}

/** The modal's state from a page's query, or null when no (known) form is named. */
export function parseAuthModal(params: URLSearchParams): AuthModalState | null {
  let form = pick(AUTH_FORMS, params.get(PARAM.form));
  if (!form) return null;
  const options = parseAuthOptions((name) => params.get(name));
  // Spec 2: with useSocialLogin, the Email entry form opens as SocialSignUp.
  if (form === "Email" && options.social) form = "SocialSignUp";
  return {
    form,
    ...options,
    email: text(params.get(PARAM.email), 200),
    firstName: text(params.get(PARAM.firstName), 20),
    step: pick(AUTH_STEPS, params.get(PARAM.step)),
  };
}

/** The page's address without any auth parameter: where closing the modal goes. */
export function withoutAuth(page: string): string {
  const [path, query = ""] = page.split("?");
  const params = new URLSearchParams(query);
  for (const name of Object.values(PARAM)) params.delete(name);
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

/** The page's address with the modal open on a form (every other auth parameter replaced). */
export function authHref(page: string, form: AuthForm, state: Partial<Omit<AuthModalState, "form">> = {}): string {
  const base = withoutAuth(page);
  const [path, query = ""] = base.split("?");
  const params = new URLSearchParams(query);
  params.set(PARAM.form, form);
  if (state.step) params.set(PARAM.step, state.step);
  if (state.email) params.set(PARAM.email, state.email);
  if (state.firstName) params.set(PARAM.firstName, state.firstName);
  if (state.social) params.set(PARAM.social, "1");
  if (state.dark) params.set(PARAM.dark, "1");
  if (state.blockClose) params.set(PARAM.blockClose, "1");
  if (state.source) params.set(PARAM.source, state.source);
  if (state.idea) params.set(PARAM.idea, state.idea);
  return `${path}?${params.toString()}`;
}

/** The hidden fields that carry the options through a form post. */
export function optionFields(options: AuthOptions): [string, string][] {
  const out: [string, string][] = [];
  if (options.social) out.push([PARAM.social, "1"]);
  if (options.dark) out.push([PARAM.dark, "1"]);
  if (options.blockClose) out.push([PARAM.blockClose, "1"]);
  if (options.source) out.push([PARAM.source, options.source]);
  if (options.idea) out.push([PARAM.idea, options.idea]);
  return out;
}

/** Each form's title (spec 2); Create Account greets a prefilled email differently. */
export function authTitle(form: AuthForm, hasEmail: boolean): string {
  switch (form) {
    case "Email":
      return "Get Started";
    case "SocialSignUp":
      return "Sign up to continue";
    case "CreateAccount":
      return hasEmail ? "Nice! Almost done..." : "Create Account";
    case "Login":
      return "Log In";
    case "ResetPassword":
      return "Reset Password";
    case "JoinWaitlist":
      return "Join Waitlist";
  }
}

/** What every auth form post carries besides its fields: where it was opened, where to go next, and the options. */
export interface AuthContext {
  /** The page under the modal, without auth parameters (where closing and "stay on the page" go). */
  page: string;
  redirect: string | null;
  options: AuthOptions;
}

/** What an auth form action answers when it does not redirect: conform's result plus the form's state. */
export interface AuthActionData {
  result: SubmissionResult<string[]>;
  context: AuthContext;
  /** Get Started: the warning shown, and which warnings have now been shown (each shows once). */
  notice?: { message: string; shown: { suggestion: boolean; score: boolean } };
  /** Reset Password: the step to show (an invalid code returns to CODE). */
  step?: AuthStep;
  /** A heading over the form's error: Log In's 'Error logging in' when it failed for a reason not the visitor's. */
  errorTitle?: string;
}

/** The context an auth form posts as hidden fields (AuthHidden): the page, the redirect and the modal's options. */
export function authContextOf(get: (name: string) => string | null): AuthContext {
  const redirect = get("redirect");
  return {
    page: safeRedirectPath(get("page")),
    redirect: redirect ? safeRedirectPath(redirect) : null,
    options: parseAuthOptions(get),
  };
}

/** The step a form posted (its hidden `step` field), when it is one of the steps. */
export function postedStep(raw: unknown): AuthStep | undefined {
  return AUTH_STEPS.find((step) => step === raw);
}

/** Identity rules without I/O: the auth modal's forms, the spec's messages and where to go after sign-in. */

export const AUTH_FORMS = ["Login", "CreateAccount"] as const;
export type AuthForm = (typeof AUTH_FORMS)[number];

/** The modal is addressable by URL: ?auth=Login or ?auth=CreateAccount (any case). */
export function parseAuthForm(raw: string | null): AuthForm | null {
  if (!raw) return null;
  return AUTH_FORMS.find((form) => form.toLowerCase() === raw.trim().toLowerCase()) ?? null;
}

/** Spec 5: one or more non-space non-@ characters, '@', the same, a dot, the same. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const NAME_MAX = 20;
export const PASSWORD_MIN = 8;

export const messages = {
  emailRequired: "You must provide an email.",
  emailInvalid: (supportEmail: string) => `This email address looks invalid. If we're wrong, please contact support at ${supportEmail}.`,
  firstNameRequired: "You must provide a first name.",
  lastNameRequired: "You must provide a last name.",
  firstNameTooLong: "First name can't be longer than 20 characters long",
  lastNameTooLong: "Last name can't be longer than 20 characters long",
  passwordRequired: "You must provide a password.",
  passwordTooShort: "Passwords must be at least 8 characters long.",
  identityPasswordTooShort: "Password must be at least 8 characters long.",
  passwordSpaces: "Password cannot begin or end with a space.",
  createAccountFailed: "There was a problem creating your account. Please try logging in if you already have an account.",
  loginFailed: "Invalid email or password",
} as const;

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
export function afterLogin(args: { redirect: string | null; page: string; user: SignedInUser; cartItemCount: number }): string | null {
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

function queryOf(page: string) {
  const index = page.indexOf("?");
  return index === -1 ? "" : page.slice(index);
}

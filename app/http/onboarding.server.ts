/**
 * Onboarding over HTTP, shared by its API routes and its two pages: who the caller says they are,
 * and the short-lived auth-state cookie set while the sign-in modal is open over an onboarding page
 * (spec 2).
 */
import { parse as parseCookie, serialize } from "cookie";
import { NON_AUTH_HEADER } from "~/features/identity/anonymous.server";
import { requestPersonalizedPlan } from "~/features/onboarding/api.server";
import type { CallerClaim } from "~/features/onboarding/onboarding.server";
import { clientOf } from "~/platform/client.server";
import type { AppContext } from "~/platform/context";
import { apiJson, isSecureRequest } from "~/platform/http.server";
import { appRefOf } from "./app-ref.server";
import type { Visitor } from "./visitor.server";

/** The API caller's claim: the wrapper's visitor (bearer or session; the cookie's anonymous id) and X-Non-Auth-User-Id. */
export async function callerClaimOf(call: { request: Request; visitor: () => Promise<Visitor> }): Promise<CallerClaim> {
  const { user, anonymousId } = await call.visitor();
  return { user, header: call.request.headers.get(NON_AUTH_HEADER)?.trim() || null, cookie: anonymousId };
}

/** The onboarding auth-state cookie (spec 2): set while the sign-in modal is open over an onboarding page. */
export const ONBOARDING_AUTH_COOKIE = "dx_onboarding_auth";

export interface OnboardingAuthState {
  isOnboarding: true;
  storefrontSlug: string;
  appSlug: string;
  returnPath: string;
}

/** The Set-Cookie that opens (a state) or clears (null) the onboarding auth state, 15 minutes long. */
export function onboardingAuthCookie(request: Request, state: OnboardingAuthState | null): string {
  const options = { path: "/", httpOnly: true, sameSite: "lax" as const, secure: isSecureRequest(request) };
  return state
    ? serialize(ONBOARDING_AUTH_COOKIE, JSON.stringify(state), { ...options, maxAge: 900 })
    : serialize(ONBOARDING_AUTH_COOKIE, "", { ...options, maxAge: 0 });
}

/** Whether this browser carries the onboarding auth state. */
export const hasOnboardingAuthState = (request: Request) =>
  parseCookie(request.headers.get("Cookie") ?? "")[ONBOARDING_AUTH_COOKIE] !== undefined;

/** Where an onboarding in progress wants its visitor back after signing in (spec 4), or null. */
export function onboardingReturnPath(request: Request): string | null {
  const raw = parseCookie(request.headers.get("Cookie") ?? "")[ONBOARDING_AUTH_COOKIE];
  if (!raw) return null;
  try {
    const state = JSON.parse(raw) as Partial<OnboardingAuthState>;
    return state.isOnboarding === true && typeof state.returnPath === "string" ? state.returnPath : null;
  } catch {
    // A malformed cookie is ignored.
    return null;
  }
}

/**
 * createPersonalizedPlan and its testing variant over HTTP: the app from the path, the caller, and the
 * client the plan limits count by; the spec's {status:'error'} when the plan could not be requested.
 */
export async function planRequestAnswer(call: {
  app: AppContext;
  params: Record<string, string | undefined>;
  request: Request;
  visitor: () => Promise<Visitor>;
  input: Parameters<typeof requestPersonalizedPlan>[3];
}) {
  const result = await requestPersonalizedPlan(
    call.app,
    appRefOf(call.params),
    await callerClaimOf(call),
    call.input,
    clientOf(call.app.env, call.request),
  );
  return result ?? apiJson({ status: "error" }, { status: 500 });
}

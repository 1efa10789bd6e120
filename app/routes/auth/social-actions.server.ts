/** The social sign-in form post (start) and the provider's return (/auth/callback). */
import { createCookie } from "@remix-run/cloudflare";
import { parse as parseCookie } from "cookie";
import type { AppContext } from "~/platform/context";
import { isSecureRequest, formDataOf } from "~/platform/http.server";
import { safeRedirectPath } from "~/platform/redirect";
import { redirectWithToast } from "~/http/toast.server";
import { ideaLanding, readForm } from "./auth-actions.server";
import { authHref } from "~/features/identity/modal";
import { afterCreateAccount, afterLogin, isSuppressedSocialError, messages } from "~/features/identity/rules";
import { signIn } from "~/http/sign-in.server";
import { providerNameOf, type SocialProvider } from "~/platform/adapters/identity-providers/providers";
import {
  findProvider,
  SocialSignInError,
  userForSocialProfile,
  type SocialContext,
} from "~/features/identity/social.server";
import { finishSocialSignIn, startSocialSignIn } from "./social-oauth.server";
import { secondStepOf } from "./second-step.server";
import { cartCountAfterSignIn } from "~/features/cart/cart.server";
import { anonymousIdOf } from "~/http/anonymous.server";
import { hasOnboardingAuthState, onboardingAuthCookie, onboardingReturnPath } from "~/http/onboarding.server";
import { EVENTS } from "~/features/analytics/events";
import { recordEvent } from "~/features/analytics/record.server";

/** What the sign-in was started with, for the return trip (10 minutes, this site only). */
const socialContextCookie = createCookie("studio_oauth", { path: "/", httpOnly: true, sameSite: "lax", maxAge: 600 });

/** Back to a form, with the error as a toast (and the cookies that ride along). */
const back = (request: Request, to: string, error: string | null, cookies: string[] = []) =>
  redirectWithToast(request, to, error ? { kind: "error", title: error } : null, {
    headers: cookies.map((cookie): [string, string] => ["Set-Cookie", cookie]),
  });

/** POST /auth/social/:provider — the 'Continue with …' / 'Log in with …' buttons. */
export async function startSocial(app: AppContext, request: Request, providerId: string) {
  const { formData, context: opened } = await readForm(request);
  const context: SocialContext = { provider: providerId, ...opened };
  const provider = findProvider(app, providerId);
  const email = formData.get("email");
  const hint = typeof email === "string" ? email.trim().toLowerCase() || null : null;
  const started = provider && (await toProvider(request, provider, context, hint && hint.includes("@") ? hint : null));
  return (
    started ||
    back(
      request,
      authHref(context.page, "Login", context.options),
      messages.socialRedirectFailed(provider?.name ?? providerNameOf(providerId)),
    )
  );
}

/**
 * The redirect that sends the browser to the provider's sign-in, with what it was started with kept
 * for the return trip; null when it could not start. Hosted login's authorize link starts here too
 * when it names a provider (identity_provider): a GET, and still safe, because the return is bound to
 * this browser by the state cookie, so nobody can finish a sign-in in someone else's browser.
 */
export async function toProvider(
  request: Request,
  provider: SocialProvider,
  context: SocialContext,
  hint: string | null,
): Promise<Response | null> {
  try {
    await startSocialSignIn(provider, request, hint);
  } catch (thrown) {
    if (!(thrown instanceof Response)) {
      console.error("social sign-in start failed", thrown);
      return null;
    }
    const headers = new Headers(thrown.headers);
    headers.append("Set-Cookie", await contextCookie(context, isSecureRequest(request)));
    return new Response(null, { status: 302, headers });
  }
  return null;
}

/** A cookie past this many characters may be dropped by the browser (4,096 bytes with its name and attributes). */
const COOKIE_BUDGET = 3_800;

/**
 * The context cookie. A carried app idea rides along when it fits the cookie; a longer one (an idea of
 * many non-Latin characters) is left out rather than lose the sign-in, and the idea box's copy in the
 * browser (local storage, with JavaScript) is what brings it back.
 */
async function contextCookie(context: SocialContext, secure: boolean): Promise<string> {
  const cookie = await socialContextCookie.serialize(context, { secure });
  if (cookie.length <= COOKIE_BUDGET || !context.options.idea) return cookie;
  const { idea: _left, ...options } = context.options;
  return socialContextCookie.serialize({ ...context, options }, { secure });
}

/** A provider that posts its answer back (Apple's form_post) is read as if it had come in the query. */
async function asQueryRequest(request: Request): Promise<{ request: Request; appleUser: unknown }> {
  if (request.method !== "POST") return { request, appleUser: null };
  const form = (await formDataOf(request)) ?? new FormData();
  const url = new URL(request.url);
  for (const name of ["code", "state", "error", "error_description"]) {
    const value = form.get(name);
    if (typeof value === "string") url.searchParams.set(name, value);
  }
  let appleUser: unknown = null;
  try {
    appleUser = typeof form.get("user") === "string" ? JSON.parse(form.get("user") as string) : null;
  } catch {
    appleUser = null;
  }
  return { request: new Request(url, { headers: request.headers }), appleUser };
}

/** GET or POST /auth/callback. */
export async function socialCallback(app: AppContext, incoming: Request) {
  const { request, appleUser } = await asQueryRequest(incoming);
  const secure = isSecureRequest(request);
  // The context cookie and every state cookie of this browser's sign-in attempts (remix-auth-oauth2 names them studio_oauth_state:<id>).
  const stateCookies = Object.keys(parseCookie(request.headers.get("Cookie") ?? "")).filter((name) =>
    name.startsWith("studio_oauth_state"),
  );
  const clear = [
    await socialContextCookie.serialize("", { maxAge: 0, secure }),
    ...stateCookies.map((name) => `${name}=; Path=/auth; Max-Age=0; HttpOnly; SameSite=Lax${secure ? "; Secure" : ""}`),
  ];
  const stored = (await socialContextCookie.parse(request.headers.get("Cookie"))) as SocialContext | null;
  // The cookie is not signed: its paths are checked again before anything redirects to them.
  const context = stored
    ? {
        ...stored,
        page: safeRedirectPath(stored.page),
        redirect: stored.redirect ? safeRedirectPath(stored.redirect) : null,
      }
    : null;
  const provider = context ? findProvider(app, context.provider) : null;
  if (!context || !provider) return back(request, "/", messages.authenticationFailed, clear);
  const retry = authHref(context.page, "Login", context.options);

  const url = new URL(request.url);
  const providerError = url.searchParams.get("error");
  const failed = (reason: string) =>
    recordEvent(
      app,
      EVENTS.loginFailure,
      { anonymousId: anonymousIdOf(request) },
      { method: provider.id, reason, page: context.page },
    );
  if (providerError) {
    failed("provider error");
    const text = `${providerError} ${url.searchParams.get("error_description") ?? ""}`;
    return back(request, retry, isSuppressedSocialError(text) ? null : messages.socialFailed(provider.name), clear);
  }

  let profile;
  try {
    profile = await finishSocialSignIn(provider, request);
  } catch (error) {
    // A missing or different state (a tampered or replayed return) is 'Invalid state in OAuth flow'.
    const stateProblem = error instanceof ReferenceError || error instanceof RangeError;
    failed(stateProblem ? "invalid state" : "sign-in failed");
    console.error(stateProblem ? "Invalid state in OAuth flow" : "social sign-in failed", String(error));
    return back(
      request,
      retry,
      stateProblem ? messages.authenticationFailed : messages.socialFailed(provider.name),
      clear,
    );
  }
  const names = (appleUser as { name?: { firstName?: string; lastName?: string } } | null)?.name;
  if (names?.firstName) profile.firstName = names.firstName.slice(0, 20);
  if (names?.lastName) profile.lastName = names.lastName.slice(0, 20);

  let outcome;
  try {
    outcome = await userForSocialProfile(app, profile);
  } catch (error) {
    console.error("social sign-in completion failed", String(error));
    failed("completion failed");
    return back(
      request,
      retry,
      error instanceof SocialSignInError && error.kind === "no_email"
        ? messages.socialNoEmail
        : messages.socialCompleteFailed,
      clear,
    );
  }
  const { user, created } = outcome;

  // The same second factor as a password sign-in.
  const second = await secondStepOf(app, request, user);
  if (second && "refused" in second)
    return back(
      request,
      authHref(context.page, "Login", { ...context.options, email: user.email }),
      second.refused,
      clear,
    );
  if (second)
    return back(
      request,
      authHref(context.page, "Login", { ...context.options, step: second.step, email: user.email }),
      null,
      [...clear, second.cookie],
    );

  // An onboarding page set its auth state when it opened the sign-in (spec 4): back to it after.
  const onboarding = hasOnboardingAuthState(request) ? onboardingReturnPath(request) : null;
  let to = created
    ? afterCreateAccount({ redirect: context.redirect, page: context.page, user })
    : afterLogin({
        redirect: context.redirect,
        page: context.page,
        user,
        cartItemCount: await cartCountAfterSignIn(app, user.id, anonymousIdOf(request)),
      });
  if (onboarding) to = safeRedirectPath(onboarding, to ?? context.page);
  if (hasOnboardingAuthState(request)) clear.push(onboardingAuthCookie(request, null));
  // An app idea typed before signing in starts its build (as after a password sign-in).
  const idea = await ideaLanding(app, request, user.id, context);
  if (idea) to = idea.to;
  recordEvent(
    app,
    created ? EVENTS.createAccountSuccess : EVENTS.loginSuccess,
    { userId: user.id, anonymousId: anonymousIdOf(request) },
    { method: provider.id, page: context.page },
  );
  const welcome = created
    ? `Welcome to ${app.env.PRODUCT_NAME}, ${user.firstName}!`
    : `Welcome back, ${user.firstName}!`;
  const cookies = [...(await signIn(app, request, user.id)), ...clear];
  return redirectWithToast(
    request,
    to ?? context.page,
    idea?.problem ? { kind: "error", title: idea.problem } : { kind: "success", title: welcome },
    {
      headers: cookies.map((cookie): [string, string] => ["Set-Cookie", cookie]),
    },
  );
}

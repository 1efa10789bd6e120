import { data, redirect } from "@remix-run/cloudflare";
import type { HandOff } from "~/features/identity/components/AppHandOff";
import { NOT_A_FORM } from "~/features/identity/authorization-request";
import { authorize, authorizationError, readAuthorization } from "~/features/identity/hosted-login.server";
import { currentSessionId, sessionUserOf } from "~/http/session.server";
import type { AppContext } from "~/platform/context";
import { formDataOf } from "~/platform/http.server";
import { parseAuthOptions } from "~/features/identity/modal";
import { toProvider } from "../auth/social-actions.server";

const NO_STORE = { "Cache-Control": "no-store" };

/**
 * A page load from our own pages (the Log In form's post, without JavaScript) may not leave by a
 * redirect: the form's page lets posts lead only to this site (CSP form-action), so the browser would
 * stop. A page that sends them on does it. An app's own link (from its site) and the page's data
 * requests (with JavaScript, which then leave the page themselves) get the plain redirect.
 */
export const isOurPageLoad = (request: Request) =>
  request.headers.get("Sec-Fetch-Site") === "same-origin" && request.headers.get("Sec-Fetch-Dest") === "document";

/** The answer that sends the browser to an app: a redirect, or the page that does it (isOurPageLoad). */
export function toApp(request: Request, to: string, appName: string, signedOut: boolean) {
  if (!isOurPageLoad(request)) return redirect(to, { headers: NO_STORE });
  return data<HandOff>({ kind: "continue", to, appName, signedOut }, { headers: NO_STORE });
}

/**
 * GET /oauth2/authorize: hosted login's authorization endpoint (code flow with PKCE). A person who is
 * not signed in goes to the product's own Log In page, or straight to the social provider the link
 * names (identity_provider), and comes back here after; with prompt=none they go back to the app
 * with login_required instead. A signed-in one goes back to the app with a code. An unregistered app
 * or return address is shown, never followed.
 */
export async function authorizePage(app: AppContext, request: Request) {
  const url = new URL(request.url);
  const read = await readAuthorization(app, url.searchParams);
  if (read.status === "show") return data<HandOff>({ kind: "invalid", message: read.message }, { status: 400 });
  if (read.status === "back") return redirect(read.to);
  const user = await sessionUserOf(app, request);
  const here = url.pathname + url.search;
  if (!user && read.request.promptNone)
    return redirect(
      authorizationError(read.request, "login_required", "Nobody is signed in, and prompt=none allows no Log In page."),
      { headers: NO_STORE },
    );
  if (!user) {
    const logIn = `/auth/login?${new URLSearchParams({ redirect: here })}`;
    const provider = read.request.identityProvider;
    const context = { page: logIn, redirect: here, options: parseAuthOptions(() => null) };
    const started = provider && (await toProvider(request, provider, { provider: provider.id, ...context }, null));
    if (started) throw started; // thrown: a Response of its own, not this page's data
    return redirect(logIn);
  }
  const to = await authorize(app, read.request, user, await currentSessionId(request));
  return toApp(request, to, read.request.client.name, false);
}

/**
 * POST /oauth2/authorize (OpenID Connect Core §3.1.2.1): the same parameters as a form. It checks them
 * as the GET does (an unregistered app or address is shown, other mistakes go back to the app), then
 * sends the browser to the GET with the same parameters (303), which does the rest. An app's page on
 * another site posts this form, and the browser sends no session cookie (SameSite=Lax) with a
 * cross-site post but does with the top-level GET it is sent on to, so a signed-in person is
 * recognised there, prompt=none included. Nothing changes here: no code is made, no one is signed in
 * or out, which is why workers/app.ts lets other sites post it (route-rules.ts AUTHORIZATION_FORMS).
 */
export async function authorizeForm(app: AppContext, request: Request) {
  const type = request.headers.get("Content-Type") ?? "";
  if (!/^application\/x-www-form-urlencoded\s*(;|$)/i.test(type))
    return data<HandOff>({ kind: "invalid", message: NOT_A_FORM }, { status: 415 });
  const form = await formDataOf(request);
  const params = new URLSearchParams([...(form ?? [])].map(([name, value]) => [name, String(value)]));
  const read = await readAuthorization(app, params);
  if (read.status === "show") return data<HandOff>({ kind: "invalid", message: read.message }, { status: 400 });
  if (read.status === "back") return redirect(read.to, { headers: NO_STORE });
  return redirect(`${new URL(request.url).pathname}?${params}`, { status: 303, headers: NO_STORE });
}

import { data, redirect } from "@remix-run/cloudflare";
import type { HandOff } from "~/features/identity/components/AppHandOff";
import { readLogout } from "~/features/identity/hosted-login.server";
import { sessionUserOf } from "~/http/session.server";
import { signOutBrowser } from "~/http/sign-in.server";
import type { AppContext } from "~/platform/context";
import { toApp } from "../oauth2.authorize/authorize.server";

/**
 * GET /logout?client_id&logout_uri: hosted login's sign-out, for an app that signed someone in through
 * /oauth2/authorize. The product never signs out on a GET (a link or a prefetch must not sign anyone
 * out), so a signed-in person is asked first and the page's post signs out; then, or when nobody is
 * signed in, back to the app's logout_uri. An unregistered app or address is shown, never followed.
 */
export async function logoutPage(app: AppContext, request: Request) {
  const read = await readLogout(app, new URL(request.url).searchParams);
  if (read.status === "show") return data<HandOff>({ kind: "invalid", message: read.message }, { status: 400 });
  if (await sessionUserOf(app, request))
    return data<HandOff>(
      { kind: "confirm-logout", appName: read.client.name, returnTo: read.logoutUri },
      { headers: { "Cache-Control": "no-store" } },
    );
  return toApp(request, read.logoutUri, read.client.name, true);
}

/** POST /logout?client_id&logout_uri: signs this browser out, then back to the app. */
export async function logoutAction(app: AppContext, request: Request) {
  const read = await readLogout(app, new URL(request.url).searchParams);
  if (read.status === "show") return data<HandOff>({ kind: "invalid", message: read.message }, { status: 400 });
  const headers = await signOutBrowser(app, request);
  // Our own form's post may lead only here: the page (a GET of its own) sends the person on.
  return redirect(new URL(request.url).pathname + new URL(request.url).search, { status: 303, headers });
}

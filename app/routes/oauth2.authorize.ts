import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { redirect } from "@remix-run/cloudflare";
import { authorize, readAuthorization } from "~/features/identity/hosted-login.server";
import { currentSessionId, sessionUserOf } from "~/http/session.server";

/**
 * GET /oauth2/authorize: hosted login's authorization endpoint (code flow with PKCE). A person who is
 * not signed in goes to the product's own Log In page and comes back here after; a signed-in one goes
 * back to the app with a code. An unregistered app or return address is shown, never followed.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { app } = context;
  const url = new URL(request.url);
  const read = await readAuthorization(app, url.searchParams);
  if (read.status === "show")
    return new Response(read.message, { status: 400, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  if (read.status === "back") return redirect(read.to);
  const user = await sessionUserOf(app, request);
  const here = url.pathname + url.search;
  if (!user) return redirect(`/auth/login?${new URLSearchParams({ redirect: here })}`);
  return redirect(await authorize(app, read.request, user, await currentSessionId(request)));
}

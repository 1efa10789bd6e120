import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { redirect } from "@remix-run/cloudflare";
import { authorize, readAuthorization } from "~/features/identity/hosted-login.server";
import { currentSessionId, sessionUserOf } from "~/http/session.server";
import { escapeHtml } from "~/platform/html";

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
  const to = await authorize(app, read.request, user, await currentSessionId(request));
  // A page load from our own pages (the Log In form's post, without JavaScript) may not leave by a
  // redirect: the form's page lets posts lead only to this site (CSP form-action), so the browser
  // would stop. A page that sends them on does it. An app's own link (from its site) and the page's
  // data requests (with JavaScript, which then leave the page themselves) get the plain redirect.
  const fromOurPage =
    request.headers.get("Sec-Fetch-Site") === "same-origin" && request.headers.get("Sec-Fetch-Dest") === "document";
  if (fromOurPage) return continuePage(to, read.request.client.name);
  return redirect(to);
}

function continuePage(to: string, appName: string) {
  const href = escapeHtml(to);
  const name = escapeHtml(appName);
  return new Response(
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta http-equiv="refresh" content="0;url=${href}"><title>Back to ${name}</title></head><body><main><h1>You're signed in</h1><p><a href="${href}">Continue to ${name}</a></p></main></body></html>`,
    {
      headers: {
        "Content-Type": "text/html; charset=utf-8",
        "Cache-Control": "no-store",
        "Referrer-Policy": "no-referrer",
      },
    },
  );
}

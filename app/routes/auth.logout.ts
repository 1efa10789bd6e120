import { redirect, type ActionFunctionArgs } from "@remix-run/cloudflare";
import { endSession } from "~/features/identity/sessions.server";

/** POST /auth/logout: the session row is deleted and the cookie cleared; back to the site root. */
export async function action({ request, context }: ActionFunctionArgs) {
  return redirect("/", { status: 303, headers: { "Set-Cookie": await endSession(context.app, request) } });
}

/** Signing out never happens on a GET (a link or a prefetch must not sign anyone out). */
export async function loader() {
  return redirect("/");
}

import { redirect, type ActionFunctionArgs } from "@remix-run/cloudflare";
import { signOutBrowser } from "~/http/sign-in.server";

/** POST /auth/logout: signs this browser out (sign-in.server.ts says what that clears); back to the site root. */
export async function action({ request, context }: ActionFunctionArgs) {
  return redirect("/", { status: 303, headers: await signOutBrowser(context.app, request) });
}

/** Signing out never happens on a GET (a link or a prefetch must not sign anyone out). */
export async function loader() {
  return redirect("/");
}

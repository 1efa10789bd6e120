import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { redirect } from "@remix-run/cloudflare";
import { authHref } from "~/features/identity/modal";
import { startSocial } from "./auth/social-actions.server";

/** POST /auth/social/:provider: starts social sign-in (the state and PKCE verifier go in a cookie). */
export const action = ({ request, context, params }: ActionFunctionArgs) =>
  startSocial(context.app, request, params.provider ?? "");

/** Starting a sign-in is a form post; a GET goes back to the Log In form. */
export const loader = () => redirect(authHref("/", "Login"));

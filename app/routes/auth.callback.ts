import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { socialCallback } from "./auth/social-actions.server";

/** /auth/callback: where social providers return (GET with the code, or a form post from Apple). */
export const loader = ({ request, context }: LoaderFunctionArgs) => socialCallback(context.app, request);
export const action = ({ request, context }: ActionFunctionArgs) => socialCallback(context.app, request);

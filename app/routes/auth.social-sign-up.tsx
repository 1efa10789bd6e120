import type { ActionFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { socialSignUp } from "~/features/identity/auth-actions.server";
import { AuthFormPage } from "~/features/identity/components/AuthPage";
import { signedOutOnly } from "~/features/identity/sessions.server";

/** /auth/social-sign-up: the SocialSignUp form as a page (the no-JavaScript landing place of its post). */
export const loader = signedOutOnly;
export const action = ({ request, context }: ActionFunctionArgs) => socialSignUp(context.app, request);
export const meta: MetaFunction = () => [{ title: "Sign up to continue" }];
export default () => <AuthFormPage form="SocialSignUp" />;

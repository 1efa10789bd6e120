import type { ActionFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { socialSignUp } from "./auth/auth-actions.server";
import { AuthFormPage } from "./auth/AuthPage";
import { requestFailuresInForm } from "./auth/client-action";
import { signedOutOnly } from "~/http/session.server";

/** /auth/social-sign-up: the SocialSignUp form as a page (the no-JavaScript landing place of its post). */
export const loader = signedOutOnly;
export const action = ({ request, context }: ActionFunctionArgs) => socialSignUp(context.app, request);
export const clientAction = requestFailuresInForm("SocialSignUp");
export const meta: MetaFunction = () => [{ title: "Sign up to continue" }];
export default () => <AuthFormPage form="SocialSignUp" />;

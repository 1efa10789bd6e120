import type { ActionFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { logIn } from "~/features/identity/auth-actions.server";
import { AuthFormPage } from "~/features/identity/components/AuthPage";
import { signedOutOnly } from "~/features/identity/sessions.server";

/** /auth/login: the Log In form as a page, where a form post without JavaScript lands with its answer. */
export const loader = signedOutOnly;
export const action = ({ request, context }: ActionFunctionArgs) => logIn(context.app, request);
export const meta: MetaFunction = () => [{ title: "Log In" }];
export default () => <AuthFormPage form="Login" />;

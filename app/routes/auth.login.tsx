import type { ActionFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { logIn } from "./auth/auth-actions.server";
import { AuthFormPage } from "./auth/AuthPage";
import { requestFailuresInForm } from "./auth/client-action";
import { signedOutOnly } from "~/http/session.server";

/** /auth/login: the Log In form as a page, where a form post without JavaScript lands with its answer. */
export const loader = signedOutOnly;
export const action = ({ request, context }: ActionFunctionArgs) => logIn(context.app, request);
export const clientAction = requestFailuresInForm("Login");
export const meta: MetaFunction = () => [{ title: "Log In" }];
export default () => <AuthFormPage form="Login" />;

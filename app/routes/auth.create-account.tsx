import type { ActionFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { signUp } from "./auth/auth-actions.server";
import { AuthFormPage } from "./auth/AuthPage";
import { requestFailuresInForm } from "./auth/client-action";
import { signedOutOnly } from "~/http/session.server";

/** /auth/create-account: the Create Account form as a page (the no-JavaScript landing place of its post). */
export const loader = signedOutOnly;
export const action = ({ request, context }: ActionFunctionArgs) => signUp(context.app, request);
export const clientAction = requestFailuresInForm("CreateAccount");
export const meta: MetaFunction = () => [{ title: "Create Account" }];
export default () => <AuthFormPage form="CreateAccount" />;

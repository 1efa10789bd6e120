import type { ActionFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { signUp } from "~/features/identity/auth-actions.server";
import { AuthFormPage } from "~/features/identity/components/AuthPage";
import { signedOutOnly } from "~/features/identity/sessions.server";

/** /auth/create-account: the Create Account form as a page (the no-JavaScript landing place of its post). */
export const loader = signedOutOnly;
export const action = ({ request, context }: ActionFunctionArgs) => signUp(context.app, request);
export const meta: MetaFunction = () => [{ title: "Create Account" }];
export default () => <AuthFormPage form="CreateAccount" />;

import type { ActionFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { resetPasswordStep } from "./auth/auth-actions.server";
import { AuthFormPage } from "./auth/AuthPage";
import { requestFailuresInForm } from "./auth/client-action";

/** /auth/reset-password: the Reset Password steps as a page (the no-JavaScript landing place of their posts). */
export const action = ({ request, context }: ActionFunctionArgs) => resetPasswordStep(context.app, request);
export const clientAction = requestFailuresInForm("ResetPassword");
export const meta: MetaFunction = () => [{ title: "Reset Password" }];
export default () => <AuthFormPage form="ResetPassword" />;

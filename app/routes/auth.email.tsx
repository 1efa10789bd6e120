import type { ActionFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { getStarted } from "./auth/auth-actions.server";
import { AuthFormPage } from "./auth/AuthPage";
import { requestFailuresInForm } from "./auth/client-action";
import { signedOutOnly } from "~/http/session.server";

/** /auth/email: the Get Started form as a page (the no-JavaScript landing place of its post). */
export const loader = signedOutOnly;
export const action = ({ request, context }: ActionFunctionArgs) => getStarted(context.app, request);
export const clientAction = requestFailuresInForm("Email");
export const meta: MetaFunction = () => [{ title: "Get Started" }];
export default () => <AuthFormPage form="Email" />;

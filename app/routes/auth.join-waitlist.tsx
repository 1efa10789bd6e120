import type { ActionFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { joinWaitlistForm } from "./auth/auth-actions.server";
import { AuthFormPage } from "./auth/AuthPage";
import { requestFailuresInForm } from "./auth/client-action";

/** /auth/join-waitlist: the Join Waitlist form as a page (the no-JavaScript landing place of its post). */
export const action = ({ request, context }: ActionFunctionArgs) => joinWaitlistForm(context.app, request);
export const clientAction = requestFailuresInForm("JoinWaitlist");
export const meta: MetaFunction = () => [{ title: "Join Waitlist" }];
export default () => <AuthFormPage form="JoinWaitlist" />;

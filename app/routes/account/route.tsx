import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { accountAction, accountPage } from "./account.server";
import { AccountPage } from "./AccountPage";

/** /account: the signed-in user's settings (visitors are sent to Log In and brought back). */
export const loader = ({ request, context }: LoaderFunctionArgs) => accountPage(context.app, request);
export const action = ({ request, context }: ActionFunctionArgs) => accountAction(context.app, request);
export const meta: MetaFunction = () => [{ title: "Account settings" }, { name: "robots", content: "noindex" }];
export default AccountPage;

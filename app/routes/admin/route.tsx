import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { adminAction, adminPage } from "./admin.server";
import { AdminPage } from "./AdminPage";

/** /admin: admins only, decided on the server (visitors are sent to Log In; others get a 403). */
export const loader = ({ request, context }: LoaderFunctionArgs) => adminPage(context.app, request);
export const action = ({ request, context }: ActionFunctionArgs) => adminAction(context.app, request);
export const meta: MetaFunction = () => [{ title: "Admin" }, { name: "robots", content: "noindex" }];
export default AdminPage;

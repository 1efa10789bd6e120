import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import btsStyles from "~/features/bts/bts.css";
import { adminAction, adminPage } from "./admin.server";
import { AdminPage } from "./AdminPage";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: btsStyles }];
/** /admin: admins only, decided on the server (visitors are sent to Log In; others get a 403). */
export const loader = ({ request, context }: LoaderFunctionArgs) => adminPage(context.app, request);
export const action = ({ request, context }: ActionFunctionArgs) => adminAction(context.app, request);
export const meta: MetaFunction = () => [{ title: "Admin" }, { name: "robots", content: "noindex" }];
export default AdminPage;

import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { ClientsPage } from "./ClientsPage";
import { addClientAction, clientsPage } from "./clients.server";

/** /admin/clients: the apps registered to sign people in; admins add one (checked on the server). */
export const loader = ({ request, context }: LoaderFunctionArgs) => clientsPage(context.app, request);
export const action = ({ request, context }: ActionFunctionArgs) => addClientAction(context.app, request);
export const meta: MetaFunction = () => [{ title: "App clients · Admin" }, { name: "robots", content: "noindex" }];
export default ClientsPage;

import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { ExperimentsPage } from "./ExperimentsPage";
import { experimentsAction, experimentsPage } from "./experiments.server";

/** /admin/experiments: admins define, edit and stop A/B tests (checked on the server). */
export const loader = ({ request, context }: LoaderFunctionArgs) => experimentsPage(context.app, request);
export const action = ({ request, context }: ActionFunctionArgs) => experimentsAction(context.app, request);
export const meta: MetaFunction = () => [{ title: "Experiments · Admin" }, { name: "robots", content: "noindex" }];
export default ExperimentsPage;

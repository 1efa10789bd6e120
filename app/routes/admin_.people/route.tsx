import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { PeoplePage } from "./PeoplePage";
import { addPersonAction, peoplePage } from "./people.server";

/** /admin/people: admins add a person, who gets a temporary password by email (checked on the server). */
export const loader = ({ request, context }: LoaderFunctionArgs) => peoplePage(context.app, request);
export const action = ({ request, context }: ActionFunctionArgs) => addPersonAction(context.app, request);
export const meta: MetaFunction = () => [{ title: "Add a person · Admin" }, { name: "robots", content: "noindex" }];
export default PeoplePage;

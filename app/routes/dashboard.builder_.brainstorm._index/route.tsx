import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import builderStyles from "~/features/builder/builder.css";
import { BrainstormPage } from "./BrainstormPage";
import { brainstormAction, brainstormPage } from "./brainstorm.server";

/** /dashboard/builder/brainstorm: start a brainstorm of app ideas. */
export const links: LinksFunction = () => [{ rel: "stylesheet", href: builderStyles }];
export const meta: MetaFunction = () => [{ title: "Brainstorm app ideas" }, { name: "robots", content: "noindex" }];
export const loader = ({ request, context }: LoaderFunctionArgs) => brainstormPage(context.app, request);
export const action = ({ request, context }: ActionFunctionArgs) => brainstormAction(context.app, request);
export default BrainstormPage;

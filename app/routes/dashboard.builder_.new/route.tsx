import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import builderStyles from "~/features/builder/builder.css";
import { GuidePage } from "./GuidePage";
import { guideAction, guidePage } from "./guide.server";

/** /dashboard/builder/new?idea=…: the guided build's questions, then the build. */
export const links: LinksFunction = () => [{ rel: "stylesheet", href: builderStyles }];
export const meta: MetaFunction = () => [{ title: "Tell us about your app" }, { name: "robots", content: "noindex" }];
export const loader = ({ request, context }: LoaderFunctionArgs) => guidePage(context.app, request);
export const action = ({ request, context }: ActionFunctionArgs) => guideAction(context.app, request);
export default GuidePage;

import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import builderStyles from "~/features/builder/builder.css";
import { IdeasPage } from "./IdeasPage";
import { ideasAction, ideasPage } from "./ideas.server";

/** /dashboard/builder/brainstorm/{brainstormId}: a brainstorm's progress, then its app ideas to build. */
export const links: LinksFunction = () => [{ rel: "stylesheet", href: builderStyles }];
export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `App ideas: ${data.brainstorm.interest}` : "App ideas" },
  { name: "robots", content: "noindex" },
];
export const loader = ({ request, context, params }: LoaderFunctionArgs) =>
  ideasPage(context.app, request, params.brainstormId ?? "");
export const action = ({ request, context, params }: ActionFunctionArgs) =>
  ideasAction(context.app, request, params.brainstormId ?? "");
export default IdeasPage;

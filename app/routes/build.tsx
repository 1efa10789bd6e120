import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import creatorStyles from "~/features/creators/creators.css";
import { creatorHeading } from "~/features/creators/rules";
import { creatorPageAction, loadCreatorPage, type CreatorFormData } from "./creator/creator.server";
import { CreatorPage } from "./creator/CreatorPage";

/** /build: the same page as /creator under the heading "Build your app". */
export const links: LinksFunction = () => [{ rel: "stylesheet", href: creatorStyles }];
export const meta: MetaFunction = () => [{ title: creatorHeading("build") }];
export const loader = ({ request, context }: LoaderFunctionArgs) => loadCreatorPage(context.app, request, "build");
export const action = ({ request, context }: ActionFunctionArgs) => creatorPageAction(context.app, request);

export default function BuildRoute() {
  return <CreatorPage {...useLoaderData<typeof loader>()} failed={useActionData<CreatorFormData>()} />;
}

import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import creatorStyles from "~/features/creators/creators.css";
import { creatorHeading } from "~/features/creators/rules";
import { creatorPageAction, loadCreatorPage, type CreatorFormData } from "./creator.server";
import { CreatorPage } from "./CreatorPage";

/** /creator: the pitch to prospective creators, the idea box that starts an app, and the creator waitlist form (both post here). */
export const links: LinksFunction = () => [{ rel: "stylesheet", href: creatorStyles }];
export const meta: MetaFunction = () => [{ title: creatorHeading("creator") }];
export const loader = ({ request, context }: LoaderFunctionArgs) => loadCreatorPage(context.app, request, "creator");
export const action = ({ request, context }: ActionFunctionArgs) => creatorPageAction(context.app, request);

export default function CreatorRoute() {
  return <CreatorPage {...useLoaderData<typeof loader>()} failed={useActionData<CreatorFormData>()} />;
}

import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import creatorStyles from "~/features/creators/creators.css";
import { creatorHeading } from "~/features/creators/rules";
import { creatorWaitlistAction, loadCreatorPage, type CreatorFormData } from "./creator.server";
import { CreatorPage } from "./CreatorPage";

/** /creator: the pitch to prospective creators and the creator waitlist form (posts here). */
export const links: LinksFunction = () => [{ rel: "stylesheet", href: creatorStyles }];
export const meta: MetaFunction = () => [{ title: creatorHeading("creator") }];
export const loader = ({ request, context }: LoaderFunctionArgs) => loadCreatorPage(context.app, request, "creator");
export const action = ({ request, context }: ActionFunctionArgs) => creatorWaitlistAction(context.app, request);

export default function CreatorRoute() {
  return <CreatorPage {...useLoaderData<typeof loader>()} failed={useActionData<CreatorFormData>()} />;
}

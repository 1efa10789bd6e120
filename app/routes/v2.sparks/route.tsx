import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import sparksStyles from "~/features/sparks/sparks.css";
import { SparksPage } from "./SparksPage";
import { loadSparks, sparksAction } from "./sparks.server";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: sparksStyles }];
export const meta: MetaFunction = () => [
  { title: "Sparks: free previews" },
  { name: "description", content: "Short free previews from classes across the catalogue, one after another." },
];

export const loader = ({ request, context }: LoaderFunctionArgs) => loadSparks(context.app, request);
export const action = ({ request, context }: ActionFunctionArgs) => sparksAction(context.app, request);

export default function SparksRoute() {
  return <SparksPage {...useLoaderData<typeof loader>()} />;
}

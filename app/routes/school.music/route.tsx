import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { loadCollectionPage } from "../collections.$slug/collection-page.server";
import { CollectionPage } from "../collections.$slug/CollectionPage";
import catalogStyles from "~/features/catalog/catalog.css";
import { appOnFirstNeed } from "~/platform/app-on-first-need";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: catalogStyles }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  return loadCollectionPage(context.app, request, "music", "school");
}

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  data
    ? [{ title: data.collection.title }, { name: "description", content: data.collection.tagline }]
    : [{ title: "Not found" }];

// It works without JavaScript: the app loads on first need (platform/app-on-first-need).
export const handle = appOnFirstNeed;

export default function SchoolRoute() {
  return <CollectionPage {...useLoaderData<typeof loader>()} />;
}

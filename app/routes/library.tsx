import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import catalogStyles from "~/features/catalog/catalog.css";
import { LibraryPage } from "~/features/purchases/components/LibraryPage";
import { loadLibrary } from "~/features/purchases/library.server";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: catalogStyles }];
export const meta: MetaFunction = () => [{ title: "Your library" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  return loadLibrary(context.app, request);
}

export default function LibraryRoute() {
  return <LibraryPage {...useLoaderData<typeof loader>()} />;
}

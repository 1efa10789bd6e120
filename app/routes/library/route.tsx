import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import catalogStyles from "~/features/catalog/catalog.css";
import learningStyles from "~/features/learning/learning.css";
import { LibraryPage } from "./LibraryPage";
import { loadLibrary } from "./library.server";
import { appOnFirstNeed } from "~/platform/app-on-first-need";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: catalogStyles },
  { rel: "stylesheet", href: learningStyles },
];
export const meta: MetaFunction = () => [{ title: "Your library" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  return { ...(await loadLibrary(context.app, request)), now: context.app.now };
}

// It works without JavaScript: the app loads on first need (platform/app-on-first-need).
export const handle = appOnFirstNeed;

export default function LibraryRoute() {
  return <LibraryPage {...useLoaderData<typeof loader>()} />;
}

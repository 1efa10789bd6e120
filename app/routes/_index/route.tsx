import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { HomePage } from "./HomePage";
import { loadHome } from "./home.server";
import catalogStyles from "~/features/catalog/catalog.css";
import homeStyles from "~/features/home/home.css";
import challengeStyles from "~/features/challenges/challenges.css";
import { appOnFirstNeed } from "~/platform/app-on-first-need";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: catalogStyles },
  { rel: "stylesheet", href: homeStyles },
  { rel: "stylesheet", href: challengeStyles },
];

export async function loader({ request, context }: LoaderFunctionArgs) {
  return loadHome(context.app, request);
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  const product =
    (matches.find((m) => m.id === "root")?.data as { env?: { PRODUCT_NAME?: string } } | undefined)?.env
      ?.PRODUCT_NAME ?? "Studio";
  return [
    { title: `${product} · ${data?.hero.title ?? "Music classes"}` },
    { name: "description", content: data?.hero.description ?? "" },
  ];
};

// It works without JavaScript: the app loads on first need (platform/app-on-first-need).
export const handle = appOnFirstNeed;

export default function HomeRoute() {
  return <HomePage {...useLoaderData<typeof loader>()} />;
}

import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import catalogStyles from "~/features/catalog/catalog.css";
import { WatchPage } from "./WatchPage";
import learningStyles from "~/features/learning/learning.css";
import { loadWatchPage, watchAction } from "./watch.server";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: catalogStyles },
  { rel: "stylesheet", href: learningStyles },
];

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  return loadWatchPage(context.app, request, params.slug ?? "");
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  return watchAction(context.app, request, params.slug ?? "");
}

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  data
    ? [{ title: `${data.lesson.title} · ${data.product.title}` }, { name: "robots", content: "noindex" }]
    : [{ title: "Lesson not found" }];

export default function WatchRoute() {
  return <WatchPage {...useLoaderData<typeof loader>()} />;
}

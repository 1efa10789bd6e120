import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { forVisitor, loadClassPage } from "./class-page.server";
import { ClassPage } from "./ClassPage";
import catalogStyles from "~/features/catalog/catalog.css";
import { notFound } from "~/platform/http.server";
import { appOnFirstNeed } from "~/platform/app-on-first-need";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: catalogStyles }];

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const page = await loadClassPage(context.app, params.storefrontSlug ?? "", params.classSlug ?? "");
  if (!page) notFound("No such class");
  return forVisitor(context.app, request, page);
}

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  data
    ? [
        { title: `${data.product.title} · ${data.product.creatorName}` },
        { name: "description", content: data.product.tagline },
        { property: "og:image", content: data.product.coverUrl },
      ]
    : [{ title: "Class not found" }];

// It works without JavaScript: the app loads on first need (platform/app-on-first-need).
export const handle = appOnFirstNeed;

export default function ClassRoute() {
  return <ClassPage {...useLoaderData<typeof loader>()} />;
}

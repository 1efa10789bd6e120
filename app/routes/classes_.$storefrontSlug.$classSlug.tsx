import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { productBySlugs } from "~/features/catalog/catalog.server";
import { collectionsContaining } from "~/features/catalog/collections.server";
import { moreFromCreator } from "~/features/catalog/products.server";
import { ClassPage } from "~/features/catalog/components/ClassPage";
import catalogStyles from "~/features/catalog/catalog.css";
import { notFound } from "~/platform/http.server";
import { renderMarkdown } from "~/platform/markdown.server";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: catalogStyles }];

export async function loader({ params, context }: LoaderFunctionArgs) {
  const { app } = context;
  const product = await productBySlugs(app, params.classSlug ?? "", params.storefrontSlug ?? "");
  if (!product) notFound("No such class");
  const [more, partOf] = await Promise.all([moreFromCreator(app.db, product), collectionsContaining(app.db, product.id)]);
  return { product, descriptionHtml: renderMarkdown(product.description), more, partOf };
}

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  data
    ? [{ title: `${data.product.title} · ${data.product.creatorName}` }, { name: "description", content: data.product.tagline }, { property: "og:image", content: data.product.coverUrl }]
    : [{ title: "Class not found" }];

export default function ClassRoute() {
  return <ClassPage {...useLoaderData<typeof loader>()} />;
}

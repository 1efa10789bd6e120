import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import catalogStyles from "~/features/catalog/catalog.css";
import { metaDescription } from "~/features/storefronts/rules";
import storefrontStyles from "~/features/storefronts/storefronts.css";
import { loadStorefrontPage } from "./storefront-page.server";
import { StorefrontPage } from "./StorefrontPage";
import { appOnFirstNeed } from "~/platform/app-on-first-need";

/** /creators/{storefrontSlug}: a creator's public page. 404 (the shell's page) for a slug no creator has. */
export const links: LinksFunction = () => [
  { rel: "stylesheet", href: catalogStyles },
  { rel: "stylesheet", href: storefrontStyles },
];

export const loader = ({ request, params, context }: LoaderFunctionArgs) =>
  loadStorefrontPage(context.app, request, params.storefrontSlug ?? "");

export const meta: MetaFunction<typeof loader> = ({ data }) => {
  if (!data) return [{ title: "Page not found" }];
  const title = `${data.creator.name}: ${data.creator.headline} · ${data.productName}`;
  const description = metaDescription(data.creator.headline, data.creator.bio);
  const image = new URL(data.creator.avatarUrl, data.canonical).toString();
  return [
    { title },
    { name: "description", content: description },
    { property: "og:type", content: "profile" },
    { property: "og:title", content: `${data.creator.name} on ${data.productName}` },
    { property: "og:description", content: description },
    { property: "og:url", content: data.canonical },
    { property: "og:image", content: image },
    { name: "twitter:card", content: "summary" },
    { tagName: "link", rel: "canonical", href: data.canonical },
  ];
};

// It works without JavaScript: the app loads on first need (platform/app-on-first-need).
export const handle = appOnFirstNeed;

export default function StorefrontRoute() {
  return <StorefrontPage {...useLoaderData<typeof loader>()} />;
}

import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import appsStyles from "~/features/apps/apps.css";
import { AppLandingPage } from "./AppLandingPage";
import { loadLandingPage } from "./landing.server";
import { landingMeta } from "./meta";

/** /apps/{storefrontSlug}/{appSlug}: an app's published landing page, in its theme, with its plans. 404 when not published. */
export const links: LinksFunction = () => [{ rel: "stylesheet", href: appsStyles }];
export const loader = ({ request, params, context }: LoaderFunctionArgs) =>
  loadLandingPage(context.app, request, params.storefrontSlug ?? "", params.appSlug ?? "");
export const meta: MetaFunction<typeof loader> = ({ data }) => landingMeta(data ?? null);

export default function AppLandingRoute() {
  return <AppLandingPage {...useLoaderData<typeof loader>()} />;
}

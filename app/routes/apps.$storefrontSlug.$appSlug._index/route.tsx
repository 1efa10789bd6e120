import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import appsStyles from "~/features/apps/apps.css";
import { AppLandingPage } from "./AppLandingPage";
import { loadLandingPage } from "./landing.server";
import { landingMeta } from "./meta";
import { appOnFirstNeed } from "~/platform/app-on-first-need";

/** /apps/{storefrontSlug}/{appSlug}: an app's published landing page, in its theme, with its plans. 404 when not published. */
export const links: LinksFunction = () => [{ rel: "stylesheet", href: appsStyles }];
export const loader = ({ request, params, context }: LoaderFunctionArgs) =>
  loadLandingPage(context.app, request, params.storefrontSlug ?? "", params.appSlug ?? "");
export const meta: MetaFunction<typeof loader> = ({ data }) => landingMeta(data ?? null);

// It works without JavaScript: the app loads on first need (platform/app-on-first-need).
export const handle = appOnFirstNeed;

export default function AppLandingRoute() {
  return <AppLandingPage {...useLoaderData<typeof loader>()} />;
}

import type { ActionFunctionArgs, LinksFunction, MetaFunction } from "@remix-run/cloudflare";
import { Link, useActionData, useParams } from "@remix-run/react";
import appsStyles from "~/features/apps/apps.css";
import { AppLandingPage } from "./apps.$storefrontSlug.$appSlug._index/AppLandingPage";
import { buyAction } from "./apps.$storefrontSlug.$appSlug._index/landing.server";

/**
 * POST /apps/{sf}/{app}/buy: the PlanPicker's form. Signed out → sign up first; signed in → the
 * payment page; a problem re-renders the landing page with its message.
 */
export const links: LinksFunction = () => [{ rel: "stylesheet", href: appsStyles }];
export const meta: MetaFunction = () => [{ title: "Choose your plan" }, { name: "robots", content: "noindex" }];
export const action = ({ request, params, context }: ActionFunctionArgs) =>
  buyAction(context.app, request, params.storefrontSlug ?? "", params.appSlug ?? "");

export default function AppBuyRoute() {
  const refused = useActionData<typeof action>();
  const { storefrontSlug, appSlug } = useParams();
  if (refused) return <AppLandingPage {...refused} />;
  return (
    <div className="container app-buy">
      <h1>Choose your plan</h1>
      <p>
        <Link to={`/apps/${storefrontSlug}/${appSlug}#plans`}>See this app's plans</Link>
      </p>
    </div>
  );
}

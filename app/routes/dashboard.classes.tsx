import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { DashboardClassesPage } from "~/features/creators/components/DashboardClassesPage";
import creatorStyles from "~/features/creators/creators.css";
import { loadDashboardClasses } from "~/features/creators/dashboard-classes.server";

/** /dashboard/classes: the signed-in creator's classes with sales and revenue (visitors are sent to Log In). */
export const links: LinksFunction = () => [{ rel: "stylesheet", href: creatorStyles }];
export const meta: MetaFunction = () => [{ title: "Your classes" }, { name: "robots", content: "noindex" }];
export const loader = ({ request, context }: LoaderFunctionArgs) => loadDashboardClasses(context.app, request);

export default function DashboardClassesRoute() {
  return <DashboardClassesPage {...useLoaderData<typeof loader>()} />;
}

import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import creatorStyles from "~/features/creators/creators.css";
import { dashboardClassesOf } from "~/features/creators/dashboard-classes.server";
import { requireUser } from "~/http/visitor.server";
import { DashboardClassesPage } from "./DashboardClassesPage";

/** /dashboard/classes: the signed-in creator's classes with sales and revenue (visitors are sent to Log In). */
export const links: LinksFunction = () => [{ rel: "stylesheet", href: creatorStyles }];
export const meta: MetaFunction = () => [{ title: "Your classes" }, { name: "robots", content: "noindex" }];
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(context.app, request, { redirectTo: "/dashboard/classes" });
  return dashboardClassesOf(context.app, user);
}

export default function DashboardClassesRoute() {
  return <DashboardClassesPage {...useLoaderData<typeof loader>()} />;
}

import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import analyticsStyles from "~/features/analytics/analytics.css";
import { analyticsPage } from "./analytics.server";
import { AnalyticsPage } from "./AnalyticsPage";

/** /admin/analytics (outside /admin's layout: admin_): admins only, decided on the server. */
export const loader = ({ request, context }: LoaderFunctionArgs) => analyticsPage(context.app, request);
export const links: LinksFunction = () => [{ rel: "stylesheet", href: analyticsStyles }];
export const meta: MetaFunction = () => [{ title: "Analytics · Admin" }, { name: "robots", content: "noindex" }];
export default AnalyticsPage;

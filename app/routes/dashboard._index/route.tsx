import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData, useSearchParams } from "@remix-run/react";
import { AppUsagePanel } from "~/features/activities/components/AppUsagePanel";
import usageStyles from "~/features/activities/usage.css";
import analyticsStyles from "~/features/analytics/analytics.css";
import appsStyles from "~/features/apps/apps.css";
import { AppsSection } from "~/features/apps/components/AppsSection";
import { creatorDashboardAction, loadCreatorDashboard } from "./dashboard.server";

/** /dashboard: the creator's apps, recently opened first, a new app from a typed idea, and how each app is used (visitors are sent to Log In). */
export const links: LinksFunction = () => [
  { rel: "stylesheet", href: appsStyles },
  { rel: "stylesheet", href: analyticsStyles },
  { rel: "stylesheet", href: usageStyles },
];
export const meta: MetaFunction = () => [{ title: "Your apps" }, { name: "robots", content: "noindex" }];
export const loader = ({ request, context }: LoaderFunctionArgs) => loadCreatorDashboard(context.app, request);
export const action = ({ request, context }: ActionFunctionArgs) => creatorDashboardAction(context.app, request);

export default function CreatorDashboardRoute() {
  const { firstName, apps, ideaDraft, modelConnected, appsUsage, ai } = useLoaderData<typeof loader>();
  const refused = useActionData<typeof action>();
  const [params] = useSearchParams();
  return (
    <div className="container creator-apps-page">
      <h1>{firstName ? `${firstName}'s apps` : "Your apps"}</h1>
      <AppsSection
        apps={apps}
        ideaDraft={ideaDraft}
        newApp={refused ?? null}
        draftSaved={params.get("draft") === "saved"}
        heading={apps.length ? "Recently opened" : "Get started"}
        modelConnected={modelConnected}
      />
      <AppUsagePanel apps={appsUsage} ai={ai} />
    </div>
  );
}

import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData, useSearchParams } from "@remix-run/react";
import appsStyles from "~/features/apps/apps.css";
import { AppsSection } from "~/features/apps/components/AppsSection";
import { creatorDashboardAction } from "../dashboard._index/dashboard.server";
import catalogStyles from "~/features/catalog/catalog.css";
import challengeStyles from "~/features/challenges/challenges.css";
import learningStyles from "~/features/learning/learning.css";
import { loadLearnerDashboard } from "./dashboard.server";
import { EnrolledAppsSection } from "./EnrolledAppsSection";
import { LearnerDashboard } from "./LearnerDashboard";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: catalogStyles },
  { rel: "stylesheet", href: learningStyles },
  { rel: "stylesheet", href: appsStyles },
  { rel: "stylesheet", href: challengeStyles },
];
export const meta: MetaFunction = () => [{ title: "Your dashboard" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  return loadLearnerDashboard(context.app, request);
}

/** The creator section's forms (new app, open builder, mark as idea) post here and come back here. */
export const action = ({ request, context }: ActionFunctionArgs) => creatorDashboardAction(context.app, request);

export default function LearnerDashboardRoute() {
  const { creator, appsYouUse, ...learner } = useLoaderData<typeof loader>();
  const refused = useActionData<typeof action>();
  const [params] = useSearchParams();
  return (
    <>
      {creator ? (
        <div className="container creator-apps-page creator-apps-page--v2">
          <AppsSection
            apps={creator.apps}
            ideaDraft={creator.ideaDraft}
            newApp={refused ?? null}
            draftSaved={params.get("draft") === "saved"}
            modelConnected={creator.modelConnected}
          />
        </div>
      ) : null}
      <LearnerDashboard {...learner} />
      <EnrolledAppsSection apps={appsYouUse} />
    </>
  );
}

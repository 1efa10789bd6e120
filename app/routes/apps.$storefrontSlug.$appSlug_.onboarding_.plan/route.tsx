import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import appsStyles from "~/features/apps/apps.css";
import onboardingStyles from "~/features/onboarding/onboarding.css";
import { loadPlanPage, submitPlanPage } from "./plan.server";
import { PlanPage } from "./PlanPage";
import { retryAfterHeaders } from "~/http/service.server";

/**
 * /apps/{storefrontSlug}/{appSlug}/onboarding/plan: the visitor's personalized plan: its progress
 * while the job runs (a refresh without JavaScript, the job's room and polling with it), 'failed'
 * with Try again, then the plan. Posting makes a new plan (forceRegenerate).
 */
// apps.css styles the plan picker under the plan.
export const links: LinksFunction = () => [
  { rel: "stylesheet", href: appsStyles },
  { rel: "stylesheet", href: onboardingStyles },
];
export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data?.view.plan ? `${data.view.plan.title} · ${data.appName}` : `Your plan · ${data?.appName ?? "App"}` },
  { name: "robots", content: "noindex" },
];
// A refused new plan's Retry-After reaches the page's answer.
export const headers = retryAfterHeaders;
export const loader = ({ request, context, params }: LoaderFunctionArgs) => loadPlanPage(context.app, request, params);
export const action = ({ request, context, params }: ActionFunctionArgs) =>
  submitPlanPage(context.app, request, params);

export default function PlanRoute() {
  const data = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  return <PlanPage {...data} formError={result?.formError} />;
}

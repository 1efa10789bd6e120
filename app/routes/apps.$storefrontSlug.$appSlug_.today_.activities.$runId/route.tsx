import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import todayStyles from "~/features/activities/today.css";
import onboardingStyles from "~/features/onboarding/onboarding.css";
import { loadActivityScreen, submitActivityScreen, type CardProblem } from "./activity.server";
import { ActivityScreen } from "./ActivityScreen";

/**
 * /apps/{storefrontSlug}/{appSlug}/today/activities/{runId}: one of the user's activity runs, card
 * by card, one form post per card (303 back here), working without JavaScript.
 */
export const links: LinksFunction = () => [
  { rel: "stylesheet", href: onboardingStyles },
  { rel: "stylesheet", href: todayStyles },
];
export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.run.title ?? "Activity"} · ${data?.appName ?? "App"}` },
  { name: "robots", content: "noindex" },
];
export const loader = ({ request, context, params }: LoaderFunctionArgs) =>
  loadActivityScreen(context.app, request, params);
export const action = ({ request, context, params }: ActionFunctionArgs) =>
  submitActivityScreen(context.app, request, params);

export default function ActivityRoute() {
  const data = useLoaderData<typeof loader>();
  const acted = useActionData<{ problem?: CardProblem }>();
  return <ActivityScreen {...data} problem={acted?.problem ?? null} />;
}

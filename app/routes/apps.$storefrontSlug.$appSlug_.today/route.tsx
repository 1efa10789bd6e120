import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import todayStyles from "~/features/activities/today.css";
import onboardingStyles from "~/features/onboarding/onboarding.css";
import { loadTodayPage, submitTodayPage, type QuizProblem } from "./today.server";
import { SignedOutToday, TodayPage } from "./TodayPage";

/**
 * /apps/{storefrontSlug}/{appSlug}/today: the signed-in end user's day in the app (or the owner's):
 * the plan's current phase, its stories, quizzes and activities, and their past activities. A
 * signed-out visitor is told why they cannot see it and offered the onboarding or Log In; a
 * signed-in user who may not use the app goes to the landing page (302).
 */
export const links: LinksFunction = () => [
  { rel: "stylesheet", href: onboardingStyles },
  { rel: "stylesheet", href: todayStyles },
];
export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `Today · ${data?.appName ?? "App"}` },
  { name: "robots", content: "noindex" },
];
export const loader = ({ request, context, params }: LoaderFunctionArgs) => loadTodayPage(context.app, request, params);
export const action = ({ request, context, params }: ActionFunctionArgs) =>
  submitTodayPage(context.app, request, params);

export default function TodayRoute() {
  const data = useLoaderData<typeof loader>();
  const acted = useActionData<{ quiz?: QuizProblem }>();
  if (data.signedOut) return <SignedOutToday {...data} />;
  return <TodayPage {...data} quizProblem={acted?.quiz ?? null} />;
}

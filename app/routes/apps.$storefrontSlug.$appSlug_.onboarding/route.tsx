import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData, useSearchParams } from "@remix-run/react";
import { OnboardingStep } from "./OnboardingPage";
import onboardingStyles from "~/features/onboarding/onboarding.css";
import { loadOnboardingPage, submitOnboardingPage } from "./onboarding.server";
import { retryAfterHeaders } from "~/http/service.server";

/**
 * /apps/{storefrontSlug}/{appSlug}/onboarding(?step=<pageId>): one page per step of the app's
 * published onboarding flow (?testingStepId= for the owner's preview of the draft). Each step is a
 * form post: checked, saved, then 303 to the next step or, on the last, to the plan page.
 */
export const links: LinksFunction = () => [{ rel: "stylesheet", href: onboardingStyles }];
export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `${data.page.title} · ${data.appName}` : "Onboarding" },
  { name: "robots", content: "noindex" },
];
// A refused new plan's Retry-After reaches the page's answer.
export const headers = retryAfterHeaders;
export const loader = ({ request, context, params }: LoaderFunctionArgs) =>
  loadOnboardingPage(context.app, request, params);
export const action = ({ request, context, params }: ActionFunctionArgs) =>
  submitOnboardingPage(context.app, request, params);

export default function OnboardingRoute() {
  const data = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const [search] = useSearchParams();
  return (
    <OnboardingStep
      {...data}
      testingStepId={search.get("testingStepId")}
      fieldErrors={result?.fieldErrors}
      values={result?.values}
      formError={result?.formError}
    />
  );
}

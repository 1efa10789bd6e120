import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import catalogStyles from "~/features/catalog/catalog.css";
import challengeStyles from "~/features/challenges/challenges.css";
import { challengeAction, loadChallengePage } from "./challenge-page.server";
import { ChallengePage } from "./ChallengePage";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: catalogStyles },
  { rel: "stylesheet", href: challengeStyles },
];

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  return loadChallengePage(context.app, request, params.slug ?? "");
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  return challengeAction(context.app, request, params.slug ?? "");
}

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  data
    ? [{ title: data.challenge.title }, { name: "description", content: data.challenge.tagline }]
    : [{ title: "Not found" }];

export default function ChallengeRoute() {
  return <ChallengePage {...useLoaderData<typeof loader>()} />;
}

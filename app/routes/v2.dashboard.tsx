import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import catalogStyles from "~/features/catalog/catalog.css";
import { LearnerDashboard } from "~/features/learning/components/LearnerDashboard";
import { loadLearnerDashboard } from "~/features/learning/dashboard.server";
import learningStyles from "~/features/learning/learning.css";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: catalogStyles },
  { rel: "stylesheet", href: learningStyles },
];
export const meta: MetaFunction = () => [{ title: "Your dashboard" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  return loadLearnerDashboard(context.app, request);
}

export default function LearnerDashboardRoute() {
  return <LearnerDashboard {...useLoaderData<typeof loader>()} />;
}

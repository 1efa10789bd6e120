import type { SubmissionResult } from "@conform-to/react";
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import btsStyles from "~/features/bts/bts.css";
import catalogStyles from "~/features/catalog/catalog.css";
import learningStyles from "~/features/learning/learning.css";
import { btsFeedbackAction, loadBtsPage } from "./bts-page.server";
import { BtsPage } from "./BtsPage";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: catalogStyles },
  { rel: "stylesheet", href: learningStyles },
  { rel: "stylesheet", href: btsStyles },
];

/** /bts/{slug}: a behind-the-scenes product video, with the viewer's feedback. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  return loadBtsPage(context.app, request, params.slug ?? "");
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  return btsFeedbackAction(context.app, request, params.slug ?? "");
}

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  data
    ? [
        { title: `${data.video.title} · Behind the scenes` },
        { name: "description", content: data.video.description.slice(0, 160) },
      ]
    : [{ title: "Video not found" }];

export default function BtsRoute() {
  return (
    <BtsPage
      {...useLoaderData<typeof loader>()}
      lastResult={useActionData<{ result?: SubmissionResult<string[]> }>()?.result}
    />
  );
}

import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { PayPage } from "./PayPage";
import { loadPayPage, payAction } from "./pay.server";

export const meta: MetaFunction = () => [{ title: "Pay" }];

/** The embedded payment provider's page (used when Stripe is not configured). */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  return loadPayPage(context.app, request, params.id ?? "");
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  return payAction(context.app, request, params.id ?? "");
}

export default function PayRoute() {
  return <PayPage data={useLoaderData<typeof loader>()} lastResult={useActionData<typeof action>()?.result} />;
}

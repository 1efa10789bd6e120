import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { clearingCookies } from "~/http/attribution.server";
import { useLoaderData } from "@remix-run/react";
import { loadSuccess } from "../checkout/checkout.server";
import { SuccessPage } from "./SuccessPage";
import { notFound } from "~/platform/http.server";

export const meta: MetaFunction = () => [{ title: "Thank you" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const page = await loadSuccess(context.app, request);
  if (!page) notFound("No such checkout");
  // Spec 9's clearing rule after a purchase: the campaign that led to it is spent. Done here, in the
  // buyer's browser, because fulfilment may run in a webhook with no browser to clear.
  const headers = new Headers();
  if (page.session.status === "complete")
    for (const cookie of clearingCookies(request)) headers.append("Set-Cookie", cookie);
  return data(page, { headers });
}

export default function SuccessRoute() {
  return <SuccessPage {...useLoaderData<typeof loader>()} />;
}

import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { loadSuccess } from "~/features/checkout/checkout.server";
import { SuccessPage } from "~/features/checkout/components/SuccessPage";
import { notFound } from "~/platform/http.server";

export const meta: MetaFunction = () => [{ title: "Thank you" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const page = await loadSuccess(context.app, request);
  if (!page) notFound("No such checkout");
  return page;
}

export default function SuccessRoute() {
  return <SuccessPage {...useLoaderData<typeof loader>()} />;
}

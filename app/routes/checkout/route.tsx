import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import catalogStyles from "~/features/catalog/catalog.css";
import { checkoutAction, loadCheckout } from "./checkout.server";
import { CheckoutPage } from "./CheckoutPage";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: catalogStyles }];
export const meta: MetaFunction = () => [{ title: "Checkout" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  return loadCheckout(context.app, request);
}

export async function action({ request, context }: ActionFunctionArgs) {
  return checkoutAction(context.app, request);
}

export default function CheckoutRoute() {
  return <CheckoutPage data={useLoaderData<typeof loader>()} actionData={useActionData<typeof action>()} />;
}

import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { cartAction } from "~/features/cart/cart-actions.server";
import { loadCartPage } from "~/features/cart/cart-page.server";
import { CartPage } from "~/features/cart/components/CartPage";
import cartStyles from "~/features/cart/cart.css";
import catalogStyles from "~/features/catalog/catalog.css";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: catalogStyles },
  { rel: "stylesheet", href: cartStyles },
];

export const meta: MetaFunction = () => [{ title: "Your cart" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  return loadCartPage(context.app, request);
}

/** Every cart button on every page posts here. */
export async function action({ request, context }: ActionFunctionArgs) {
  return cartAction(context.app, request);
}

export default function CartRoute() {
  return <CartPage {...useLoaderData<typeof loader>()} />;
}

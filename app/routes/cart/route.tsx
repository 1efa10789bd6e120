import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { applyCartIntent } from "~/features/cart/cart-actions.server";
import type { CartOwner } from "~/features/cart/cart.server";
import { CartPage } from "./CartPage";
import { cartFormSchema } from "~/features/cart/schema";
import catalogStyles from "~/features/catalog/catalog.css";
import { parseSubmission } from "~/http/form.server";
import { redirectWithToast } from "~/http/toast.server";
import { cartMarkFor } from "~/http/shared-pages.server";
import { ensureAnonymousId, visitorOf } from "~/http/visitor.server";
import { safeRedirectPath } from "~/platform/redirect";
import { loadCartPage } from "./cart.server";
import { appOnFirstNeed } from "~/platform/app-on-first-need";

export const meta: MetaFunction = () => [
  { title: "Your cart" },
  // A route's meta replaces the root's: the page keeps a description of its own (Lighthouse SEO).
  { name: "description", content: "The classes, collections and memberships in your cart, ready to check out." },
];

// The cart's own styles are in every page's bundle (the header's cart, app/root.tsx).
export const links: LinksFunction = () => [{ rel: "stylesheet", href: catalogStyles }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  return loadCartPage(context.app, request);
}

/**
 * Every cart button on every page posts here and is answered with a 303, so the cart works without
 * JavaScript; with it the same forms run as fetchers. The cart belongs to the signed-in user or,
 * before sign-in, to the anonymous visitor (who gets an anonymous id, and its cookie, when needed).
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const app = context.app;
  const submission = await parseSubmission(request, cartFormSchema);
  if (submission.status !== "success") {
    const first = Object.values(submission.error ?? {}).flat()[0];
    return redirectWithToast(request, "/cart", { kind: "error", title: first ?? "That did not work" });
  }
  const page = safeRedirectPath(submission.value.page, "/cart");
  const { user } = await visitorOf(app, request);
  const cookies: string[] = [];
  const ownerOf = (): CartOwner => {
    if (user) return { ownerId: user.id, userId: user.id };
    const made = ensureAnonymousId(request);
    cookies.push(...made.cookies);
    // Marked at once, so the page this answer goes back to is the visitor's own, not the shared copy
    // (the root loader clears the mark when the cart is empty again).
    const mark = cartMarkFor(request, true);
    if (mark) cookies.push(mark);
    return { ownerId: made.anonymousId, userId: null };
  };
  const { to, toast } = await applyCartIntent(app, { ownerOf, signedIn: Boolean(user) }, submission.value, page);
  const headers = new Headers();
  for (const cookie of cookies) headers.append("Set-Cookie", cookie);
  return redirectWithToast(request, to, toast ?? null, { headers });
}

// It works without JavaScript: the app loads on first need (platform/app-on-first-need).
export const handle = appOnFirstNeed;

export default function CartRoute() {
  return <CartPage {...useLoaderData<typeof loader>()} />;
}

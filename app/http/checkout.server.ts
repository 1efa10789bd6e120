/**
 * Checkout over HTTP, shared by the checkout screens and the purchase API: the signed-in guard and
 * what the visitor's cookies remember for payment_info.
 */
import { redirect } from "@remix-run/cloudflare";
import { parse as parseCookie } from "cookie";
import type { UserRow } from "~/db/schema";
import { FRIEND_COOKIE } from "~/features/attribution/rules";
import { withQuery } from "~/features/cart/rules";
import type { VisitMarks } from "~/features/checkout/checkout.server";
import type { CheckoutVisit } from "~/features/checkout/direct.server";
import { authHref } from "~/features/identity/modal";
import { NO_PRICE_OFFER } from "~/features/offers/rules";
import { VIP_GATE_COOKIE, isVipVisit } from "~/features/offers/vip";
import type { AppContext } from "~/platform/context";
import { sessionUserOf } from "./session.server";

/**
 * Checkout's signed-in guard. A signed-out buyer is not sent to Log In like other screens: they see
 * their cart with the sign-up form open, and come back to checkout (with its query) afterwards.
 */
export async function requireBuyer(app: AppContext, request: Request): Promise<UserRow> {
  const user = await sessionUserOf(app, request);
  if (user) return user;
  const search = new URL(request.url).search;
  const cart = new URL(withQuery("/cart", search), "http://local");
  cart.searchParams.set("redirect", withQuery("/checkout", search));
  throw redirect(authHref(cart.pathname + cart.search, "SocialSignUp", { dark: true }), 303);
}

/** The offer, VIP and friend cookies that payment_info records (spec 7). */
export function visitMarksOf(request: Request): VisitMarks {
  const jar = parseCookie(request.headers.get("Cookie") ?? "");
  return {
    noPriceOffer: jar[NO_PRICE_OFFER] === "true",
    vipVisit: isVipVisit(jar[VIP_GATE_COOKIE]),
    friend: jar[FRIEND_COOKIE] ?? null,
  };
}

/** A direct checkout's visit: the address asked from and the marks above. */
export function checkoutVisitOf(request: Request): CheckoutVisit {
  return { url: new URL(request.url), marks: visitMarksOf(request) };
}

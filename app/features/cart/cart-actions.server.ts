/**
 * The cart form: every cart button (add, add all, remove, empty, buy now, the product CTA) posts here
 * and is answered with a 303, so the cart works without JavaScript; with it the same forms run as
 * fetchers. The cart belongs to the signed-in user or, before sign-in, to the anonymous visitor.
 */
import { redirect } from "@remix-run/cloudflare";
import { EVENTS, screenEvent } from "~/features/analytics/events";
import { recordEvent } from "~/features/analytics/record.server";
import { anonymousCookie, anonymousIdOf, newAnonymousId } from "~/features/identity/anonymous.server";
import { authHref } from "~/features/identity/modal";
import { currentUser } from "~/features/identity/sessions.server";
import type { AppContext } from "~/platform/context";
import { formDataOf, isSecureRequest } from "~/platform/http.server";
import { queryOf, safeRedirectPath } from "~/platform/redirect";
import { setToastHeader } from "~/platform/toast.server";
import { CartBusyError, CartFullError, changeCart, type CartOwner } from "./cart.server";
import { CART_MAX_ITEMS, addAll, addItem, addOnly, ctaAdd, removeItem, withQuery } from "./rules";
import { cartFormSchema } from "./schema";
import { sellablesByIds, type Sellable } from "./sellables.server";

/** Who owns this browser's cart; a visitor without an anonymous id gets one (and its cookie). */
export async function cartOwnerOf(
  app: AppContext,
  request: Request,
): Promise<{ owner: CartOwner; signedIn: boolean; cookies: string[] }> {
  const user = await currentUser(app, request);
  if (user) return { owner: { ownerId: user.id, userId: user.id }, signedIn: true, cookies: [] };
  const existing = anonymousIdOf(request);
  if (existing) return { owner: { ownerId: existing, userId: null }, signedIn: false, cookies: [] };
  const id = newAnonymousId();
  return {
    owner: { ownerId: id, userId: null },
    signedIn: false,
    cookies: [anonymousCookie(id, isSecureRequest(request))],
  };
}

/** The page with one query parameter set (or removed). */
function withParam(page: string, name: string, value: string | null) {
  const url = new URL(page, "http://local");
  if (value === null) url.searchParams.delete(name);
  else url.searchParams.set(name, value);
  return url.pathname + url.search;
}

export async function cartAction(app: AppContext, request: Request) {
  const formData = (await formDataOf(request)) ?? new FormData();
  const ids = formData.getAll("productId").filter((v): v is string => typeof v === "string");
  const parsed = cartFormSchema.safeParse({
    intent: formData.get("intent"),
    productId: ids.length > 1 ? ids : ids[0],
    page: formData.get("page") ?? undefined,
  });
  const page = safeRedirectPath(parsed.success ? parsed.data.page : null, "/cart");
  const secure = isSecureRequest(request);
  const headers = new Headers();
  const back = async (
    to: string,
    toast?: { kind: "success" | "error" | "info"; title: string; description?: string },
  ) => {
    if (toast) headers.append("Set-Cookie", await setToastHeader(toast, secure));
    return redirect(to, { status: 303, headers });
  };
  if (!parsed.success)
    return back(page, { kind: "error", title: parsed.error.issues[0]?.message ?? "That did not work" });

  const { intent } = parsed.data;
  const wanted =
    parsed.data.productId === undefined
      ? []
      : Array.isArray(parsed.data.productId)
        ? parsed.data.productId
        : [parsed.data.productId];
  if (intent !== "empty" && wanted.length === 0) return back(page, { kind: "error", title: "Choose a class first." });

  const found = intent === "empty" ? [] : await sellablesByIds(app.db, wanted);
  if (intent !== "empty" && intent !== "remove" && found.length === 0)
    return back(page, { kind: "error", title: "This class is no longer available." });
  const item = found[0] as Sellable;

  const { owner, signedIn, cookies } = await cartOwnerOf(app, request);
  for (const cookie of cookies) headers.append("Set-Cookie", cookie);
  const query = queryOf(page);
  const who = { userId: owner.userId, anonymousId: owner.userId ? null : owner.ownerId };
  const track = (name: (typeof EVENTS)[keyof typeof EVENTS], ids: string[]) =>
    recordEvent(app, name, who, { productIds: ids, page });
  // The screen's own button event (spec 2: 'product landing page | buy now', 'collections page | add to cart' ...), when the spec names one.
  const trackScreen = (action: "buy now" | "add to cart") => {
    const name = screenEvent(page.split("?")[0], action);
    if (name) recordEvent(app, name, who, { productId: item.id, page });
  };
  try {
    switch (intent) {
      case "add":
        await changeCart(app, owner, (items) => ({ items: addItem(items, item) }));
        track(EVENTS.cartItemAdded, [item.id]);
        trackScreen("add to cart");
        return back(withParam(page, "added", item.id));
      case "add-only":
        await changeCart(app, owner, (items) => ({ items: addOnly(items, item) }));
        return back(withQuery("/cart", query));
      case "add-all": {
        // Memberships never join other items (they replace the cart), so add-all skips them.
        let added: string[] = [];
        await changeCart(app, owner, (items) => {
          const next = addAll(
            items,
            found.filter((f) => !f.isSubscription),
          );
          added = next.slice(items.length).map((i) => i.id);
          return { items: next };
        });
        track(EVENTS.cartAllItemsAdded, added);
        const what = added.length === 1 ? "1 item" : `${added.length} items`;
        return back(
          withQuery("/cart", query),
          added.length > 0
            ? { kind: "success", title: `${what} added to your cart` }
            : { kind: "info", title: "Those are already in your cart" },
        );
      }
      case "remove":
        await changeCart(app, owner, (items) => ({ items: wanted.reduce(removeItem, items) }));
        track(EVENTS.cartItemDeleted, wanted);
        return back(withParam(page, "added", null), { kind: "info", title: "Removed from your cart" });
      case "empty":
        await changeCart(app, owner, () => ({ items: [], buyNowProductId: null }));
        return back(withParam(page, "added", null), { kind: "info", title: "Your cart is empty" });
      case "buy-now": {
        // A separate buy-now product: checkout for this item alone, the cart left as it was.
        await changeCart(app, owner, (items) => ({ items, buyNowProductId: item.id }));
        trackScreen("buy now");
        return back(afterCta(page, withParam(withQuery("/checkout", query), "buyNow", "1"), signedIn));
      }
      case "cta":
        await changeCart(app, owner, (items) => ({ items: ctaAdd(items, item) }));
        track(EVENTS.cartItemAdded, [item.id]);
        trackScreen("buy now");
        return back(afterCta(page, withQuery("/checkout", query), signedIn));
    }
  } catch (error) {
    if (error instanceof CartBusyError)
      return back(page, { kind: "error", title: "Your cart is busy. Please try again." });
    if (error instanceof CartFullError)
      return back(withParam(page, "added", null), {
        kind: "error",
        title: `Your cart holds at most ${CART_MAX_ITEMS} items. Check out or remove some first.`,
      });
    throw error;
  }
}

/**
 * The product CTA's last step (spec 2): signed in, go to checkout; signed out, stay on the page with
 * redirect=checkout saved and the SocialSignUp form open in dark mode.
 */
function afterCta(page: string, checkout: string, signedIn: boolean): string {
  if (signedIn) return checkout;
  return authHref(withParam(withParam(page, "added", null), "redirect", checkout), "SocialSignUp", { dark: true });
}

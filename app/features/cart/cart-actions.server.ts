/**
 * The cart form: every cart button (add, add all, remove, empty, buy now, the product CTA) posts here
 * and is answered with a 303, so the cart works without JavaScript; with it the same forms run as
 * fetchers. The cart belongs to the signed-in user or, before sign-in, to the anonymous visitor.
 */
import { EVENTS, screenEvent } from "~/features/analytics/events";
import { recordEvent } from "~/features/analytics/record.server";
import { comingSoonRefusal } from "~/features/catalog/rules";
import { authHref } from "~/features/identity/modal";
import type { AppContext } from "~/platform/context";
import { queryOf } from "~/platform/redirect";
import { CartBusyError, CartFullError, changeCart, type CartOwner } from "./cart.server";
import { CART_MAX_ITEMS, addAll, addItem, addOnly, ctaAdd, removeItem, withQuery } from "./rules";
import type { CartForm } from "./schema";
import { sellablesByIds, type Sellable } from "./sellables.server";

export interface CartToast {
  kind: "success" | "error" | "info";
  title: string;
  description?: string;
}

/** Where the cart form's answer goes, and the toast it carries. */
export interface CartAnswer {
  to: string;
  toast?: CartToast;
}

/** The page with one query parameter set (or removed). */
function withParam(page: string, name: string, value: string | null) {
  const url = new URL(page, "http://local");
  if (value === null) url.searchParams.delete(name);
  else url.searchParams.set(name, value);
  return url.pathname + url.search;
}

/**
 * One cart button's change. `page` is the (safe) page the form was posted from; `ownerOf` gives the
 * cart's owner (the signed-in user, else the anonymous visitor) and is asked only once the change is
 * valid; `signedIn` decides where a product CTA goes next.
 */
export async function applyCartIntent(
  app: AppContext,
  { ownerOf, signedIn }: { ownerOf: () => CartOwner; signedIn: boolean },
  input: CartForm,
  page: string,
): Promise<CartAnswer> {
  const back = (to: string, toast?: CartToast): CartAnswer => ({ to, toast });
  const { intent, productId } = input;
  const wanted = productId === undefined ? [] : Array.isArray(productId) ? productId : [productId];
  if (intent !== "empty" && wanted.length === 0) return back(page, { kind: "error", title: "Choose a class first." });

  const found = intent === "empty" ? [] : await sellablesByIds(app.db, wanted);
  if (intent !== "empty" && intent !== "remove" && found.length === 0)
    return back(page, { kind: "error", title: "This class is no longer available." });
  const item = found[0] as Sellable;
  // Coming soon: announced, not on sale. Nothing is added; add-all leaves it out and says so.
  const soon = intent === "empty" || intent === "remove" ? null : comingSoonRefusal(found);
  if (soon && intent !== "add-all")
    return back(withParam(page, "added", null), { kind: "error", title: "Not on sale yet", description: soon });

  const owner = ownerOf();
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
            found.filter((f) => !f.isSubscription && !f.comingSoon),
          );
          added = next.slice(items.length).map((i) => i.id);
          return { items: next };
        });
        track(EVENTS.cartAllItemsAdded, added);
        const what = added.length === 1 ? "1 item" : `${added.length} items`;
        return back(
          withQuery("/cart", query),
          added.length > 0
            ? { kind: "success", title: `${what} added to your cart`, description: soon ?? undefined }
            : soon
              ? { kind: "error", title: "Not on sale yet", description: soon }
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

import { Link, useFetchers } from "~/ui/router";
import { Icon } from "~/ui/icons";

/**
 * The header's cart link with its item count. With JavaScript the count moves at once while cart
 * forms are in flight (optimistic), then settles on the server's answer.
 */
export function CartLink({ count, query }: { count: number; query: string }) {
  const fetchers = useFetchers();
  let pending = 0;
  for (const f of fetchers) {
    if (f.formAction !== "/cart" || !f.formData) continue;
    const intent = f.formData.get("intent");
    const ids = f.formData.getAll("productId").length;
    if (intent === "add" || intent === "cta") pending += 1;
    else if (intent === "add-all") pending += ids;
    else if (intent === "remove") pending -= ids;
    else if (intent === "empty") pending = -count;
  }
  const shown = Math.max(0, count + pending);
  return (
    <Link to={`/cart${query}`} className="cart-link" aria-label={`Cart, ${shown === 1 ? "1 item" : `${shown} items`}`}>
      <Icon name="cart" aria-hidden="true" />
      {shown > 0 ? (
        <span className="cart-link__count" aria-hidden="true">
          {shown}
        </span>
      ) : null}
    </Link>
  );
}

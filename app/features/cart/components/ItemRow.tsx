import { Link } from "~/ui/router";
import type { ReactNode } from "react";
import type { CartItem } from "../sellables.server";

/** One item of the cart or the order: cover, title and creator, then what the page adds (price, plans) and an end slot (Remove). */
export function ItemRow({
  item,
  hidden,
  compact = false,
  children,
  end,
}: {
  item: CartItem;
  hidden?: boolean;
  compact?: boolean;
  children?: ReactNode;
  end?: ReactNode;
}) {
  return (
    <li className={compact ? "cart-item cart-item--compact" : "cart-item"} hidden={hidden}>
      <img className="cart-item__cover" src={item.coverUrl} alt="" width={160} height={90} />
      <div className="cart-item__text">
        <h3 className="cart-item__title">
          <Link to={item.href}>{item.title}</Link>
        </h3>
        <p className="cart-item__creator">{item.isSubscription ? "Membership" : item.creatorName}</p>
        {children}
      </div>
      {end}
    </li>
  );
}

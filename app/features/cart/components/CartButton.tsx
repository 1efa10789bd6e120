import { useFetcher } from "~/ui/router";
import type { ReactNode } from "react";
import { Button, type ButtonSize, type ButtonVariant } from "~/ui/Button";
import type { CartIntent } from "../schema";

/**
 * One cart button: a POST form to /cart (intent, product ids, the page to come back to). Without
 * JavaScript it is a plain form answered with a 303; with it, a fetcher (the button shows its
 * pending state and the header count updates at once).
 */
export function CartButton({
  intent,
  productIds = [],
  page,
  children,
  variant = "primary",
  size = "medium",
  className,
  label,
}: {
  intent: CartIntent;
  productIds?: string[];
  page: string;
  children: ReactNode;
  variant?: ButtonVariant;
  size?: ButtonSize;
  className?: string;
  /** An accessible name when the visible text is not enough ("Remove" -> "Remove Guitar Basics"). */
  label?: string;
}) {
  const fetcher = useFetcher({ key: `cart:${intent}:${productIds.join(",")}` });
  return (
    <fetcher.Form method="post" action="/cart" className={["cart-form", className].filter(Boolean).join(" ")}>
      <input type="hidden" name="intent" value={intent} />
      {productIds.map((id) => (
        <input key={id} type="hidden" name="productId" value={id} />
      ))}
      <input type="hidden" name="page" value={page} />
      <Button type="submit" variant={variant} size={size} loading={fetcher.state !== "idle"} aria-label={label}>
        {children}
      </Button>
    </fetcher.Form>
  );
}

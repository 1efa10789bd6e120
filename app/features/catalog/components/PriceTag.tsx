import { formatCents } from "~/platform/format";

/** Price and, when higher, the crossed-out regular price. Amounts are integer cents. */
export function PriceTag({
  price,
  crossedPrice,
  size = "medium",
}: {
  price: number;
  crossedPrice: number | null;
  size?: "medium" | "large";
}) {
  const discounted = crossedPrice !== null && crossedPrice > price;
  return (
    <p className={`price-tag price-tag--${size}`}>
      <span className="price-tag__price">
        <span className="visually-hidden">{discounted ? "Now " : "Price "}</span>
        {formatCents(price)}
      </span>
      {discounted ? (
        <s className="price-tag__crossed">
          <span className="visually-hidden">Regular price </span>
          {formatCents(crossedPrice)}
        </s>
      ) : null}
    </p>
  );
}

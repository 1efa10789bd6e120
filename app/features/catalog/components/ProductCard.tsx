import { Link } from "~/ui/router";
import { MemoizedList } from "~/ui/ServerMemo";
import { durationText } from "~/platform/format";
import type { ProductCardView } from "../card";
import { ComingSoonMark } from "./ComingSoon";
import { PriceTag } from "./PriceTag";
import { Rating } from "./Rating";

export function productHref(product: { storefrontSlug: string; classSlug: string }) {
  return `/classes/${product.storefrontSlug}/${product.classSlug}`;
}

/** A class in a grid or row: cover, title, creator, rating, length and price. The whole card is one link target (the title). */
export function ProductCard({
  product,
  headingLevel = 3,
  eager = false,
}: {
  product: ProductCardView;
  headingLevel?: 2 | 3;
  eager?: boolean;
}) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <article className="product-card">
      <img
        className="product-card__cover"
        src={product.coverUrl}
        alt=""
        width={640}
        height={360}
        loading={eager ? "eager" : "lazy"}
        decoding="async"
      />
      <div className="product-card__body">
        <p className="product-card__category">{product.category}</p>
        <Heading className="product-card__title">
          <Link to={productHref(product)} prefetch="intent" className="product-card__link">
            {product.title}
          </Link>
        </Heading>
        <p className="product-card__creator">{product.creatorName}</p>
        <p className="product-card__meta">
          <Rating average={product.rating.average} ratings={product.rating.count} />
        </p>
        <p className="product-card__meta">
          <span>{product.lessonCount} lessons</span>
          <span aria-hidden="true">·</span>
          <span>{durationText(product.totalSeconds)}</span>
        </p>
        {product.comingSoon ? (
          <ComingSoonMark />
        ) : (
          <PriceTag price={product.priceInfo.price} crossedPrice={product.priceInfo.crossedPrice} />
        )}
      </div>
    </article>
  );
}

/** A responsive grid of class cards. */
export function ProductGrid({
  products,
  label,
  eagerCount = 0,
}: {
  products: ProductCardView[];
  label?: string;
  eagerCount?: number;
}) {
  return (
    // The same cards for everyone: the server renders them once per set (ServerMemo).
    <MemoizedList
      className="product-grid"
      aria-label={label}
      memoKey={() => `product-grid ${eagerCount} ${JSON.stringify(products)}`}
    >
      {products.map((product, index) => (
        <li key={product.id}>
          <ProductCard product={product} eager={index < eagerCount} />
        </li>
      ))}
    </MemoizedList>
  );
}

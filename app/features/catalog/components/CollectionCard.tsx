import { Link } from "~/ui/router";
import { formatCents } from "~/platform/format";
import type { CollectionSummary } from "../collections.server";
import { ComingSoonMark } from "./ComingSoon";

export function collectionHref(collection: { slug: string; programType: "collection" | "school" }) {
  if (collection.programType === "school")
    return collection.slug === "music" ? "/school/music" : `/schools/${collection.slug}`;
  return `/collections/${collection.slug}`;
}

/** A collection or school in a list: cover, title, how many classes and what they are worth together. */
export function CollectionCard({ collection }: { collection: CollectionSummary }) {
  return (
    <article className="product-card product-card--collection">
      <img
        className="product-card__cover"
        src={collection.coverUrl}
        alt=""
        width={640}
        height={360}
        loading="lazy"
        decoding="async"
      />
      <div className="product-card__body">
        <p className="product-card__category">
          {collection.programType === "school" ? "School" : "Collection"} · {collection.classCount} classes
        </p>
        <h3 className="product-card__title">
          <Link to={collectionHref(collection)} prefetch="intent" className="product-card__link">
            {collection.title}
          </Link>
        </h3>
        <p className="product-card__creator">{collection.tagline}</p>
        {collection.comingSoon ? (
          <ComingSoonMark />
        ) : (
          <p className="price-tag">
            <span className="price-tag__price">{formatCents(collection.priceInfo.price)}</span>
            <span className="price-tag__value">{formatCents(collection.totalValuePriceInCents)} total value</span>
          </p>
        )}
      </div>
    </article>
  );
}

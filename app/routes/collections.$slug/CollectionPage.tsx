import { formatCents } from "~/platform/format";
import { BuyButtons } from "~/features/cart/components/BuyButtons";
import { CartButton } from "~/features/cart/components/CartButton";
import type { ProductCta } from "~/features/cart/cta";
import type { ProductCardView } from "~/features/catalog/card";
import type { CollectionDetail } from "~/features/catalog/collections.server";
import { ComingSoonOffer } from "~/features/catalog/components/ComingSoon";
import { ProductGrid } from "~/features/catalog/components/ProductCard";
import { waitlistListOf } from "~/features/catalog/rules";

/** A collection or school: what it is, its price against the total value of its classes, and the classes. */
export function CollectionPage({
  collection,
  descriptionHtml,
  cta,
}: {
  collection: Omit<CollectionDetail, "classes"> & { classes: ProductCardView[] };
  descriptionHtml: string;
  cta: ProductCta;
}) {
  const saving = collection.totalValuePriceInCents - collection.priceInfo.price;
  const kind = collection.programType === "school" ? "School" : "Collection";
  return (
    <div className="collection-page">
      <section className="class-hero" aria-labelledby="collection-title">
        <div className="container class-hero__inner">
          <img className="class-hero__cover" src={collection.coverUrl} alt="" width={640} height={360} />
          <div className="class-hero__info">
            <p className="eyebrow">
              {kind} · {collection.classCount} classes
            </p>
            <h1 id="collection-title">{collection.title}</h1>
            <p className="class-hero__tagline">{collection.tagline}</p>
            {collection.comingSoon && !cta.owned ? (
              <ComingSoonOffer
                page={cta.page}
                list={waitlistListOf({ kind: "collection", id: collection.id, slug: collection.slug })}
                what={kind.toLowerCase()}
              />
            ) : (
              <>
                <dl className="value-box">
                  <div>
                    <dt>{kind} price</dt>
                    <dd className="value-box__price">{formatCents(collection.priceInfo.price)}</dd>
                  </div>
                  <div>
                    <dt>Total value</dt>
                    <dd>
                      <s>{formatCents(collection.totalValuePriceInCents)}</s>
                    </dd>
                  </div>
                  {saving > 0 ? (
                    <div>
                      <dt>You save</dt>
                      <dd className="value-box__saving">{formatCents(saving)}</dd>
                    </div>
                  ) : null}
                </dl>
                <BuyButtons
                  cta={cta}
                  title={collection.title}
                  price={{ ...collection.priceInfo, offerEndsAt: null }}
                  buyIntent="buy-now"
                  canAddToCart
                />
              </>
            )}
          </div>
        </div>
      </section>
      <div className="container collection-body">
        <section aria-labelledby="collection-about" className="collection-body__about">
          <h2 id="collection-about">About this {kind.toLowerCase()}</h2>
          <div className="prose" dangerouslySetInnerHTML={{ __html: descriptionHtml }} />
        </section>
        <section aria-labelledby="collection-classes">
          <div className="collection-body__classes-head">
            <h2 id="collection-classes">The classes</h2>
            {collection.classes.length > 1 && !cta.owned && !collection.comingSoon ? (
              <CartButton
                intent="add-all"
                productIds={collection.classes.map((c) => c.id)}
                page={cta.page}
                variant="secondary"
                size="small"
              >
                Add all {collection.classes.length} classes to cart
              </CartButton>
            ) : null}
          </div>
          {collection.classes.length === 0 ? (
            <p className="muted">Classes are being added to this {kind.toLowerCase()}.</p>
          ) : (
            <ProductGrid products={collection.classes} />
          )}
        </section>
      </div>
    </div>
  );
}

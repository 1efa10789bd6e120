import { Link } from "@remix-run/react";
import { watchHref } from "~/features/learning/rules";
import { durationText } from "~/platform/format";
import { Tag } from "~/ui/Tag";
import { BuyButtons } from "~/features/cart/components/BuyButtons";
import type { ProductCta } from "~/features/cart/cta";
import { OfferNote } from "~/features/offers/components/OfferNote";
import type { ShownPrice } from "~/features/catalog/rules";
import type { ProductCardView } from "~/features/catalog/card";
import type { ProductDetail } from "~/features/catalog/products.server";
import { browseHref } from "~/features/catalog/rules";
import { collectionHref } from "~/features/catalog/components/CollectionCard";
import { ComingSoonOffer } from "~/features/catalog/components/ComingSoon";
import { waitlistListOf } from "~/features/catalog/rules";
import { PriceTag } from "~/features/catalog/components/PriceTag";
import { ProductGrid } from "~/features/catalog/components/ProductCard";
import { Rating } from "~/features/catalog/components/Rating";
import { storefrontPath } from "~/features/storefronts/rules";

const count = new Intl.NumberFormat("en-US");

export interface ClassPageData {
  product: Omit<
    ProductDetail,
    "description" | "priceInfo" | "crossedPriceApplicableFrom" | "specialOnlyVip" | "shouldNotHideDiscount"
  > & { priceInfo: ShownPrice };
  descriptionHtml: string;
  more: ProductCardView[];
  partOf: { slug: string; title: string; programType: "collection" | "school" }[];
  cta: ProductCta;
  now: number;
}

/** /classes/{storefrontSlug}/{classSlug}: the class, its lessons, its creator and more from them. */
export function ClassPage({ product, descriptionHtml, more, partOf, cta, now }: ClassPageData) {
  return (
    <div className="class-page">
      <section className="class-hero" aria-labelledby="class-title">
        <div className="container class-hero__inner">
          <img className="class-hero__cover" src={product.coverUrl} alt="" width={640} height={360} />
          <div className="class-hero__info">
            <nav aria-label="Breadcrumb" className="breadcrumb">
              <ol>
                <li>
                  <Link to="/classes">Classes</Link>
                </li>
                <li>
                  <Link to={browseHref({ category: product.category })}>{product.category}</Link>
                </li>
              </ol>
            </nav>
            <h1 id="class-title">{product.title}</h1>
            <p className="class-hero__tagline">{product.tagline}</p>
            <p className="class-hero__creator">
              with{" "}
              <Link to={storefrontPath(product.creator.storefrontSlug)}>
                <strong>{product.creator.name}</strong>
              </Link>
            </p>
            <p className="class-hero__stats">
              <Rating average={product.rating.average} ratings={product.rating.count} />
              {product.comingSoon ? null : <span>{count.format(product.popularity)} students</span>}
              <span>{product.level}</span>
            </p>
            {product.comingSoon && !cta.owned ? (
              <ComingSoonOffer page={cta.page} list={waitlistListOf({ kind: "class", id: product.id })} what="class" />
            ) : (
              <>
                <PriceTag price={product.priceInfo.price} crossedPrice={product.priceInfo.crossedPrice} size="large" />
                <OfferNote endsAt={product.priceInfo.offerEndsAt} now={now} />
                <BuyButtons
                  cta={cta}
                  title={product.title}
                  price={product.priceInfo}
                  buyLabel={product.subscriptionSlug ? "Get started" : "Buy now"}
                  canAddToCart={!product.subscriptionSlug}
                />
              </>
            )}
            {partOf.length > 0 ? (
              <p className="class-hero__part-of">
                Also in{" "}
                {partOf.map((c, i) => (
                  <span key={c.slug}>
                    {i > 0 ? ", " : ""}
                    <Link to={collectionHref(c)}>{c.title}</Link>
                  </span>
                ))}
              </p>
            ) : null}
          </div>
        </div>
      </section>

      <div className="container class-body">
        <section aria-labelledby="lessons-title" className="class-body__lessons">
          <h2 id="lessons-title">
            {product.lessons.length} lessons <span className="muted">· {durationText(product.totalSeconds)}</span>
          </h2>
          {product.lessons.length === 0 ? (
            <p className="muted">This product has no lessons of its own: it unlocks the classes it includes.</p>
          ) : (
            <ol className="lesson-list">
              {product.lessons.map((lesson) => (
                <li key={lesson.id} className="lesson-list__item">
                  <span className="lesson-list__number" aria-hidden="true">
                    {lesson.position}
                  </span>
                  <div className="lesson-list__text">
                    <h3 className="lesson-list__title">
                      <Link to={watchHref(lesson)}>{lesson.title}</Link>
                      {lesson.isPreview ? <Tag>Free preview</Tag> : null}
                    </h3>
                    {lesson.summary ? <p className="lesson-list__summary">{lesson.summary}</p> : null}
                  </div>
                  <span className="lesson-list__duration">{durationText(lesson.durationSeconds)}</span>
                </li>
              ))}
            </ol>
          )}
        </section>

        <section aria-labelledby="about-title" className="class-body__about">
          <h2 id="about-title">About this class</h2>
          <div className="prose" dangerouslySetInnerHTML={{ __html: descriptionHtml }} />
          {product.topics.length + product.genres.length > 0 ? (
            <ul className="tag-list" aria-label="Topics and genres">
              {product.topics.map((topic) => (
                <li key={`t-${topic}`}>
                  <Tag to={browseHref({ topics: [topic] })}>{topic}</Tag>
                </li>
              ))}
              {product.genres.map((genre) => (
                <li key={`g-${genre}`}>
                  <Tag to={browseHref({ genres: [genre] })}>{genre}</Tag>
                </li>
              ))}
            </ul>
          ) : null}
          <section className="creator-card" aria-labelledby="creator-title">
            <img src={product.creator.avatarUrl} alt="" width={64} height={64} className="creator-card__avatar" />
            <div>
              <h2 id="creator-title" className="creator-card__name">
                <Link to={storefrontPath(product.creator.storefrontSlug)}>{product.creator.name}</Link>
              </h2>
              <p className="creator-card__headline">{product.creator.headline}</p>
              <p>{product.creator.bio}</p>
              <p className="creator-card__more">
                <Link to={storefrontPath(product.creator.storefrontSlug)}>
                  Visit {product.creator.name}'s storefront
                </Link>
              </p>
            </div>
          </section>
        </section>
      </div>

      {more.length > 0 ? (
        <section className="container class-more" aria-labelledby="more-title">
          <h2 id="more-title">More from {product.creator.name}</h2>
          <ProductGrid products={more} />
          <p className="class-more__all">
            <Link to={storefrontPath(product.creator.storefrontSlug)}>See all classes by {product.creator.name}</Link>
          </p>
        </section>
      ) : null}
    </div>
  );
}

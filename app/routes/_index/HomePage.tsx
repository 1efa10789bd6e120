import { Link } from "@remix-run/react";
import type { MouseEvent } from "react";
import { CategoryChip } from "~/features/catalog/components/CategoryChip";
import { ProductGrid } from "~/features/catalog/components/ProductCard";
import { browseHref } from "~/features/catalog/rules";
import type { ProductCardView } from "~/features/catalog/card";
import { buttonClass } from "~/ui/Button";
import type { Banner } from "~/features/flags/banner";
import { HOME_SCROLL_OFFSET_PX, VERTICALS_SECTION_ID, type HomeCta } from "~/features/home/cta";
import type { HeroView } from "~/features/home/hero";
import type { CategoryPreview } from "~/features/home/home.server";
import { InlineBannerCopy, PromoBanner } from "~/features/home/components/PromoBanner";
import { ChallengeTeaser, type ChallengeTeaserData } from "~/features/challenges/components/ChallengeTeaser";
import { HeroDescription } from "~/features/home/components/HeroDescription";

export interface HomeData {
  hero: HeroView;
  cta: HomeCta;
  banner: Banner | null;
  categories: CategoryPreview[];
  popular: ProductCardView[];
  newReleases: ProductCardView[];
  /** The running challenge the page leads to, if any. */
  challenge: ChallengeTeaserData | null;
  now: number;
}

/** With JavaScript the CTA scrolls smoothly to the verticals, 120px above them; without, the anchor and scroll-margin do the same. */
function scrollToVerticals(event: MouseEvent<HTMLAnchorElement>) {
  const target = document.getElementById(VERTICALS_SECTION_ID);
  if (!target) return;
  event.preventDefault();
  const reduce = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
  window.scrollTo({
    top: target.getBoundingClientRect().top + window.scrollY - HOME_SCROLL_OFFSET_PX,
    behavior: reduce ? "auto" : "smooth",
  });
  history.replaceState(null, "", `#${VERTICALS_SECTION_ID}`);
}

export function HomePage({ hero, cta, banner, categories, popular, newReleases, challenge, now }: HomeData) {
  return (
    <div className="home">
      {banner ? <PromoBanner banner={banner} now={now} /> : null}
      <section className="hero" aria-labelledby="hero-title" data-variant={hero.variant}>
        <picture className="hero__background">
          <source media="(min-width: 834px)" srcSet={hero.backgroundUrl} />
          <img src={hero.mobileBackgroundUrl} alt="" width={800} height={1200} />
        </picture>
        <div className="container hero__content">
          <h1 id="hero-title" className="hero__title">
            {hero.title}
          </h1>
          <HeroDescription hero={hero} now={now} />
          {hero.yellowBannerLinkUrl ? (
            <p className="hero__offer">
              <a href={hero.yellowBannerLinkUrl} className="hero__offer-link">
                {banner?.title ?? "See this week's offer"}
              </a>
            </p>
          ) : null}
          <div className="hero__actions">
            {cta.scrolls ? (
              <a
                href={cta.href}
                className={buttonClass({ variant: "primary", size: "large" })}
                onClick={scrollToVerticals}
              >
                <span className="btn__label">{cta.text}</span>
              </a>
            ) : (
              <Link to={cta.href} className={buttonClass({ variant: "primary", size: "large" })}>
                <span className="btn__label">{cta.text}</span>
              </Link>
            )}
            {hero.pricingText ? <p className="hero__pricing">{hero.pricingText}</p> : null}
          </div>
          <nav aria-label="Browse categories" className="hero__categories">
            <ul className="chips__list">
              {categories.map((category) => (
                <li key={category.name}>
                  <CategoryChip name={category.name} />
                </li>
              ))}
            </ul>
          </nav>
        </div>
      </section>
      {banner ? (
        <div className="container">
          <InlineBannerCopy banner={banner} now={now} />
        </div>
      ) : null}

      <section id={VERTICALS_SECTION_ID} className="container verticals" aria-labelledby="verticals-title">
        <h2 id="verticals-title">Pick what you want to play</h2>
        <ul className="verticals__grid">
          {categories.map((category) => (
            <li key={category.name}>
              <Link className="vertical-tile" to={`/classes?category=${encodeURIComponent(category.name)}&view=`}>
                <img src={category.coverUrl} alt="" width={640} height={360} loading="lazy" decoding="async" />
                <span className="vertical-tile__name">{category.name}</span>
                <span className="vertical-tile__count">{category.count} classes</span>
              </Link>
            </li>
          ))}
        </ul>
      </section>

      {challenge ? <ChallengeTeaser challenge={challenge} now={now} /> : null}
      <HomeRow id="popular" title="Most popular" href={browseHref({})} products={popular} />
      <HomeRow id="new" title="New releases" href={browseHref({ view: "New releases" })} products={newReleases} />
    </div>
  );
}

function HomeRow({
  id,
  title,
  href,
  products,
}: {
  id: string;
  title: string;
  href: string;
  products: ProductCardView[];
}) {
  if (products.length === 0) return null;
  return (
    <section className="container home-row" aria-labelledby={`${id}-title`}>
      <div className="home-row__header">
        <h2 id={`${id}-title`}>{title}</h2>
        <Link to={href} className="home-row__all">
          See all<span className="visually-hidden"> {title.toLowerCase()}</span>
        </Link>
      </div>
      <ProductGrid products={products} />
    </section>
  );
}

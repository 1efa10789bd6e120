import { Link, useFetcher } from "@remix-run/react";
import { useEffect, useState } from "react";
import type { ProductCardView } from "~/features/catalog/card";
import { CollectionCard } from "~/features/catalog/components/CollectionCard";
import { ProductGrid } from "~/features/catalog/components/ProductCard";
import { ShareModal } from "~/features/storefronts/components/ShareModal";
import type { StorefrontApp } from "~/features/storefronts/storefronts.server";
import { ButtonLink, buttonClass } from "~/ui/Button";
import type { StorefrontPageData } from "./storefront-page.server";

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** /creators/{storefrontSlug}: who the creator is, their classes (paged), the collections holding them, their apps. */
export function StorefrontPage(d: StorefrontPageData) {
  const { creator } = d;
  const firstName = creator.name.split(" ")[0];
  return (
    <div className="storefront">
      <section className="storefront-hero" aria-labelledby="storefront-name">
        <div className="container storefront-hero__inner">
          <img
            className="storefront-hero__avatar"
            src={creator.avatarUrl}
            alt=""
            width={160}
            height={160}
            decoding="async"
          />
          <div className="storefront-hero__text">
            <p className="eyebrow">Creator on {d.productName}</p>
            <h1 id="storefront-name">{creator.name}</h1>
            <p className="storefront-hero__headline">{creator.headline}</p>
            <p className="storefront-hero__bio">{creator.bio}</p>
            <ul className="storefront-hero__stats" aria-label="On this page">
              <li>
                <a href="#storefront-classes">{plural(d.classCount, "class", "classes")}</a>
              </li>
              <li>
                <a href="#storefront-collections">{plural(d.collections.length, "collection", "collections")}</a>
              </li>
              <li>
                <a href="#storefront-apps">{plural(d.apps.length, "app", "apps")}</a>
              </li>
            </ul>
            <div className="storefront-hero__actions">
              {d.visitor ? (
                <>
                  <ButtonLink to={d.visitor.getStartedHref} preventScrollReset>
                    Get started
                  </ButtonLink>
                  <ButtonLink to={d.visitor.logInHref} variant="secondary" preventScrollReset>
                    Log in
                  </ButtonLink>
                </>
              ) : null}
              <ButtonLink to={d.share.openHref} variant={d.visitor ? "transparent" : "secondary"} preventScrollReset>
                Share
              </ButtonLink>
            </div>
          </div>
        </div>
      </section>

      <div className="container storefront-body">
        <section aria-labelledby="storefront-classes" className="storefront-section">
          <h2 id="storefront-classes" tabIndex={-1}>
            Classes by {creator.name}
          </h2>
          {d.cursorGone ? (
            <p className="storefront-section__note" role="status">
              That page of classes is no longer there, so here is the first page.
            </p>
          ) : null}
          {d.classes.length === 0 ? (
            <p className="muted">{creator.name} hasn't released a class yet.</p>
          ) : (
            <ClassPages
              key={`${d.path}?${d.cursor ?? ""}`}
              path={d.path}
              classes={d.classes}
              nextCursor={d.nextCursor}
              cursor={d.cursor}
              total={d.classCount}
            />
          )}
        </section>

        <section aria-labelledby="storefront-collections" className="storefront-section">
          <h2 id="storefront-collections" tabIndex={-1}>
            Collections with {firstName}'s classes
          </h2>
          {d.collections.length === 0 ? (
            <div className="storefront-empty">
              <p>{creator.name}'s classes aren't part of a collection yet.</p>
              <Link to="/classes?view=Collections">Browse all collections</Link>
            </div>
          ) : (
            <ul className="product-grid storefront-grid">
              {d.collections.map((collection) => (
                <li key={collection.id}>
                  <CollectionCard collection={collection} />
                </li>
              ))}
            </ul>
          )}
        </section>

        <section aria-labelledby="storefront-apps" className="storefront-section">
          <h2 id="storefront-apps" tabIndex={-1}>
            Apps by {creator.name}
          </h2>
          {d.apps.length === 0 ? (
            <div className="storefront-empty">
              <p>{creator.name} hasn't published an app yet.</p>
            </div>
          ) : (
            <ul className="storefront-apps">
              {d.apps.map((app) => (
                <li key={app.appSlug}>
                  <AppCard app={app} />
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>

      <ShareModal
        open={d.share.open}
        closeHref={d.share.closeHref}
        url={d.canonical}
        creatorName={creator.name}
        storefrontSlug={creator.storefrontSlug}
      />
    </div>
  );
}

/** A published app: its landing page's picture and words, in a card edged with its theme colour. */
function AppCard({ app }: { app: StorefrontApp }) {
  return (
    <article className="storefront-app" style={{ borderTopColor: app.primaryColor }}>
      {app.imageUrl ? (
        <img
          className="storefront-app__image"
          src={app.imageUrl}
          alt=""
          width={560}
          height={420}
          loading="lazy"
          decoding="async"
        />
      ) : null}
      <div className="storefront-app__body">
        <p className="storefront-app__kind">App</p>
        <h3 className="storefront-app__name">
          <Link to={app.href} className="storefront-app__link">
            {app.name}
          </Link>
        </h3>
        <p className="storefront-app__title">{app.title}</p>
        {app.subtitle ? <p className="storefront-app__subtitle">{app.subtitle}</p> : null}
      </div>
    </article>
  );
}

type MoreData = { classes: ProductCardView[]; nextCursor: string | null };

/**
 * The class grid and its "More classes" link. Without JavaScript the link opens the next page (a
 * keyset cursor in the address); with it, the next page is fetched and appended in place.
 */
function ClassPages({
  path,
  classes: first,
  nextCursor: firstNext,
  cursor,
  total,
}: {
  path: string;
  classes: ProductCardView[];
  nextCursor: string | null;
  cursor: string | null;
  total: number;
}) {
  const fetcher = useFetcher<MoreData>();
  const [classes, setClasses] = useState(first);
  const [nextCursor, setNextCursor] = useState(firstNext);

  useEffect(() => {
    const more = fetcher.data;
    if (fetcher.state !== "idle" || !more?.classes) return;
    setClasses((current) => {
      const known = new Set(current.map((c) => c.id));
      return [...current, ...more.classes.filter((c) => !known.has(c.id))];
    });
    setNextCursor(more.nextCursor);
  }, [fetcher.data, fetcher.state]);

  const nextHref = nextCursor ? `${path}?cursor=${nextCursor}#storefront-classes` : null;
  const loading = fetcher.state !== "idle";
  return (
    <>
      {cursor ? (
        <p className="browse__paging">
          <Link to={`${path}#storefront-classes`}>Back to the first classes</Link>
        </p>
      ) : null}
      <ProductGrid products={classes} label={`Classes, ${classes.length} of ${total} shown`} />
      <p className="visually-hidden" role="status" aria-live="polite">
        {classes.length > first.length ? `Showing ${classes.length} of ${total} classes` : ""}
      </p>
      {nextHref ? (
        <div className="browse__more">
          <Link
            to={nextHref}
            className={buttonClass({ variant: "secondary", size: "large" })}
            aria-disabled={loading || undefined}
            preventScrollReset
            onClick={(event) => {
              if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
              event.preventDefault();
              if (!loading) fetcher.load(`${path}?cursor=${nextCursor}`);
            }}
          >
            <span className="btn__label">{loading ? "Loading…" : "More classes"}</span>
          </Link>
        </div>
      ) : null}
    </>
  );
}

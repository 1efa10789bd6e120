import { Form, Link, useFetcher, useLocation } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { ButtonLink, buttonClass } from "~/ui/Button";
import type { CollectionSummary } from "~/features/catalog/collections.server";
import type { ProductCardView } from "~/features/catalog/card";
import { BROWSE_VIEWS, browseHref, type BrowseView } from "~/features/catalog/rules";
import { CollectionCard } from "~/features/catalog/components/CollectionCard";
import { ProductGrid } from "~/features/catalog/components/ProductCard";

type Facet = { name: string; count: number };

export interface BrowseData {
  filters: { view: BrowseView; category: string | null; search: string | null; topics: string[]; genres: string[] };
  title: string;
  collections: CollectionSummary[] | null;
  page: { products: ProductCardView[]; nextCursor: string | null; count: number; cursor: string | null } | null;
  facets: { categories: Facet[]; topics: Facet[]; genres: Facet[] } | null;
}

/** /classes: view tabs, category chips, the filter form (a GET form) and the results. */
export function BrowsePage({ filters, title, collections, page, facets }: BrowseData) {
  const isFiltered = Boolean(filters.category || filters.search || filters.topics.length || filters.genres.length);
  return (
    <div className="container browse">
      <header className="browse__header">
        <h1>{title}</h1>
        {filters.search && page ? (
          <p className="browse__summary" role="status">
            {page.count === 1 ? "1 class" : `${page.count.toLocaleString("en-US")} classes`} match “{filters.search}”
          </p>
        ) : null}
      </header>

      <nav aria-label="Views" className="browse__views">
        <ul>
          {BROWSE_VIEWS.map((view) => (
            <li key={view}>
              <Link
                to={browseHref(view === "Collections" ? { view } : { ...filters, view })}
                aria-current={view === filters.view ? "page" : undefined}
                className="browse__view"
              >
                {view}
              </Link>
            </li>
          ))}
        </ul>
      </nav>

      {collections ? (
        <CollectionList collections={collections} />
      ) : page && facets ? (
        <div className="browse__layout">
          <FilterPanel filters={filters} facets={facets} isFiltered={isFiltered} />
          <section aria-labelledby="results-heading" className="browse__results">
            <h2 id="results-heading" className="visually-hidden">
              Results
            </h2>
            <CategoryChips filters={filters} categories={facets.categories} />
            {page.products.length === 0 ? (
              <EmptyResults isFiltered={isFiltered} />
            ) : (
              <Results key={browseHref({ ...filters, cursor: page.cursor })} page={page} filters={filters} />
            )}
          </section>
        </div>
      ) : null}
    </div>
  );
}

function CollectionList({ collections }: { collections: CollectionSummary[] }) {
  if (collections.length === 0) {
    return (
      <div className="empty-state">
        <h2>No collections yet</h2>
        <p>Bundles of classes will show up here as creators put them together.</p>
      </div>
    );
  }
  return (
    <>
      <h2 className="visually-hidden">All collections</h2>
      <ul className="product-grid" aria-label="Collections">
        {collections.map((collection) => (
          <li key={collection.id}>
            <CollectionCard collection={collection} />
          </li>
        ))}
      </ul>
    </>
  );
}

function CategoryChips({ filters, categories }: { filters: BrowseData["filters"]; categories: Facet[] }) {
  return (
    <nav aria-label="Categories" className="chips">
      <ul>
        <li>
          <Link
            className="chip"
            to={browseHref({ ...filters, category: null })}
            aria-current={!filters.category ? "page" : undefined}
          >
            All categories
          </Link>
        </li>
        {categories.map((category) => (
          <li key={category.name}>
            <Link
              className="chip"
              to={browseHref({ ...filters, category: category.name })}
              aria-current={filters.category === category.name ? "page" : undefined}
            >
              {category.name}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** Filters as a plain GET form: works without JavaScript, and every result list is a shareable link. */
function FilterPanel({
  filters,
  facets,
  isFiltered,
}: {
  filters: BrowseData["filters"];
  facets: NonNullable<BrowseData["facets"]>;
  isFiltered: boolean;
}) {
  const on = (filters.category ? 1 : 0) + (filters.search ? 1 : 0) + filters.topics.length + filters.genres.length;
  const panel = useRef<HTMLDetailsElement>(null);
  // Closed in the page, so a phone sees results first (the summary says how many filters are on);
  // wide screens show the panel beside the results by CSS, and open it here where CSS cannot.
  useEffect(() => {
    if (panel.current && window.matchMedia("(min-width: 834px)").matches) panel.current.open = true;
  }, []);
  return (
    <details className="filters" ref={panel}>
      <summary className="filters__summary">
        Filters{isFiltered ? <span className="filters__count"> · {on} on</span> : null}
      </summary>
      <Form method="get" action="/classes" className="filters__form">
        <input type="hidden" name="view" value={filters.view} />
        <div className="field">
          <label htmlFor="filter-search" className="field__label">
            Search
          </label>
          <input
            id="filter-search"
            className="input"
            type="search"
            name="search"
            defaultValue={filters.search ?? ""}
            maxLength={120}
            placeholder="Title, creator or topic"
          />
        </div>
        <div className="field">
          <label htmlFor="filter-category" className="field__label">
            Category
          </label>
          <select id="filter-category" className="input" name="category" defaultValue={filters.category ?? ""}>
            <option value="">All categories</option>
            {facets.categories.map((c) => (
              <option key={c.name} value={c.name}>
                {c.name} ({c.count})
              </option>
            ))}
          </select>
        </div>
        <CheckboxGroup legend="Topics" name="topics" options={facets.topics} selected={filters.topics} />
        <CheckboxGroup legend="Genres" name="genres" options={facets.genres} selected={filters.genres} />
        <div className="filters__actions">
          <button type="submit" className={buttonClass({ variant: "primary", size: "medium" })}>
            <span className="btn__label">Apply filters</span>
          </button>
          {isFiltered ? (
            <Link
              className={buttonClass({ variant: "transparent", size: "medium" })}
              to={browseHref({ view: filters.view === "All classes" ? null : filters.view })}
            >
              <span className="btn__label">Clear all</span>
            </Link>
          ) : null}
        </div>
      </Form>
    </details>
  );
}

function CheckboxGroup({
  legend,
  name,
  options,
  selected,
}: {
  legend: string;
  name: string;
  options: Facet[];
  selected: string[];
}) {
  if (options.length === 0) return null;
  return (
    <fieldset className="filters__group">
      <legend className="field__label">{legend}</legend>
      <ul>
        {options.map((option) => {
          const id = `${name}-${option.name.toLowerCase().replace(/[^a-z0-9]+/g, "-")}`;
          return (
            <li key={option.name}>
              <input
                type="checkbox"
                id={id}
                name={name}
                value={option.name}
                defaultChecked={selected.includes(option.name)}
              />
              <label htmlFor={id}>{option.name}</label>
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}

function EmptyResults({ isFiltered }: { isFiltered: boolean }) {
  return (
    <div className="empty-state">
      <h2>No classes match</h2>
      <p>
        {isFiltered
          ? "Try fewer filters, another category or a shorter search."
          : "There are no classes here yet. New ones arrive every week."}
      </p>
      <ButtonLink variant="secondary" to="/classes">
        See all classes
      </ButtonLink>
    </div>
  );
}

type LoaderPage = { page: { products: ProductCardView[]; nextCursor: string | null } | null };

/**
 * The result grid and its "Load more" link. Without JavaScript the link opens the next page
 * (a keyset cursor in the URL); with it, the next page is fetched and appended in place.
 */
function Results({ page, filters }: { page: NonNullable<BrowseData["page"]>; filters: BrowseData["filters"] }) {
  const fetcher = useFetcher<LoaderPage>();
  const location = useLocation();
  const [products, setProducts] = useState(page.products);
  const [nextCursor, setNextCursor] = useState(page.nextCursor);

  useEffect(() => {
    const more = fetcher.data?.page;
    if (fetcher.state !== "idle" || !more) return;
    setProducts((current) => {
      const known = new Set(current.map((p) => p.id));
      return [...current, ...more.products.filter((p) => !known.has(p.id))];
    });
    setNextCursor(more.nextCursor);
  }, [fetcher.data, fetcher.state]);

  const nextHref = nextCursor
    ? browseHref({ ...filters, view: filters.view === "All classes" ? null : filters.view, cursor: nextCursor })
    : null;
  const loading = fetcher.state !== "idle";
  return (
    <>
      {page.cursor ? (
        <p className="browse__paging">
          <Link to={`${location.pathname}?${withoutCursor(location.search)}`}>Back to the first page</Link>
        </p>
      ) : null}
      <ProductGrid products={products} eagerCount={page.cursor ? 0 : 4} />
      <p className="visually-hidden" role="status" aria-live="polite">
        {products.length > page.products.length ? `Showing ${products.length} classes` : ""}
      </p>
      {nextHref ? (
        <div className="browse__more">
          <Link
            to={nextHref}
            className={buttonClass({ variant: "secondary", size: "large" })}
            aria-disabled={loading || undefined}
            onClick={(event) => {
              if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
              event.preventDefault();
              if (!loading) fetcher.load(nextHref);
            }}
          >
            <span className="btn__label">{loading ? "Loading…" : "Load more"}</span>
          </Link>
        </div>
      ) : products.length > 0 ? (
        <p className="browse__end">You've reached the end of the list.</p>
      ) : null}
    </>
  );
}

function withoutCursor(search: string) {
  const params = new URLSearchParams(search);
  params.delete("cursor");
  return params.toString();
}

/** Shown when a results link carries a cursor that is malformed or no longer exists. */
export function BrowseLinkError() {
  return (
    <section className="container status-page" aria-labelledby="status-title">
      <p className="status-page__code">400</p>
      <h1 id="status-title">This page of results isn't available</h1>
      <p>The link points past a class that no longer exists, or it was cut short. Start again from the first page.</p>
      <div className="status-page__actions">
        <ButtonLink variant="primary" to="/classes">
          Explore classes
        </ButtonLink>
      </div>
    </section>
  );
}

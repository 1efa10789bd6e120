/**
 * The catalogue service: what screens and the JSON API ask for, with lists read through the KV cache.
 * Single products are read from D1 directly (they are one indexed lookup).
 */
import { cacheKey, cached } from "~/platform/cache.server";
import type { AppContext } from "~/platform/context";
import { getCollection, listCollections } from "./collections.server";
import {
  catalogueFacets,
  countProducts,
  getProductDetail,
  listProducts,
  newReleasesSince,
  type ProductFilters,
  type ProductOrder,
  type ProductPage,
} from "./products.server";
import { HOME_ROW_SIZE, PAGE_SIZE, type BrowseView } from "./rules";

export { CursorNotFoundError } from "./products.server";

export interface BrowseArgs {
  view: BrowseView;
  categories?: string[];
  topics?: string[];
  genres?: string[];
  search?: string | null;
  cursor?: string | null;
  limit?: number;
}

function viewToQuery(view: BrowseView, now: number): { order: ProductOrder; filters: ProductFilters } {
  switch (view) {
    case "New releases":
      return { order: "new", filters: { releasedSince: newReleasesSince(now) } };
    case "Top rated":
      return { order: "rating", filters: { rated: true } };
    default:
      return { order: "popular", filters: {} };
  }
}

/** A page of the /classes list (and GET /api/getProducts), with the total count for the title. */
export async function browseClasses(app: AppContext, args: BrowseArgs): Promise<ProductPage & { count: number }> {
  const { order, filters: viewFilters } = viewToQuery(args.view, app.now);
  const filters: ProductFilters = {
    ...viewFilters,
    categories: args.categories,
    topics: args.topics,
    genres: args.genres,
    search: args.search,
  };
  const limit = args.limit ?? PAGE_SIZE;
  // The new-releases window moves with time; rounding it to the hour keeps cache keys stable.
  const since =
    filters.releasedSince !== undefined ? Math.floor(filters.releasedSince / 3_600_000) * 3_600_000 : undefined;
  const keyParams = {
    order,
    since,
    rated: filters.rated,
    categories: args.categories,
    topics: args.topics,
    genres: args.genres,
    search: args.search?.toLowerCase(),
  };
  const [page, count] = await Promise.all([
    cached(app, cacheKey("products", { ...keyParams, limit, cursor: args.cursor }), () =>
      listProducts(app.db, { order, filters: { ...filters, releasedSince: since }, limit, cursor: args.cursor }),
    ),
    cached(app, cacheKey("count", keyParams), () => countProducts(app.db, { ...filters, releasedSince: since })),
  ]);
  return { ...page, count };
}

/** Most popular classes (GET /api/getMostPopularProducts and the home page row). */
export function mostPopular(app: AppContext, args: { isForHomepage: boolean; limit?: number; cursor?: string | null }) {
  const limit = args.limit ?? (args.isForHomepage ? HOME_ROW_SIZE : PAGE_SIZE);
  return cached(app, cacheKey("popular", { limit, cursor: args.cursor }), () =>
    listProducts(app.db, { order: "popular", filters: {}, limit, cursor: args.cursor }),
  );
}

/** Newest classes within the new-release window (GET /api/getNewReleasesProducts and the home page row). */
export function newReleases(app: AppContext, args: { isForHomepage: boolean; limit?: number; cursor?: string | null }) {
  const limit = args.limit ?? (args.isForHomepage ? HOME_ROW_SIZE : PAGE_SIZE);
  const since = Math.floor(newReleasesSince(app.now) / 3_600_000) * 3_600_000;
  return cached(app, cacheKey("new", { limit, cursor: args.cursor, since }), () =>
    listProducts(app.db, { order: "new", filters: { releasedSince: since }, limit, cursor: args.cursor }),
  );
}

export function allCollections(app: AppContext) {
  return cached(app, cacheKey("collections", {}), () => listCollections(app.db));
}

export function facets(app: AppContext) {
  return cached(app, cacheKey("facets", {}), () => catalogueFacets(app.db));
}

export function productById(app: AppContext, id: string) {
  return getProductDetail(app.db, { id });
}

export function productBySlugs(app: AppContext, classSlug: string, storefrontSlug?: string | null) {
  return getProductDetail(app.db, { classSlug, storefrontSlug });
}

export function collectionBySlug(app: AppContext, slug: string, programType?: "collection" | "school") {
  return getCollection(app.db, slug, programType);
}

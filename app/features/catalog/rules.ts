/** Catalogue rules without I/O: browse views, titles, list parsing and the search query. */

export const BROWSE_VIEWS = ["All classes", "New releases", "Top rated", "Collections"] as const;
export type BrowseView = (typeof BROWSE_VIEWS)[number];

/** A class released within this many days is a 'new release'. */
export const NEW_RELEASE_WINDOW_DAYS = 90;
export const DAY_MS = 24 * 60 * 60 * 1000;

export const PAGE_SIZE = 24;
export const HOME_ROW_SIZE = 8;
export const MAX_LIST_VALUES = 10;

/** The view parameter accepts the view names as written, URL-encoded, in any case; anything else is 'All classes'. */
export function parseView(raw: string | null | undefined): BrowseView {
  if (!raw) return "All classes";
  const wanted = raw.trim().toLowerCase();
  return BROWSE_VIEWS.find((view) => view.toLowerCase() === wanted) ?? "All classes";
}

/** A known view name, so a bad one can be told apart from an empty one (the API rejects bad ones). */
export function isKnownView(raw: string): boolean {
  return BROWSE_VIEWS.some((view) => view.toLowerCase() === raw.trim().toLowerCase());
}

/** Comma lists (topics, genres, categories): trimmed, de-duplicated, empty parts dropped. */
export function parseCommaList(raw: string | null | undefined): string[] {
  if (!raw) return [];
  const seen = new Set<string>();
  for (const part of raw.split(",")) {
    const value = part.trim();
    if (value) seen.add(value);
  }
  return [...seen];
}

/** The /classes title, exactly as the spec words it. */
export function browseTitle(args: {
  view: BrowseView;
  category: string | null;
  count: number;
  productName: string;
}): string {
  if (args.category && args.view !== "Collections") return `${args.category} Classes (${args.count})`;
  switch (args.view) {
    case "New releases":
      return `New Classes (${args.count})`;
    case "Top rated":
      return "Top Rated Classes";
    case "Collections":
      return "Collections";
    default:
      return `Explore ${args.productName} classes`;
  }
}

/**
 * Free text to an FTS5 query that can never be a syntax error: words only, each a quoted prefix
 * term, all required. Returns null when nothing searchable is left.
 */
export function ftsQuery(search: string): string | null {
  const words = search.normalize("NFKC").match(/[\p{L}\p{N}]+/gu);
  if (!words) return null;
  return words
    .slice(0, 8)
    .map((word) => `"${word}"*`)
    .join(" ");
}

/** A bundle's own page: a school's, or a collection's. */
export function bundleHref(bundle: { programType: "collection" | "school"; slug: string }): string {
  return bundle.programType === "school" ? `/schools/${bundle.slug}` : `/collections/${bundle.slug}`;
}

/** Building a /classes link from a set of filters, leaving out the empty ones. */
export function browseHref(filters: {
  view?: string | null;
  category?: string | null;
  search?: string | null;
  topics?: string[];
  genres?: string[];
  cursor?: string | null;
}): string {
  const params = new URLSearchParams();
  if (filters.view !== undefined && filters.view !== null) params.set("view", filters.view);
  if (filters.category) params.set("category", filters.category);
  if (filters.search) params.set("search", filters.search);
  if (filters.topics?.length) params.set("topics", filters.topics.join(","));
  if (filters.genres?.length) params.set("genres", filters.genres.join(","));
  if (filters.cursor) params.set("cursor", filters.cursor);
  const query = params.toString();
  return query ? `/classes?${query}` : "/classes";
}

/** Total value of a collection: the sum of its classes' regular prices, in cents. */
export function totalValueCents(items: { priceCents: number; crossedPriceCents: number | null }[]): number {
  return items.reduce((total, item) => total + (item.crossedPriceCents ?? item.priceCents), 0);
}

/** The countdown offer's fields on a product (decided by features/offers). */
export interface OfferFields {
  /** When the offer ends (the crossed price applies from then on): ISO string or epoch ms. */
  crossedPriceApplicableFrom: string | number | null;
  specialOnlyVip: boolean;
  shouldNotHideDiscount: boolean;
}

/** The price a visitor is shown (spec 4 rule 7): price with the offer; the regular (crossed) price without. Cents. */
export interface PriceInfo {
  price: number;
  crossedPrice: number | null;
}

export interface ShownPrice {
  /** What the visitor pays, in cents. */
  price: number;
  /** The regular price, struck through, only while an offer is shown and cheaper. */
  crossedPrice: number | null;
  /** When the offer ends (ISO), only while it is shown. */
  offerEndsAt: string | null;
}

/** A product as a page shows it: the offer fields replaced by the price the visitor sees. */
export type PricedFor<T extends OfferFields & { priceInfo: PriceInfo }> = Omit<T, keyof OfferFields | "priceInfo"> & {
  priceInfo: ShownPrice;
};

/** The waitlist a coming-soon class or collection offers (the Join Waitlist form's list). */
export function waitlistListOf(item: { kind: "class" | "collection"; id: string; slug?: string }): string {
  return item.kind === "class" ? `class:${item.id}` : `collection:${item.slug ?? item.id}`;
}

/**
 * Why items cannot be bought because they are coming soon (announced, not on sale yet), in words,
 * or null when none is. Every way in (cart, buy now, checkout, the purchase API) asks this.
 */
export function comingSoonRefusal(items: { title: string; comingSoon: boolean }[]): string | null {
  const soon = items.filter((i) => i.comingSoon);
  if (soon.length === 0) return null;
  const names = soon.map((i) => `"${i.title}"`).join(" and ");
  return `${names} ${soon.length === 1 ? "is" : "are"} coming soon and can't be bought yet. Join the waitlist on ${soon.length === 1 ? "its" : "their"} page to hear when ${soon.length === 1 ? "it opens" : "they open"}.`;
}

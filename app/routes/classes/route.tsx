import { data, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { isRouteErrorResponse, useLoaderData, useRouteError } from "@remix-run/react";
import { allCollections, browseClasses, facets } from "~/features/catalog/catalog.server";
import { CursorNotFoundError } from "~/features/catalog/products.server";
import { BrowsePage, BrowseLinkError } from "./BrowsePage";
import { toCard } from "~/features/catalog/card";
import { offersFor, withOfferCookies } from "~/http/offers.server";
import { browseTitle, parseView } from "~/features/catalog/rules";
import { browseQuery } from "~/features/catalog/schema";
import catalogStyles from "~/features/catalog/catalog.css";
import { appOnFirstNeed } from "~/platform/app-on-first-need";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: catalogStyles }];

/** Repeated checkboxes (topics=a&topics=b) and comma lists (topics=a,b) mean the same. */
function readBrowseParams(url: URL) {
  const list = (key: string) => url.searchParams.getAll(key).join(",") || undefined;
  return browseQuery.safeParse({
    view: url.searchParams.get("view") ?? undefined,
    category: url.searchParams.get("category") || undefined,
    search: url.searchParams.get("search") || undefined,
    topics: list("topics"),
    genres: list("genres"),
    cursor: url.searchParams.get("cursor") || undefined,
  });
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { app } = context;
  const parsed = readBrowseParams(new URL(request.url));
  if (!parsed.success) throw new Response("Bad cursor", { status: 400 });
  const query = parsed.data;
  const view = parseView(query.view);
  const filters = {
    view,
    category: query.category ?? null,
    search: query.search ?? null,
    topics: query.topics,
    genres: query.genres,
  };

  if (view === "Collections") {
    const collections = await allCollections(app);
    return data({
      filters,
      title: browseTitle({ view, category: null, count: collections.length, productName: app.env.PRODUCT_NAME }),
      collections,
      page: null,
      facets: null,
    });
  }
  try {
    const [page, facetList, offers] = await Promise.all([
      browseClasses(app, {
        view,
        categories: query.category ? [query.category] : undefined,
        topics: query.topics,
        genres: query.genres,
        search: query.search,
        cursor: query.cursor,
      }),
      facets(app),
      offersFor(app, request),
    ]);
    const title = browseTitle({
      view,
      category: query.category ?? null,
      count: page.count,
      productName: app.env.PRODUCT_NAME,
    });
    const products = offers.priced(page.products.map(toCard));
    return withOfferCookies(offers, {
      filters,
      title,
      collections: null,
      page: { products, nextCursor: page.nextCursor, count: page.count, cursor: query.cursor ?? null },
      facets: topFacets(facetList, query),
    });
  } catch (error) {
    if (error instanceof CursorNotFoundError) throw new Response("Unknown cursor", { status: 400 });
    throw error;
  }
}

/** The filter form shows the most common topics and genres, plus any that are selected. */
const FACET_LIMIT = 16;
function topFacets(all: Awaited<ReturnType<typeof facets>>, selected: { topics: string[]; genres: string[] }) {
  const pick = (list: { name: string; count: number }[], chosen: string[]) => {
    const top = list.slice(0, FACET_LIMIT);
    const missing = chosen
      .filter((name) => !top.some((f) => f.name === name))
      .map((name) => ({ name, count: list.find((f) => f.name === name)?.count ?? 0 }));
    return [...missing, ...top];
  };
  return {
    categories: all.categories,
    topics: pick(all.topics, selected.topics),
    genres: pick(all.genres, selected.genres),
  };
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  const product =
    (matches.find((m) => m.id === "root")?.data as { env?: { PRODUCT_NAME?: string } } | undefined)?.env
      ?.PRODUCT_NAME ?? "Studio";
  return [
    { title: data ? `${data.title} · ${product}` : `Classes · ${product}` },
    { name: "description", content: "Browse music classes by instrument, topic and genre." },
  ];
};

// It works without JavaScript: the app loads on first need (platform/app-on-first-need).
export const handle = appOnFirstNeed;

export default function ClassesRoute() {
  const data = useLoaderData<typeof loader>();
  return <BrowsePage {...data} />;
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 400) return <BrowseLinkError />;
  throw error;
}

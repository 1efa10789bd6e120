import type { AppLoadContext } from "@remix-run/cloudflare";
import { cacheKey, cached } from "~/platform/cache.server";
import { notFound } from "~/platform/http.server";
import { renderMarkdown } from "~/platform/markdown.server";
import { collectionBySlug } from "./catalog.server";

/** The loader body shared by /collections/{slug}, /school/music and /schools/{slug}, kept in the catalogue cache. */
export async function loadCollectionPage(context: AppLoadContext, slug: string, programType: "collection" | "school") {
  const page = await cached(context.app, cacheKey("collection-page", { slug, programType }), async () => {
    const collection = await collectionBySlug(context.app, slug, programType);
    return collection ? { collection, descriptionHtml: renderMarkdown(collection.description) } : null;
  });
  if (!page) notFound(`No ${programType} with slug ${slug}`);
  return page;
}

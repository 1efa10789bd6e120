import { productCta } from "~/http/product-cta.server";
import { cacheKey, cached } from "~/platform/cache.server";
import type { AppContext } from "~/platform/context";
import { notFound } from "~/platform/http.server";
import { renderMarkdown } from "~/platform/markdown";
import { toCard } from "~/features/catalog/card";
import { collectionBySlug } from "~/features/catalog/catalog.server";

/**
 * The loader body shared by /collections/{slug}, /school/music and /schools/{slug}: the collection
 * from the catalogue cache, then this visitor's prices and buy buttons.
 */
export async function loadCollectionPage(
  app: AppContext,
  request: Request,
  slug: string,
  programType: "collection" | "school",
) {
  const page = await cached(app, cacheKey("collection-page", { slug, programType }), async () => {
    const collection = await collectionBySlug(app, slug, programType);
    return collection ? { collection, descriptionHtml: renderMarkdown(collection.description) } : null;
  });
  if (!page) notFound(`No ${programType} with slug ${slug}`);
  const { collection } = page;
  const { offers, cta, respond } = await productCta(app, request, [collection.id]);
  return respond({
    descriptionHtml: page.descriptionHtml,
    collection: { ...collection, classes: offers.priced(collection.classes.map(toCard)) },
    cta: cta(collection.id),
  });
}

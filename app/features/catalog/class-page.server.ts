/** Everything the class page shows, read once and kept in the catalogue cache (KV, then memory). */
import { cacheKey, cached } from "~/platform/cache.server";
import type { AppContext } from "~/platform/context";
import { renderMarkdown } from "~/platform/markdown.server";
import { toCard } from "./card";
import { collectionsContaining } from "./collections.server";
import { getProductDetail, moreFromCreator } from "./products.server";

export async function loadClassPage(app: AppContext, storefrontSlug: string, classSlug: string) {
  return cached(app, cacheKey("class-page", { storefrontSlug, classSlug }), async () => {
    const product = await getProductDetail(app.db, { classSlug, storefrontSlug });
    if (!product) return null;
    const [more, partOf] = await Promise.all([moreFromCreator(app.db, product), collectionsContaining(app.db, product.id)]);
    // The description goes to the browser once, as HTML.
    const { description, ...shown } = product;
    return { product: shown, descriptionHtml: renderMarkdown(description), more: more.map(toCard), partOf };
  });
}

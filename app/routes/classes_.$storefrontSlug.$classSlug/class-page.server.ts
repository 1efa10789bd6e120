/** Everything the class page shows: the class itself from the catalogue cache (KV, then memory), then what this visitor sees of it. */
import { cacheKey, cached } from "~/platform/cache.server";
import type { AppContext } from "~/platform/context";
import { renderMarkdown } from "~/platform/markdown";
import { productCta } from "~/http/product-cta.server";
import { toCard } from "~/features/catalog/card";
import { collectionsContaining } from "~/features/catalog/collections.server";
import { getProductDetail, moreFromCreator } from "~/features/catalog/products.server";

export async function loadClassPage(app: AppContext, storefrontSlug: string, classSlug: string) {
  return cached(app, cacheKey("class-page", { storefrontSlug, classSlug }), async () => {
    const product = await getProductDetail(app.db, { classSlug, storefrontSlug });
    if (!product) return null;
    const [more, partOf] = await Promise.all([
      moreFromCreator(app.db, product),
      collectionsContaining(app.db, product.id),
    ]);
    // The description goes to the browser once, as HTML.
    const { description, ...shown } = product;
    return { product: shown, descriptionHtml: renderMarkdown(description), more: more.map(toCard), partOf };
  });
}

type ClassPageCache = NonNullable<Awaited<ReturnType<typeof loadClassPage>>>;

/** The cached page with this visitor's prices (the countdown offer), and whether they own the class already. */
export async function forVisitor(app: AppContext, request: Request, page: ClassPageCache) {
  const { offers, cta, respond } = await productCta(app, request, [page.product.id]);
  const { crossedPriceApplicableFrom, specialOnlyVip, shouldNotHideDiscount, priceInfo, ...product } = page.product;
  return respond({
    ...page,
    product: {
      ...product,
      priceInfo: offers.price({ crossedPriceApplicableFrom, specialOnlyVip, shouldNotHideDiscount, priceInfo }),
    },
    more: offers.priced(page.more),
    cta: cta(page.product.id),
    now: app.now,
  });
}

import { productBySlugs } from "~/features/catalog/catalog.server";
import { getProductWithClassSlugQuery } from "~/features/catalog/schema";
import { apiJson, apiLoader, methodNotAllowed } from "~/http/api.server";
import { jsonError } from "~/platform/http.server";

/** GET /api/getProductWithClassSlug?class_slug=[&storefront_slug=] : a product by its slugs. */
export const loader = apiLoader(
  getProductWithClassSlugQuery,
  async ({ input: { class_slug, storefront_slug }, app }) => {
    const product = await productBySlugs(app, class_slug, storefront_slug || null);
    return product
      ? apiJson({ product }, { maxAge: 60 })
      : jsonError(404, `No product with class slug '${class_slug}'`);
  },
);
export const action = methodNotAllowed;

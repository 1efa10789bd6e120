import { browseClasses } from "~/features/catalog/catalog.server";
import { getProductsQuery } from "~/features/catalog/schema";
import { apiJson, apiLoader, methodNotAllowed } from "~/http/api.server";

/** GET /api/getProducts?limit&lastProductId&categories&topics&genres : classes, most popular first. */
export const loader = apiLoader(getProductsQuery, async ({ input: query, app }) => {
  const page = await browseClasses(app, {
    view: "All classes",
    categories: query.categories,
    topics: query.topics,
    genres: query.genres,
    cursor: query.lastProductId,
    limit: query.limit,
  });
  return apiJson(
    { products: page.products, count: page.count, lastProductId: page.nextCursor, hasMore: page.nextCursor !== null },
    { maxAge: 60 },
  );
});
export const action = methodNotAllowed;

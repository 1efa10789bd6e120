import { mostPopular } from "~/features/catalog/catalog.server";
import { homepageListQuery } from "~/features/catalog/schema";
import { apiJson, apiLoader, methodNotAllowed } from "~/http/api.server";

/** GET /api/getMostPopularProducts?isForHomepage&limit&lastProductId */
export const loader = apiLoader(homepageListQuery, async ({ input: query, app }) => {
  const page = await mostPopular(app, {
    isForHomepage: query.isForHomepage,
    limit: query.limit,
    cursor: query.lastProductId,
  });
  return apiJson(
    { products: page.products, lastProductId: page.nextCursor, hasMore: page.nextCursor !== null },
    { maxAge: 60 },
  );
});
export const action = methodNotAllowed;

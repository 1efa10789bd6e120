import { productById } from "~/features/catalog/catalog.server";
import { getProductQuery } from "~/features/catalog/schema";
import { apiJson, apiLoader, methodNotAllowed } from "~/http/api.server";
import { jsonError } from "~/platform/http.server";

/** GET /api/getProduct?id= : a product with its lessons, by id. */
export const loader = apiLoader(getProductQuery, async ({ input: { id }, app }) => {
  const product = await productById(app, id);
  return product ? apiJson({ product }, { maxAge: 60 }) : jsonError(404, `No product with id ${id}`);
});
export const action = methodNotAllowed;

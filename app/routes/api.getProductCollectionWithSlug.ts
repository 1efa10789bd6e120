import { collectionBySlug } from "~/features/catalog/catalog.server";
import { collectionSlugQuery } from "~/features/catalog/schema";
import { apiJson, apiLoader, methodNotAllowed } from "~/http/api.server";
import { jsonError } from "~/platform/http.server";

/** GET /api/getProductCollectionWithSlug?slug= : one collection or school with its classes. */
export const loader = apiLoader(collectionSlugQuery, async ({ input: { slug }, app }) => {
  const collection = await collectionBySlug(app, slug);
  return collection ? apiJson({ collection }, { maxAge: 60 }) : jsonError(404, `No collection with slug '${slug}'`);
});
export const action = methodNotAllowed;

import { signedInLoader } from "~/features/identity/api-auth.server";
import { contentProgress, progressJson } from "~/features/learning/progress.server";
import { contentProgressQuery } from "~/features/learning/schema";
import { apiJson, methodNotAllowed } from "~/platform/api.server";

/** GET /api/getContentProgress?product_id&content_id (auth) → {progress} (null before the first report). */
export const loader = signedInLoader(contentProgressQuery, async ({ product_id, content_id }, user, app) => {
  const row = await contentProgress(app, user.id, product_id, content_id);
  return apiJson({ progress: row ? progressJson(product_id, content_id, row) : null });
});
export const action = methodNotAllowed;

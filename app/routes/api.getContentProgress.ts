import { contentProgress, progressJson } from "~/features/learning/progress.server";
import { contentProgressQuery } from "~/features/learning/schema";
import { signedInLoader } from "~/http/api.server";

/** GET /api/getContentProgress?product_id&content_id (auth) → {progress} (null before the first report). */
export const loader = signedInLoader(contentProgressQuery, async ({ input: { product_id, content_id }, user, app }) => {
  const row = await contentProgress(app, user.id, product_id, content_id);
  return { progress: row ? progressJson(product_id, content_id, row) : null };
});

/** Other methods: the wrapper answers 405. */
export const action = loader;

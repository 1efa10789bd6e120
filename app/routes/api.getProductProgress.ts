import { classProgress, progressJson } from "~/features/learning/progress.server";
import { isComplete } from "~/features/learning/rules";
import { productProgressQuery } from "~/features/learning/schema";
import { jsonError, signedInLoader } from "~/http/api.server";

/** GET /api/getProductProgress?product_id (auth) → the class's progress: percent, the next lesson and each lesson's progress. */
export const loader = signedInLoader(productProgressQuery, async ({ input: { product_id }, user, app }) => {
  const { lessons, progress, percent, next } = await classProgress(app, user.id, product_id);
  if (lessons.length === 0) return jsonError(404, "Product not found");
  const done = lessons.filter((l) => isComplete(progress.get(l.id))).length;
  return {
    progress: {
      product_id,
      percent_complete: percent,
      lessons_completed: done,
      lessons_total: lessons.length,
      next_content_id: next?.id ?? null,
      contents: lessons.flatMap((l) => {
        const row = progress.get(l.id);
        return row ? [progressJson(product_id, l.id, row)] : [];
      }),
    },
  };
});

/** Other methods: the wrapper answers 405. */
export const action = loader;

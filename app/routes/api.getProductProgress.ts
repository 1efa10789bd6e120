import { signedInLoader } from "~/features/identity/api-auth.server";
import { classProgress, progressJson } from "~/features/learning/progress.server";
import { isComplete } from "~/features/learning/rules";
import { productProgressQuery } from "~/features/learning/schema";
import { apiJson, methodNotAllowed } from "~/platform/api.server";
import { jsonError } from "~/platform/http.server";

/** GET /api/getProductProgress?product_id (auth) → the class's progress: percent, the next lesson and each lesson's progress. */
export const loader = signedInLoader(productProgressQuery, async ({ product_id }, user, app) => {
  const { lessons, progress, percent, next } = await classProgress(app, user.id, product_id);
  if (lessons.length === 0) return jsonError(404, "Product not found");
  const done = lessons.filter((l) => isComplete(progress.get(l.id))).length;
  return apiJson({
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
  });
});
export const action = methodNotAllowed;

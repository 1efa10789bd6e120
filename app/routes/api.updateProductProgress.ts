import { signedInAction } from "~/features/identity/api-auth.server";
import { progressJson, updateProgress } from "~/features/learning/progress.server";
import { progressUpdateSchema } from "~/features/learning/schema";
import { apiJson, methodNotAllowed } from "~/platform/api.server";
import { jsonError } from "~/platform/http.server";

/** POST /api/updateProductProgress (auth): the player's report, every 10 s of playback, on pause and on leaving. */
export const action = signedInAction(progressUpdateSchema, async (input, user, app) => {
  const outcome = await updateProgress(app, user, {
    productId: input.product_id,
    lessonId: input.content_id,
    percentComplete: input.percent_complete,
    additionalSecondsWatched: input.additional_seconds_watched,
    positionSeconds: input.position_in_seconds,
  });
  if (!outcome.ok) return jsonError(outcome.status, outcome.error);
  return apiJson({ success: true, progress: progressJson(input.product_id, input.content_id, outcome.progress) });
});

export const loader = methodNotAllowed;

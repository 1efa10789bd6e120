import { progressJson, updateProgress } from "~/features/learning/progress.server";
import { progressUpdateSchema } from "~/features/learning/schema";
import { jsonError, signedInAction } from "~/http/api.server";

/** POST /api/updateProductProgress (auth): the player's report, every 10 s of playback, on pause and on leaving. */
export const action = signedInAction(progressUpdateSchema, async ({ input, user, app }) => {
  const outcome = await updateProgress(app, user, {
    productId: input.product_id,
    lessonId: input.content_id,
    percentComplete: input.percent_complete,
    additionalSecondsWatched: input.additional_seconds_watched,
    positionSeconds: input.position_in_seconds,
  });
  if (!outcome.ok) return jsonError(outcome.status, outcome.error);
  return { success: true, progress: progressJson(input.product_id, input.content_id, outcome.progress) };
});

/** Other methods: the wrapper answers 405. */
export const loader = action;

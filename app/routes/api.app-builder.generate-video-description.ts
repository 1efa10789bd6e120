import { videoDescriptionBody } from "~/features/media/describe/schema";
import { describeAction } from "~/http/describe-action.server";
import { methodNotAllowed } from "~/http/api.server";

/**
 * POST /api/app-builder/generate-video-description {videoUrl, appId} (auth, the app's owner):
 * the app's own upload is read from storage, any other http(s) link through the safe fetch; length and format come from the container.
 * Answers and failures: app/http/describe-action.server.ts.
 */
export const action = describeAction("video", videoDescriptionBody, (input) => input.videoUrl);
export const loader = methodNotAllowed;

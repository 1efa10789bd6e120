import { youtubeDescriptionBody } from "~/features/media/describe/schema";
import { describeAction } from "~/http/describe-action.server";
import { methodNotAllowed } from "~/http/api.server";

/**
 * POST /api/app-builder/generate-youtube-description {videoUrl, appId} (auth, the app's owner):
 * the video's oEmbed answer and its page's description.
 * Answers and failures: app/http/describe-action.server.ts.
 */
export const action = describeAction("youtube", youtubeDescriptionBody, (input) => input.videoUrl);
export const loader = methodNotAllowed;

import { audioDescriptionBody } from "~/features/media/describe/schema";
import { describeAction } from "~/http/describe-action.server";
import { methodNotAllowed } from "~/http/api.server";

/**
 * POST /api/app-builder/generate-audio-description {audioUrl, appId} (auth, the app's owner):
 * the app's own upload is read from storage, any other http(s) link through the safe fetch; length, format and tags come from the container, and a configured speech model transcribes it.
 * Answers and failures: app/http/describe-action.server.ts.
 */
export const action = describeAction("audio", audioDescriptionBody, (input) => input.audioUrl);
export const loader = methodNotAllowed;

import { linkDescriptionBody } from "~/features/media/describe/schema";
import { describeAction } from "~/http/describe-action.server";
import { methodNotAllowed } from "~/http/api.server";

/**
 * POST /api/app-builder/generate-link-description {url, appId} (auth, the app's owner):
 * the page's preview plus a summary of its main text.
 * Answers and failures: app/http/describe-action.server.ts.
 */
export const action = describeAction("link", linkDescriptionBody, (input) => input.url);
export const loader = methodNotAllowed;

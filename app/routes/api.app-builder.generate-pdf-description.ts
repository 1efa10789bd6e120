import { pdfDescriptionBody } from "~/features/media/describe/schema";
import { describeAction } from "~/http/describe-action.server";
import { methodNotAllowed } from "~/http/api.server";

/**
 * POST /api/app-builder/generate-pdf-description {pdfUrl, appId, concise (default false)} (auth, the app's owner):
 * the PDF's text is extracted and summarised; concise gives a shorter long description.
 * Answers and failures: app/http/describe-action.server.ts.
 */
export const action = describeAction("pdf", pdfDescriptionBody, (input) => input.pdfUrl);
export const loader = methodNotAllowed;

import { z } from "zod";
import { collectEmail, interestFromPage } from "~/features/identity/leads.server";
import { EMAIL_PATTERN, EmailCheckError, messages } from "~/features/identity/rules";
import { apiAction, jsonError, methodNotAllowed } from "~/http/api.server";
import { ServiceError } from "~/platform/service-error";

const body = z.object({
  email: z
    .string({ required_error: messages.getStartedEmailRequired })
    .trim()
    .min(1, messages.getStartedEmailRequired)
    .max(200)
    .regex(EMAIL_PATTERN, messages.getStartedEmailInvalid),
  classInterestedIn: z.string().trim().max(100).optional(),
  /** JSON, as the spec sends it in form data; an object when the body is JSON. */
  extraTags: z.union([z.string().max(2000), z.record(z.unknown()), z.array(z.unknown())]).optional(),
  source: z.string().max(500).optional(),
});

function parseTags(raw: unknown): { ok: true; value: unknown } | { ok: false } {
  if (typeof raw !== "string") return { ok: true, value: raw ?? null };
  try {
    return { ok: true, value: JSON.parse(raw) };
  } catch {
    return { ok: false };
  }
}

/**
 * POST /api/collectEmail (form data: email, classInterestedIn, extraTags as JSON) → {email_validation_info:
 * {suggestion, score}}. The source page (a `source` field, else the Referer) decides lead or checkout initiation.
 */
export const action = apiAction(body, async ({ input, app, request }) => {
  const tags = parseTags(input.extraTags);
  if (!tags.ok) return jsonError(400, "extraTags must be JSON");
  const referer = request.headers.get("Referer");
  const source = input.source ?? (referer ? new URL(referer, request.url).pathname : "/");
  const classInterestedIn = input.classInterestedIn || (await interestFromPage(app, source));
  const info = await collectEmail(app, { email: input.email, classInterestedIn, extraTags: tags.value, source }).catch(
    (error: unknown) => {
      // Spec 8's email-check message when the check could not run (503); other failures stay errors.
      if (error instanceof EmailCheckError) throw new ServiceError("unavailable", messages.emailCheckFailed);
      throw error;
    },
  );
  return { email_validation_info: info };
});
export const loader = methodNotAllowed;

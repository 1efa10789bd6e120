import { z } from "zod";
import { creatorMessages } from "~/features/creators/rules";
import { creatorWaitlistSchema } from "~/features/creators/schema";
import { joinCreatorWaitlist } from "~/features/creators/waitlist.server";
import { apiAction, apiJson, UNREADABLE_BODY } from "~/http/api.server";
import { ServiceError } from "~/platform/service-error";

/**
 * POST /api/apps/joinCreatorWaitlist {email} → {status, message} (creator-app-builder spec 7), JSON
 * or form body; GET is a 405. The spec shapes every answer here as {status, message}.
 */
export const action = apiAction(
  z.object({ email: z.unknown() }),
  async ({ input, app }) => {
    // The support address in its messages is the deployment's, so the schema is made per call.
    const parsed = creatorWaitlistSchema(app.env.SUPPORT_EMAIL).safeParse(input);
    if (!parsed.success) throw new ServiceError("invalid", parsed.error.issues[0]?.message ?? creatorMessages.failed);
    const result = await joinCreatorWaitlist(app, parsed.data.email);
    if (!result.ok) return apiJson({ status: "error", message: result.message }, { status: result.status });
    return { status: "success", message: result.message };
  },
  {
    failure: (_status, message) => ({
      status: "error",
      message: message === UNREADABLE_BODY ? creatorMessages.unreadableBody : message,
    }),
  },
);
export const loader = action;

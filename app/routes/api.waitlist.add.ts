import { z } from "zod";
import { EMAIL_PATTERN, messages } from "~/features/identity/rules";
import { joinWaitlist } from "~/features/identity/waitlist.server";
import { apiAction, apiJson } from "~/http/api.server";

/** A free-form body: an email; `list` (or `waitlist`, `source`) names the list, else 'general'; the rest is kept. */
const waitlistBody = z
  .object({
    email: z
      .string()
      .trim()
      .toLowerCase()
      .max(200)
      .refine((email) => EMAIL_PATTERN.test(email)),
  })
  .passthrough()
  .refine(({ email: _email, ...details }) => JSON.stringify(details).length <= 4000);

/**
 * POST /api/waitlist/add with a free-form body → {success:true, message}. Every failure is the
 * spec's {success:false, message:'Failed to add to waitlist'}.
 */
export const action = apiAction(
  waitlistBody,
  async ({ input, app }) => {
    const { email, ...details } = input;
    const list =
      [details.list, details.waitlist, details.source].find(
        (v): v is string => typeof v === "string" && v.trim() !== "",
      ) ?? "general";
    try {
      await joinWaitlist(app, { email, list: list.trim(), details });
    } catch (error) {
      console.error("waitlist/add failed", error);
      return apiJson({ success: false, message: messages.waitlistFailed }, { status: 500 });
    }
    return { success: true, message: messages.waitlistAdded };
  },
  { failure: () => ({ success: false, message: messages.waitlistFailed }) },
);
export const loader = action;

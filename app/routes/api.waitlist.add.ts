import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { EMAIL_PATTERN, messages } from "~/features/identity/rules";
import { joinWaitlist } from "~/features/identity/waitlist.server";
import { apiJson, methodNotAllowed, readBody } from "~/http/api.server";

/**
 * POST /api/waitlist/add with a free-form body: it needs an email; `list` (or `waitlist`, `source`)
 * names the list, else 'general'; the rest is kept as details. Failure: {success:false, message:'Failed to add to waitlist'}.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const failed = (status: number) => apiJson({ success: false, message: messages.waitlistFailed }, { status });
  if (request.method !== "POST") return failed(405);
  const body = await readBody(request);
  const email = typeof body?.email === "string" ? body.email.trim().toLowerCase() : "";
  if (!body || !EMAIL_PATTERN.test(email) || email.length > 200) return failed(400);
  const list =
    [body.list, body.waitlist, body.source].find((v): v is string => typeof v === "string" && v.trim() !== "") ??
    "general";
  const { email: _email, ...details } = body;
  if (JSON.stringify(details).length > 4000) return failed(400);
  try {
    await joinWaitlist(context.app, { email, list: list.trim(), details });
  } catch (error) {
    console.error("waitlist/add failed", error);
    return failed(500);
  }
  return apiJson({ success: true, message: messages.waitlistAdded });
}
export const loader = methodNotAllowed;

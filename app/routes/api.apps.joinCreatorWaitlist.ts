import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { creatorMessages } from "~/features/creators/rules";
import { creatorWaitlistSchema } from "~/features/creators/schema";
import { joinCreatorWaitlist } from "~/features/creators/waitlist.server";
import { readBody } from "~/http/api.server";
import type { AppContext } from "~/platform/context";

/**
 * POST /api/apps/joinCreatorWaitlist {email} → {status, message} (creator-app-builder spec 7), JSON
 * or form body; GET is a 405. The spec shapes every answer here as {status, message}, so this route
 * answers itself rather than through the API wrapper's error body.
 */
async function joinCreatorWaitlistApi(app: AppContext, request: Request): Promise<Response> {
  const answer = (status: number, body: { status: "success" | "error"; message: string }) =>
    Response.json(body, { status, headers: { "Cache-Control": "no-store" } });
  if (request.method !== "POST") return answer(405, { status: "error", message: "Method not allowed" });
  const body = await readBody(request);
  if (!body) return answer(400, { status: "error", message: creatorMessages.unreadableBody });
  const parsed = creatorWaitlistSchema(app.env.SUPPORT_EMAIL).safeParse(body);
  if (!parsed.success)
    return answer(400, { status: "error", message: parsed.error.issues[0]?.message ?? creatorMessages.failed });
  const result = await joinCreatorWaitlist(app, parsed.data.email);
  return result.ok
    ? answer(200, { status: "success", message: result.message })
    : answer(result.status, { status: "error", message: result.message });
}

export const action = ({ request, context }: ActionFunctionArgs) => joinCreatorWaitlistApi(context.app, request);
export const loader = ({ request, context }: LoaderFunctionArgs) => joinCreatorWaitlistApi(context.app, request);

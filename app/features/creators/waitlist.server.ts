/**
 * The creator waitlist: POST /api/apps/joinCreatorWaitlist and the form on /creator and /build.
 * Entries live in waitlist_entries under the 'creators' list; joining twice is a success, stored once.
 */
import { data, redirect } from "@remix-run/cloudflare";
import { joinWaitlist } from "~/features/identity/waitlist.server";
import { readBody } from "~/platform/api.server";
import type { AppContext } from "~/platform/context";
import { CREATOR_WAITLIST, creatorMessages } from "./rules";
import { creatorWaitlistSchema } from "./schema";

type Joined = { ok: true; message: string } | { ok: false; status: 400 | 503; message: string };

/** Validates and stores; a store failure is reported as the spec's 'Failed to join waitlist', never thrown. */
async function join(app: AppContext, body: Record<string, unknown>): Promise<Joined> {
  const parsed = creatorWaitlistSchema(app.env.SUPPORT_EMAIL).safeParse(body);
  if (!parsed.success)
    return { ok: false, status: 400, message: parsed.error.issues[0]?.message ?? creatorMessages.failed };
  try {
    const isNew = await joinWaitlist(app, { email: parsed.data.email, list: CREATOR_WAITLIST });
    return { ok: true, message: isNew ? creatorMessages.joined : creatorMessages.alreadyJoined };
  } catch (error) {
    console.error("creator waitlist failed", error);
    return { ok: false, status: 503, message: creatorMessages.failed };
  }
}

/** POST /api/apps/joinCreatorWaitlist {email} → {status, message}; JSON or form body. */
export async function joinCreatorWaitlistApi(app: AppContext, request: Request): Promise<Response> {
  const answer = (status: number, body: { status: "success" | "error"; message: string }) =>
    Response.json(body, { status, headers: { "Cache-Control": "no-store" } });
  if (request.method !== "POST") return answer(405, { status: "error", message: "Method not allowed" });
  const body = await readBody(request);
  if (!body) return answer(400, { status: "error", message: creatorMessages.unreadableBody });
  const result = await join(app, body);
  return result.ok
    ? answer(200, { status: "success", message: result.message })
    : answer(result.status, { status: "error", message: result.message });
}

export interface CreatorFormData {
  error: string;
  email: string;
}

/**
 * The page form's post: success goes back to the page with ?joined=1 (a 303, so reloading does not
 * post again); a problem re-renders the page with the message and the typed email kept.
 */
export async function creatorWaitlistAction(app: AppContext, request: Request) {
  const form = await request.formData().catch(() => null);
  const email = typeof form?.get("email") === "string" ? String(form?.get("email")) : "";
  const result = await join(app, { email });
  if (!result.ok)
    return data<CreatorFormData>({ error: result.message, email: email.slice(0, 200) }, { status: result.status });
  const url = new URL(request.url);
  return redirect(`${url.pathname}?joined=1`, 303);
}

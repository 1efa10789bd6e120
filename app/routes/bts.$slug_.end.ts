/**
 * POST /bts/{slug}/end: the end of a viewing session ('bts product video page | end session' with
 * {slug, secondsWatched}). The page's beacon (form fields, same origin) gets 204; the 'Done
 * watching' form (via=form, without JavaScript too) goes on to the other videos. Like every post,
 * a cross-site one is refused by workers/app.ts before it gets here; the seconds are bounded on the
 * server (never more than the time since the page was served, nor the video's length).
 */
import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { endBtsSession } from "~/features/bts/bts.server";
import { endSessionSchema } from "~/features/bts/schema";
import { parseSubmission } from "~/http/form.server";
import { orErrorPage } from "~/http/service.server";
import { redirectWithToast } from "~/http/toast.server";
import { visitorOf } from "~/http/visitor.server";
import { methodNotAllowed } from "~/platform/http.server";

export async function action({ request, params, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed();
  const submission = await parseSubmission(request, endSessionSchema);
  if (submission.status !== "success")
    return Response.json({ error: "secondsWatched must be a number of seconds." }, { status: 400 });
  const { user, anonymousId } = await visitorOf(context.app, request);
  const who = user ? { userId: user.id, anonymousId: null } : { userId: null, anonymousId };
  await orErrorPage(endBtsSession(context.app, who, params.slug ?? "", submission.value));
  if (submission.value.via === "form")
    return redirectWithToast(request, "/bts", { kind: "success", title: "Thanks for watching" });
  return new Response(null, { status: 204 });
}

/** Nothing to show at this address: it only takes the end of a session. */
export function loader() {
  return methodNotAllowed();
}

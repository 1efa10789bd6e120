/**
 * /v2/sparks: the feed of free previews (a page at ?cursor=), and the Save / Unsave form. Saving needs
 * a signed-in learner: a visitor gets Log In over the feed, at the spark, and stays there after.
 */
import { redirect } from "@remix-run/cloudflare";
import { authHref } from "~/features/identity/modal";
import { parseSparkCursor } from "~/features/sparks/rules";
import { saveSparkSchema, sparksQuery } from "~/features/sparks/schema";
import { listSparks, saveSpark, unsaveSpark } from "~/features/sparks/sparks.server";
import { parseSubmission } from "~/http/form.server";
import { redirectWithToast } from "~/http/toast.server";
import { visitorOf } from "~/http/visitor.server";
import type { AppContext } from "~/platform/context";
import { safeRedirectPath } from "~/platform/redirect";
import { ServiceError } from "~/platform/service-error";

export async function loadSparks(app: AppContext, request: Request) {
  const url = new URL(request.url);
  const query = sparksQuery.safeParse(Object.fromEntries(url.searchParams));
  const cursor = parseSparkCursor(query.success ? query.data.cursor : null);
  const { user } = await visitorOf(app, request);
  const page = await listSparks(app, user?.id ?? null, { cursor });
  return { ...page, cursor, signedIn: Boolean(user), page: url.pathname + url.search };
}

export async function sparksAction(app: AppContext, request: Request) {
  const submission = await parseSubmission(request, saveSparkSchema);
  const value = submission.status === "success" ? submission.value : null;
  const back = safeRedirectPath(value?.page ?? submission.payload?.page, "/v2/sparks");
  const { user } = await visitorOf(app, request);
  if (!user) {
    // Log In opens over the feed itself (a public page), at the spark the visitor wanted to save.
    const [path, spark] = back.split("#");
    throw redirect(`${authHref(path, "Login")}${spark ? `#${spark}` : ""}`, 303);
  }
  const json = value?.answer === "json" || submission.payload?.answer === "json";
  const refuse = (message: string, status: number) =>
    json
      ? Response.json({ error: message }, { status })
      : redirectWithToast(request, back, { kind: "error", title: message });
  if (!value) return refuse("Choose a spark to save.", 400);
  try {
    if (value.intent === "save") await saveSpark(app, user.id, value.lessonId);
    else await unsaveSpark(app, user.id, value.lessonId);
  } catch (error) {
    if (error instanceof ServiceError) return refuse(error.message, 404);
    throw error;
  }
  const saved = value.intent === "save";
  if (json) return Response.json({ saved });
  return redirectWithToast(request, back, {
    kind: saved ? "success" : "info",
    title: saved ? "Saved to your library" : "Removed from your library",
  });
}

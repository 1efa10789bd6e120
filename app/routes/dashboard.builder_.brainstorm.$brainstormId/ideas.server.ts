/**
 * /dashboard/builder/brainstorm/{id} over HTTP: the brainstorm's progress while its job runs, then
 * its ideas with "Build this app" (a form post: the build job starts and its progress page opens),
 * or Try again when it failed. Only its creator sees it.
 */
import { data, redirect } from "@remix-run/cloudflare";
import { z } from "zod";
import { startBuildApp } from "~/features/builder/build-app.server";
import { brainstormOf, startBrainstorm } from "~/features/builder/brainstorms.server";
import { parseSubmission } from "~/http/form.server";
import { orErrorPage } from "~/http/service.server";
import { requireUser } from "~/http/visitor.server";
import type { AppContext } from "~/platform/context";
import { refusalHeaders, ServiceError } from "~/platform/service-error";

const pathOf = (id: string) => `/dashboard/builder/brainstorm/${id}`;

export async function ideasPage(app: AppContext, request: Request, brainstormId: string) {
  const user = await requireUser(app, request, { redirectTo: pathOf(brainstormId), status: 302 });
  const brainstorm = await orErrorPage(brainstormOf(app, user.id, brainstormId.slice(0, 64)));
  return {
    brainstorm,
    statusPath: `/api/app-builder/getBrainstormStatus?brainstormId=${encodeURIComponent(brainstorm.brainstormId)}`,
  };
}

const ideasForm = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("build"), index: z.coerce.number().int().min(0).max(5) }),
  z.object({ intent: z.literal("retry") }),
]);

export type IdeasFormAnswer = { error: string; index: number | null };

export async function ideasAction(app: AppContext, request: Request, brainstormId: string) {
  const user = await requireUser(app, request, { redirectTo: pathOf(brainstormId), status: 303 });
  const submission = await parseSubmission(request, ideasForm);
  if (submission.status !== "success") throw new Response("Bad request", { status: 400 });
  const input = submission.value;
  try {
    if (input.intent === "retry") {
      const failed = await orErrorPage(brainstormOf(app, user.id, brainstormId.slice(0, 64)));
      const again = await startBrainstorm(app, user.id, failed);
      return redirect(pathOf(again.brainstormId), 303);
    }
    const { jobId } = await startBuildApp(app, user.id, {
      brainstormId: brainstormId.slice(0, 64),
      index: input.index,
    });
    return redirect(`/dashboard/builder/jobs/${jobId}`, 303);
  } catch (error) {
    if (error instanceof ServiceError && (error.failure === "too-many" || error.failure === "conflict"))
      return data<IdeasFormAnswer>(
        { error: error.message, index: input.intent === "build" ? input.index : null },
        { status: error.failure === "too-many" ? 429 : 409, headers: refusalHeaders(error) },
      );
    if (error instanceof ServiceError) return orErrorPage(Promise.reject(error));
    throw error;
  }
}

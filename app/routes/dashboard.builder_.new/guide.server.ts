/**
 * /dashboard/builder/new over HTTP: the guided build's questions for an idea (?idea=…), answered by
 * a plain form post that starts the build (or skips the questions). A bad answer re-renders the form
 * with its messages and starts nothing.
 */
import { data, redirect } from "@remix-run/cloudflare";
import { keepIdeaDraft } from "~/features/apps/dashboard.server";
import { appIdeaSchema, IDEA_MESSAGES } from "~/features/apps/rules";
import { startBuildApp } from "~/features/builder/build-app.server";
import { GUIDE_PATH, guideStart } from "~/features/builder/guided-build.server";
import { EVENTS } from "~/features/analytics/events";
import { recordEvent } from "~/features/analytics/record.server";
import { buildGuideSchema, type BuildGuideInput } from "~/features/builder/schema";
import { requireUser } from "~/http/visitor.server";
import type { AppContext } from "~/platform/context";
import { firstErrors, parseForm } from "~/platform/form.server";
import { formDataOf } from "~/platform/http.server";
import { refusalHeaders, ServiceError } from "~/platform/service-error";

export type GuideField = keyof BuildGuideInput | "form";
export type GuideFormAnswer = { errors: Partial<Record<GuideField, string>>; values: Record<string, string> };

/** The idea the page is about, or a way back to the dashboard's form when there is none. */
function ideaOf(value: unknown): string {
  const idea = appIdeaSchema.safeParse({ appIdea: value });
  if (!idea.success) throw redirect("/dashboard#new-app", 303);
  return idea.data.appIdea;
}

export async function guidePage(app: AppContext, request: Request) {
  const url = new URL(request.url);
  await requireUser(app, request, { redirectTo: `${url.pathname}${url.search}`, status: 302 });
  const idea = ideaOf(url.searchParams.get("idea"));
  return { idea, start: await guideStart(idea) };
}

export async function guideAction(app: AppContext, request: Request) {
  const url = new URL(request.url);
  const user = await requireUser(app, request, { redirectTo: `${url.pathname}${url.search}`, status: 303 });
  const form = (await formDataOf(request)) ?? new FormData();
  const idea = ideaOf(form.get("appIdea"));
  const skip = form.get("intent") === "skip";
  const submission = parseForm(form, { schema: buildGuideSchema });
  const values = Object.fromEntries(
    Object.entries(submission.payload).filter((e): e is [string, string] => typeof e[1] === "string"),
  );
  if (!skip && submission.status !== "success") {
    const errors = firstErrors<GuideField>(
      submission.error,
      (name) => (name.replace(/\[\d+\]$/, "") || "form") as GuideField,
    );
    return data<GuideFormAnswer>({ errors, values }, { status: 400 });
  }
  const guide = !skip && submission.status === "success" ? submission.value : undefined;
  try {
    const build = await startBuildApp(app, user.id, { appIdea: idea, guide });
    await keepIdeaDraft(app, user.id, "");
    recordEvent(app, EVENTS.creatorDashboardGetStarted, { userId: user.id }, { appId: build.appId, path: GUIDE_PATH });
    return redirect(`/dashboard/builder/jobs/${build.jobId}`, 303);
  } catch (error) {
    if (error instanceof ServiceError && error.failure === "too-many")
      return data<GuideFormAnswer>(
        { errors: { form: error.message }, values },
        { status: 429, headers: refusalHeaders(error) },
      );
    console.error("builder: could not start a guided build", error);
    return data<GuideFormAnswer>({ errors: { form: IDEA_MESSAGES.createFailed }, values }, { status: 503 });
  }
}

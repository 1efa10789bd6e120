/** /dashboard/builder/brainstorm over HTTP: the form that starts a brainstorm, and the creator's recent ones. */
import { data, redirect } from "@remix-run/cloudflare";
import { aiUsageToday } from "~/features/apps/ai-meter.server";
import { recentBrainstorms, startBrainstorm } from "~/features/builder/brainstorms.server";
import { brainstormBody, type BrainstormBody } from "~/features/builder/schema";
import { parseSubmission } from "~/http/form.server";
import { requireUser } from "~/http/visitor.server";
import type { AppContext } from "~/platform/context";
import { firstErrors } from "~/platform/form.server";
import { refusalHeaders, ServiceError } from "~/platform/service-error";

export const BRAINSTORM_PATH = "/dashboard/builder/brainstorm";

export type BrainstormFormAnswer = {
  errors: Partial<Record<keyof BrainstormBody | "form", string>>;
  values: Record<string, string>;
};

export async function brainstormPage(app: AppContext, request: Request) {
  const user = await requireUser(app, request, { redirectTo: BRAINSTORM_PATH, status: 302 });
  const [recent, usage] = await Promise.all([recentBrainstorms(app, user.id), aiUsageToday(app, user.id)]);
  return { recent, usage: { used: usage.used, limit: usage.limit } };
}

export async function brainstormAction(app: AppContext, request: Request) {
  const user = await requireUser(app, request, { redirectTo: BRAINSTORM_PATH, status: 303 });
  const submission = await parseSubmission(request, brainstormBody);
  const values = Object.fromEntries(
    Object.entries(submission.payload).filter((e): e is [string, string] => typeof e[1] === "string"),
  );
  if (submission.status !== "success") {
    const errors = firstErrors<keyof BrainstormFormAnswer["errors"]>(submission.error);
    return data<BrainstormFormAnswer>({ errors, values }, { status: 400 });
  }
  try {
    const { brainstormId } = await startBrainstorm(app, user.id, submission.value);
    return redirect(`${BRAINSTORM_PATH}/${brainstormId}`, 303);
  } catch (error) {
    if (error instanceof ServiceError && error.failure === "too-many")
      return data<BrainstormFormAnswer>(
        { errors: { form: error.message }, values },
        { status: 429, headers: refusalHeaders(error) },
      );
    throw error;
  }
}

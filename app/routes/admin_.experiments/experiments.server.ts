/** /admin/experiments over HTTP: admins define, edit and stop experiments. Every action re-checks the caller. */
import { data } from "@remix-run/cloudflare";
import { listExperiments, saveExperiment, stopExperiment } from "~/features/experiments/experiments.server";
import { statusOf } from "~/features/experiments/rules";
import { experimentSchema, stopExperimentSchema, variantsText } from "~/features/experiments/schema";
import { requireAdmin } from "~/http/admin.server";
import { redirectWithToast } from "~/http/toast.server";
import type { AppContext } from "~/platform/context";
import { firstErrors, parseForm } from "~/platform/form.server";
import { formDataOf } from "~/platform/http.server";
import { ServiceError } from "~/platform/service-error";

const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);

export type ExperimentFormAnswer = {
  /** Which form answered: an experiment's key, or "new". */
  form: string;
  errors: Partial<Record<"key" | "description" | "variants" | "startsOn" | "stopsOn" | "form", string>>;
  values: Record<string, string>;
};

export async function experimentsPage(app: AppContext, request: Request) {
  await requireAdmin(app, request);
  const rows = await listExperiments(app);
  return {
    today: day(app.now),
    experiments: rows.map((e) => ({
      key: e.key,
      description: e.description,
      variants: variantsText(e.variants),
      startsOn: day(e.startsAt),
      // The form's last day is the day before the stop moment (a stop at midnight ends the day before).
      stopsOn: e.stopsAt === null ? "" : day(e.stopsAt - 1),
      status: statusOf(e, app.now),
    })),
  };
}

export async function experimentsAction(app: AppContext, request: Request) {
  await requireAdmin(app, request);
  const form = (await formDataOf(request)) ?? new FormData();
  const values = Object.fromEntries([...form].filter((e): e is [string, string] => typeof e[1] === "string"));
  const which = typeof values.editing === "string" && values.editing ? values.editing : "new";
  const refuse = (errors: ExperimentFormAnswer["errors"], status = 400) =>
    data<ExperimentFormAnswer>({ form: which, errors, values }, { status });

  if (values.intent === "stop") {
    const submission = parseForm(form, { schema: stopExperimentSchema });
    if (submission.status !== "success") return refuse({ form: "That experiment could not be stopped." });
    try {
      await stopExperiment(app, submission.value);
    } catch (error) {
      if (error instanceof ServiceError)
        return data<ExperimentFormAnswer>(
          { form: submission.value.key, errors: { form: error.message }, values },
          { status: error.failure === "not-found" ? 404 : 409 },
        );
      throw error;
    }
    return redirectWithToast(request, "/admin/experiments", {
      kind: "success",
      title: `${submission.value.key} stopped: everyone sees the control now.`,
    });
  }

  const submission = parseForm(form, { schema: experimentSchema });
  if (submission.status !== "success") {
    const fields = ["key", "description", "variants", "startsOn", "stopsOn"] as const;
    return refuse(firstErrors(submission.error, (name) => fields.find((f) => f === name) ?? "form"));
  }
  try {
    await saveExperiment(app, submission.value);
  } catch (error) {
    if (error instanceof ServiceError)
      return refuse(
        error.details?.[0]?.field === "key" ? { key: error.details[0].message } : { form: error.message },
        error.failure === "not-found" ? 404 : 409,
      );
    throw error;
  }
  const title = submission.value.isNew ? `Experiment ${submission.value.key} added.` : `${submission.value.key} saved.`;
  return redirectWithToast(request, "/admin/experiments", { kind: "success", title });
}

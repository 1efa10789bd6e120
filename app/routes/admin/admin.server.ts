/**
 * /admin over HTTP: admins only (visitors are sent to Log In; others get a 403). Find users, switch
 * their VIP and creator flags, edit feature flags. Every action re-checks the caller.
 */
import { data } from "@remix-run/cloudflare";
import { listFlags, saveFeatureFlag, searchUsers, SEARCH_LIMIT, setUserFlag } from "~/features/admin/admin.server";
import { featureFlagSchema, userFlagSchema } from "~/features/admin/schema";
import { btsFeedbackSummary } from "~/features/bts/admin.server";
import { requireAdmin } from "~/http/admin.server";
import { redirectWithToast } from "~/http/toast.server";
import type { AppContext } from "~/platform/context";
import { parseForm } from "~/platform/form.server";
import { formDataOf } from "~/platform/http.server";

export async function adminPage(app: AppContext, request: Request) {
  await requireAdmin(app, request);
  const q = new URL(request.url).searchParams.get("q") ?? "";
  const [found, flags, bts] = await Promise.all([searchUsers(app, q), listFlags(app), btsFeedbackSummary(app)]);
  return {
    q,
    users: found,
    flags: flags.map((f) => ({
      key: f.key,
      enabled: f.enabled,
      payload: f.payload ? JSON.stringify(f.payload, null, 2) : "",
    })),
    limit: SEARCH_LIMIT,
    bts,
  };
}

type FlagAnswer = { intent: "flag"; key: string; error: string };

export async function adminAction(app: AppContext, request: Request) {
  await requireAdmin(app, request);
  const form = (await formDataOf(request)) ?? new FormData();
  const q = form.get("q");
  const returnTo = `/admin${typeof q === "string" && q ? `?q=${encodeURIComponent(q)}` : ""}`;
  const intent = form.get("intent");

  if (intent === "user-flag") {
    const submission = parseForm(form, { schema: userFlagSchema });
    if (submission.status !== "success")
      return data({ intent: "user-flag", error: "That change could not be made." }, { status: 400 });
    const email = await setUserFlag(app, submission.value);
    if (!email) return data({ intent: "user-flag", error: "No such user." }, { status: 404 });
    return redirectWithToast(request, returnTo, { kind: "success", title: `Saved for ${email}.` });
  }

  if (intent === "flag") {
    const key = form.get("key");
    const answer = (error: string) =>
      data<FlagAnswer>({ intent: "flag", key: typeof key === "string" ? key : "", error }, { status: 400 });
    const submission = parseForm(form, { schema: featureFlagSchema });
    if (submission.status !== "success")
      return answer(Object.values(submission.error ?? {}).flat()[0] ?? "Check the flag.");
    const refused = await saveFeatureFlag(app, submission.value);
    if (refused) return answer(refused.error);
    return redirectWithToast(request, returnTo, { kind: "success", title: `Flag ${submission.value.key} saved.` });
  }

  return data({ intent: "unknown", error: "Unknown action" }, { status: 400 });
}

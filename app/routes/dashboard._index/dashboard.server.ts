/**
 * The creator's apps section over HTTP, on /dashboard and /v2/dashboard alike: the new-app-from-an-idea
 * form (its draft kept on the server for visitors without JavaScript), 'Mark as idea' and 'Open
 * builder' (which records the app as recently opened). Every action is a form post answered with a
 * 303 back to the same page; a bad idea re-renders the form with its message.
 */
import { data, redirect } from "@remix-run/cloudflare";
import { creatorAppsUsage } from "~/features/activities/usage.server";
import { lastDays } from "~/features/analytics/rules";
import { aiUsageToday, appsAiSpendToday } from "~/features/apps/ai-meter.server";
import { ownedApp } from "~/features/apps/apps.server";
import { markRecentlyOpened, setIsIdea } from "~/features/apps/creator-apps.server";
import { startFromIdea } from "~/features/builder/start-from-idea.server";
import { creatorAppsSection, keepIdeaDraft } from "~/features/apps/dashboard.server";
import { IDEA_LIMITS } from "~/features/apps/rules";
import { creatorAppsFormSchema } from "~/features/apps/schema";
import { parseSubmission } from "~/http/form.server";
import { redirectWithToast } from "~/http/toast.server";
import { requireUser } from "~/http/visitor.server";
import type { AppContext } from "~/platform/context";

/** The usage charts' span: the last 30 days, today included. */
const USAGE_DAYS = 30;

export async function loadCreatorDashboard(app: AppContext, request: Request) {
  const user = await requireUser(app, request, { redirectTo: "/dashboard", status: 302 });
  const [section, usage, own] = await Promise.all([
    creatorAppsSection(app, user),
    creatorAppsUsage(app, user, lastDays(app.now, USAGE_DAYS)),
    aiUsageToday(app, user.id),
  ]);
  // Each app's usage beside its name, in the order of the cards above it.
  const byId = new Map(usage.map((u) => [u.appId, u]));
  const appsUsage = section.apps.flatMap((a) => {
    const u = byId.get(a.id);
    return u ? [{ id: a.id, name: a.name, publicHref: a.publicHref, usage: u }] : [];
  });
  const spend = await appsAiSpendToday(
    app,
    user.id,
    appsUsage.map((a) => a.id),
  );
  return {
    firstName: user.firstName,
    ...section,
    appsUsage,
    ai: { own: { used: own.used, limit: own.limit }, ...spend },
  };
}

/** What a refused new-app post re-renders. */
export interface NewAppFormResult {
  intent: "create";
  appIdea: string;
  error: string;
  timestamp: number;
}

/** The actions of the apps section (back to the page they were posted from). */
export async function creatorDashboardAction(app: AppContext, request: Request) {
  const page = new URL(request.url).pathname;
  const user = await requireUser(app, request, { redirectTo: page, status: 302 });
  const submission = await parseSubmission(request, creatorAppsFormSchema);
  if (submission.status !== "success") throw new Response("Bad request", { status: 400 });
  const input = submission.value;

  if (input.intent === "clear-draft") {
    await keepIdeaDraft(app, user.id, "");
    throw await redirectWithToast(request, `${page}#new-app`, { kind: "success", title: "Your idea is cleared" });
  }

  if (input.intent === "create" || input.intent === "save-draft") {
    const typed = (input.appIdea ?? "").slice(0, IDEA_LIMITS.max * 2);
    if (input.intent === "save-draft") {
      await keepIdeaDraft(app, user.id, typed);
      throw await redirectWithToast(request, `${page}?draft=saved#new-app`, {
        kind: "success",
        title: "Your idea is saved",
      });
    }
    const start = await startFromIdea(app, user.id, typed, { path: page });
    if (start.kind === "refused")
      return data<NewAppFormResult>(
        { intent: "create", appIdea: typed.slice(0, IDEA_LIMITS.max), error: start.message, timestamp: app.now },
        { status: start.status, headers: start.headers },
      );
    // A build runs as a job: its page shows the progress and opens the builder when the app is made (or
    // the guided build asks its questions first).
    throw redirect(start.to, 303);
  }

  const owned = await ownedApp(app, user, input.appId);
  if (!owned.ok) throw new Response(owned.error, { status: owned.status });
  if (input.intent === "open") {
    await markRecentlyOpened(app, owned.row.id);
    throw redirect(`/dashboard/builder?appId=${owned.row.id}`, 303);
  }
  await setIsIdea(app, owned.row.id, input.isIdea === "true");
  throw redirect(`${page}#app-${owned.row.id}`, 303);
}

/**
 * What an idea box's submit does for a signed-in creator, wherever the box is (/dashboard's "Make a new
 * app", /creator and /build, and the sign-in that carried an idea typed before it): the idea is checked
 * with the one idea schema (appIdeaSchema); with no model connected and a practice the templates do not
 * know, the guided build's questions come first; otherwise the build starts and its progress page is
 * next. The idea stays kept on the server (keepIdeaDraft) until a build has started from it. Plain
 * values in and out: the routes turn the answer into a redirect or the form's message.
 */
import { keepIdeaDraft, keepVisitorIdeaDraft } from "~/features/apps/dashboard.server";
import { appIdeaSchema, IDEA_LIMITS, IDEA_MESSAGES } from "~/features/apps/rules";
import { EVENTS } from "~/features/analytics/events";
import { recordEvent } from "~/features/analytics/record.server";
import type { AppContext } from "~/platform/context";
import { refusalHeaders, ServiceError } from "~/platform/service-error";
import { startBuildApp } from "./build-app.server";
import { GUIDE_PATH, needsGuide } from "./guided-build.server";

export type IdeaStart =
  /** The build started: its progress page. */
  | { kind: "build"; to: string; appId: string; jobId: string }
  /** The guided build's questions first: their page, with the idea. */
  | { kind: "guide"; to: string }
  /** Nothing started: the message to show beside the idea (the schema's words, or why it was refused). */
  | { kind: "refused"; message: string; status: 400 | 429 | 503; headers: Record<string, string> };

/** The guided build's address for an idea. */
export const guideHref = (idea: string) => `${GUIDE_PATH}?${new URLSearchParams({ idea })}`;

/** The build's progress page. */
export const buildHref = (jobId: string) => `/dashboard/builder/jobs/${jobId}`;

/**
 * Starts an app from `typed` for the creator. `path` is the page the idea was sent from (recorded
 * with 'creator dashboard page | get started' when the build starts). `anonymousId`, for an idea
 * typed before signing in: the copy kept for that visitor is dropped, as the idea is now the
 * account's (kept for it until a build starts).
 */
export async function startFromIdea(
  app: AppContext,
  userId: string,
  typed: string,
  { path, anonymousId = null }: { path: string; anonymousId?: string | null },
): Promise<IdeaStart> {
  const [start] = await Promise.all([
    startForCreator(app, userId, typed, path, anonymousId),
    anonymousId ? keepVisitorIdeaDraft(app, anonymousId, "") : null,
  ]);
  return start;
}

async function startForCreator(
  app: AppContext,
  userId: string,
  typed: string,
  path: string,
  anonymousId: string | null,
): Promise<IdeaStart> {
  const text = typed.slice(0, IDEA_LIMITS.max * 2);
  const idea = appIdeaSchema.safeParse({ appIdea: text });
  if (!idea.success) {
    await keepIdeaDraft(app, userId, text);
    return {
      kind: "refused",
      message: idea.error.issues[0]?.message ?? IDEA_MESSAGES.required,
      status: 400,
      headers: {},
    };
  }
  let build;
  try {
    // No model and a practice the templates do not know: the creator's answers come first (the guided build).
    if (await needsGuide(app, idea.data.appIdea)) {
      await keepIdeaDraft(app, userId, text);
      return { kind: "guide", to: guideHref(idea.data.appIdea) };
    }
    build = await startBuildApp(app, userId, { appIdea: idea.data.appIdea });
  } catch (error) {
    await keepIdeaDraft(app, userId, text);
    // Out of AI generations: the message says which tier allows more.
    if (error instanceof ServiceError && error.failure === "too-many")
      return { kind: "refused", message: error.message, status: 429, headers: refusalHeaders(error) };
    console.error("apps: could not start building an app", error);
    return { kind: "refused", message: IDEA_MESSAGES.createFailed, status: 503, headers: {} };
  }
  await keepIdeaDraft(app, userId, "");
  recordEvent(app, EVENTS.creatorDashboardGetStarted, { userId, anonymousId }, { appId: build.appId, path });
  return { kind: "build", to: buildHref(build.jobId), appId: build.appId, jobId: build.jobId };
}

/**
 * Building an app (creator-app-builder spec 7 buildApp; issue 18): from a typed idea, or an idea of
 * one of the creator's brainstorms, a build-app job asks the AI layer for the app's content (name,
 * theme, landing page, onboarding flow, blueprint; the embedded default writes it from the idea,
 * features/apps/defaults.ts) and makes the app in one batch with the job's completion. The app's ids
 * are chosen when the job is queued, so a build runs to exactly one app. The dashboard's Create app
 * and the API take this same path.
 */
import { eq } from "drizzle-orm";
import { newAppContentSchema, type NewAppContent } from "~/db/app-content";
import { users } from "~/db/schema";
import { newAppFromIdea } from "~/features/apps/defaults";
import { freeAppSlug, newAppIds, newAppStatements, type NewAppIds } from "~/features/apps/creator-apps.server";
import { creatorStorefrontSlug, slugOf } from "~/features/apps/rules";
import {
  jobById,
  jobStatusView,
  kickJob,
  queueJob,
  type JobHandler,
  type JobStatusView,
} from "~/features/jobs/jobs.server";
import { aiFor } from "~/platform/adapters/ai/ai.server";
import type { AppContext } from "~/platform/context";
import { ServiceError } from "~/platform/service-error";
import { assertAiQuota } from "./ai-usage.server";
import { makeLandingImage } from "./landing/images.server";
import { brainstormOf } from "./brainstorms.server";
import { brainstormMessages, buildMessages } from "./rules";
import type { BuildAppBody } from "./schema";

interface BuildAppJobInput extends NewAppIds {
  userId: string;
  idea: string;
  /** The brainstorm idea's name, kept as the app's name. */
  name: string | null;
  brainstormId: string | null;
  [key: string]: unknown;
}

/** Queues the build of an app for the creator (within their daily AI generations). */
export async function startBuildApp(
  app: AppContext,
  userId: string,
  body: BuildAppBody,
): Promise<{ jobId: string; appId: string }> {
  let idea: string;
  let name: string | null = null;
  let brainstormId: string | null = null;
  if ("brainstormId" in body) {
    const brainstorm = await brainstormOf(app, userId, body.brainstormId);
    if (brainstorm.status !== "completed") throw new ServiceError("conflict", brainstormMessages.notReady);
    const pick = brainstorm.apps[body.index];
    if (!pick) throw new ServiceError("invalid", brainstormMessages.indexOutOfRange);
    ({ idea, name } = pick);
    brainstormId = brainstorm.brainstormId;
  } else idea = body.appIdea;
  await assertAiQuota(app, userId);
  const ids = newAppIds();
  const jobId = crypto.randomUUID();
  const input: BuildAppJobInput = { ...ids, userId, idea, name, brainstormId };
  await app.db.batch([queueJob(app, { id: jobId, kind: "build-app", dedupeKey: `build-app:${ids.appId}`, input })]);
  await kickJob(app, jobId);
  return { jobId, appId: ids.appId };
}

const SYSTEM =
  "You build a coaching app from a creator's idea: its name, theme colours that suit the practice, a landing page " +
  "with every section, an onboarding questionnaire whose questions fit the practice (keep the goal, currentLevel, " +
  "daysPerWeek and targetDate keys), and a blueprint of phases in practice order with the practice's own words.";

export const buildAppJobHandler: JobHandler<BuildAppJobInput> = {
  async work(app, job) {
    const { userId, idea, name } = job.input;
    const owner = await app.db.select().from(users).where(eq(users.id, userId)).get();
    if (!owner) return [];
    const result = await aiFor(app, { userId, appId: job.input.appId, counted: true }).structured({
      task: "build-app",
      schema: newAppContentSchema,
      system: SYSTEM,
      prompt: JSON.stringify({ idea, name }),
      local: () => newAppFromIdea(idea),
    });
    const content = name
      ? {
          ...result.value,
          name,
          landingPage: { ...result.value.landingPage, hero: { ...result.value.landingPage.hero, title: name } },
        }
      : result.value;
    const imageUrl = await heroImage(app, job.input, content);
    const pictured = imageUrl
      ? { ...content, landingPage: { ...content.landingPage, hero: { ...content.landingPage.hero, imageUrl } } }
      : content;
    // A slug taken between this read and the batch fails the batch; the job's retry picks the next one.
    const appSlug = await freeAppSlug(app, creatorStorefrontSlug(owner), slugOf(pictured.name));
    return [...newAppStatements(app, owner, job.input, { idea, appSlug, content: pictured })];
  },
};

/**
 * The landing page's hero picture, made for the app in its theme's colours and stored in R2: the
 * dashboard thumbnail and the public page show it. The name is the app's, so a retried job overwrites
 * its own picture rather than leaving a second one. A picture that cannot be made leaves the hero
 * without one: the app is still built.
 */
async function heroImage(app: AppContext, input: BuildAppJobInput, content: NewAppContent): Promise<string | null> {
  try {
    return await makeLandingImage(
      app,
      { userId: input.userId, appId: input.appId, counted: false },
      {
        name: `${input.appId}-hero`,
        slot: "hero",
        prompt: `${content.name}. ${content.landingPage.hero.subtitle}`,
        theme: content.theme,
      },
    );
  } catch (error) {
    console.error("build-app: hero image not made", error);
    return null;
  }
}

export interface BuildView extends JobStatusView {
  appId: string;
  builderHref: string;
}

/** A build's progress, for its creator only: 404 when there is no such build, 403 when it is someone else's. */
export async function buildOf(app: AppContext, userId: string, jobId: string): Promise<BuildView> {
  const job = await jobById<Partial<BuildAppJobInput>>(app, jobId);
  if (!job || job.kind !== "build-app" || typeof job.input.appId !== "string")
    throw new ServiceError("not-found", buildMessages.jobNotFound);
  if (job.input.userId !== userId) throw new ServiceError("forbidden", buildMessages.jobNotYours);
  return {
    ...jobStatusView(job),
    error: job.status === "failed" ? buildMessages.failed : null,
    appId: job.input.appId,
    builderHref: `/dashboard/builder?appId=${job.input.appId}`,
  };
}

/**
 * Building an app (creator-app-builder spec 7 buildApp; issue 18): from a typed idea, or an idea of
 * one of the creator's brainstorms, a build-app job asks the AI layer for the app's content (name,
 * theme, landing page, onboarding flow, blueprint; the embedded default writes it from the idea,
 * features/apps/defaults.ts) and makes the app in one batch with the job's completion. The app's ids
 * are chosen when the job is queued, so a build runs to exactly one app, and its slug is chosen by the
 * statement that makes the app row, so no build fails on another's. The same creator's same idea
 * within BUILD_DEDUPE_MS is the same build. The dashboard's Create app and the API take this path.
 */
import { and, eq, lte, sql } from "drizzle-orm";
import { newAppWordsSchema, type NewAppContent } from "~/db/app-content";
import { jobs, users } from "~/db/schema";
import { newAppFromIdea } from "~/features/apps/defaults";
import { applyGuardrails, guardrailInstructions, sensitiveSubjectOf } from "~/features/apps/sensitive";
import { claimUnitOrRefuse, jobMeter, type Payer } from "~/features/apps/ai-meter.server";
import {
  appStartedStatement,
  freeAppSlugSql,
  newAppIds,
  newAppStatements,
  type NewAppIds,
} from "~/features/apps/creator-apps.server";
import { creatorStorefrontSlug, slugOf } from "~/features/apps/rules";
import {
  jobById,
  jobIdFor,
  jobStatusView,
  kickJob,
  queueJob,
  type JobHandler,
  type JobStatusView,
} from "~/features/jobs/jobs.server";
import { aiFor, providerFor } from "~/platform/adapters/ai/ai.server";
import { sha256Hex } from "~/platform/crypto.server";
import type { AppContext } from "~/platform/context";
import { ServiceError } from "~/platform/service-error";
import { coverWords, imagePrompt } from "./landing/images";
import { makeLandingImage } from "./landing/images.server";
import { brainstormOf } from "./brainstorms.server";
import { brainstormMessages, buildMessages } from "./rules";
import type { BuildAppBody } from "./schema";
import type { BuildGuide } from "~/platform/adapters/ai/embedded/guided";

interface BuildAppJobInput extends NewAppIds {
  userId: string;
  idea: string;
  /** The brainstorm idea's name, kept as the app's name. */
  name: string | null;
  brainstormId: string | null;
  /** The creator's answers to the guided build (./schema.ts buildGuideSchema), when they gave them. */
  guide?: BuildGuide | null;
  [key: string]: unknown;
}

/** How long the same creator's same idea answers the build it already started. */
export const BUILD_DEDUPE_MS = 10 * 60_000;

/** The build's dedupe key: the creator and what the app is built from (the idea's words, whatever their spacing or case). */
async function buildKey(
  userId: string,
  idea: string,
  name: string | null,
  brainstormId: string | null,
  guide: BuildGuide | null,
) {
  const what = JSON.stringify([idea.trim().replace(/\s+/g, " ").toLowerCase(), name, brainstormId, guide]);
  return `build-app:${userId}:${await sha256Hex(what)}`;
}

/**
 * Queues the build of an app for the creator (within their daily AI generations), or answers the
 * build the same idea already started in the last BUILD_DEDUPE_MS. Of concurrent identical requests
 * one job is made; a job made but refused its unit is taken back before anyone runs it.
 */
export async function startBuildApp(
  app: AppContext,
  userId: string,
  body: BuildAppBody,
): Promise<{ jobId: string; appId: string }> {
  let idea: string;
  let name: string | null = null;
  let brainstormId: string | null = null;
  let guide: BuildGuide | null = null;
  if ("brainstormId" in body) {
    const brainstorm = await brainstormOf(app, userId, body.brainstormId);
    if (brainstorm.status !== "completed") throw new ServiceError("conflict", brainstormMessages.notReady);
    const pick = brainstorm.apps[body.index];
    if (!pick) throw new ServiceError("invalid", brainstormMessages.indexOutOfRange);
    ({ idea, name } = pick);
    brainstormId = brainstorm.brainstormId;
  } else {
    idea = body.appIdea;
    guide = body.guide ?? null;
  }
  const ids = newAppIds();
  const jobId = crypto.randomUUID();
  const input: BuildAppJobInput = { ...ids, userId, idea, name, brainstormId, guide };
  const dedupeKey = await buildKey(userId, idea, name, brainstormId, guide);
  // One transaction: an older build of the same idea gives up the key, then this one takes it unless a
  // build within the window holds it (the key is unique: of concurrent requests, one job is made).
  await app.db.batch([
    app.db
      .update(jobs)
      .set({ dedupeKey: sql`${jobs.dedupeKey} || ':' || ${jobs.id}` })
      .where(and(eq(jobs.dedupeKey, dedupeKey), lte(jobs.createdAt, app.now - BUILD_DEDUPE_MS))),
    queueJob(app, { id: jobId, kind: "build-app", dedupeKey, input }),
    appStartedStatement(app, userId),
  ]);
  const owner = await jobIdFor(app, dedupeKey);
  if (owner && owner !== jobId) return earlierBuild(app, owner, userId);
  const payer: Payer = { creatorId: userId, appId: ids.appId };
  try {
    await claimUnitOrRefuse(app, payer, `job:${jobId}:1`, "build-app");
  } catch (refused) {
    // The job is taken back before it runs (a runner that got to it first claims its own unit, refused too).
    await app.db.delete(jobs).where(and(eq(jobs.id, jobId), eq(jobs.status, "queued")));
    throw refused;
  }
  await kickJob(app, jobId);
  return { jobId, appId: ids.appId };
}

/** The build a concurrent or recent identical request started: its job and app. */
async function earlierBuild(app: AppContext, jobId: string, userId: string) {
  const job = await jobById<Partial<BuildAppJobInput>>(app, jobId);
  if (!job || job.input.userId !== userId || typeof job.input.appId !== "string")
    throw new ServiceError("unavailable", buildMessages.failed);
  await kickJob(app, jobId);
  return { jobId, appId: job.input.appId };
}

const SYSTEM =
  "You build a coaching app from a creator's idea: its name, theme colours that suit the practice, a landing page " +
  "with every section, an onboarding questionnaire whose questions fit the practice (keep the goal, currentLevel, " +
  "daysPerWeek and targetDate keys), and a blueprint of phases in practice order with the practice's own words. " +
  "When the creator gives a guide, their outcome is the goal, their milestones are the phases in their order, their " +
  "session and its minutes are each week's work, and what they say to avoid goes into the advice and the FAQ.";

export const buildAppJobHandler: JobHandler<BuildAppJobInput> = {
  async work(app, job) {
    const { userId, idea, name } = job.input;
    const guide = job.input.guide ?? null;
    const owner = await app.db.select().from(users).where(eq(users.id, userId)).get();
    if (!owner) return [];
    const meter = jobMeter(app, { creatorId: userId, appId: job.input.appId }, job.id);
    const sensitive = sensitiveSubjectOf(guide ? `${idea} ${guide.outcome} ${guide.milestones.join(" ")}` : idea);
    const result = await aiFor(app, { userId, appId: job.input.appId, meter }).structured({
      task: "build-app",
      schema: newAppWordsSchema,
      system: sensitive ? `${SYSTEM} ${guardrailInstructions(sensitive)}` : SYSTEM,
      // The creator's own answers (outcome, milestones, sessions, what to avoid) are the model's brief too.
      prompt: JSON.stringify(guide ? { idea, name, guide } : { idea, name }),
      local: () => newAppFromIdea(idea, guide),
    });
    // The words come without pictures: the hero's is made below.
    const words = result.value;
    const made: NewAppContent = {
      ...words,
      landingPage: { ...words.landingPage, hero: { ...words.landingPage.hero, imageUrl: null } },
    };
    // A model's answer is held to the same guardrails as the embedded default's.
    const guarded = applyGuardrails(made, sensitive);
    const content = name
      ? {
          ...guarded,
          name,
          landingPage: { ...guarded.landingPage, hero: { ...guarded.landingPage.hero, title: name } },
        }
      : guarded;
    const imageUrl = await heroImage(app, job.id, job.input, content);
    const pictured = imageUrl
      ? { ...content, landingPage: { ...content.landingPage, hero: { ...content.landingPage.hero, imageUrl } } }
      : content;
    const appSlug = freeAppSlugSql(creatorStorefrontSlug(owner), slugOf(pictured.name));
    return [...newAppStatements(app, owner, job.input, { idea, appSlug, content: pictured })];
  },
};

/**
 * The landing page's hero picture, made for the app in its theme's colours and stored in R2: the
 * dashboard thumbnail and the public page show it. A model is asked for the hero's picture of the app
 * (its name, practice, idea and what the hero says: ./landing/images.ts imagePrompt); without one the
 * embedded default designs a cover of the app's name, practice and promise. The name is the app's, so
 * a retried job overwrites its own picture rather than leaving a second one. A picture that cannot be
 * made leaves the hero without one: the app is still built. The designed cover is part of the build; a
 * model's picture is a call of its own, claimed as such (refused, the cover is designed instead).
 */
async function heroImage(
  app: AppContext,
  jobId: string,
  input: BuildAppJobInput,
  content: NewAppContent,
): Promise<string | null> {
  const caller = { userId: input.userId, appId: input.appId };
  const meter =
    providerFor(app.env, app.bindings).name === "embedded"
      ? undefined
      : jobMeter(app, { creatorId: input.userId, appId: input.appId }, `${jobId}:hero`, "embedded");
  try {
    const words = {
      appName: content.name,
      domain: content.blueprint.topic,
      page: content.landingPage,
      slot: "hero" as const,
    };
    return await makeLandingImage(app, aiFor(app, { ...caller, meter }), input.userId, {
      name: `${input.appId}-hero`,
      slot: "hero",
      prompt: imagePrompt({ ...words, idea: input.idea, instructions: "" }),
      cover: coverWords(words),
      theme: content.theme,
    });
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

/**
 * Brainstorms (creator-app-builder spec 3, 4, 7; issue 18): a creator types an interest (and
 * optionally who for and their own expertise) and a brainstorm job proposes app ideas. The job asks
 * the AI layer (the embedded default: ./brainstorm-ideas.ts) and writes the ideas exactly once.
 * Only the creator who started a brainstorm may read it.
 */
import { and, desc, eq, ne } from "drizzle-orm";
import { brainstormIdeasSchema, type BrainstormIdea } from "~/db/app-content";
import { brainstorms, type BrainstormRow } from "~/db/schema";
import {
  jobById,
  kickJob,
  queueJob,
  type JobHandler,
  type JobStatusView,
  jobStatusView,
} from "~/features/jobs/jobs.server";
import { jobMeter, queueMetered } from "~/features/apps/ai-meter.server";
import { appStartedStatement } from "~/features/apps/creator-apps.server";
import { aiFor } from "~/platform/adapters/ai/ai.server";
import type { AppContext } from "~/platform/context";
import { ServiceError } from "~/platform/service-error";
import { brainstormIdeas } from "./brainstorm-ideas";
import { brainstormMessages } from "./rules";
import type { BrainstormBody } from "./schema";

interface BrainstormJobInput {
  brainstormId: string;
  /** Who started it: only they may read the job's status. */
  userId: string;
  [key: string]: unknown;
}

/** Starts a brainstorm job for the creator (within their daily AI generations). */
export async function startBrainstorm(
  app: AppContext,
  userId: string,
  typed: BrainstormBody,
): Promise<{ brainstormId: string; jobId: string }> {
  const brainstormId = crypto.randomUUID();
  const jobId = crypto.randomUUID();
  const input: BrainstormJobInput = { brainstormId, userId };
  await queueMetered(app, { creatorId: userId }, { id: jobId, task: "brainstorm" }, () =>
    app.db.batch([
      queueJob(app, { id: jobId, kind: "brainstorm", dedupeKey: `brainstorm:${brainstormId}`, input }),
      app.db.insert(brainstorms).values({
        id: brainstormId,
        userId,
        interest: typed.interest,
        audience: typed.audience,
        expertise: typed.expertise,
        status: "pending",
        jobId,
        createdAt: app.now,
        updatedAt: app.now,
      }),
      appStartedStatement(app, userId),
    ]),
  );
  await kickJob(app, jobId);
  return { brainstormId, jobId };
}

const SYSTEM =
  "You are a product strategist for coaches and educators who sell practice apps. Propose five distinct app ideas " +
  "for what the creator typed, each with a name (at most 60 characters), a one-line promise, the audience, the " +
  "outcome, three sample onboarding questions, an outline of 3 to 8 plan phases, and the idea text (one or two " +
  "sentences) the app is built from. Use the practice's own words.";

export const brainstormJobHandler: JobHandler<BrainstormJobInput> = {
  async work(app, job) {
    const row = await app.db.select().from(brainstorms).where(eq(brainstorms.id, job.input.brainstormId)).get();
    if (!row) return [];
    const typed = { interest: row.interest, audience: row.audience, expertise: row.expertise };
    const meter = jobMeter(app, { creatorId: row.userId }, job.id);
    const { value } = await aiFor(app, { userId: row.userId, meter }).structured({
      task: "brainstorm",
      schema: brainstormIdeasSchema,
      system: SYSTEM,
      prompt: JSON.stringify(typed),
      local: async () => ({ apps: await brainstormIdeas(typed) }),
    });
    return [
      app.db
        .update(brainstorms)
        .set({ status: "completed", apps: value.apps, error: null, updatedAt: app.now })
        .where(and(eq(brainstorms.id, row.id), ne(brainstorms.status, "completed"))),
    ];
  },
  failed: (app, job) => [
    app.db
      .update(brainstorms)
      .set({ status: "failed", error: brainstormMessages.failed, updatedAt: app.now })
      .where(and(eq(brainstorms.id, job.input.brainstormId), eq(brainstorms.status, "pending"))),
  ],
};

export interface BrainstormView {
  brainstormId: string;
  status: BrainstormRow["status"];
  interest: string;
  audience: string;
  expertise: string;
  apps: BrainstormIdea[];
  error: string | null;
  job: JobStatusView | null;
  createdAt: number;
}

/** The creator's own brainstorm: 404 when there is none, 403 when it is someone else's. */
export async function brainstormOf(app: AppContext, userId: string, brainstormId: string): Promise<BrainstormView> {
  const row = await app.db.select().from(brainstorms).where(eq(brainstorms.id, brainstormId)).get();
  if (!row) throw new ServiceError("not-found", brainstormMessages.notFound);
  if (row.userId !== userId) throw new ServiceError("forbidden", brainstormMessages.notYours);
  const job = await jobById(app, row.jobId);
  return {
    brainstormId: row.id,
    status: row.status,
    interest: row.interest,
    audience: row.audience,
    expertise: row.expertise,
    apps: row.apps ?? [],
    error: row.status === "failed" ? (row.error ?? brainstormMessages.failed) : null,
    job: job ? jobStatusView(job) : null,
    createdAt: row.createdAt,
  };
}

/** The creator's latest brainstorms, newest first. */
export async function recentBrainstorms(app: AppContext, userId: string, limit = 10) {
  return app.db
    .select({
      brainstormId: brainstorms.id,
      interest: brainstorms.interest,
      audience: brainstorms.audience,
      status: brainstorms.status,
      createdAt: brainstorms.createdAt,
    })
    .from(brainstorms)
    .where(eq(brainstorms.userId, userId))
    .orderBy(desc(brainstorms.createdAt))
    .limit(limit)
    .all();
}

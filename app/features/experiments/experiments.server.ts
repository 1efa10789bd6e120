/**
 * Experiments (A/B tests): an admin defines one (a key, variants with weights, a start and an
 * optional stop); visitors are assigned a variant by rules.pickVariant and the assignment is stored,
 * so it sticks: the anonymous visitor id first, then the account once that visitor signs in
 * (attachAssignments, run by the sign-in pipeline), so the user keeps the variant on any device.
 * Outside its window everyone sees the control and nothing is recorded.
 */
import { and, asc, eq, isNull, sql } from "drizzle-orm";
import { experimentAssignments, experiments, type ExperimentRow } from "~/db/schema";
import { EVENTS } from "~/features/analytics/events";
import { recordEvent } from "~/features/analytics/record.server";
import type { AppContext } from "~/platform/context";
import { ServiceError } from "~/platform/service-error";
import { controlOf, isRunning, pickVariant, statusOf } from "./rules";
import type { ExperimentInput, StopExperimentInput } from "./schema";

/** Whom an assignment is for: the account when signed in, and this browser's anonymous id. */
export type Subject = { userId: string | null; anonymousId: string | null };

export type Exposure = {
  experiment: string;
  variant: string;
  /** Whether the experiment was running (the visitor was counted and the exposure recorded). */
  running: boolean;
};

export function getExperiment(app: AppContext, key: string): Promise<ExperimentRow | undefined> {
  return app.db.select().from(experiments).where(eq(experiments.key, key)).get();
}

export function listExperiments(app: AppContext): Promise<ExperimentRow[]> {
  return app.db.select().from(experiments).orderBy(asc(experiments.key)).all();
}

/**
 * The subject's stored variant, else a new assignment. A signed-in user's own row comes first
 * (their variant from any device), then this browser's row, which then joins the account.
 */
async function assignedVariant(app: AppContext, experiment: ExperimentRow, who: Subject): Promise<string | null> {
  const known = new Set(experiment.variants.map((v) => v.key));
  const key = experiment.key;
  if (who.userId) {
    const mine = await app.db
      .select({ variant: experimentAssignments.variant })
      .from(experimentAssignments)
      .where(and(eq(experimentAssignments.experimentKey, key), eq(experimentAssignments.userId, who.userId)))
      .orderBy(asc(experimentAssignments.assignedAt))
      .get();
    if (mine && known.has(mine.variant)) return mine.variant;
  }
  const subjectId = who.anonymousId ?? who.userId;
  if (!subjectId) return null;
  const row = await app.db
    .select()
    .from(experimentAssignments)
    .where(and(eq(experimentAssignments.experimentKey, key), eq(experimentAssignments.subjectId, subjectId)))
    .get();
  if (row && known.has(row.variant)) {
    if (who.userId && !row.userId)
      await app.db
        .update(experimentAssignments)
        .set({ userId: who.userId })
        .where(and(eq(experimentAssignments.experimentKey, key), eq(experimentAssignments.subjectId, subjectId)));
    return row.variant;
  }
  // New, or its variant was removed from the experiment: the rule decides (the same answer every time).
  const variant = pickVariant(key, subjectId, experiment.variants);
  await app.db
    .insert(experimentAssignments)
    .values({ experimentKey: key, subjectId, userId: who.userId, variant, assignedAt: app.now })
    .onConflictDoUpdate({
      target: [experimentAssignments.experimentKey, experimentAssignments.subjectId],
      set: { variant, userId: sql`COALESCE(${experimentAssignments.userId}, excluded.user_id)` },
    });
  return variant;
}

/**
 * The variant this visitor sees in experiment `key`, and, while it runs, the exposure recorded
 * ('experiment | viewed' with {experiment, variant}): call once per page view. An unknown
 * experiment, one outside its window, or a visitor with no id at all sees the control, unrecorded.
 * `counted: false` (bots, prefetches) stores and records nothing. `subject` is asked only while the
 * experiment runs.
 */
export async function exposeVisitor(
  app: AppContext,
  key: string,
  subject: () => Subject,
  { counted = true }: { counted?: boolean } = {},
): Promise<Exposure | null> {
  const experiment = await getExperiment(app, key);
  if (!experiment) return null;
  const control = { experiment: key, variant: controlOf(experiment.variants), running: false };
  if (!isRunning(experiment, app.now)) return control;
  // Only a running experiment needs to know who is looking (a shared page for everyone has no one).
  const who = subject();
  if (!counted) {
    // A bot or a prefetch: the variant the rule gives, with nothing stored or recorded.
    const subjectId = who.anonymousId ?? who.userId;
    return subjectId ? { ...control, variant: pickVariant(key, subjectId, experiment.variants) } : control;
  }
  const variant = await assignedVariant(app, experiment, who);
  if (!variant) return control;
  recordEvent(app, EVENTS.experimentViewed, who, { experiment: key, variant });
  return { experiment: key, variant, running: true };
}

/**
 * After a sign-in: the visitor's assignments join the account, except in experiments where the
 * account already has a variant (it keeps that one). Answers how many joined.
 */
export async function attachAssignments(app: AppContext, anonymousId: string, userId: string): Promise<number> {
  const result = await app.db
    .update(experimentAssignments)
    .set({ userId })
    .where(
      and(
        eq(experimentAssignments.subjectId, anonymousId),
        isNull(experimentAssignments.userId),
        sql`NOT EXISTS (SELECT 1 FROM experiment_assignments mine WHERE mine.experiment_key = ${experimentAssignments.experimentKey} AND mine.user_id = ${userId})`,
      ),
    )
    .run();
  return result.meta.changes ?? 0;
}

/** Defines a new experiment or edits one; a new key that exists, or an edit of none, is refused. */
export async function saveExperiment(app: AppContext, input: ExperimentInput): Promise<void> {
  const existing = await getExperiment(app, input.key);
  if (input.isNew && existing)
    throw new ServiceError("conflict", `An experiment with the key ${input.key} exists already: edit it below.`, [
      { field: "key", message: `An experiment with the key ${input.key} exists already.` },
    ]);
  if (!input.isNew && !existing) throw new ServiceError("not-found", `There is no experiment ${input.key}.`);
  const values = {
    description: input.description,
    variants: input.variants,
    startsAt: input.startsAt,
    stopsAt: input.stopsAt,
    updatedAt: app.now,
  };
  if (existing) await app.db.update(experiments).set(values).where(eq(experiments.key, input.key));
  else await app.db.insert(experiments).values({ key: input.key, ...values, createdAt: app.now });
}

/** Stops a running (or scheduled) experiment now: from here on everyone sees the control. */
export async function stopExperiment(app: AppContext, input: StopExperimentInput): Promise<ExperimentRow> {
  const existing = await getExperiment(app, input.key);
  if (!existing) throw new ServiceError("not-found", `There is no experiment ${input.key}.`);
  if (statusOf(existing, app.now) === "stopped")
    throw new ServiceError("conflict", `${input.key} has stopped already.`);
  await app.db.update(experiments).set({ stopsAt: app.now, updatedAt: app.now }).where(eq(experiments.key, input.key));
  return existing;
}

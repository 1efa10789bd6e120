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
import { cached, forgetCached } from "~/platform/cache.server";
import type { AppContext } from "~/platform/context";
import { D1_MAX_BOUND_VALUES, inSlices } from "~/platform/d1-slices";
import { writeBehind } from "~/platform/write-behind.server";
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

/** How long pages may show an experiment as it was: an admin's save or stop forgets it at once. */
const SHOWN_EXPERIMENT_SECONDS = 60;

/** The cache key of an experiment as pages see it. */
export const shownExperimentKey = (key: string) => `experiment:v1:${key}`;

/**
 * The experiment as pages see it, read through the cache as catalogue lists are (KV for a minute, and
 * a few seconds of the isolate's memory in front), so showing a page to a visitor costs no database
 * query and, in a busy isolate, no KV read. A save or stop forgets both here; other isolates see it
 * within those few seconds (and other data centers within KV's minute).
 */
async function shownExperiment(app: AppContext, key: string): Promise<ExperimentRow | null> {
  const { row } = await cached(
    app,
    shownExperimentKey(key),
    async () => ({ row: (await getExperiment(app, key)) ?? null }),
    SHOWN_EXPERIMENT_SECONDS,
  );
  return row;
}

export function listExperiments(app: AppContext): Promise<ExperimentRow[]> {
  return app.db.select().from(experiments).orderBy(asc(experiments.key)).all();
}

/** What a caller knows of an anonymous visitor already, saving database reads (see exposeVisitor). */
export type VisitorHints = {
  /** The variant the browser remembers (rules.VARIANTS_COOKIE). */
  remembered?: string;
  /** The visitor's id was made for this request: they have no stored assignment yet. */
  firstVisit?: boolean;
};

/**
 * The subject's stored variant, else a new assignment. A signed-in user's own row comes first
 * (their variant from any device), then this browser's row, which then joins the account.
 */
async function assignedVariant(
  app: AppContext,
  experiment: ExperimentRow,
  who: Subject,
  { remembered, firstVisit = false }: VisitorHints,
): Promise<string | null> {
  const known = new Set(experiment.variants.map((v) => v.key));
  const key = experiment.key;
  if (!who.userId && remembered !== undefined && known.has(remembered)) return remembered;
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
  const row = firstVisit
    ? undefined
    : await app.db
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
  const assignment = { experimentKey: key, subjectId, userId: who.userId, variant, assignedAt: app.now };
  // A first visit's page does not wait for the write: until it lands, the rule gives the same answer.
  if (firstVisit) firstAssignments.add(app, [assignment]);
  else
    await app.db
      .insert(experimentAssignments)
      .values(assignment)
      .onConflictDoUpdate({
        target: [experimentAssignments.experimentKey, experimentAssignments.subjectId],
        set: { variant, userId: sql`COALESCE(${experimentAssignments.userId}, excluded.user_id)` },
      });
  return variant;
}

/** How long first visitors' assignments wait in the isolate before they are stored together. */
export const STORE_FIRST_ASSIGNMENTS_AFTER_MS = 1_000;

/**
 * First visitors' assignments, written together after the answers (a landing page's every new
 * visitor would otherwise be a write). A row there already (the visitor came back meanwhile) stays.
 */
const firstAssignments = writeBehind<typeof experimentAssignments.$inferInsert>({
  afterMs: STORE_FIRST_ASSIGNMENTS_AFTER_MS,
  atCount: 100,
  async write(app, rows) {
    // D1 binds at most 100 values a statement: 5 columns, so 20 rows an insert, all in one batch.
    const [first, ...rest] = inSlices(rows, D1_MAX_BOUND_VALUES / 5).map((slice) =>
      app.db.insert(experimentAssignments).values(slice).onConflictDoNothing(),
    );
    if (first) await app.db.batch([first, ...rest]);
  },
});

/**
 * The variant this visitor sees in experiment `key`, and, while it runs, the exposure recorded
 * ('experiment | viewed' with {experiment, variant}): call once per page view. An unknown
 * experiment, one outside its window, or a visitor with no id at all sees the control, unrecorded.
 * `counted: false` (bots, prefetches) stores and records nothing; `record: false` stores the
 * assignment and leaves recording the exposure to the caller (recordExposure), once it knows the page
 * is shown; `hints` (VisitorHints) spare an anonymous visitor's reads. `subject` is asked only while
 * the experiment runs.
 */
export async function exposeVisitor(
  app: AppContext,
  key: string,
  subject: () => Subject,
  { counted = true, record = true, ...hints }: { counted?: boolean; record?: boolean } & VisitorHints = {},
): Promise<Exposure | null> {
  const experiment = await shownExperiment(app, key);
  if (!experiment) return null;
  const control = { experiment: key, variant: controlOf(experiment.variants), running: false };
  if (!isRunning(experiment, app.now)) return control;
  // The copy of a shared page for one variant: the worker assigned and counted each of its visitors.
  const forCopy = app.sharedRender?.variants?.[key];
  if (forCopy !== undefined && experiment.variants.some((v) => v.key === forCopy))
    return { experiment: key, variant: forCopy, running: true };
  // Only a running experiment needs to know who is looking (a shared page for everyone has no one).
  const who = subject();
  if (!counted) {
    // A bot or a prefetch: the variant the rule gives, with nothing stored or recorded.
    const subjectId = who.anonymousId ?? who.userId;
    return subjectId ? { ...control, variant: pickVariant(key, subjectId, experiment.variants) } : control;
  }
  const variant = await assignedVariant(app, experiment, who, hints);
  if (!variant) return control;
  const exposure = { experiment: key, variant, running: true };
  if (record) recordExposure(app, exposure, who);
  return exposure;
}

/** Records that this visitor was shown the variant ('experiment | viewed'); see exposeVisitor. */
export function recordExposure(app: AppContext, exposure: Exposure, who: Subject): void {
  recordEvent(app, EVENTS.experimentViewed, who, { experiment: exposure.experiment, variant: exposure.variant });
}

/**
 * Every combination of these experiments' variants (a page showing them has a shared copy for each):
 * what forgetting the page's copies must name.
 */
export async function variantSetsOf(app: AppContext, keys: readonly string[]): Promise<Record<string, string>[]> {
  let sets: Record<string, string>[] = [{}];
  for (const key of keys) {
    const experiment = await getExperiment(app, key);
    if (!experiment) continue;
    sets = sets.flatMap((set) => experiment.variants.map((v) => ({ ...set, [key]: v.key })));
  }
  return sets;
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
  await forgetCached(app, shownExperimentKey(input.key));
}

/** Stops a running (or scheduled) experiment now: from here on everyone sees the control. */
export async function stopExperiment(app: AppContext, input: StopExperimentInput): Promise<ExperimentRow> {
  const existing = await getExperiment(app, input.key);
  if (!existing) throw new ServiceError("not-found", `There is no experiment ${input.key}.`);
  if (statusOf(existing, app.now) === "stopped")
    throw new ServiceError("conflict", `${input.key} has stopped already.`);
  await app.db.update(experiments).set({ stopsAt: app.now, updatedAt: app.now }).where(eq(experiments.key, input.key));
  await forgetCached(app, shownExperimentKey(input.key));
  return existing;
}

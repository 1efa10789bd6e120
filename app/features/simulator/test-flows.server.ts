/**
 * Test flows (spec 3, 4, 7): a named script of steps for one app (persona answers, card inputs,
 * uploads), replayed against the current draft (./replay.server.ts). Only the app's owner may make,
 * read, change or delete them. getTestFlows answers the caller's own flows for the app, or with
 * loadAllForApp every flow of the app whoever made it (created_by).
 */
import { and, asc, count, eq } from "drizzle-orm";
import { testFlows, type AppRow, type TestFlowRow } from "~/db/schema";
import type { AppContext } from "~/platform/context";
import { ServiceError } from "~/platform/service-error";
import { openSimulatorApp, type Creator } from "./access.server";
import { readOutcome, simulatorMessages, TEST_FLOWS_PER_APP_MAX, type ReplayOutcome } from "./rules";
import { testFlowStepsSchema, type TestFlowChange, type TestFlowStep } from "./schema";

export interface TestFlowJson {
  id: string;
  appId: string;
  title: string;
  steps: TestFlowStep[];
  lastRun: ReplayOutcome | null;
  lastRunAt: number | null;
  createdBy: string | null;
  createdAt: number;
  updatedAt: number;
}

/** Steps as stored; a row written before a step kind changed keeps only the steps still understood. */
export function storedSteps(value: unknown): TestFlowStep[] {
  const parsed = testFlowStepsSchema.safeParse(value);
  return parsed.success ? parsed.data : [];
}

export const testFlowJson = (row: TestFlowRow): TestFlowJson => ({
  id: row.id,
  appId: row.appId,
  title: row.title,
  steps: storedSteps(row.steps),
  lastRun: readOutcome(row.lastRun),
  lastRunAt: row.lastRunAt,
  createdBy: row.createdBy,
  createdAt: row.createdAt,
  updatedAt: row.updatedAt,
});

/** A test flow of one of the user's apps, and its app. */
export async function ownedTestFlow(
  app: AppContext,
  user: Creator,
  testFlowId: string,
): Promise<{ row: AppRow; flow: TestFlowRow }> {
  const flow = await app.db.select().from(testFlows).where(eq(testFlows.id, testFlowId)).get();
  if (!flow) throw new ServiceError("not-found", simulatorMessages.testFlowNotFound);
  return { row: await openSimulatorApp(app, user, flow.appId), flow };
}

export async function createTestFlow(
  app: AppContext,
  user: Creator,
  input: { appId: string; title: string },
): Promise<TestFlowJson> {
  const row = await openSimulatorApp(app, user, input.appId);
  const [{ n }] = await app.db.select({ n: count() }).from(testFlows).where(eq(testFlows.appId, row.id));
  if (n >= TEST_FLOWS_PER_APP_MAX) throw new ServiceError("invalid", simulatorMessages.tooManyTestFlows);
  const flow: TestFlowRow = {
    id: crypto.randomUUID(),
    appId: row.id,
    title: input.title,
    steps: [],
    lastRun: null,
    lastRunAt: null,
    createdBy: user.id,
    createdAt: app.now,
    updatedAt: app.now,
  };
  await app.db.insert(testFlows).values(flow);
  return testFlowJson(flow);
}

/** getTestFlows: the caller's flows for the app (loadAllForApp: everyone's), oldest first. */
export async function listTestFlows(
  app: AppContext,
  user: Creator,
  input: { appId: string; loadAllForApp: boolean },
): Promise<TestFlowJson[]> {
  const row = await openSimulatorApp(app, user, input.appId);
  const rows = await app.db
    .select()
    .from(testFlows)
    .where(and(eq(testFlows.appId, row.id), input.loadAllForApp ? undefined : eq(testFlows.createdBy, user.id)))
    .orderBy(asc(testFlows.createdAt), asc(testFlows.id))
    .all();
  return rows.map(testFlowJson);
}

export async function updateTestFlow(
  app: AppContext,
  user: Creator,
  testFlowId: string,
  change: TestFlowChange,
): Promise<TestFlowJson> {
  if (change.title === undefined && change.steps === undefined)
    throw new ServiceError("invalid", simulatorMessages.nothingToUpdate);
  const { flow } = await ownedTestFlow(app, user, testFlowId);
  const updated: TestFlowRow = {
    ...flow,
    title: change.title ?? flow.title,
    steps: change.steps ?? flow.steps,
    updatedAt: app.now,
  };
  await app.db
    .update(testFlows)
    .set({ title: updated.title, steps: updated.steps, updatedAt: updated.updatedAt })
    .where(eq(testFlows.id, flow.id));
  return testFlowJson(updated);
}

export async function deleteTestFlow(app: AppContext, user: Creator, testFlowId: string): Promise<{ deleted: true }> {
  const { flow } = await ownedTestFlow(app, user, testFlowId);
  await app.db.delete(testFlows).where(eq(testFlows.id, flow.id));
  return { deleted: true };
}

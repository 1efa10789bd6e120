/**
 * Test personas (testing_steps): the creator's named test users of an app. A persona's id is the
 * testingStepId the onboarding and plan testing variants take, so its answers, plans, activity runs
 * and simulator items stay apart from real users' (and from other personas'). Deleting a persona
 * deletes all of that. The persona a creator last used in an app's simulator is kept on the server
 * (simulator_last_personas, per creator and app), so the simulator reopens on it with or without
 * JavaScript, on any device.
 */
import { and, asc, count, eq } from "drizzle-orm";
import {
  activityRuns,
  onboardingStates,
  personalizedPlans,
  simulatorItems,
  simulatorLastPersonas,
  testingOnboardingInfo,
  testingSteps,
  type TestingStepRow,
} from "~/db/schema";
import type { AppContext } from "~/platform/context";
import { ServiceError } from "~/platform/service-error";
import { openSimulatorApp, ownedTestingStep, type Creator } from "./access.server";
import { PERSONAS_PER_APP_MAX, simulatorMessages } from "./rules";

export interface TestingStepJson {
  testingStepId: string;
  appId: string;
  name: string;
  createdBy: string | null;
  createdAt: number;
  updatedAt: number;
}

export const testingStepJson = (row: TestingStepRow): TestingStepJson => ({
  testingStepId: row.id,
  appId: row.appId,
  name: row.name,
  createdBy: row.createdBy,
  createdAt: row.createdAt,
  updatedAt: row.updatedAt,
});

/** A new persona for the app (its owner only). */
export async function createTestingStep(
  app: AppContext,
  user: Creator,
  input: { appId: string; name: string },
): Promise<TestingStepJson> {
  const row = await openSimulatorApp(app, user, input.appId);
  const [{ n }] = await app.db.select({ n: count() }).from(testingSteps).where(eq(testingSteps.appId, row.id));
  if (n >= PERSONAS_PER_APP_MAX) throw new ServiceError("invalid", simulatorMessages.tooManyPersonas);
  const step: TestingStepRow = {
    id: crypto.randomUUID(),
    appId: row.id,
    name: input.name,
    createdBy: user.id,
    createdAt: app.now,
    updatedAt: app.now,
  };
  await app.db.insert(testingSteps).values(step);
  return testingStepJson(step);
}

/** The app's personas, oldest first. */
export async function listTestingSteps(app: AppContext, user: Creator, appId: string): Promise<TestingStepJson[]> {
  const row = await openSimulatorApp(app, user, appId);
  const rows = await app.db
    .select()
    .from(testingSteps)
    .where(eq(testingSteps.appId, row.id))
    .orderBy(asc(testingSteps.createdAt), asc(testingSteps.id))
    .all();
  return rows.map(testingStepJson);
}

export async function renameTestingStep(
  app: AppContext,
  user: Creator,
  input: { testingStepId: string; name: string },
): Promise<TestingStepJson> {
  const { step } = await ownedTestingStep(app, user, input.testingStepId);
  const renamed = { ...step, name: input.name, updatedAt: app.now };
  await app.db
    .update(testingSteps)
    .set({ name: renamed.name, updatedAt: renamed.updatedAt })
    .where(eq(testingSteps.id, step.id));
  return testingStepJson(renamed);
}

/** Deletes the persona and everything made as it: onboarding states, plans, runs, items and its answers. */
export async function deleteTestingStep(
  app: AppContext,
  user: Creator,
  testingStepId: string,
): Promise<{ deleted: true }> {
  const { row, step } = await ownedTestingStep(app, user, testingStepId);
  const { db } = app;
  await db.batch([
    db
      .delete(onboardingStates)
      .where(and(eq(onboardingStates.appId, row.id), eq(onboardingStates.testingStepId, step.id))),
    db
      .delete(personalizedPlans)
      .where(and(eq(personalizedPlans.appId, row.id), eq(personalizedPlans.testingStepId, step.id))),
    // Card results go with their run (ON DELETE CASCADE).
    db.delete(activityRuns).where(and(eq(activityRuns.appId, row.id), eq(activityRuns.testingStepId, step.id))),
    db.delete(simulatorItems).where(and(eq(simulatorItems.appId, row.id), eq(simulatorItems.testingStepId, step.id))),
    db
      .delete(testingOnboardingInfo)
      .where(and(eq(testingOnboardingInfo.appId, row.id), eq(testingOnboardingInfo.testingStepId, step.id))),
    db.delete(testingSteps).where(eq(testingSteps.id, step.id)),
  ]);
  return { deleted: true };
}

/** The persona the creator last used in this app's simulator; null when none (or it was deleted). */
export async function lastPersonaOf(app: AppContext, user: Creator, appId: string): Promise<string | null> {
  const row = await app.db
    .select({ testingStepId: simulatorLastPersonas.testingStepId })
    .from(simulatorLastPersonas)
    .where(and(eq(simulatorLastPersonas.userId, user.id), eq(simulatorLastPersonas.appId, appId)))
    .get();
  return row?.testingStepId ?? null;
}

/** Keeps `testingStepId` (a persona of this app, checked by the caller) as the one the creator last used in it. */
export async function rememberPersona(
  app: AppContext,
  user: Creator,
  appId: string,
  testingStepId: string,
): Promise<void> {
  await app.db
    .insert(simulatorLastPersonas)
    .values({ userId: user.id, appId, testingStepId, updatedAt: app.now })
    .onConflictDoUpdate({
      target: [simulatorLastPersonas.userId, simulatorLastPersonas.appId],
      set: { testingStepId, updatedAt: app.now },
    });
}

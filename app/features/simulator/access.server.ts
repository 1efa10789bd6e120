/**
 * Who may touch the simulator's rows: the owner of their app (or an admin), as with the rest of the
 * builder. Calls keyed by a testing step, an item or a test flow resolve the app first, so someone
 * else's is refused like someone else's app (403 'You do not have access to this app'); an unknown
 * one is a 404.
 */
import { and, eq } from "drizzle-orm";
import { testingSteps, type AppRow, type TestingStepRow, type UserRow } from "~/db/schema";
import { openOwnedApp } from "~/features/builder/builder.server";
import type { AppContext } from "~/platform/context";
import { ServiceError } from "~/platform/service-error";
import { simulatorMessages } from "./rules";

export type Creator = Pick<UserRow, "id" | "isAdmin">;

export const openSimulatorApp = (app: AppContext, user: Creator, appId: string): Promise<AppRow> =>
  openOwnedApp(app, user, appId);

/** A testing step (persona) of one of the user's apps, and its app. */
export async function ownedTestingStep(
  app: AppContext,
  user: Creator,
  testingStepId: string,
): Promise<{ row: AppRow; step: TestingStepRow }> {
  const step = await app.db.select().from(testingSteps).where(eq(testingSteps.id, testingStepId)).get();
  if (!step) throw new ServiceError("not-found", simulatorMessages.personaNotFound);
  return { row: await openOwnedApp(app, user, step.appId), step };
}

/** A testing step of this (already opened) app; another app's step is "not a persona of this app" (404). */
export async function testingStepOfApp(app: AppContext, appId: string, testingStepId: string): Promise<TestingStepRow> {
  const step = await app.db
    .select()
    .from(testingSteps)
    .where(and(eq(testingSteps.id, testingStepId), eq(testingSteps.appId, appId)))
    .get();
  if (!step) throw new ServiceError("not-found", simulatorMessages.personaNotInApp);
  return step;
}

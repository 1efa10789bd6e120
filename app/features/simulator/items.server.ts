/**
 * Simulator items (spec 3, 7): every screen and result the simulator produces, recorded with its
 * type, app, testing step (null when not made as a persona) and content, and read back one at a
 * time, the newest of a type, a persona's, or the app's a page at a time. Spec 8: when a list cannot
 * be read the lists answer empty items, hasMore false and total 0; refusals (someone else's app,
 * an unknown id, bad input) are still refusals.
 */
import { and, count, desc, eq, inArray, isNull, type SQL } from "drizzle-orm";
import { simulatorItems, type SimulatorItemRow } from "~/db/schema";
import type { AppContext } from "~/platform/context";
import { ServiceError } from "~/platform/service-error";
import { openSimulatorApp, ownedTestingStep, testingStepOfApp, type Creator } from "./access.server";
import {
  hasMoreAfter,
  ITEM_CONTENT_MAX,
  pageOffset,
  simulatorMessages,
  STEP_ITEMS_MAX,
  type SimulatorItemType,
} from "./rules";

export interface SimulatorItemJson {
  itemId: string;
  itemType: string;
  appId: string;
  testingStepId: string | null;
  content: Record<string, unknown>;
  createdAt: number;
}

export interface SimulatorItemPage {
  items: SimulatorItemJson[];
  hasMore: boolean;
  total: number;
}

export const simulatorItemJson = (row: SimulatorItemRow): SimulatorItemJson => ({
  itemId: row.id,
  itemType: row.itemType,
  appId: row.appId,
  testingStepId: row.testingStepId,
  content: row.content,
  createdAt: row.createdAt,
});

/** Spec 8's fallback of the simulator lists. */
export const EMPTY_ITEM_PAGE: SimulatorItemPage = { items: [], hasMore: false, total: 0 };

async function orFallback<T>(what: string, read: () => Promise<T>, fallback: T): Promise<T> {
  try {
    return await read();
  } catch (error) {
    if (error instanceof ServiceError) throw error;
    console.error(`simulator: ${what} failed; answering the empty list`, error);
    return fallback;
  }
}

/** The row that records an item (for a batch); the caller has checked the app and the testing step. */
export function simulatorItemRow(
  app: AppContext,
  item: {
    id?: string;
    appId: string;
    itemType: SimulatorItemType;
    testingStepId: string | null;
    content: Record<string, unknown>;
  },
): SimulatorItemRow {
  return {
    id: item.id ?? crypto.randomUUID(),
    appId: item.appId,
    itemType: item.itemType,
    testingStepId: item.testingStepId,
    content: item.content,
    createdAt: app.now,
  };
}

/**
 * Records one thing the simulator showed or produced, for the other parts of the simulator to call
 * (the screen, activities). The app must be the user's; a testing step must be one of its personas.
 */
export async function recordSimulatorItem(
  app: AppContext,
  user: Creator,
  input: { appId: string; itemType: SimulatorItemType; testingStepId: string | null; content: Record<string, unknown> },
): Promise<SimulatorItemJson> {
  const row = await openSimulatorApp(app, user, input.appId);
  if (input.testingStepId !== null) await testingStepOfApp(app, row.id, input.testingStepId);
  if (JSON.stringify(input.content).length > ITEM_CONTENT_MAX)
    throw new ServiceError("invalid", simulatorMessages.contentTooLarge, [
      { field: "content", message: simulatorMessages.contentTooLarge },
    ]);
  const item = simulatorItemRow(app, { ...input, appId: row.id });
  await app.db.insert(simulatorItems).values(item);
  return simulatorItemJson(item);
}

/** GET getSimulatorItemById: one item of one of the user's apps. */
export async function simulatorItemById(app: AppContext, user: Creator, itemId: string): Promise<SimulatorItemJson> {
  const item = await app.db.select().from(simulatorItems).where(eq(simulatorItems.id, itemId)).get();
  if (!item) throw new ServiceError("not-found", simulatorMessages.itemNotFound);
  await openSimulatorApp(app, user, item.appId);
  return simulatorItemJson(item);
}

/** Items made as a persona are left out unless asked for (spec 9: includeTestingSteps false). */
const stepFilter = (includeTestingSteps: boolean): SQL | undefined =>
  includeTestingSteps ? undefined : isNull(simulatorItems.testingStepId);
const typeFilter = (types: SimulatorItemType[]): SQL | undefined =>
  types.length > 0 ? inArray(simulatorItems.itemType, types) : undefined;
const newestFirst = [desc(simulatorItems.createdAt), desc(simulatorItems.id)];

/** GET getMostRecentSimulatorItemByTypeAndAppId: the newest item of the type, or null when there is none. */
export async function mostRecentSimulatorItem(
  app: AppContext,
  user: Creator,
  input: { appId: string; itemType: SimulatorItemType; includeTestingSteps: boolean },
): Promise<SimulatorItemJson | null> {
  const row = await openSimulatorApp(app, user, input.appId);
  const item = await app.db
    .select()
    .from(simulatorItems)
    .where(
      and(
        eq(simulatorItems.appId, row.id),
        eq(simulatorItems.itemType, input.itemType),
        stepFilter(input.includeTestingSteps),
      ),
    )
    .orderBy(...newestFirst)
    .get();
  return item ? simulatorItemJson(item) : null;
}

/** GET getSimulatorItemsByTestingStepId: a persona's newest items (of the types, when given). */
export async function simulatorItemsByTestingStep(
  app: AppContext,
  user: Creator,
  input: { testingStepId: string; types: SimulatorItemType[] },
): Promise<{ items: SimulatorItemJson[] }> {
  const { row, step } = await ownedTestingStep(app, user, input.testingStepId);
  return orFallback(
    "getSimulatorItemsByTestingStepId",
    async () => {
      const rows = await app.db
        .select()
        .from(simulatorItems)
        .where(
          and(eq(simulatorItems.appId, row.id), eq(simulatorItems.testingStepId, step.id), typeFilter(input.types)),
        )
        .orderBy(...newestFirst)
        .limit(STEP_ITEMS_MAX)
        .all();
      return { items: rows.map(simulatorItemJson) };
    },
    { items: [] },
  );
}

/** GET getSimulatorItemsForApp: the app's items newest first, a page at a time, with the total. */
export async function simulatorItemsForApp(
  app: AppContext,
  user: Creator,
  input: { appId: string; page: number; limit: number; types: SimulatorItemType[]; includeTestingSteps: boolean },
): Promise<SimulatorItemPage> {
  const row = await openSimulatorApp(app, user, input.appId);
  return orFallback(
    "getSimulatorItemsForApp",
    async () => {
      const where = and(
        eq(simulatorItems.appId, row.id),
        typeFilter(input.types),
        stepFilter(input.includeTestingSteps),
      );
      const [rows, [{ total }]] = await Promise.all([
        app.db
          .select()
          .from(simulatorItems)
          .where(where)
          .orderBy(...newestFirst)
          .limit(input.limit)
          .offset(pageOffset(input.page, input.limit))
          .all(),
        app.db.select({ total: count() }).from(simulatorItems).where(where),
      ]);
      return { items: rows.map(simulatorItemJson), hasMore: hasMoreAfter(input.page, input.limit, total), total };
    },
    EMPTY_ITEM_PAGE,
  );
}

/**
 * Records an item under a fixed id once (a plan or a card result the screen shows again on every
 * look): the same id again changes nothing. The app must be the user's; the step one of its personas.
 */
export async function recordSimulatorItemOnce(
  app: AppContext,
  user: Creator,
  input: {
    id: string;
    appId: string;
    itemType: SimulatorItemType;
    testingStepId: string | null;
    content: Record<string, unknown>;
  },
): Promise<void> {
  const row = await openSimulatorApp(app, user, input.appId);
  if (input.testingStepId !== null) await testingStepOfApp(app, row.id, input.testingStepId);
  if (JSON.stringify(input.content).length > ITEM_CONTENT_MAX) return;
  await app.db
    .insert(simulatorItems)
    .values(simulatorItemRow(app, { ...input, appId: row.id }))
    .onConflictDoNothing();
}

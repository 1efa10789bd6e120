/**
 * Topics of an app's media library (creator-app-builder spec 3 "Topic", 7, 8, 9; issue 20): the
 * creator names them, orders them, and puts media in them (many to many, each item with its place
 * in the topic). The spec's fallbacks: topics for media and media ids for a topic answer an empty
 * list when the read fails; adding or removing topics that changes nothing answers success false
 * with a count of 0. Someone else's app, item or topic is refused (403), an unknown one is a 404.
 */
import { and, asc, count, eq, inArray, sql } from "drizzle-orm";
import { appMedia, appMediaTopics, appTopics, type AppTopicRow } from "~/db/schema";
import type { AppContext } from "~/platform/context";
import { ServiceError } from "~/platform/service-error";
import { mediaOfApp, openMediaApp, ownedMedia, ownedTopic, topicOfApp, type Creator } from "./access.server";
import { isPermutation, mediaMessages, moveTo, TOPICS_PER_APP_MAX, topicName } from "./rules";

export interface TopicView {
  topicId: string;
  appId: string;
  name: string;
  orderNum: number;
  mediaCount: number;
  createdAt: number;
  updatedAt: number;
}

const topicView = (t: AppTopicRow, mediaCount: number): TopicView => ({
  topicId: t.id,
  appId: t.appId,
  name: t.name,
  orderNum: t.orderNum,
  mediaCount,
  createdAt: t.createdAt,
  updatedAt: t.updatedAt,
});

/**
 * The spec's fallback for the two topic reads: a failure of the read itself answers `empty` (and
 * is logged); a refusal (not yours, not found) is still a refusal.
 */
async function orEmpty<T>(what: string, read: () => Promise<T>, empty: T): Promise<T> {
  try {
    return await read();
  } catch (error) {
    if (error instanceof ServiceError) throw error;
    console.error(`media: ${what} failed; answering an empty list`, error);
    return empty;
  }
}

function nameOrThrow(raw: string): string {
  const named = topicName(raw);
  if ("error" in named) throw new ServiceError("invalid", named.error, [{ field: "name", message: named.error }]);
  return named.name;
}

async function assertNameFree(app: AppContext, appId: string, name: string, exceptId?: string) {
  const clash = await app.db
    .select({ id: appTopics.id })
    .from(appTopics)
    .where(and(eq(appTopics.appId, appId), sql`lower(${appTopics.name}) = lower(${name})`))
    .all();
  if (clash.some((t) => t.id !== exceptId))
    throw new ServiceError("conflict", mediaMessages.topicNameTaken(name), [
      { field: "name", message: mediaMessages.topicNameTaken(name) },
    ]);
}

/** The app's topics in the creator's order, with how many items each holds. */
export async function topicsOfApp(app: AppContext, user: Creator, appId: string): Promise<TopicView[]> {
  const row = await openMediaApp(app, user, appId);
  const rows = await app.db
    .select({ topic: appTopics, n: count(appMediaTopics.mediaId) })
    .from(appTopics)
    .leftJoin(appMediaTopics, eq(appMediaTopics.topicId, appTopics.id))
    .where(eq(appTopics.appId, row.id))
    .groupBy(appTopics.id)
    .orderBy(asc(appTopics.orderNum), asc(appTopics.createdAt))
    .all();
  return rows.map((r) => topicView(r.topic, r.n));
}

/** A new topic, last in the app's order. Names are unique in an app, whatever their case. */
export async function createTopic(app: AppContext, user: Creator, appId: string, rawName: string): Promise<TopicView> {
  const row = await openMediaApp(app, user, appId);
  const name = nameOrThrow(rawName);
  await assertNameFree(app, row.id, name);
  const existing = await app.db
    .select({ n: count(), last: sql<number | null>`max(${appTopics.orderNum})` })
    .from(appTopics)
    .where(eq(appTopics.appId, row.id))
    .get();
  if ((existing?.n ?? 0) >= TOPICS_PER_APP_MAX) throw new ServiceError("invalid", mediaMessages.tooManyTopics);
  const topic: AppTopicRow = {
    id: crypto.randomUUID(),
    appId: row.id,
    name,
    orderNum: (existing?.last ?? -1) + 1,
    createdAt: app.now,
    updatedAt: app.now,
  };
  await app.db.insert(appTopics).values(topic);
  return topicView(topic, 0);
}

export async function renameTopic(
  app: AppContext,
  user: Creator,
  topicId: string,
  rawName: string,
): Promise<TopicView> {
  const { topic } = await ownedTopic(app, user, topicId);
  const name = nameOrThrow(rawName);
  await assertNameFree(app, topic.appId, name, topic.id);
  await app.db.update(appTopics).set({ name, updatedAt: app.now }).where(eq(appTopics.id, topic.id));
  const n = await app.db.select({ n: count() }).from(appMediaTopics).where(eq(appMediaTopics.topicId, topic.id)).get();
  return topicView({ ...topic, name, updatedAt: app.now }, n?.n ?? 0);
}

/** Deletes the topic; its items stay in the library, only their place in it goes. */
export async function deleteTopic(app: AppContext, user: Creator, topicId: string): Promise<{ success: true }> {
  const { topic } = await ownedTopic(app, user, topicId);
  await app.db.batch([
    app.db.delete(appMediaTopics).where(eq(appMediaTopics.topicId, topic.id)),
    app.db.delete(appTopics).where(eq(appTopics.id, topic.id)),
  ]);
  return { success: true };
}

/** The topics in a new order: the list must name every topic of the app exactly once. */
export async function reorderTopics(
  app: AppContext,
  user: Creator,
  appId: string,
  topicIds: string[],
): Promise<TopicView[]> {
  const row = await openMediaApp(app, user, appId);
  const current = await app.db.select({ id: appTopics.id }).from(appTopics).where(eq(appTopics.appId, row.id)).all();
  if (
    !isPermutation(
      current.map((t) => t.id),
      topicIds,
    )
  )
    throw new ServiceError("invalid", mediaMessages.topicOrder, [
      { field: "topicIds", message: mediaMessages.topicOrder },
    ]);
  if (topicIds.length) {
    const writes = topicIds.map((id, orderNum) =>
      app.db
        .update(appTopics)
        .set({ orderNum, updatedAt: app.now })
        .where(and(eq(appTopics.id, id), eq(appTopics.appId, row.id))),
    );
    await app.db.batch(writes as [(typeof writes)[number], ...typeof writes]);
  }
  return topicsOfApp(app, user, row.id);
}

/** Moves an item to a place (0 is first) within a topic; the topic's order is renumbered 0, 1, 2… */
export async function moveMediaInTopic(
  app: AppContext,
  user: Creator,
  input: { topicId: string; mediaId: string; toIndex: number },
): Promise<{ mediaIds: string[] }> {
  const { topic } = await ownedTopic(app, user, input.topicId);
  const order = (
    await app.db
      .select({ mediaId: appMediaTopics.mediaId })
      .from(appMediaTopics)
      .where(eq(appMediaTopics.topicId, topic.id))
      .orderBy(asc(appMediaTopics.orderNum), asc(appMediaTopics.createdAt))
      .all()
  ).map((r) => r.mediaId);
  if (!order.includes(input.mediaId)) throw new ServiceError("not-found", mediaMessages.mediaNotFound);
  const moved = moveTo(order, input.mediaId, input.toIndex);
  const writes = moved.map((mediaId, orderNum) =>
    app.db
      .update(appMediaTopics)
      .set({ orderNum })
      .where(and(eq(appMediaTopics.topicId, topic.id), eq(appMediaTopics.mediaId, mediaId))),
  );
  for (let i = 0; i < writes.length; i += 100) {
    const part = writes.slice(i, i + 100);
    await app.db.batch(part as [(typeof part)[number], ...typeof part]);
  }
  return { mediaIds: moved };
}

/** The topics named in a call, each of this app (an unknown one refuses the whole call). */
async function topicsOfCall(app: AppContext, appId: string, topicIds: string[]): Promise<string[]> {
  const wanted = [...new Set(topicIds)];
  for (const id of wanted) await topicOfApp(app, appId, id);
  return wanted;
}

/**
 * addTopicsToMedia: the item joins each topic it is not in yet, last in the topic's order. Answers
 * the number added; adding nothing (no topics, or already in all of them) is success false, count 0.
 */
export async function addTopicsToMedia(
  app: AppContext,
  user: Creator,
  input: { appId: string; mediaId: string; topicIds: string[] },
): Promise<{ success: boolean; addedCount: number }> {
  const row = await openMediaApp(app, user, input.appId);
  const media = await mediaOfApp(app, row.id, input.mediaId);
  const wanted = await topicsOfCall(app, row.id, input.topicIds);
  if (!wanted.length) return { success: false, addedCount: 0 };
  const already = await app.db
    .select({ topicId: appMediaTopics.topicId })
    .from(appMediaTopics)
    .where(and(eq(appMediaTopics.mediaId, media.id), inArray(appMediaTopics.topicId, wanted)))
    .all();
  const adding = wanted.filter((id) => !already.some((a) => a.topicId === id));
  if (!adding.length) return { success: false, addedCount: 0 };
  const inserts = adding.map((topicId) =>
    app.db
      .insert(appMediaTopics)
      .values({
        topicId,
        mediaId: media.id,
        // Last in the topic, decided inside the statement so two adds at once do not share a place.
        orderNum: sql`(SELECT coalesce(max(${appMediaTopics.orderNum}), -1) + 1 FROM ${appMediaTopics} WHERE ${appMediaTopics.topicId} = ${topicId})`,
        createdAt: app.now,
      })
      .onConflictDoNothing(),
  );
  await app.db.batch(inserts as [(typeof inserts)[number], ...typeof inserts]);
  return { success: true, addedCount: adding.length };
}

/** removeTopicsFromMedia: the item leaves each topic it is in; removing nothing is success false, count 0. */
export async function removeTopicsFromMedia(
  app: AppContext,
  user: Creator,
  input: { appId: string; mediaId: string; topicIds: string[] },
): Promise<{ success: boolean; removedCount: number }> {
  const row = await openMediaApp(app, user, input.appId);
  const media = await mediaOfApp(app, row.id, input.mediaId);
  const wanted = await topicsOfCall(app, row.id, input.topicIds);
  if (!wanted.length) return { success: false, removedCount: 0 };
  const linked = await app.db
    .select({ topicId: appMediaTopics.topicId })
    .from(appMediaTopics)
    .where(and(eq(appMediaTopics.mediaId, media.id), inArray(appMediaTopics.topicId, wanted)))
    .all();
  if (!linked.length) return { success: false, removedCount: 0 };
  await app.db.delete(appMediaTopics).where(
    and(
      eq(appMediaTopics.mediaId, media.id),
      inArray(
        appMediaTopics.topicId,
        linked.map((l) => l.topicId),
      ),
    ),
  );
  return { success: true, removedCount: linked.length };
}

/** getTopicsForMedia: the item's topics, in the topics' order ([] when the read fails). */
export async function topicIdsForMedia(app: AppContext, user: Creator, mediaId: string): Promise<string[]> {
  const { media } = await ownedMedia(app, user, mediaId);
  return orEmpty(
    "getTopicsForMedia",
    async () =>
      (
        await app.db
          .select({ topicId: appMediaTopics.topicId })
          .from(appMediaTopics)
          .innerJoin(appTopics, eq(appTopics.id, appMediaTopics.topicId))
          .where(eq(appMediaTopics.mediaId, media.id))
          .orderBy(asc(appTopics.orderNum), asc(appTopics.createdAt))
          .all()
      ).map((r) => r.topicId),
    [],
  );
}

/** getMediaIdsForTopic: the topic's items in its order, 100 by default ([] when the read fails). */
export async function mediaIdsForTopic(
  app: AppContext,
  user: Creator,
  input: { topicId: string; limit: number },
): Promise<string[]> {
  const { topic } = await ownedTopic(app, user, input.topicId);
  return orEmpty(
    "getMediaIdsForTopic",
    async () =>
      (
        await app.db
          .select({ mediaId: appMediaTopics.mediaId })
          .from(appMediaTopics)
          .innerJoin(appMedia, eq(appMedia.id, appMediaTopics.mediaId))
          .where(eq(appMediaTopics.topicId, topic.id))
          .orderBy(asc(appMediaTopics.orderNum))
          .limit(input.limit)
          .all()
      ).map((r) => r.mediaId),
    [],
  );
}

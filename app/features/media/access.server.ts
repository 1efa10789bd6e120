/**
 * Who may touch a media item or a topic: the owner of its app (or an admin). Calls keyed only by a
 * mediaId, a parentMediaId or a topicId resolve the app first, so someone else's item is refused
 * like someone else's app (403 'You do not have access to this app'); an unknown one is a 404.
 */
import { and, eq } from "drizzle-orm";
import { appMedia, appTopics, type AppMediaRow, type AppRow, type AppTopicRow, type UserRow } from "~/db/schema";
import { openOwnedApp } from "~/features/builder/builder.server";
import type { AppContext } from "~/platform/context";
import { ServiceError } from "~/platform/service-error";
import { mediaMessages } from "./rules";

export type Creator = Pick<UserRow, "id" | "isAdmin">;

export const openMediaApp = (app: AppContext, user: Creator, appId: string): Promise<AppRow> =>
  openOwnedApp(app, user, appId);

/** A media item of one of the user's apps (and its app). */
export async function ownedMedia(
  app: AppContext,
  user: Creator,
  mediaId: string,
): Promise<{ row: AppRow; media: AppMediaRow }> {
  const media = await app.db.select().from(appMedia).where(eq(appMedia.id, mediaId)).get();
  if (!media) throw new ServiceError("not-found", mediaMessages.mediaNotFound);
  return { row: await openOwnedApp(app, user, media.appId), media };
}

/** A media item of this (already opened) app; another app's item is "not found" here. */
export async function mediaOfApp(app: AppContext, appId: string, mediaId: string): Promise<AppMediaRow> {
  const media = await app.db
    .select()
    .from(appMedia)
    .where(and(eq(appMedia.id, mediaId), eq(appMedia.appId, appId)))
    .get();
  if (!media) throw new ServiceError("not-found", mediaMessages.mediaNotFound);
  return media;
}

/** A topic of one of the user's apps (and its app). */
export async function ownedTopic(
  app: AppContext,
  user: Creator,
  topicId: string,
): Promise<{ row: AppRow; topic: AppTopicRow }> {
  const topic = await app.db.select().from(appTopics).where(eq(appTopics.id, topicId)).get();
  if (!topic) throw new ServiceError("not-found", mediaMessages.topicNotFound);
  return { row: await openOwnedApp(app, user, topic.appId), topic };
}

/** A topic of this (already opened) app. */
export async function topicOfApp(app: AppContext, appId: string, topicId: string): Promise<AppTopicRow> {
  const topic = await app.db
    .select()
    .from(appTopics)
    .where(and(eq(appTopics.id, topicId), eq(appTopics.appId, appId)))
    .get();
  if (!topic) throw new ServiceError("not-found", mediaMessages.topicNotFound);
  return topic;
}

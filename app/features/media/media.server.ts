/**
 * An app's media library (creator-app-builder spec 3 "App media", 4 "Media", 5, 7 "Media library and
 * topics", 9; issue 20): the lists with their filters and cursors, saving and updating items (links
 * and files), uploads into R2, deleting, and re-deriving isInBlueprint from the blueprint. Every
 * service takes the signed-in creator and refuses an app, item or topic that is not theirs (see
 * ./access.server.ts). Optional fields are stored only when given; the two flags only as booleans.
 */
import { and, asc, count, desc, eq, gt, inArray, isNull, lt, or, sql, type SQL } from "drizzle-orm";
import { appMedia, appMediaTopics, appTopics, type AppMediaRow, type MediaType } from "~/db/schema";
import { blueprintOf } from "~/features/builder/blueprint.server";
import { appMediaPrefix, deleteMedia, putAppMedia, storedMediaInfo } from "~/platform/adapters/storage/media.server";
import type { AppContext } from "~/platform/context";
import { ServiceError } from "~/platform/service-error";
import { mediaOfApp, openMediaApp, ownedMedia, ownedTopic, topicOfApp, type Creator } from "./access.server";
import {
  encodeTimeCursor,
  isParentType,
  isStoredMediaUrl,
  isUploadType,
  kindOfContentType,
  libraryPlace,
  linkTypeOf,
  mediaInBlueprint,
  mediaMessages,
  mergeMetadata,
  metadataFits,
  nextCursorOf,
  parentLinks,
  urlProblem,
  webUrl,
  type TimeCursor,
} from "./rules";
import { inSlices } from "~/platform/d1-slices";
import type {
  AppMediaQuery,
  MediaByParentQuery,
  MediaForTopicQuery,
  SaveMediaInput,
  UpdateMediaByIdInput,
  UpdateMediaByUrlInput,
} from "./schema";

/** A media item as the API and the library screen see it (spec 3 "App media"). */
export interface MediaView {
  mediaId: string;
  appId: string;
  type: MediaType;
  url: string;
  metadata: Record<string, unknown> | null;
  thumbnailUrl: string | null;
  isInBlueprint: boolean | null;
  isHiddenInLibrary: boolean | null;
  parentMediaId: string | null;
  podcastId: string | null;
  channelId: string | null;
  createdAt: number;
  uploadDate: number;
  updatedAt: number;
  /** The topics it is in, in the topics' order. */
  topicIds: string[];
  /** getMediaForTopic with expandParentsPreview: a podcast's or channel's newest children, and how many it has. */
  children?: MediaView[];
  childCount?: number;
}

export interface MediaPage {
  media: MediaView[];
  nextCursor: string | null;
}

/** Id lists go in slices of 90, leaving room for a statement's other bound values. */
const slices = <T>(items: T[]) => inSlices(items, 90);

export function mediaView(row: AppMediaRow, topicIds: string[] = []): MediaView {
  return {
    mediaId: row.id,
    appId: row.appId,
    type: row.type,
    url: row.url,
    metadata: row.metadata ?? null,
    thumbnailUrl: row.thumbnailUrl ?? null,
    isInBlueprint: row.isInBlueprint ?? null,
    isHiddenInLibrary: row.isHiddenInLibrary ?? null,
    parentMediaId: row.parentMediaId ?? null,
    podcastId: row.podcastId ?? null,
    channelId: row.channelId ?? null,
    createdAt: row.createdAt,
    uploadDate: row.uploadDate,
    updatedAt: row.updatedAt,
    topicIds,
  };
}

/** Each item's topics, in the topics' order. */
async function topicIdsOf(app: AppContext, mediaIds: string[]): Promise<Map<string, string[]>> {
  const found = new Map<string, string[]>();
  for (const ids of slices([...new Set(mediaIds)])) {
    const rows = await app.db
      .select({ mediaId: appMediaTopics.mediaId, topicId: appMediaTopics.topicId })
      .from(appMediaTopics)
      .innerJoin(appTopics, eq(appTopics.id, appMediaTopics.topicId))
      .where(inArray(appMediaTopics.mediaId, ids))
      .orderBy(asc(appTopics.orderNum), asc(appTopics.createdAt))
      .all();
    for (const r of rows) found.set(r.mediaId, [...(found.get(r.mediaId) ?? []), r.topicId]);
  }
  return found;
}

async function views(app: AppContext, rows: AppMediaRow[]): Promise<MediaView[]> {
  const topics = await topicIdsOf(
    app,
    rows.map((r) => r.id),
  );
  return rows.map((r) => mediaView(r, topics.get(r.id) ?? []));
}

const notHidden = () => or(isNull(appMedia.isHiddenInLibrary), eq(appMedia.isHiddenInLibrary, false));

/** After a (time, id) cursor, newest first, or oldest first when ascending. */
function afterCursor(
  column: typeof appMedia.createdAt | typeof appMedia.uploadDate,
  cursor: TimeCursor | null,
  ascending = false,
) {
  if (!cursor) return undefined;
  const beyond = ascending ? gt : lt;
  if (cursor.id === null) return beyond(column, cursor.at);
  return or(beyond(column, cursor.at), and(eq(column, cursor.at), beyond(appMedia.id, cursor.id)));
}

// ---------------------------------------------------------------- reads

/** getAppMedia: the app's library, newest first, 30 a page, with the spec's filters. */
export async function listAppMedia(app: AppContext, user: Creator, query: AppMediaQuery): Promise<MediaPage> {
  const row = await openMediaApp(app, user, query.appId);
  if (query.topicId) await topicOfApp(app, row.id, query.topicId);
  const where: (SQL | undefined)[] = [
    eq(appMedia.appId, row.id),
    query.onlyTypes ? inArray(appMedia.type, query.onlyTypes) : undefined,
    query.inBlueprintOnly ? eq(appMedia.isInBlueprint, true) : undefined,
    query.podcastId ? eq(appMedia.podcastId, query.podcastId) : undefined,
    query.channelId ? eq(appMedia.channelId, query.channelId) : undefined,
    query.excludeHidden ? notHidden() : undefined,
    query.parentMediaId === "none"
      ? isNull(appMedia.parentMediaId)
      : query.parentMediaId
        ? eq(appMedia.parentMediaId, query.parentMediaId)
        : undefined,
    query.topicId
      ? inArray(
          appMedia.id,
          app.db
            .select({ id: appMediaTopics.mediaId })
            .from(appMediaTopics)
            .where(eq(appMediaTopics.topicId, query.topicId)),
        )
      : undefined,
    afterCursor(appMedia.createdAt, query.cursorCreatedAt),
  ];
  const rows = await app.db
    .select()
    .from(appMedia)
    .where(and(...where))
    .orderBy(desc(appMedia.createdAt), desc(appMedia.id))
    .limit(query.limit + 1)
    .all();
  return {
    media: await views(app, rows.slice(0, query.limit)),
    nextCursor: nextCursorOf(rows, query.limit, (last) => encodeTimeCursor(last.createdAt, last.id)),
  };
}

/** getAppMediaById. */
export async function getAppMediaById(
  app: AppContext,
  user: Creator,
  input: { appId: string; mediaId: string },
): Promise<MediaView> {
  const row = await openMediaApp(app, user, input.appId);
  const [media] = await views(app, [await mediaOfApp(app, row.id, input.mediaId)]);
  return media!;
}

/**
 * A page's parents with their newest children (and how many they have), for getMediaForTopic's
 * expandParentsPreview: one batch of small reads, one per parent.
 */
async function withChildrenPreview(
  app: AppContext,
  page: MediaView[],
  childLimit: number,
  excludeHidden: boolean,
): Promise<MediaView[]> {
  const parents = page.filter((m) => isParentType(m.type));
  if (!parents.length) return page;
  const previews = await Promise.all(
    parents.map((p) =>
      app.db
        .select()
        .from(appMedia)
        .where(and(eq(appMedia.parentMediaId, p.mediaId), excludeHidden ? notHidden() : undefined))
        .orderBy(desc(appMedia.uploadDate), desc(appMedia.id))
        .limit(childLimit)
        .all(),
    ),
  );
  const counts = new Map<string, number>();
  for (const ids of slices(parents.map((p) => p.mediaId))) {
    const rows = await app.db
      .select({ parent: appMedia.parentMediaId, n: count() })
      .from(appMedia)
      .where(and(inArray(appMedia.parentMediaId, ids), excludeHidden ? notHidden() : undefined))
      .groupBy(appMedia.parentMediaId)
      .all();
    for (const r of rows) counts.set(r.parent!, r.n);
  }
  const children = await views(app, previews.flat());
  return page.map((m) => {
    if (!isParentType(m.type)) return m;
    return {
      ...m,
      children: children.filter((c) => c.parentMediaId === m.mediaId),
      childCount: counts.get(m.mediaId) ?? 0,
    };
  });
}

/** getMediaForTopic: the topic's items in the creator's order, 30 a page (cursorOrderNum: the last one's place). */
export async function listMediaForTopic(app: AppContext, user: Creator, query: MediaForTopicQuery): Promise<MediaPage> {
  const { topic } = await ownedTopic(app, user, query.topicId);
  const rows = await app.db
    .select({ media: appMedia, orderNum: appMediaTopics.orderNum })
    .from(appMediaTopics)
    .innerJoin(appMedia, eq(appMedia.id, appMediaTopics.mediaId))
    .where(
      and(
        eq(appMediaTopics.topicId, topic.id),
        query.cursorOrderNum !== undefined ? gt(appMediaTopics.orderNum, query.cursorOrderNum) : undefined,
        query.excludeHidden ? notHidden() : undefined,
      ),
    )
    .orderBy(asc(appMediaTopics.orderNum))
    .limit(query.limit + 1)
    .all();
  const page = await views(
    app,
    rows.slice(0, query.limit).map((r) => r.media),
  );
  return {
    media: query.expandParentsPreview
      ? await withChildrenPreview(app, page, query.childLimit, query.excludeHidden)
      : page,
    nextCursor: nextCursorOf(rows, query.limit, (last) => String(last.orderNum)),
  };
}

/** getMediaByParent: a podcast's episodes or a channel's videos by upload date, newest first unless ascending. */
export async function listMediaByParent(app: AppContext, user: Creator, query: MediaByParentQuery): Promise<MediaPage> {
  const { media: parent } = await ownedMedia(app, user, query.parentMediaId);
  const order = query.ascending
    ? [asc(appMedia.uploadDate), asc(appMedia.id)]
    : [desc(appMedia.uploadDate), desc(appMedia.id)];
  const rows = await app.db
    .select()
    .from(appMedia)
    .where(
      and(
        eq(appMedia.parentMediaId, parent.id),
        eq(appMedia.appId, parent.appId),
        afterCursor(appMedia.uploadDate, query.cursorUploadDate, query.ascending),
      ),
    )
    .orderBy(...order)
    .limit(query.limit + 1)
    .all();
  return {
    media: await views(app, rows.slice(0, query.limit)),
    nextCursor: nextCursorOf(rows, query.limit, (last) => encodeTimeCursor(last.uploadDate, last.id)),
  };
}

// ---------------------------------------------------------------- checks shared by the writes

/**
 * The url to keep for an item of the app: a web address on another site as it was sent, or a file of
 * the app's own library as its /media path (rules.ts libraryPlace; `origin` is our site's, the
 * request's). Any other address of ours is one refusal, whether or not a file is there.
 */
function libraryUrl(appId: string, url: string, origin: string): string {
  const place = libraryPlace(url, appId, origin);
  if (place.place === "elsewhere")
    throw new ServiceError("invalid", mediaMessages.notThisLibrary, [
      { field: "url", message: mediaMessages.notThisLibrary },
    ]);
  return place.url;
}

/**
 * The url is acceptable for the type: a link's is a web address on another site; a file's is one or
 * a file of the app's own library, whose stored kind must be the type. Answers the url to keep.
 */
async function checkUrl(
  app: AppContext,
  appId: string,
  type: MediaType,
  sent: string,
  origin: string,
): Promise<string> {
  const url = libraryUrl(appId, sent, origin);
  const problem = urlProblem(type, url);
  if (problem) throw new ServiceError("invalid", problem, [{ field: "url", message: problem }]);
  if (!isUploadType(type) || !isStoredMediaUrl(url)) return url;
  const stored = await storedMediaInfo(app, url);
  if (!stored)
    throw new ServiceError("invalid", mediaMessages.noStoredFile, [
      { field: "url", message: mediaMessages.noStoredFile },
    ]);
  const kind = kindOfContentType(stored.contentType);
  if (kind !== type) {
    const message = mediaMessages.typeMismatch(kind ?? stored.contentType, type);
    throw new ServiceError("invalid", message, [{ field: "url", message }]);
  }
  return url;
}

function checkThumbnail(url: string | null | undefined) {
  if (url == null) return;
  if (!webUrl(url) && !isStoredMediaUrl(url))
    throw new ServiceError("invalid", `thumbnailUrl: ${mediaMessages.fileUrl}`, [
      { field: "thumbnailUrl", message: mediaMessages.fileUrl },
    ]);
}

/** The parent an item of `type` may go under: a podcast or channel of the same app, not itself. */
async function parentFor(
  app: AppContext,
  appId: string,
  type: MediaType,
  parentMediaId: string | null | undefined,
  selfId?: string,
): Promise<AppMediaRow | null> {
  if (!parentMediaId) return null;
  const fail = (message: string) => new ServiceError("invalid", message, [{ field: "parentMediaId", message }]);
  if (parentMediaId === selfId) throw fail(mediaMessages.ownParent);
  if (isParentType(type)) throw fail(mediaMessages.parentOfParent);
  const parent = await app.db
    .select()
    .from(appMedia)
    .where(and(eq(appMedia.id, parentMediaId), eq(appMedia.appId, appId)))
    .get();
  if (!parent || !isParentType(parent.type)) throw fail(mediaMessages.parentNotFound);
  return parent;
}

/** Spec 5: a field is written only when it was given (the flags only as booleans). */
function givenFields(input: {
  metadata?: Record<string, unknown>;
  thumbnailUrl?: string | null;
  isInBlueprint?: boolean;
  isHiddenInLibrary?: boolean;
}): Partial<Pick<AppMediaRow, "thumbnailUrl" | "isInBlueprint" | "isHiddenInLibrary">> {
  const set: Partial<Pick<AppMediaRow, "thumbnailUrl" | "isInBlueprint" | "isHiddenInLibrary">> = {};
  if (input.thumbnailUrl !== undefined) set.thumbnailUrl = input.thumbnailUrl;
  if (typeof input.isInBlueprint === "boolean") set.isInBlueprint = input.isInBlueprint;
  if (typeof input.isHiddenInLibrary === "boolean") set.isHiddenInLibrary = input.isHiddenInLibrary;
  return set;
}

function mergedMetadata(stored: Record<string, unknown> | null, change: Record<string, unknown> | undefined) {
  if (change === undefined) return undefined;
  const merged = mergeMetadata(stored, change);
  if (!metadataFits(merged))
    throw new ServiceError("invalid", mediaMessages.metadataTooLarge, [
      { field: "metadata", message: mediaMessages.metadataTooLarge },
    ]);
  return merged;
}

/** Writes a new item (its checks done by the caller). */
export async function insertMedia(
  app: AppContext,
  appId: string,
  type: MediaType,
  url: string,
  input: Omit<SaveMediaInput, "type" | "url">,
  parent: AppMediaRow | null,
): Promise<AppMediaRow> {
  const row: AppMediaRow = {
    id: crypto.randomUUID(),
    appId,
    type,
    url,
    metadata: input.metadata ?? null,
    thumbnailUrl: input.thumbnailUrl ?? null,
    isInBlueprint: typeof input.isInBlueprint === "boolean" ? input.isInBlueprint : null,
    isHiddenInLibrary: typeof input.isHiddenInLibrary === "boolean" ? input.isHiddenInLibrary : null,
    ...parentLinks(parent),
    createdAt: app.now,
    uploadDate: input.uploadDate ?? app.now,
    updatedAt: app.now,
  };
  await app.db.insert(appMedia).values(row);
  return row;
}

// ---------------------------------------------------------------- writes

/**
 * saveAppMedia: a new item (a link, an online video, a podcast or channel, or a file by its url: a
 * web address on another site, or a file of this app's library; `origin` is our site's). The same
 * url saved again under the same parent is the same item: its given fields are updated and it is
 * answered with created false.
 */
export async function saveAppMedia(
  app: AppContext,
  user: Creator,
  appId: string,
  sent: SaveMediaInput,
  origin: string,
): Promise<{ media: MediaView; created: boolean }> {
  const row = await openMediaApp(app, user, appId);
  const input = { ...sent, url: await checkUrl(app, row.id, sent.type, sent.url, origin) };
  checkThumbnail(input.thumbnailUrl);
  const parent = await parentFor(app, row.id, input.type, input.parentMediaId);
  if (input.metadata) mergedMetadata(null, input.metadata);
  const same = await app.db
    .select()
    .from(appMedia)
    .where(
      and(
        eq(appMedia.appId, row.id),
        eq(appMedia.url, input.url),
        eq(appMedia.type, input.type),
        parent ? eq(appMedia.parentMediaId, parent.id) : isNull(appMedia.parentMediaId),
      ),
    )
    .get();
  if (same) return { media: await updateRow(app, same, input), created: false };
  const saved = await insertMedia(app, row.id, input.type, input.url, input, parent);
  return { media: mediaView(saved), created: true };
}

async function updateRow(
  app: AppContext,
  media: AppMediaRow,
  change: UpdateMediaByIdInput,
  parent?: AppMediaRow | null,
): Promise<MediaView> {
  const metadata = mergedMetadata(media.metadata, change.metadata);
  const set: Partial<AppMediaRow> = {
    ...givenFields(change),
    ...(metadata !== undefined && { metadata }),
    ...(change.url !== undefined && { url: change.url }),
    ...(change.uploadDate !== undefined && { uploadDate: change.uploadDate }),
    ...(parent !== undefined && parentLinks(parent)),
    updatedAt: app.now,
  };
  await app.db.update(appMedia).set(set).where(eq(appMedia.id, media.id));
  const [updated] = await views(app, [{ ...media, ...set }]);
  return updated!;
}

/**
 * updateAppMedia: the given fields of the app's item with this url (every one, if it was saved under
 * two parents). With no such item yet, one is made: a stored file of the app's library as its stored
 * kind, a web address on another site as an online video or a link (`origin` is our site's).
 */
export async function updateAppMediaByUrl(
  app: AppContext,
  user: Creator,
  appId: string,
  sent: UpdateMediaByUrlInput,
  origin: string,
): Promise<{ media: MediaView; created: boolean; updatedCount: number }> {
  const row = await openMediaApp(app, user, appId);
  const input = { ...sent, url: libraryUrl(row.id, sent.url, origin) };
  checkThumbnail(input.thumbnailUrl);
  const existing = await app.db
    .select()
    .from(appMedia)
    .where(and(eq(appMedia.appId, row.id), eq(appMedia.url, input.url)))
    .orderBy(desc(appMedia.createdAt))
    .all();
  if (existing.length) {
    const updated: MediaView[] = [];
    for (const media of existing) updated.push(await updateRow(app, media, input));
    return { media: updated[0]!, created: false, updatedCount: updated.length };
  }
  let type: MediaType;
  if (isStoredMediaUrl(input.url)) {
    const stored = await storedMediaInfo(app, input.url);
    type = (stored && kindOfContentType(stored.contentType)) || "image";
  } else {
    const url = webUrl(input.url);
    if (!url)
      throw new ServiceError("invalid", mediaMessages.fileUrl, [{ field: "url", message: mediaMessages.fileUrl }]);
    type = linkTypeOf(url);
  }
  await checkUrl(app, row.id, type, input.url, origin);
  if (input.metadata) mergedMetadata(null, input.metadata);
  const saved = await insertMedia(app, row.id, type, input.url, input, null);
  return { media: mediaView(saved), created: true, updatedCount: 0 };
}

/**
 * updateAppMediaById: only the fields sent change (thumbnailUrl and parentMediaId may be cleared with
 * null); a new url is taken as saveAppMedia takes one (`origin` is our site's).
 */
export async function updateAppMediaById(
  app: AppContext,
  user: Creator,
  appId: string,
  mediaId: string,
  sent: UpdateMediaByIdInput,
  origin: string,
): Promise<MediaView> {
  const row = await openMediaApp(app, user, appId);
  const media = await mediaOfApp(app, row.id, mediaId);
  const change =
    sent.url === undefined ? sent : { ...sent, url: await checkUrl(app, row.id, media.type, sent.url, origin) };
  checkThumbnail(change.thumbnailUrl);
  const parent =
    change.parentMediaId === undefined
      ? undefined
      : await parentFor(app, row.id, media.type, change.parentMediaId, media.id);
  return updateRow(app, media, change, parent);
}

/**
 * Deletes an item, its children (a podcast's episodes go with it) and their topic links; uploaded
 * files no other item of the app uses are removed from storage.
 */
export async function deleteAppMedia(
  app: AppContext,
  user: Creator,
  appId: string,
  mediaId: string,
): Promise<{ deletedCount: number }> {
  const row = await openMediaApp(app, user, appId);
  const media = await mediaOfApp(app, row.id, mediaId);
  const children = await app.db
    .select()
    .from(appMedia)
    .where(and(eq(appMedia.appId, row.id), eq(appMedia.parentMediaId, media.id)))
    .all();
  const gone = [media, ...children];
  const ids = gone.map((m) => m.id);
  for (const part of slices(ids))
    await app.db.batch([
      app.db.delete(appMediaTopics).where(inArray(appMediaTopics.mediaId, part)),
      app.db.delete(appMedia).where(inArray(appMedia.id, part)),
    ]);
  const ours = [...new Set(gone.map((m) => m.url).filter((u) => u.startsWith(`/media/${appMediaPrefix(row.id)}`)))];
  for (const url of ours) {
    const still = await app.db
      .select({ id: appMedia.id })
      .from(appMedia)
      .where(and(eq(appMedia.appId, row.id), eq(appMedia.url, url)))
      .get();
    if (!still) await deleteMedia(app, url);
  }
  return { deletedCount: gone.length };
}

/**
 * An upload into the library: the file's bytes decide its kind (image, audio, video or PDF) and its
 * size limit; it is stored in R2 and saved as an item (under a parent, and in a topic, when given).
 * A refused file stores nothing.
 */
export async function uploadAppMedia(
  app: AppContext,
  user: Creator,
  appId: string,
  file: File,
  place: { parentMediaId?: string; topicId?: string } = {},
): Promise<MediaView> {
  const row = await openMediaApp(app, user, appId);
  const topic = place.topicId ? await topicOfApp(app, row.id, place.topicId) : null;
  // The kind is not known before the bytes are read; any upload kind may be a child.
  const parent = await parentFor(app, row.id, "audio", place.parentMediaId);
  const stored = await putAppMedia(app, row.id, file);
  if ("error" in stored) throw new ServiceError("invalid", stored.error, [{ field: "file", message: stored.error }]);
  const metadata: Record<string, unknown> = { size: stored.size, contentType: stored.contentType };
  const name = file.name?.trim().slice(0, 200);
  if (name) metadata.fileName = name;
  const saved = await insertMedia(app, row.id, stored.kind, stored.url, { metadata }, parent);
  if (topic)
    await app.db.insert(appMediaTopics).values({
      topicId: topic.id,
      mediaId: saved.id,
      orderNum: sql`(SELECT coalesce(max(${appMediaTopics.orderNum}), -1) + 1 FROM ${appMediaTopics} WHERE ${appMediaTopics.topicId} = ${topic.id})`,
      createdAt: app.now,
    });
  return mediaView(saved, topic ? [topic.id] : []);
}

/**
 * syncMediaFlagsFromBlueprint: isInBlueprint re-derived for every item of the app from its current
 * blueprint (rules.ts mediaInBlueprint); an app without a blueprint has nothing in it. Only the items
 * whose flag changes are written; with nothing to change the answer is still a success.
 */
export async function syncMediaFlagsFromBlueprint(
  app: AppContext,
  user: Creator,
  appId: string,
): Promise<{ success: true; updatedCount: number; inBlueprintCount: number }> {
  const row = await openMediaApp(app, user, appId);
  const [found, media] = await Promise.all([
    blueprintOf(app, row.id),
    app.db
      .select({ id: appMedia.id, url: appMedia.url, isInBlueprint: appMedia.isInBlueprint })
      .from(appMedia)
      .where(eq(appMedia.appId, row.id))
      .all(),
  ]);
  const inIt = mediaInBlueprint(found?.blueprint ?? null, media);
  const changed = media.filter((m) => m.isInBlueprint !== inIt.has(m.id));
  const writes = changed.map((m) =>
    app.db
      .update(appMedia)
      .set({ isInBlueprint: inIt.has(m.id), updatedAt: app.now })
      .where(and(eq(appMedia.id, m.id), eq(appMedia.appId, row.id))),
  );
  for (let i = 0; i < writes.length; i += 50) {
    const part = writes.slice(i, i + 50);
    await app.db.batch(part as [(typeof part)[number], ...typeof part]);
  }
  return { success: true, updatedCount: changed.length, inBlueprintCount: inIt.size };
}

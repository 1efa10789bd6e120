/**
 * End users' uploads for activities (spec 3 "User media upload", 7 uploadUserMedia): a file stored
 * under user-media/{appId}/{userId}/ (sniffed by its bytes, within its kind's size limit) and its
 * user_media_uploads row. Simulation uploads (the default, the creator trying their own app) are
 * the owner's only, kept apart from real ones, and removed with their files after 30 days.
 */
import { and, eq, inArray, lt } from "drizzle-orm";
import { userMediaUploads, type UserMediaUploadRow } from "~/db/schema";
import { putUserMedia } from "~/platform/adapters/storage/media.server";
import type { AppContext } from "~/platform/context";
import { ServiceError } from "~/platform/service-error";
import { openActivityApp, type Caller } from "./access.server";
import { activityMessages, readableMediaKey, type MediaType } from "./rules";

export interface UploadView {
  id: string;
  appId: string;
  userId: string;
  activityId: string | null;
  type: MediaType;
  url: string;
  isForSimulation: boolean;
  createdAt: number;
}

const view = (row: UserMediaUploadRow): UploadView => ({
  id: row.id,
  appId: row.appId,
  userId: row.userId,
  activityId: row.activityId,
  type: row.type,
  url: row.url,
  isForSimulation: row.isForSimulation,
  createdAt: row.createdAt,
});

export interface UploadInput {
  appId: string;
  type?: MediaType;
  activityId?: string | null;
  isForSimulation?: boolean;
}

/** The kind a stored object's content type names. */
const kindOf = (contentType: string): MediaType | null =>
  contentType === "application/pdf"
    ? "pdf"
    : ((["image", "audio", "video"] as const).find((k) => contentType.startsWith(`${k}/`)) ?? null);

async function mayUpload(app: AppContext, user: Caller, input: UploadInput) {
  const opened = await openActivityApp(app, user, input.appId);
  if ((input.isForSimulation ?? true) && opened.role !== "owner")
    throw new ServiceError("forbidden", activityMessages.simulationOwnerOnly);
}

/**
 * uploadUserMedia (JSON): records a file already stored among the caller's own uploads for this
 * app. Recording the same url again answers the row it already has.
 */
export async function recordUpload(
  app: AppContext,
  user: Caller,
  input: UploadInput & { url: string },
): Promise<UploadView> {
  await mayUpload(app, user, input);
  const place = readableMediaKey(input.url, { appId: input.appId, userId: user.id });
  if ("refused" in place || !place.own) throw new ServiceError("forbidden", activityMessages.notOwnFile);
  const head = await app.bindings.MEDIA.head(place.key);
  if (!head) throw new ServiceError("not-found", "That file is not stored here");
  const kind = kindOf(head.httpMetadata?.contentType ?? "");
  if (!kind) throw new ServiceError("invalid", "That file is not an image, audio, video or PDF");
  if (input.type && input.type !== kind)
    throw new ServiceError("invalid", `The file is ${kind === "pdf" ? "a PDF" : kind}, not ${input.type}`);
  return insertUpload(app, user.id, input, `/media/${place.key}`, kind);
}

/** uploadUserMedia (multipart): stores the file (its bytes decide its kind), then records it. */
export async function uploadUserFile(
  app: AppContext,
  user: Caller,
  input: UploadInput,
  file: Blob,
): Promise<UploadView> {
  await mayUpload(app, user, input);
  const stored = await putUserMedia(app, input.appId, user.id, file);
  if ("error" in stored) throw new ServiceError("invalid", stored.error);
  if (input.type && input.type !== stored.kind) {
    await app.bindings.MEDIA.delete(stored.key);
    throw new ServiceError(
      "invalid",
      `The file is ${stored.kind === "pdf" ? "a PDF" : stored.kind}, not ${input.type}`,
    );
  }
  return insertUpload(app, user.id, input, stored.url, stored.kind);
}

async function insertUpload(
  app: AppContext,
  userId: string,
  input: UploadInput,
  url: string,
  type: MediaType,
): Promise<UploadView> {
  const existing = await app.db
    .select()
    .from(userMediaUploads)
    .where(
      and(eq(userMediaUploads.appId, input.appId), eq(userMediaUploads.userId, userId), eq(userMediaUploads.url, url)),
    )
    .get();
  if (existing) return view(existing);
  const [row] = await app.db
    .insert(userMediaUploads)
    .values({
      id: crypto.randomUUID(),
      appId: input.appId,
      userId,
      activityId: input.activityId ?? null,
      type,
      url,
      isForSimulation: input.isForSimulation ?? true,
      createdAt: app.now,
    })
    .returning();
  return view(row!);
}

/** The caller's uploads for an app, newest first: real ones, or the simulator's. */
export async function listUploads(
  app: AppContext,
  userId: string,
  appId: string,
  { simulation = false, limit = 50 } = {},
): Promise<UploadView[]> {
  const rows = await app.db
    .select()
    .from(userMediaUploads)
    .where(
      and(
        eq(userMediaUploads.appId, appId),
        eq(userMediaUploads.userId, userId),
        eq(userMediaUploads.isForSimulation, simulation),
      ),
    )
    .orderBy(userMediaUploads.createdAt)
    .limit(limit);
  return rows.reverse().map(view);
}

export const SIMULATION_UPLOAD_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The scheduled clean-up: simulation uploads older than 30 days, their files first, then their
 * rows, `batch` at a time (up to `batches` rounds a run; the next run carries on). Answers how many
 * were removed.
 */
export async function cleanSimulationUploads(app: AppContext, { batch = 100, batches = 10 } = {}): Promise<number> {
  const cutoff = app.now - SIMULATION_UPLOAD_DAYS * DAY_MS;
  let removed = 0;
  for (let round = 0; round < batches; round++) {
    const rows = await app.db
      .select({ id: userMediaUploads.id, url: userMediaUploads.url })
      .from(userMediaUploads)
      .where(and(eq(userMediaUploads.isForSimulation, true), lt(userMediaUploads.createdAt, cutoff)))
      .limit(batch);
    if (rows.length === 0) break;
    const keys = rows
      .map((r) => r.url)
      .filter((u) => u.startsWith("/media/user-media/"))
      .map((u) => u.slice("/media/".length));
    if (keys.length > 0) await app.bindings.MEDIA.delete(keys);
    await app.db.delete(userMediaUploads).where(
      inArray(
        userMediaUploads.id,
        rows.map((r) => r.id),
      ),
    );
    removed += rows.length;
    if (rows.length < batch) break;
  }
  return removed;
}

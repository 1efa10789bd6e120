/**
 * Descriptions as background jobs (kind "describe-media"), for long work the library screen starts
 * and watches: a long recording sent to a speech model, a large PDF. The describe endpoints take
 * {async: true} and answer {jobId, statusUrl, room}; the job runner pushes its progress to the
 * room like every job; GET /api/app-builder/describe-media/{jobId} answers the status and, once
 * completed, the result.
 *
 * The result is written in the batch that completes the job, into the job's own record
 * (jobs.input.result), so whoever sees "completed" in D1 also sees the result. A description that
 * fails (a refused link, a missing file, a page that does not answer) completes the job with the
 * spec's failure result {success:false, error, detail} rather than retrying: the same input fails the
 * same way. With a mediaId, the descriptions are also merged into that media item's metadata
 * (description, longDescription), so the library shows them without another call.
 */
import { and, eq, inArray, sql } from "drizzle-orm";
import { appMedia, jobs } from "~/db/schema";
import {
  jobById,
  jobIdOfKey,
  kickJob,
  ownJobStatus,
  queueJob,
  type JobHandler,
  type JobStatusView,
  type Statement,
} from "~/features/jobs/jobs.server";
import { jobRoom } from "~/features/jobs/rules";
import type { AppContext } from "~/platform/context";
import { sha256Hex } from "~/platform/crypto.server";
import { ServiceError } from "~/platform/service-error";
import { describeMedia, type DescribeKind, type DescribeRequest, type MediaDescription } from "./descriptions.server";
import { DESCRIBE_FAILED, fixedFailure } from "./messages";

export type DescribeOutcome =
  { success: true; description: MediaDescription } | { success: false; error: string; detail: string };

interface DescribeJobInput extends DescribeRequest {
  userId: string;
  appId: string;
  mediaId: string | null;
  result?: DescribeOutcome;
  [key: string]: unknown;
}

/** A double submit within this window is the same job. */
const DEDUPE_WINDOW_MS = 10 * 60 * 1000;

export interface StartedDescription {
  jobId: string;
  status: "pending";
  statusUrl: string;
  room: string;
}

/** Queues a description of media in the app `appId` (whose ownership the caller checked). */
export async function startDescribeJob(
  app: AppContext,
  caller: { userId: string; appId: string },
  request: DescribeRequest & { mediaId?: string | null },
  options: { fresh?: boolean } = {},
): Promise<StartedDescription> {
  const { mediaId = null, ...describe } = request;
  if (mediaId) {
    const media = await app.db.select({ appId: appMedia.appId }).from(appMedia).where(eq(appMedia.id, mediaId)).get();
    if (!media) throw new ServiceError("not-found", "That media item does not exist");
    if (media.appId !== caller.appId) throw new ServiceError("forbidden", "That media item is not in this app");
  }
  const fingerprint = await sha256Hex(
    JSON.stringify([caller.appId, describe.kind, describe.url, !!describe.concise, mediaId]),
  );
  // `fresh`: the creator asked again (after a failure, say), so an earlier job's answer is not reused.
  const window = options.fresh ? `fresh-${crypto.randomUUID()}` : String(Math.floor(app.now / DEDUPE_WINDOW_MS));
  const dedupeKey = `describe-media:${fingerprint}:${window}`;
  const input: DescribeJobInput = { ...describe, ...caller, mediaId };
  const queue = queueJob(app, { id: crypto.randomUUID(), kind: "describe-media", dedupeKey, input });
  if (mediaId) {
    // The item is marked in the same batch, before the job can run: "being described", by which job
    // (the library shows that job's progress). The job's own write clears both.
    const mark = JSON.stringify({ describing: app.now, describeError: null });
    await app.db.batch([
      queue,
      app.db
        .update(appMedia)
        .set({
          metadata: sql`json_set(json_patch(coalesce(${appMedia.metadata}, '{}'), json(${mark})), '$.describeJobId', ${jobIdOfKey(dedupeKey)})`,
          updatedAt: app.now,
        })
        .where(eq(appMedia.id, mediaId)),
    ]);
  } else await app.db.batch([queue]);
  const job = await app.db.select({ id: jobs.id }).from(jobs).where(eq(jobs.dedupeKey, dedupeKey)).get();
  if (!job) throw new ServiceError("unavailable", "The description could not be started");
  await kickJob(app, job.id);
  return {
    jobId: job.id,
    status: "pending",
    statusUrl: `/api/app-builder/describe-media/${job.id}`,
    room: jobRoom("describe-media", job.id),
  };
}

export const describeMediaJobHandler: JobHandler<DescribeJobInput> = {
  async work(app, job) {
    const { userId, appId, mediaId, kind, url, concise, origin } = job.input;
    let outcome: DescribeOutcome;
    try {
      outcome = {
        success: true,
        description: await describeMedia(app, { userId, appId, jobId: job.id }, { kind, url, concise, origin }),
      };
    } catch (error) {
      if (!(error instanceof ServiceError)) throw error; // a fault of ours (D1, R2): retried later
      outcome = { success: false, error: DESCRIBE_FAILED[kind], detail: error.message };
    }
    const statements: Statement[] = [
      app.db
        .update(jobs)
        .set({ input: sql`json_set(${jobs.input}, '$.result', json(${JSON.stringify(outcome)}))` })
        .where(and(eq(jobs.id, job.id), sql`json_extract(${jobs.input}, '$.result') IS NULL`)),
    ];
    if (mediaId) {
      // A merge patch (RFC 7396): null removes the library's "describing" mark. What was read goes in
      // too (a title, a length, a page count), keeping a title the item already has.
      const d = outcome.success ? outcome.description : null;
      const patch = JSON.stringify(
        d
          ? {
              description: d.description,
              longDescription: d.longDescription,
              ...libraryFacts(d),
              describing: null,
              describeJobId: null,
              describeError: null,
            }
          : { describing: null, describeJobId: null, describeError: outcome.success ? null : outcome.detail },
      );
      // An upload's describer falls back to the stored file's name (its key): that is no title.
      const title = d?.title && !d.url.endsWith(`/${d.title}`) ? d.title : null;
      const keepTitle = title
        ? sql`json_set(json_patch(coalesce(${appMedia.metadata}, '{}'), json(${patch})), '$.title', coalesce(json_extract(${appMedia.metadata}, '$.title'), ${title}))`
        : sql`json_patch(coalesce(${appMedia.metadata}, '{}'), json(${patch}))`;
      statements.push(
        app.db
          .update(appMedia)
          .set({ metadata: keepTitle, updatedAt: app.now })
          .where(and(eq(appMedia.id, mediaId), eq(appMedia.appId, appId))),
      );
    }
    return statements;
  },
  /** Given up after its retries: the item's card stops saying "Being described" and says so. */
  failed(app, job) {
    const { mediaId, appId } = job.input;
    if (!mediaId) return [];
    const patch = JSON.stringify({
      describing: null,
      describeJobId: null,
      describeError: "The description could not be made. Try again.",
    });
    return [
      app.db
        .update(appMedia)
        .set({ metadata: sql`json_patch(coalesce(${appMedia.metadata}, '{}'), json(${patch}))`, updatedAt: app.now })
        .where(and(eq(appMedia.id, mediaId), eq(appMedia.appId, appId))),
    ];
  },
};

/** The facts a library card shows, from what a describer read (only those it found). */
function libraryFacts(d: MediaDescription): Record<string, unknown> {
  const m = d.metadata;
  const facts: Record<string, unknown> = {};
  if (typeof m.durationSeconds === "number" && m.durationSeconds > 0) facts.durationSeconds = m.durationSeconds;
  if (typeof m.pages === "number") facts.pages = m.pages;
  if (typeof m.siteName === "string" && m.siteName) facts.siteName = m.siteName;
  if (typeof m.author === "string" && m.author) facts.author = m.author;
  if (d.thumbnailUrl) facts.image = d.thumbnailUrl;
  return facts;
}

/** A describe job's status for whoever started it, with its outcome once completed. */
export async function describeJobStatus(
  app: AppContext,
  userId: string,
  jobId: string,
): Promise<JobStatusView & { result: DescribeOutcome | null }> {
  const view = await ownJobStatus(app, userId, jobId);
  if (view.kind !== "describe-media") throw new ServiceError("not-found", "Job not found");
  const job = await jobById<DescribeJobInput>(app, jobId);
  return { ...view, result: view.status === "completed" ? (job?.input.result ?? null) : null };
}

/** The spec's fixed failure body of a kind, with what went wrong as its detail (the API wrapper's `failure`). */
export const describeFailure = (kind: DescribeKind) => fixedFailure(DESCRIBE_FAILED[kind]);

/**
 * A creator's description call: described now, or with `async` queued as a job. The caller has
 * checked that the creator owns `caller.appId`.
 */
export async function describeForCreator(
  app: AppContext,
  caller: { userId: string; appId: string },
  request: DescribeRequest & { async?: boolean; mediaId?: string },
): Promise<{ started: StartedDescription } | { described: MediaDescription }> {
  const { async, mediaId, ...describe } = request;
  if (async) return { started: await startDescribeJob(app, caller, { ...describe, mediaId }) };
  return { described: await describeMedia(app, caller, describe) };
}

export interface DescriptionProgress {
  status: JobStatusView["status"];
  progress: number;
}

/**
 * The progress of the library items' description jobs (their metadata's describeJobId), by job id,
 * for the cards' progress bars. The caller has opened the app the items belong to.
 */
export async function descriptionProgress(
  app: AppContext,
  appId: string,
  jobIds: string[],
): Promise<Record<string, DescriptionProgress>> {
  if (jobIds.length === 0) return {};
  const rows = await app.db
    .select({ id: jobs.id, status: jobs.status, progress: jobs.progress })
    .from(jobs)
    .where(
      and(
        inArray(jobs.id, jobIds),
        eq(jobs.kind, "describe-media"),
        sql`json_extract(${jobs.input}, '$.appId') = ${appId}`,
      ),
    )
    .all();
  return Object.fromEntries(rows.map((r) => [r.id, { status: r.status, progress: r.progress }]));
}

/**
 * Analytics events are buffered, not written to D1 while a page is being read (issue 17 goal 3): D1
 * is one writer for the whole product, and a page view per request would queue every reader behind
 * it. Rows go to an AnalyticsBuffer Durable Object (workers/analytics-buffer.ts), which keeps them in
 * its own storage and writes them to analytics_events in batches, a few seconds later. The charts see
 * every event within FLUSH_AFTER_MS; code that must read its own events at once (the bts session's
 * start, the admin reports) flushes first.
 *
 * A visitor's events always go to the same one of BUFFER_SHARDS objects (by a hash of their id), so
 * no single object takes every page view of the product, and flushing for one visitor is one call.
 */
import type { AppContext } from "~/platform/context";
import { writeBehind } from "~/platform/write-behind.server";
import type { Bindings } from "~/platform/env";
import type { analyticsEvents } from "~/db/schema";

/** An analytics_events row as it is written. */
export type EventRow = typeof analyticsEvents.$inferInsert;

/** How many buffer objects share the events. Changing it only changes where new events wait. */
export const BUFFER_SHARDS = 8;
/** How long an event waits before its batch is written: the charts are at most this far behind. */
export const FLUSH_AFTER_MS = 5_000;
/** A buffer this full is written at once instead of waiting for its alarm. */
export const FLUSH_AT_ROWS = 200;

export interface AnalyticsBufferRpc {
  add(rows: EventRow[]): Promise<void>;
  /** Writes every waiting row to D1; answers how many were written. */
  flush(): Promise<number>;
}

/** The shard (0..BUFFER_SHARDS-1) of the visitor with this id; events of nobody go to 0. */
export function shardOf(id: string | null | undefined): number {
  if (!id) return 0;
  // FNV-1a: cheap, stable, and spreads ids that share a prefix ('anon_…', UUIDs).
  let hash = 0x811c9dc5;
  for (let i = 0; i < id.length; i++) hash = Math.imul(hash ^ id.charCodeAt(i), 0x01000193);
  return (hash >>> 0) % BUFFER_SHARDS;
}

function buffer(bindings: Pick<Bindings, "AnalyticsBuffer">, shard: number): AnalyticsBufferRpc {
  const namespace = bindings.AnalyticsBuffer;
  return namespace.get(namespace.idFromName(`shard-${shard}`));
}

/** Rows wait this long in the isolate before they go to their buffers together (one call per shard). */
export const HAND_OVER_AFTER_MS = 1_000;

/**
 * Hands the rows to their visitors' buffers, after the answer: the page never waits for analytics.
 * Rows of the requests of the next HAND_OVER_AFTER_MS go together (platform/write-behind), so a busy
 * page costs a call to a buffer a second rather than one a request.
 */
const handingOver = writeBehind<EventRow>({ afterMs: HAND_OVER_AFTER_MS, atCount: 100, write: handOver });

export function bufferEvents(app: AppContext, rows: EventRow[]) {
  handingOver.add(app, rows);
}

/** Sends rows to their visitors' buffers, one call per shard. */
async function handOver(app: AppContext, rows: EventRow[]): Promise<void> {
  const batches = new Map<number, EventRow[]>();
  for (const row of rows) {
    const shard = shardOf(row.userId ?? row.anonymousId);
    const batch = batches.get(shard);
    if (batch) batch.push(row);
    else batches.set(shard, [row]);
  }
  await Promise.all(
    [...batches].map(([shard, batch]) =>
      buffer(app.bindings, shard)
        .add(batch)
        .catch(async (error: unknown) => {
          // The buffer is unreachable (a deploy restarting it): write directly rather than lose them.
          console.error("analytics: buffer unreachable, writing directly", String(error));
          await writeEvents(app.bindings.DB, batch);
        })
        .catch((error: unknown) => console.error("analytics: could not record", batch.length, "events", error)),
    ),
  );
}

/**
 * Writes what waits in the buffers of these visitors (their user and anonymous ids), or in every
 * buffer when none is named, so a read that follows sees it. This isolate's waiting rows go first.
 */
export async function flushBufferedEvents(app: AppContext, ids?: (string | null | undefined)[]): Promise<number> {
  await handingOver.drain(app);
  const shards = ids
    ? [...new Set(ids.filter((id): id is string => Boolean(id)).map(shardOf))]
    : Array.from({ length: BUFFER_SHARDS }, (_, shard) => shard);
  const written = await Promise.all(shards.map((shard) => buffer(app.bindings, shard).flush()));
  return written.reduce((sum, n) => sum + n, 0);
}

/** A statement's rows as one JSON text stay under this size (D1 takes up to 2 MB in one value). */
const STATEMENT_MAX_BYTES = 512 * 1024;

/**
 * Stores rows in analytics_events in one batch (one transaction); a row already there (same id) is
 * skipped. The rows go as one JSON array per statement, unpacked by json_each: one bound value however
 * many rows (D1 allows 100 bound values a statement), and one statement for D1 to run instead of one a row.
 */
export async function writeEvents(db: D1Database, rows: EventRow[]): Promise<number> {
  if (rows.length === 0) return 0;
  const insert = db.prepare(
    `INSERT INTO analytics_events (id, name, user_id, anonymous_id, properties, created_at)
     SELECT json_extract(value, '$[0]'), json_extract(value, '$[1]'), json_extract(value, '$[2]'),
            json_extract(value, '$[3]'), json_extract(value, '$[4]'), json_extract(value, '$[5]')
     FROM json_each(?1) WHERE true ON CONFLICT (id) DO NOTHING`,
  );
  const chunks: string[] = [];
  let chunk: string[] = [];
  let bytes = 0;
  for (const r of rows) {
    // properties stays text: json_extract of a string element answers the string itself.
    const json = JSON.stringify([
      r.id,
      r.name,
      r.userId ?? null,
      r.anonymousId ?? null,
      JSON.stringify(r.properties),
      r.createdAt,
    ]);
    if (chunk.length && bytes + json.length > STATEMENT_MAX_BYTES) {
      chunks.push(`[${chunk.join(",")}]`);
      chunk = [];
      bytes = 0;
    }
    chunk.push(json);
    bytes += json.length + 1;
  }
  chunks.push(`[${chunk.join(",")}]`);
  const results = await db.batch(chunks.map((json) => insert.bind(json)));
  return results.reduce((sum, result) => sum + (result.meta?.changes ?? 0), 0);
}

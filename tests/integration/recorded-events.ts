// Analytics events reach D1 through the buffers (features/analytics/buffer.server.ts), after the
// response: these helpers flush the buffers and poll, so a test reads every event recorded so far.
import { env } from "cloudflare:test";
import { flushBufferedEvents, HAND_OVER_AFTER_MS } from "~/features/analytics/buffer.server";
import { testApp } from "./app-context";

/** Writes what waits in every buffer to analytics_events. */
export async function flushEvents(): Promise<void> {
  await flushBufferedEvents(testApp());
}

/**
 * The rows `query` selects (a `properties` column comes back parsed) once `until` holds: flushing the
 * buffers and polling for up to four seconds, since the worker hands rows over after the response
 * (HAND_OVER_AFTER_MS later).
 */
export async function recordedEvents<Row extends object>(
  query: string,
  binds: unknown[],
  until: (rows: Row[]) => boolean = (rows) => rows.length > 0,
): Promise<Row[]> {
  let rows: Row[] = [];
  for (let i = 0; i < 80; i++) {
    await flushEvents();
    const { results } = await env.DB.prepare(query)
      .bind(...binds)
      .all<Record<string, unknown>>();
    rows = results.map((r) =>
      typeof r.properties === "string" ? { ...r, properties: JSON.parse(r.properties) } : r,
    ) as Row[];
    if (until(rows)) return rows;
    await new Promise((r) => setTimeout(r, 50));
  }
  return rows;
}

/**
 * For "nothing was recorded": lets the answers' deferred work run and the worker hand its rows to the
 * buffers (it waits HAND_OVER_AFTER_MS to send them together), then flushes the buffers.
 */
export async function settle(): Promise<void> {
  await new Promise((r) => setTimeout(r, HAND_OVER_AFTER_MS + 300));
  await flushEvents();
}

/**
 * Our own analytics proxy (spec 7: a path ending '/data', standard batched uploads): POST /api/data
 * (app/routes/api.data.ts reads and checks the whole batch first; any bad message answers 400 and
 * nothing is stored). Good batches
 * go to D1 in one db.batch (one transaction), each message once (its messageId is the row's key).
 * Who an event belongs to is decided here, never by the client: the signed-in user (session cookie or
 * bearer token), and the anonymous id from the visitor's cookie.
 */
import { ANONYMOUS_ID } from "~/features/identity/anonymous.server";
import type { AppContext } from "~/platform/context";
import type { EventName } from "./events";
import { writeEvents } from "./buffer.server";
import { eventRow, writeDataPoints, type EventRow } from "./record.server";
import type { BatchMessage } from "./schema";

export interface IngestOutcome {
  received: number;
  stored: number;
  duplicates: number;
  ignored: number;
  /** The traits of the batch's last identify message, when the sender is signed in (the route identifies them). */
  identifyTraits: { city?: string; countryCode?: string } | null;
}

/**
 * Stores a checked batch (batchSchema) for this visitor: the signed-in user, and the anonymous id of
 * the visitor's cookie (else the message's own, when well formed).
 */
export async function ingestBatch(
  app: AppContext,
  visitor: { userId: string | null; anonymousId: string | null },
  batch: BatchMessage[],
): Promise<IngestOutcome> {
  const rows: EventRow[] = [];
  let identifies = 0;
  let ignored = 0;
  for (const message of batch) {
    // A userId in the batch is only ever the signed-in user's own: anything else is replaced.
    const userId = visitor.userId;
    const anonymousId =
      visitor.anonymousId ??
      (message.anonymousId && ANONYMOUS_ID.test(message.anonymousId) ? message.anonymousId : null);
    if (message.type === "identify") {
      if (userId) identifies++;
      else ignored++;
      continue;
    }
    rows.push(toRow(app, message, { userId, anonymousId }));
  }

  const stored = await writeEvents(app.bindings.DB, rows);
  writeDataPoints(app, rows);
  const lastIdentify = batch.filter((m) => m.type === "identify").at(-1);
  return {
    received: batch.length,
    stored,
    duplicates: rows.length - stored,
    ignored,
    identifyTraits:
      identifies > 0 && lastIdentify?.type === "identify"
        ? { city: lastIdentify.traits.city, countryCode: lastIdentify.traits.countryCode }
        : null,
  };
}

/**
 * One message as an event row. Its id is the messageId, namespaced by who sent it, so a retried batch
 * is stored once and one visitor cannot collide with another's ids. The client's clock is kept as a
 * property; the row's time is the server's.
 */
function toRow(
  app: AppContext,
  message: Exclude<BatchMessage, { type: "identify" }>,
  who: { userId: string | null; anonymousId: string | null },
): EventRow {
  const name = (message.type === "track" ? message.event : message.name) as EventName;
  const sender = who.userId ?? who.anonymousId ?? "visitor";
  const properties = {
    ...message.properties,
    ...(message.timestamp ? { clientTimestamp: message.timestamp } : {}),
    via: "browser",
  };
  return eventRow(app, name, who, properties, `msg:${sender}:${message.messageId}`);
}

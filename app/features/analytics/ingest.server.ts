/**
 * Our own analytics proxy (spec 7: a path ending '/data', standard batched uploads): POST /api/data.
 * The whole batch is checked first; any bad message answers 400 and nothing is stored. Good batches
 * go to D1 in one db.batch (one transaction), each message once (its messageId is the row's key).
 * Who an event belongs to is decided here, never by the client: the signed-in user (session cookie or
 * bearer token), and the anonymous id from the visitor's cookie.
 */
import { anonymousIdOf, ANONYMOUS_ID } from "~/features/identity/anonymous.server";
import { requestUser } from "~/features/identity/tokens.server";
import type { AppContext } from "~/platform/context";
import type { EventName } from "./events";
import { identify } from "./identify.server";
import { eventRow, writeDataPoints, type EventRow } from "./record.server";
import { BODY_MAX_BYTES, batchSchema, type BatchMessage } from "./schema";

const answer = (status: number, body: Record<string, unknown>) =>
  Response.json(body, { status, headers: { "Cache-Control": "no-store" } });
const problem = (status: 400 | 405 | 413 | 415, error: string, details?: unknown) =>
  answer(status, { success: false, error, ...(details ? { details } : {}) });

/** sendBeacon posts a string as text/plain; fetch as application/json. Nothing else is a batch. */
function acceptsType(contentType: string | null): boolean {
  if (!contentType) return true;
  const type = contentType.split(";")[0].trim().toLowerCase();
  return type === "application/json" || type === "text/plain";
}

async function readBatch(request: Request): Promise<{ ok: true; value: unknown } | { ok: false; response: Response }> {
  if (!acceptsType(request.headers.get("Content-Type")))
    return { ok: false, response: problem(415, "Send the batch as application/json or text/plain") };
  const declared = Number(request.headers.get("Content-Length") ?? "0");
  if (declared > BODY_MAX_BYTES)
    return { ok: false, response: problem(413, `A batch is at most ${BODY_MAX_BYTES} bytes`) };
  const bytes = await request.arrayBuffer();
  if (bytes.byteLength > BODY_MAX_BYTES)
    return { ok: false, response: problem(413, `A batch is at most ${BODY_MAX_BYTES} bytes`) };
  try {
    return { ok: true, value: JSON.parse(new TextDecoder().decode(bytes)) };
  } catch {
    return { ok: false, response: problem(400, "The body is not JSON") };
  }
}

export async function ingestBatch(app: AppContext, request: Request): Promise<Response> {
  if (request.method !== "POST") return problem(405, "Method not allowed");
  const read = await readBatch(request);
  if (!read.ok) return read.response;
  const parsed = batchSchema.safeParse(read.value);
  if (!parsed.success) {
    const issues = parsed.error.issues.slice(0, 10).map((i) => ({ field: i.path.join("."), message: i.message }));
    return problem(400, `Invalid batch: ${issues[0].field ? `${issues[0].field}: ` : ""}${issues[0].message}`, issues);
  }

  const user = await requestUser(app, request);
  const cookieAnonymousId = anonymousIdOf(request);
  const rows: EventRow[] = [];
  let identifies = 0;
  let ignored = 0;
  for (const message of parsed.data.batch) {
    // A userId in the batch is only ever the signed-in user's own: anything else is replaced.
    const userId = user?.id ?? null;
    const anonymousId =
      cookieAnonymousId ?? (message.anonymousId && ANONYMOUS_ID.test(message.anonymousId) ? message.anonymousId : null);
    if (message.type === "identify") {
      if (userId) identifies++;
      else ignored++;
      continue;
    }
    rows.push(toRow(app, message, { userId, anonymousId }));
  }

  let stored = 0;
  if (rows.length > 0) {
    const DB = app.bindings.DB;
    const insert = DB.prepare(
      `INSERT INTO analytics_events (id, name, user_id, anonymous_id, properties, created_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6) ON CONFLICT (id) DO NOTHING`,
    );
    const results = await DB.batch(
      rows.map((r) =>
        insert.bind(r.id, r.name, r.userId ?? null, r.anonymousId ?? null, JSON.stringify(r.properties), r.createdAt),
      ),
    );
    stored = results.reduce((sum, result) => sum + (result.meta?.changes ?? 0), 0);
    writeDataPoints(app, rows);
  }
  if (identifies > 0 && user) {
    const traits = parsed.data.batch.filter((m) => m.type === "identify").at(-1) as Extract<
      BatchMessage,
      { type: "identify" }
    >;
    await identify(app, request, user.id, { city: traits.traits.city, countryCode: traits.traits.countryCode });
  }
  return answer(200, {
    success: true,
    received: parsed.data.batch.length,
    stored,
    duplicates: rows.length - stored,
    identified: identifies > 0 && Boolean(user),
    ignored,
  });
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

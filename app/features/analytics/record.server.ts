/**
 * Records an analytics event in D1 after the response (ctx.waitUntil), so tracking never slows or
 * breaks the action that caused it.
 */
import { analyticsEvents } from "~/db/schema";
import type { AppContext } from "~/platform/context";
import type { EventName } from "./events";

export function recordEvent(app: AppContext, name: EventName, who: { userId?: string | null; anonymousId?: string | null }, properties: Record<string, unknown> = {}) {
  const write = app.db
    .insert(analyticsEvents)
    .values({ id: crypto.randomUUID(), name, userId: who.userId ?? null, anonymousId: who.anonymousId ?? null, properties, createdAt: app.now })
    .then(() => undefined)
    .catch((error: unknown) => console.error("analytics: could not record", name, error));
  app.ctx.waitUntil(write);
}

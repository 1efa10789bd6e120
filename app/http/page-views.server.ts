/**
 * Page views and modal views for documents the server renders (entry.server.tsx): every GET that
 * answers 200 with a page, with or without JavaScript. A client-side navigation never reaches here
 * (Remix fetches /path.data), so the browser counts those itself (client.ts): each view counts once.
 * Bots and prefetches are not views.
 */
import { isbot } from "isbot";
import { viewEvents } from "~/features/analytics/events";
import { eventRow, recordEvents } from "~/features/analytics/record.server";
import type { AppContext } from "~/platform/context";
import { anonymousIdOf } from "./anonymous.server";
import { sameOriginReferer } from "./location.server";
import { sessionUserOf } from "./session.server";

export function isCountedDocument(request: Request, status: number): boolean {
  return status === 200 && isPersonViewing(request);
}

/** A GET by a person looking at the page: not a bot, not a prefetch or prerender. */
export function isPersonViewing(request: Request): boolean {
  if (request.method !== "GET") return false;
  const purpose = request.headers.get("Sec-Purpose") ?? request.headers.get("Purpose") ?? "";
  if (/prefetch|prerender/i.test(purpose)) return false;
  return !isbot(request.headers.get("User-Agent") || "");
}

/**
 * Records the document's views after the response. Who is viewing comes from the root loader's data
 * (it already read the session, and a first visit's new anonymous id is only in the response); the
 * session is read again only when the root loader had no data (it failed).
 */
export function recordDocumentViews(
  app: AppContext,
  request: Request,
  status: number,
  root: { id: string | null; anonymousId: string | null } | null,
) {
  if (!isCountedDocument(request, status)) return;
  const url = new URL(request.url);
  // Opening a modal over the page it came from is not a second page view.
  const calls = viewEvents(sameOriginReferer(request), url.pathname + url.search);
  if (calls.length === 0) return;
  const write = (async () => {
    const who = root
      ? { userId: root.anonymousId ? null : root.id, anonymousId: root.anonymousId ?? anonymousIdOf(request) }
      : { userId: (await sessionUserOf(app, request))?.id ?? null, anonymousId: anonymousIdOf(request) };
    recordEvents(
      app,
      calls.map((call) => eventRow(app, call.name, who, call.properties)),
    );
  })().catch((error: unknown) => console.error("analytics: could not record page views", error));
  app.ctx.waitUntil(write);
}

/**
 * GET /dev/analytics: the stored analytics events (newest first) and, for one user, the person
 * profile, as JSON, for development and the end-to-end tests (the charts are elsewhere). Narrow with
 * ?anonymousId=, ?userId=, ?email= and ?name=. 404 unless ENVIRONMENT is development or test.
 */
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { and, desc, eq, type SQL } from "drizzle-orm";
import { analyticsEvents, analyticsProfiles, users } from "~/db/schema";
import { flushBufferedEvents } from "~/features/analytics/buffer.server";
import { notFoundOutsideDevelopment } from "~/platform/http.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { app } = context;
  notFoundOutsideDevelopment(app.env);
  // Events wait in the buffers for a few seconds: the tests read everything recorded so far.
  await flushBufferedEvents(app);
  const query = new URL(request.url).searchParams;
  const email = query.get("email")?.trim().toLowerCase();
  const byEmail = email ? await app.db.select({ id: users.id }).from(users).where(eq(users.email, email)).get() : null;
  if (email && !byEmail)
    return Response.json({ events: [], profile: null }, { headers: { "Cache-Control": "no-store" } });
  const userId = byEmail?.id ?? query.get("userId") ?? null;
  const filters: SQL[] = [];
  if (userId) filters.push(eq(analyticsEvents.userId, userId));
  const anonymousId = query.get("anonymousId");
  if (anonymousId) filters.push(eq(analyticsEvents.anonymousId, anonymousId));
  const name = query.get("name");
  if (name) filters.push(eq(analyticsEvents.name, name));
  const events = await app.db
    .select()
    .from(analyticsEvents)
    .where(filters.length ? and(...filters) : undefined)
    .orderBy(desc(analyticsEvents.createdAt))
    .limit(200);
  const profile = userId
    ? ((await app.db.select().from(analyticsProfiles).where(eq(analyticsProfiles.userId, userId)).get()) ?? null)
    : null;
  return Response.json({ userId, events, profile }, { headers: { "Cache-Control": "no-store" } });
}

/** Waitlists: the auth modal's Join Waitlist form and POST /api/waitlist/add. Joining twice is not an error. */
import { waitlistEntries } from "~/db/schema";
import type { AppContext } from "~/platform/context";

export async function joinWaitlist(app: AppContext, input: { email: string; list: string; details?: unknown }): Promise<void> {
  await app.db
    .insert(waitlistEntries)
    .values({ id: crypto.randomUUID(), email: input.email.trim().toLowerCase(), list: input.list.slice(0, 200), details: input.details ?? null, createdAt: app.now })
    .onConflictDoNothing();
}

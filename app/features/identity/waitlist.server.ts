/** Waitlists: the auth modal's Join Waitlist form and POST /api/waitlist/add. Joining twice is not an error. */
import { waitlistEntries } from "~/db/schema";
import type { AppContext } from "~/platform/context";

/** Resolves true when the email is new on that list, false when it was already there (stored once either way). */
export async function joinWaitlist(
  app: AppContext,
  input: { email: string; list: string; details?: unknown },
): Promise<boolean> {
  const inserted = await app.db
    .insert(waitlistEntries)
    .values({
      id: crypto.randomUUID(),
      email: input.email.trim().toLowerCase(),
      list: input.list.slice(0, 200),
      details: input.details ?? null,
      createdAt: app.now,
    })
    .onConflictDoNothing()
    .returning({ id: waitlistEntries.id });
  return inserted.length > 0;
}

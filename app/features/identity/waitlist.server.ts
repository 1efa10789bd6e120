/** Waitlists: the auth modal's Join Waitlist form and POST /api/waitlist/add. Joining twice is not an error. */
import { waitlistEntries } from "~/db/schema";
import type { AppContext } from "~/platform/context";
import { collectEmail, interestFromPage } from "./leads.server";

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

/** The lead source of a Join Waitlist form entry: the form's own address (a 'waitlist' path, spec 7) naming the list. */
export const waitlistLeadSource = (list: string) => `/auth/join-waitlist?list=${list}`;

/**
 * The auth modal's Join Waitlist form: joins the list (a coming-soon class's 'class:{id}', a
 * collection's 'collection:{slug}', else the page's path) and, the first time, records the email as
 * a lead (spec 7: a source on a 'waitlist' path counts as a lead or waitlist page) interested in the
 * class or collection the form was opened on. Joining twice changes nothing.
 */
export async function joinWaitlistFromForm(
  app: AppContext,
  input: { email: string; list: string; page: string },
): Promise<boolean> {
  const list = input.list.slice(0, 200);
  const added = await joinWaitlist(app, { email: input.email, list, details: { page: input.page } });
  if (added)
    await collectEmail(app, {
      email: input.email,
      classInterestedIn: await interestFromPage(app, input.page),
      extraTags: { waitlist: list },
      source: waitlistLeadSource(list),
    });
  return added;
}

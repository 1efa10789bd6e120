/**
 * The creator waitlist: the service behind POST /api/apps/joinCreatorWaitlist and the form on
 * /creator and /build. Entries live in waitlist_entries under the 'creators' list; joining twice is
 * a success, stored once.
 */
import { joinWaitlist } from "~/features/identity/waitlist.server";
import type { AppContext } from "~/platform/context";
import { CREATOR_WAITLIST, creatorMessages } from "./rules";

export type Joined = { ok: true; message: string } | { ok: false; status: 503; message: string };

/** Stores a valid email; a store failure is reported as the spec's 'Failed to join waitlist', never thrown. */
export async function joinCreatorWaitlist(app: AppContext, email: string): Promise<Joined> {
  try {
    const isNew = await joinWaitlist(app, { email, list: CREATOR_WAITLIST });
    return { ok: true, message: isNew ? creatorMessages.joined : creatorMessages.alreadyJoined };
  } catch (error) {
    console.error("creator waitlist failed", error);
    return { ok: false, status: 503, message: creatorMessages.failed };
  }
}

/**
 * An admin's announcement to everyone: one universal notification (user_id NULL: the red dot for
 * every user who has not seen it), pushed live to everyone online. The form's idempotency key makes
 * a double click announce once.
 */
import { notify } from "~/features/notifications/notify.server";
import type { AnnouncementInput } from "~/features/notifications/schema";
import type { AppContext } from "~/platform/context";

export function announce(app: AppContext, input: AnnouncementInput) {
  return notify(app, {
    userId: null,
    kind: "announcement",
    title: input.title,
    body: input.body,
    link: input.link,
    dedupeKey: `announcement:${input.idempotencyKey}`,
  });
}

/**
 * Anonymous visitors (spec 6): 'anon_' + UUID in the dx_non_auth_user_id cookie (and local storage
 * with JavaScript), sent to the apps backend as X-Non-Auth-User-Id. After sign-in the id is linked to
 * the account once (claimAnonymousId); what the visitor did anonymously then follows it, moved by the
 * sign-in service (features/sign-in), which calls each area in turn.
 */
import { eq } from "drizzle-orm";
import { anonymousLinks } from "~/db/schema";
import type { AppContext } from "~/platform/context";

import { ANONYMOUS_ID } from "./anonymous-id";

export { ANONYMOUS_ID };

export const newAnonymousId = () => `anon_${crypto.randomUUID()}`;

export type LinkResult = { success: true; dataLinked: boolean; message: string } | { success: false; message: string };

/**
 * Links the anonymous id to the account, once: "claimed" when this call made the link (the visitor's
 * data may now follow), "already" when it was this user's already, otherwise the refusal to answer.
 */
export async function claimAnonymousId(
  app: AppContext,
  anonymousId: string,
  userId: string,
): Promise<"claimed" | "already" | { success: false; message: string }> {
  if (!ANONYMOUS_ID.test(anonymousId))
    return { success: false, message: "anonymousUserId must be 'anon_' followed by a UUID" };
  const [claimed] = await app.db
    .insert(anonymousLinks)
    .values({ anonymousId, userId, linkedAt: app.now })
    .onConflictDoNothing()
    .returning();
  if (claimed) return "claimed";
  const existing = await app.db.select().from(anonymousLinks).where(eq(anonymousLinks.anonymousId, anonymousId)).get();
  if (existing?.userId !== userId) return { success: false, message: "This anonymous id belongs to another account" };
  return "already";
}

/** The header the apps backend's callers name their anonymous id in (spec 6). */
export const NON_AUTH_HEADER = "X-Non-Auth-User-Id";

/** Why a link is refused: only the id this request carries may be linked, never one named in a body. */
export const NOT_YOUR_ANONYMOUS_ID =
  "This anonymous id is not yours: only the id this browser carries (its visitor cookie or X-Non-Auth-User-Id) can be linked";

/**
 * The well-formed anonymous ids among those a request carries (its visitor cookie and its
 * X-Non-Auth-User-Id header, read by the caller). Linking is limited to these, so knowing another
 * visitor's id (it shows in addresses such as checkPlanStatus) is not enough to put it in a body and
 * take their answers, plan and cart.
 */
export function carriedAnonymousIds(...carried: (string | null | undefined)[]): string[] {
  const ids = carried.map((id) => id?.trim() ?? "").filter((id) => ANONYMOUS_ID.test(id));
  return [...new Set(ids)];
}

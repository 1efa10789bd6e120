/**
 * Anonymous visitors (spec 6): 'anon_' + UUID in the dx_non_auth_user_id cookie (and local storage
 * with JavaScript), sent to the apps backend as X-Non-Auth-User-Id. After sign-in the id is linked to
 * the account once; what the visitor did anonymously (carts, onboarding answers) follows it as those
 * areas arrive, each registering the tables it keys by the anonymous id in ANONYMOUS_DATA.
 */
import { parse as parseCookie } from "cookie";
import { eq } from "drizzle-orm";
import { anonymousLinks } from "~/db/schema";
import type { AppContext } from "~/platform/context";
import { ANONYMOUS_COOKIE } from "./rules";

export const ANONYMOUS_ID = /^anon_[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export const newAnonymousId = () => `anon_${crypto.randomUUID()}`;

/** Moves one kind of anonymous data to the user; returns how many rows moved. */
type AnonymousDataMover = (app: AppContext, anonymousId: string, userId: string) => Promise<number>;
export const ANONYMOUS_DATA: AnonymousDataMover[] = [];

export type LinkResult = { success: true; dataLinked: boolean; message: string } | { success: false; message: string };

export async function linkAnonymousUser(app: AppContext, anonymousId: string, userId: string): Promise<LinkResult> {
  if (!ANONYMOUS_ID.test(anonymousId))
    return { success: false, message: "anonymousUserId must be 'anon_' followed by a UUID" };
  const [claimed] = await app.db
    .insert(anonymousLinks)
    .values({ anonymousId, userId, linkedAt: app.now })
    .onConflictDoNothing()
    .returning();
  if (!claimed) {
    const existing = await app.db
      .select()
      .from(anonymousLinks)
      .where(eq(anonymousLinks.anonymousId, anonymousId))
      .get();
    if (existing?.userId !== userId) return { success: false, message: "This anonymous id belongs to another account" };
    return { success: true, dataLinked: false, message: "Already linked" };
  }
  let moved = 0;
  for (const move of ANONYMOUS_DATA) moved += await move(app, anonymousId, userId);
  return {
    success: true,
    dataLinked: moved > 0,
    message: moved > 0 ? "Anonymous data linked" : "No anonymous data to link",
  };
}

/** The visitor's anonymous id from the cookie, when it is well formed. */
export function anonymousIdOf(request: Request): string | null {
  const value = parseCookie(request.headers.get("Cookie") ?? "")[ANONYMOUS_COOKIE];
  return value && ANONYMOUS_ID.test(value) ? value : null;
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

/** Readable by the page's script (it mirrors the id to local storage), a year long. */
export function anonymousCookie(id: string | null, secure: boolean): string {
  const attributes = `Path=/; SameSite=Lax${secure ? "; Secure" : ""}`;
  return id
    ? `${ANONYMOUS_COOKIE}=${id}; Max-Age=31536000; ${attributes}`
    : `${ANONYMOUS_COOKIE}=; Max-Age=0; ${attributes}`;
}

/** At sign-in: links the visitor's anonymous id once; the cookie is cleared when data moved (spec 4). */
export async function linkOnSignIn(
  app: AppContext,
  request: Request,
  userId: string,
  secure: boolean,
): Promise<string[]> {
  const anonymousId = anonymousIdOf(request);
  if (!anonymousId) return [];
  const result = await linkAnonymousUser(app, anonymousId, userId);
  return result.success && result.dataLinked ? [anonymousCookie(null, secure)] : [];
}

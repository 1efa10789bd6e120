/**
 * The admin's services: the server decides who is an admin (users.is_admin, made by `npm run admin`).
 * Admins find users, switch their VIP and creator flags, and edit feature flags (the home banner's
 * payload is checked against its schema). The /admin routes check the caller first
 * (app/http/admin.server.ts).
 */
import { asc, eq, or, sql } from "drizzle-orm";
import { featureFlags, users, type UserRow } from "~/db/schema";
import { BANNER_FLAG, bannerPayloadSchema } from "~/features/flags/banner";
import { variantSetsOf } from "~/features/experiments/experiments.server";
import { HOME_HERO_EXPERIMENT } from "~/features/experiments/rules";
import { flagCacheKey } from "~/features/flags/flags.server";
import { HERO_FLAG, heroPayloadSchema } from "~/features/flags/hero";
import type { AppContext } from "~/platform/context";
import { forgetSharedPage } from "~/platform/shared-copies.server";
import type { FeatureFlagInput, UserFlagInput } from "./schema";

export const SEARCH_LIMIT = 25;

export const isAdmin = (user: Pick<UserRow, "isAdmin">) => user.isAdmin;

export async function searchUsers(app: AppContext, query: string) {
  const q = query.trim().toLowerCase().slice(0, 100);
  // instr, not LIKE: D1 refuses LIKE patterns past ~50 characters ("pattern too complex"), and the
  // query is plain text (a % or _ in it is a letter, not a wildcard).
  const where = q
    ? or(
        sql`instr(lower(${users.email}), ${q}) > 0`,
        sql`instr(lower(${users.firstName} || ' ' || ${users.lastName}), ${q}) > 0`,
        eq(users.id, q),
      )
    : undefined;
  const rows = await app.db.select().from(users).where(where).orderBy(asc(users.email)).limit(SEARCH_LIMIT).all();
  return rows.map((u) => ({
    id: u.id,
    email: u.email,
    name: `${u.firstName} ${u.lastName}`,
    signUpDate: u.signUpDate,
    isAdmin: u.isAdmin,
    isStudioVip: u.isStudioVip,
    isCreator: Boolean(u.creatorInfo),
    hasNewDashboardAccess: Boolean(u.creatorInfo?.hasNewDashboardAccess),
  }));
}

export async function listFlags(app: AppContext) {
  return app.db.select().from(featureFlags).orderBy(asc(featureFlags.key)).all();
}

/** Parses a flag's payload: JSON object or empty; the home banner's and the hero's must match their schemas. */
export function parseFlagPayload(
  key: string,
  raw: string | undefined,
): { ok: true; value: Record<string, unknown> | null } | { ok: false; error: string } {
  if (!raw?.trim()) return { ok: true, value: null };
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return { ok: false, error: "The payload must be JSON." };
  }
  if (!value || typeof value !== "object" || Array.isArray(value))
    return { ok: false, error: "The payload must be a JSON object." };
  const checked = key === BANNER_FLAG ? bannerPayloadSchema : key === HERO_FLAG ? heroPayloadSchema : null;
  if (checked) {
    const parsed = checked.safeParse(value);
    if (!parsed.success)
      return {
        ok: false,
        error: `The ${key === BANNER_FLAG ? "banner" : "hero"} payload is not valid: ${parsed.error.issues.map((i) => `${i.path.join(".") || "payload"} ${i.message}`).join("; ")}`,
      };
  }
  return { ok: true, value: value as Record<string, unknown> };
}

/** Switches one of a user's flags; the user's email, or null when there is no such user. */
export async function setUserFlag(app: AppContext, input: UserFlagInput): Promise<string | null> {
  const target = await app.db.select().from(users).where(eq(users.id, input.userId)).get();
  if (!target) return null;
  const on = input.value === "on";
  if (input.flag === "isStudioVip") {
    await app.db.update(users).set({ isStudioVip: on }).where(eq(users.id, target.id));
  } else {
    const info = target.creatorInfo ?? {};
    const creatorInfo =
      input.flag === "isCreator"
        ? on
          ? { ...info, hasNewDashboardAccess: Boolean(info.hasNewDashboardAccess) }
          : null
        : { ...info, hasNewDashboardAccess: on };
    await app.db.update(users).set({ creatorInfo }).where(eq(users.id, target.id));
  }
  return target.email;
}

/** Saves a feature flag; the payload's problem in words when it is not valid (nothing saved then). */
export async function saveFeatureFlag(app: AppContext, input: FeatureFlagInput): Promise<{ error: string } | null> {
  const payload = parseFlagPayload(input.key, input.payload);
  if (!payload.ok) return { error: payload.error };
  const enabled = input.enabled === "on";
  await app.db
    .insert(featureFlags)
    .values({ key: input.key, enabled, payload: payload.value, updatedAt: app.now })
    .onConflictDoUpdate({ target: featureFlags.key, set: { enabled, payload: payload.value, updatedAt: app.now } });
  // Pages read flags through KV for a minute; the change shows at once.
  await app.bindings.CACHE.delete(flagCacheKey(input.key));
  // The flags shape the home page (its banner and hero), which visitors get as a shared copy: this
  // data center's copies go at once, the others' within their minute.
  await forgetSharedPage("/", await variantSetsOf(app, [HOME_HERO_EXPERIMENT]));
  return null;
}

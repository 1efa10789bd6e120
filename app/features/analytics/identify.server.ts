/**
 * Identify (spec 7): the person profile in analytics_profiles. The identify fields (email, names,
 * membershipStatus defaulting to 'inactive', city, countryCode) follow the account at every sign-in;
 * the attribution keys (not aaCampaign) and the 'lead source info' are set once per user and never
 * overwritten (COALESCE keeps the first value).
 */
import { eq, sql } from "drizzle-orm";
import { analyticsProfiles, users } from "~/db/schema";
import { leadSourceInfo, profileAttribution } from "~/features/attribution/rules";
import type { AppContext } from "~/platform/context";

/** Where a sign-in comes from: the visitor's location (when known) and the page of ours it came from. */
export interface SignInPlace {
  city: string | null;
  countryCode: string | null;
  /** The same-origin page (path and query) the request came from, or null. */
  referer: string | null;
}

/** Writes the person profile of the user from where they are (see the header). */
export async function identifyProfile(app: AppContext, userId: string, { city, countryCode, referer }: SignInPlace) {
  const user = await app.db
    .select({
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      membershipStatus: users.membershipStatus,
    })
    .from(users)
    .where(eq(users.id, userId))
    .get();
  if (!user) return false;
  const attribution = profileAttribution(app.attribution);
  const lead = leadSourceInfo(app.attribution, referer);
  const values = {
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    membershipStatus: user.membershipStatus ?? "inactive",
    city,
    countryCode,
    attribution,
    leadSourceInfo: lead,
    updatedAt: app.now,
  };
  // The identify fields follow the account; a location only replaces one when known; the attribution
  // and the lead source stay as first set (COALESCE keeps the stored value).
  await app.db
    .insert(analyticsProfiles)
    .values({ userId, ...values, firstSeenAt: app.now })
    .onConflictDoUpdate({
      target: analyticsProfiles.userId,
      set: {
        email: sql`excluded.email`,
        firstName: sql`excluded.first_name`,
        lastName: sql`excluded.last_name`,
        membershipStatus: sql`excluded.membership_status`,
        city: sql`coalesce(excluded.city, ${analyticsProfiles.city})`,
        countryCode: sql`coalesce(excluded.country_code, ${analyticsProfiles.countryCode})`,
        attribution: sql`coalesce(${analyticsProfiles.attribution}, excluded.attribution)`,
        leadSourceInfo: sql`coalesce(${analyticsProfiles.leadSourceInfo}, excluded.lead_source_info)`,
        updatedAt: sql`excluded.updated_at`,
      },
    });
  return true;
}

/** Identify after the response: a sign-in never waits for (or fails because of) analytics. */
export function identifyLater(app: AppContext, userId: string, place: SignInPlace) {
  app.ctx.waitUntil(
    identifyProfile(app, userId, place).catch((error: unknown) => console.error("analytics: identify failed", error)),
  );
}

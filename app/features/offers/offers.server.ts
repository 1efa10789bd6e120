/**
 * The countdown offer on the server: from what the visitor's browser remembers (the offer memory and
 * the VIP gate, read by the route), the VIP gate and the user's offersSeenInfo, decides each
 * product's price with the pure rules and says what the browser should now remember. A sighting is
 * saved on the user (throttled to once per 5 minutes) after the response.
 */
import { eq } from "drizzle-orm";
import { users, type UserRow } from "~/db/schema";
import type { OfferFields, PriceInfo, PricedFor } from "~/features/catalog/rules";
import type { AppContext } from "~/platform/context";
import {
  EXPIRATION_COOKIE,
  LAST_SEEN_COOKIE,
  NO_PRICE_OFFER,
  OFFER_NAME,
  decideOffer,
  mergeMemory,
  parseEpoch,
  shouldSaveSighting,
  shownPrice,
  type OfferMemory,
  type ShownPrice,
} from "./rules";
import { VIP_GATE_COOKIE, isVipVisit } from "./vip";

export type Priced = OfferFields & { priceInfo: PriceInfo };
export type { PricedFor };

/** What the browser remembers between pages, by name (the route reads it from the cookies). */
export type OfferJar = Partial<Record<string, string>>;

/** One thing the browser should now remember (a value) or forget (null); the route writes it as a cookie. */
export interface Remembered {
  name: string;
  value: string | null;
}

export interface Offers {
  readonly isVip: boolean;
  price(product: Priced): ShownPrice;
  /** Each product with the price this visitor sees. */
  priced<T extends Priced>(products: T[]): PricedFor<T>[];
  /** What changed, for the browser to remember; also saves the sighting on the user, once, after the response. */
  remember(): Remembered[];
}

/**
 * The offers one visitor sees: `jar` is what their browser remembers, `vipFromQuery` whether this
 * page was opened with p=vip.
 */
export function visitorOffers(
  app: AppContext,
  { jar, vipFromQuery }: { jar: OfferJar; vipFromQuery: boolean },
  user: Pick<UserRow, "id" | "offersSeenInfo"> | null,
): Offers {
  const isVip = vipFromQuery || isVipVisit(jar[VIP_GATE_COOKIE]);
  const fromCookies = {
    expirationDateSeen: parseEpoch(jar[EXPIRATION_COOKIE]),
    lastSeenCurrentOffer: parseEpoch(jar[LAST_SEEN_COOKIE]),
    noPriceOffer: jar[NO_PRICE_OFFER] === "true",
  };
  const seen = user?.offersSeenInfo?.[OFFER_NAME];
  const initial = mergeMemory(fromCookies, seen);
  let memory: OfferMemory = initial;
  let sighted = false;

  const price = (product: Priced): ShownPrice => {
    const decision = decideOffer(product, memory, { now: app.now, isVip });
    memory = decision.memory;
    sighted ||= decision.recordSighting;
    return shownPrice(product.priceInfo, decision.show, product.crossedPriceApplicableFrom);
  };

  return {
    isVip,
    price,
    priced: (products) =>
      products.map(({ crossedPriceApplicableFrom, specialOnlyVip, shouldNotHideDiscount, priceInfo, ...rest }) => ({
        ...rest,
        priceInfo: price({ crossedPriceApplicableFrom, specialOnlyVip, shouldNotHideDiscount, priceInfo }),
      })),
    remember() {
      const out: Remembered[] = [];
      if (vipFromQuery && !isVipVisit(jar[VIP_GATE_COOKIE])) out.push({ name: VIP_GATE_COOKIE, value: "vip" });
      if (memory.expirationDateSeen !== fromCookies.expirationDateSeen && memory.expirationDateSeen !== null)
        out.push({ name: EXPIRATION_COOKIE, value: String(memory.expirationDateSeen) });
      if (memory.lastSeenCurrentOffer !== fromCookies.lastSeenCurrentOffer && memory.lastSeenCurrentOffer !== null)
        out.push({ name: LAST_SEEN_COOKIE, value: String(memory.lastSeenCurrentOffer) });
      if (memory.noPriceOffer !== fromCookies.noPriceOffer)
        out.push({ name: NO_PRICE_OFFER, value: memory.noPriceOffer ? "true" : null });
      if (
        user &&
        sighted &&
        shouldSaveSighting(seen?.lastSeenCurrentOffer, app.now) &&
        memory.expirationDateSeen !== null
      ) {
        const sighting = { expirationDateSeen: memory.expirationDateSeen, lastSeenCurrentOffer: app.now };
        app.ctx.waitUntil(saveOfferSighting(app, user.id, OFFER_NAME, sighting).catch(() => undefined));
      }
      return out;
    },
  };
}

/**
 * saveLastSeenOfferInfo: records on the user what offer they saw and when. Values only grow, so a
 * late or repeated save never moves the memory backwards.
 */
export async function saveOfferSighting(
  app: AppContext,
  userId: string,
  offerKey: string,
  sighting: { expirationDateSeen: number; lastSeenCurrentOffer: number },
) {
  const row = await app.db
    .select({ offersSeenInfo: users.offersSeenInfo })
    .from(users)
    .where(eq(users.id, userId))
    .get();
  if (!row) return null;
  const before = row.offersSeenInfo?.[offerKey] ?? {};
  const after = {
    expirationDateSeen: Math.max(before.expirationDateSeen ?? 0, sighting.expirationDateSeen),
    lastSeenCurrentOffer: Math.max(before.lastSeenCurrentOffer ?? 0, sighting.lastSeenCurrentOffer),
  };
  await app.db
    .update(users)
    .set({ offersSeenInfo: { ...(row.offersSeenInfo ?? {}), [offerKey]: after } })
    .where(eq(users.id, userId));
  return after;
}

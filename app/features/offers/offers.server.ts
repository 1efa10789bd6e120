/**
 * The countdown offer on the server: reads the offer cookies, the VIP gate and the user's
 * offersSeenInfo, decides each product's price with the pure rules, and hands back the cookies to
 * set. A sighting is saved on the user (throttled to once per 5 minutes) after the response.
 */
import { data } from "@remix-run/cloudflare";
import { parse as parseCookie } from "cookie";
import { eq } from "drizzle-orm";
import { users, type UserRow } from "~/db/schema";
import { currentUser } from "~/features/identity/sessions.server";
import type { AppContext } from "~/platform/context";
import { isSecureRequest } from "~/platform/http.server";
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
  type OfferFields,
  type OfferMemory,
  type PriceInfo,
  type ShownPrice,
} from "./rules";
import { VIP_GATE_COOKIE, isVipVisit } from "./vip";

export type Priced = OfferFields & { priceInfo: PriceInfo };
/** A product as a page shows it: the offer fields replaced by the price the visitor sees. */
export type PricedFor<T extends Priced> = Omit<T, keyof OfferFields | "priceInfo"> & { priceInfo: ShownPrice };

export interface Offers {
  readonly isVip: boolean;
  price(product: Priced): ShownPrice;
  /** Each product with the price this visitor sees. */
  priced<T extends Priced>(products: T[]): PricedFor<T>[];
  /** Set-Cookie headers for what changed; also saves the sighting on the user, once, after the response. */
  cookies(): string[];
}

const YEAR_SECONDS = 365 * 86_400;

function cookieHeader(name: string, value: string | null, secure: boolean): string {
  const attributes = `Path=/; SameSite=Lax${secure ? "; Secure" : ""}`;
  return value === null
    ? `${name}=; Max-Age=0; ${attributes}`
    : `${name}=${value}; Max-Age=${YEAR_SECONDS}; ${attributes}`;
}

export function readOffers(
  app: AppContext,
  request: Request,
  user: Pick<UserRow, "id" | "offersSeenInfo"> | null,
): Offers {
  const jar = parseCookie(request.headers.get("Cookie") ?? "");
  const url = new URL(request.url);
  const vipFromQuery = url.searchParams.get("p") === "vip";
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
    cookies() {
      const secure = isSecureRequest(request);
      const out: string[] = [];
      if (vipFromQuery && !isVipVisit(jar[VIP_GATE_COOKIE])) out.push(cookieHeader(VIP_GATE_COOKIE, "vip", secure));
      if (memory.expirationDateSeen !== fromCookies.expirationDateSeen && memory.expirationDateSeen !== null)
        out.push(cookieHeader(EXPIRATION_COOKIE, String(memory.expirationDateSeen), secure));
      if (memory.lastSeenCurrentOffer !== fromCookies.lastSeenCurrentOffer && memory.lastSeenCurrentOffer !== null)
        out.push(cookieHeader(LAST_SEEN_COOKIE, String(memory.lastSeenCurrentOffer), secure));
      if (memory.noPriceOffer !== fromCookies.noPriceOffer)
        out.push(cookieHeader(NO_PRICE_OFFER, memory.noPriceOffer ? "true" : null, secure));
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

/** The offers for this request's visitor (signed in or not). */
export async function offersFor(app: AppContext, request: Request): Promise<Offers> {
  return readOffers(app, request, await currentUser(app, request));
}

/** A loader's answer with the offer cookies this page decided. */
export function withOfferCookies<T>(offers: Offers, body: T) {
  const headers = new Headers();
  for (const cookie of offers.cookies()) headers.append("Set-Cookie", cookie);
  return data(body, { headers });
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

/**
 * The countdown offer over HTTP: a page's offers read from this request's cookies (and p=vip), and
 * a loader's answer that carries the cookies the offers decided. The deciding is features/offers'.
 */
import { data } from "@remix-run/cloudflare";
import { parse as parseCookie } from "cookie";
import type { UserRow } from "~/db/schema";
import { visitorOffers, type Offers } from "~/features/offers/offers.server";
import type { AppContext } from "~/platform/context";
import { isSecureRequest } from "~/platform/http.server";
import { visitorOf } from "./visitor.server";

const YEAR_SECONDS = 365 * 86_400;

/** A Set-Cookie for the offer memory (a year), or one that forgets it (null). */
export function offerCookie(name: string, value: string | null, secure: boolean): string {
  const attributes = `Path=/; SameSite=Lax${secure ? "; Secure" : ""}`;
  return value === null
    ? `${name}=; Max-Age=0; ${attributes}`
    : `${name}=${value}; Max-Age=${YEAR_SECONDS}; ${attributes}`;
}

export interface RequestOffers extends Offers {
  /** Set-Cookie headers for what changed (and the sighting saved on the user, once, after the response). */
  cookies(): string[];
}

/** The offers this request's visitor sees (`user`: the signed-in user, or null). */
export function readOffers(
  app: AppContext,
  request: Request,
  user: Pick<UserRow, "id" | "offersSeenInfo"> | null,
): RequestOffers {
  const jar = parseCookie(request.headers.get("Cookie") ?? "");
  const vipFromQuery = new URL(request.url).searchParams.get("p") === "vip";
  const offers = visitorOffers(app, { jar, vipFromQuery }, user);
  return {
    ...offers,
    cookies: () => {
      const secure = isSecureRequest(request);
      return offers.remember().map(({ name, value }) => offerCookie(name, value, secure));
    },
  };
}

/** The offers for this request's visitor (signed in or not). */
export async function offersFor(app: AppContext, request: Request): Promise<RequestOffers> {
  return readOffers(app, request, (await visitorOf(app, request)).user);
}

/** A loader's answer with the offer cookies this page decided. */
export function withOfferCookies<T>(offers: RequestOffers, body: T) {
  const headers = new Headers();
  for (const cookie of offers.cookies()) headers.append("Set-Cookie", cookie);
  return data(body, { headers });
}

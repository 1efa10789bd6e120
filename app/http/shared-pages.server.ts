/**
 * Shared pages served from Cloudflare's cache (the Cache API; `wrangler dev` simulates it). The rules
 * of who may get one are in shared-pages.ts; this is the serving.
 *
 * A copy is rendered for nobody: the page's address, the theme cookie and nothing else, with no
 * anonymous id, attribution or session (AppContext.sharedRender). It is kept without Set-Cookie and
 * with its nonce noted. Each visitor then gets the copy with:
 * - their own Content-Security-Policy nonce in place of the copy's, in its script tags;
 * - their own cookies: a new anonymous id when they had none, and the countdown offer's memory as the
 *   copy's render decided it, stamped with this visit's time;
 * - their own page view, recorded through the analytics buffer;
 * - on a page with an A/B test, the copy of their variant, assigned and counted here as the page
 *   itself would (features/experiments), before the copy is looked up.
 * A render that turns out to depend on a visitor (a running experiment, a cookie other than the
 * offer's, anything but 200) is not kept; a note that the page is not shared is kept instead, so the
 * next visitors go straight to their own render.
 */
import { parse as parseCookie, serialize as serializeCookie } from "cookie";
import { exposeVisitor, recordExposure, type Exposure } from "~/features/experiments/experiments.server";
import { VARIANTS_COOKIE, variantsCookieValue, variantsInCookie } from "~/features/experiments/rules";
import { EXPIRATION_COOKIE, LAST_SEEN_COOKIE, NO_PRICE_OFFER } from "~/features/offers/rules";
import type { AppContext } from "~/platform/context";
import { isSecureRequest } from "~/platform/http.server";
import { SHARED_PAGE_SECONDS, sharedCopies, sharedCopyKey } from "~/platform/shared-copies.server";
import { readTheme } from "~/platform/theme.server";
import { anonymousCookie, requestAnonymousId } from "./anonymous.server";
import { offerCookie } from "./offers.server";
import { isPersonViewing, recordDocumentViews } from "./page-views.server";
import {
  CART_MARK_COOKIE,
  REPLAYED_COOKIES,
  THEME_COOKIE,
  offerCookiesOf,
  offerMemoryFits,
  type CopyOffer,
  type SharedPageDecision,
} from "./shared-pages";

/**
 * On the answers of shared pages' addresses: "hit" (the kept copy), "miss" (rendered now and kept), or
 * "private" (this visitor's own render: see the rules for why).
 */
export const SHARED_PAGE_HEADER = "X-Shared-Page";
/** Notes a copy keeps about itself (never sent to a visitor). */
const NONCE_NOTE = "X-Copy-Nonce";
const OFFER_NOTE = "X-Copy-Offer";
const CACHE_CONTROL_NOTE = "X-Copy-Cache-Control";
const NOT_SHARED_NOTE = "X-Copy-Not-Shared";

/** Renders a request as the worker does (Remix), with this context and nonce. */
export type RenderPage = (request: Request, app: AppContext, nonce: string) => Promise<Response>;

/**
 * The shared copy of this page for this visitor, or null when they need their own render (the page
 * is not shared, or their countdown offer differs from the copy's).
 */
export async function sharedPage(
  app: AppContext,
  request: Request,
  decision: Extract<SharedPageDecision, { shared: true }>,
  { nonce, render }: { nonce: string; render: RenderPage },
): Promise<Response | null> {
  const theme = await readTheme(request);
  // The visitor's id, or the one this answer gives them (also to their own render, should they need one).
  const visitor = requestAnonymousId(app, request);
  const remembered = variantsInCookie(decision.cookies[VARIANTS_COOKIE]);
  const exposures = await exposuresOf(app, request, decision.experiments, { ...visitor, remembered });
  // The copy is the visitor's variant's (the control outside the window, the rule's for a bot).
  const variants = Object.fromEntries(exposures.map((e) => [e.experiment, e.variant]));
  const key = sharedCopyKey(theme, decision.key, variants);
  const cache = await sharedCopies();
  let copy = await cache.match(key);
  let state: "hit" | "miss" = "hit";
  if (!copy) {
    state = "miss";
    copy = await renderCopy(app, request, { nonce, render, variants });
    // Kept before answering (a miss happens once a minute per page): the next visitor finds it for sure.
    await cache.put(key, copy.clone()).catch((error: unknown) => console.error("shared pages: could not keep", error));
  }
  if (copy.headers.has(NOT_SHARED_NOTE)) return null;
  const offer = JSON.parse(copy.headers.get(OFFER_NOTE) ?? "null") as CopyOffer;
  if (!offerMemoryFits(offer, decision.cookies)) return null;
  // Shown: the visitor is counted in their variants (their own render would count them itself).
  for (const exposure of exposures.filter((e) => e.running))
    recordExposure(app, exposure, { userId: null, anonymousId: visitor.anonymousId });
  // The browser remembers the variants it is counted in, so its next visit reads nothing.
  const counted = Object.fromEntries(exposures.filter((e) => e.running).map((e) => [e.experiment, e.variant]));
  const remember = variantsCookieValue({ ...remembered, ...counted });
  const variantsCookie =
    remember === variantsCookieValue(remembered) ? null : variantsCookieOf(remember, isSecureRequest(request));
  return forVisitor(app, request, copy, { state, nonce, offer, visitor, variantsCookie });
}

/**
 * The visitor's variant of each experiment the page shows, assigned (and stored) as the page itself
 * would; not yet recorded as seen (`running` says whether to). Bots and prefetches get the rule's
 * variant, unstored; outside an experiment's window everyone gets its control.
 */
async function exposuresOf(
  app: AppContext,
  request: Request,
  experiments: readonly string[],
  visitor: { anonymousId: string; isNew: boolean; remembered: Record<string, string> },
): Promise<Exposure[]> {
  const counted = isPersonViewing(request);
  const exposures = await Promise.all(
    experiments.map((key) =>
      exposeVisitor(app, key, () => ({ userId: null, anonymousId: visitor.anonymousId }), {
        counted,
        record: false,
        remembered: visitor.remembered[key],
        firstVisit: visitor.isNew,
      }),
    ),
  );
  return exposures.filter((e): e is Exposure => e !== null);
}

/** The Set-Cookie of the remembered variants (a year, like the anonymous id they belong to). */
function variantsCookieOf(value: string, secure: boolean): string {
  return serializeCookie(VARIANTS_COOKIE, value, {
    path: "/",
    sameSite: "lax",
    httpOnly: true,
    secure,
    maxAge: 31536000,
  });
}

/** Renders the page for nobody (in these variants) and makes the copy to keep (or the note that it is not shared). */
async function renderCopy(
  app: AppContext,
  request: Request,
  { nonce, render, variants }: { nonce: string; render: RenderPage; variants: Record<string, string> },
): Promise<Response> {
  const headers = new Headers({ Accept: request.headers.get("Accept") ?? "text/html" });
  const theme = parseCookie(request.headers.get("Cookie") ?? "")[THEME_COOKIE];
  if (theme !== undefined) headers.set("Cookie", `${THEME_COOKIE}=${theme}`);
  const sharedRender = { unshareable: null as string | null, variants };
  const forNobody: AppContext = { ...app, attribution: null, timeZone: undefined, sharedRender };
  const response = await render(new Request(request.url, { headers }), forNobody, nonce);
  const setCookies = response.headers.getSetCookie();
  const stray = setCookies.map((c) => c.split("=")[0]).find((name) => !REPLAYED_COOKIES.has(name));
  const why =
    response.status !== 200
      ? `status ${response.status}`
      : (sharedRender.unshareable ?? (stray !== undefined ? `it sets the cookie ${stray}` : null));
  const kept = new Headers({ "Cache-Control": `public, max-age=${SHARED_PAGE_SECONDS}` });
  if (why) {
    // Only the note is kept; the render is of no use to anyone (read to its end: cancelling a
    // stream mid-render makes React report an aborted render).
    await response.arrayBuffer();
    kept.set(NOT_SHARED_NOTE, why);
    return new Response(null, { status: 200, headers: kept });
  }
  for (const [name, value] of response.headers) {
    if (name === "set-cookie" || name === "cache-control") continue;
    kept.set(name, value);
  }
  // Whole, so the kept copy and this visitor's answer are the same bytes.
  const page = new Uint8Array(await response.arrayBuffer());
  kept.set(NONCE_NOTE, nonce);
  kept.set(OFFER_NOTE, JSON.stringify(offerCookiesOf(setCookies)));
  if (response.headers.has("Cache-Control")) kept.set(CACHE_CONTROL_NOTE, response.headers.get("Cache-Control")!);
  return new Response(page, { status: 200, headers: kept });
}

/** The kept copy as this visitor's answer: their nonce, their cookies, their page view. */
async function forVisitor(
  app: AppContext,
  request: Request,
  copy: Response,
  {
    state,
    nonce,
    offer,
    visitor,
    variantsCookie,
  }: {
    state: "hit" | "miss";
    nonce: string;
    offer: CopyOffer;
    visitor: { anonymousId: string; isNew: boolean };
    variantsCookie: string | null;
  },
): Promise<Response> {
  const headers = new Headers(copy.headers);
  const copyNonce = headers.get(NONCE_NOTE);
  for (const note of [NONCE_NOTE, OFFER_NOTE, CACHE_CONTROL_NOTE, NOT_SHARED_NOTE]) headers.delete(note);
  headers.delete("Cache-Control");
  const cacheControl = copy.headers.get(CACHE_CONTROL_NOTE);
  if (cacheControl) headers.set("Cache-Control", cacheControl);
  headers.set(SHARED_PAGE_HEADER, state);

  const secure = isSecureRequest(request);
  const { anonymousId } = visitor;
  if (visitor.isNew) headers.append("Set-Cookie", anonymousCookie(anonymousId, secure));
  if (variantsCookie) headers.append("Set-Cookie", variantsCookie);
  if (offer) {
    // Spec 4's memory after a shown offer: the offer's end, seen now (6a and 6b alike).
    if (offer.expirationDateSeen !== null)
      headers.append("Set-Cookie", offerCookie(EXPIRATION_COOKIE, offer.expirationDateSeen, secure));
    headers.append("Set-Cookie", offerCookie(LAST_SEEN_COOKIE, String(app.now), secure));
    if (offer.noPriceOffer !== null)
      headers.append("Set-Cookie", offerCookie(NO_PRICE_OFFER, offer.noPriceOffer, secure));
  }
  recordDocumentViews(app, request, 200, { id: anonymousId, anonymousId });

  if (!copyNonce || copyNonce === nonce) return new Response(copy.body, { status: 200, headers });
  // The copy's scripts carry the nonce of the render that made it; this answer's policy allows this
  // one. A nonce is 128 random bits made at that render, so no text of the page can spell its attribute
  // but the render's own scripts (an HTML rewriter costs more than the rest of the answer).
  const page = (await copy.text()).replaceAll(`nonce="${copyNonce}"`, `nonce="${nonce}"`);
  return new Response(page, { status: 200, headers });
}

/**
 * The cart mark for an anonymous visitor whose cart has (or no longer has) something in it, when the
 * browser's mark says otherwise; null when it already agrees.
 */
export function cartMarkFor(request: Request, hasItems: boolean): string | null {
  const marked = parseCookie(request.headers.get("Cookie") ?? "")[CART_MARK_COOKIE] !== undefined;
  if (marked === hasItems) return null;
  const attributes = `Path=/; SameSite=Lax; HttpOnly${isSecureRequest(request) ? "; Secure" : ""}`;
  return hasItems
    ? `${CART_MARK_COOKIE}=1; Max-Age=31536000; ${attributes}`
    : `${CART_MARK_COOKIE}=; Max-Age=0; ${attributes}`;
}

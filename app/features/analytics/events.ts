/**
 * Analytics event names (spec 2 "Screens named by analytics", spec 9: fixed 'page | action' strings),
 * which address is which screen, and which events a move from one address to another makes. Pure:
 * the server counts document loads, the browser counts its own client-side navigations.
 *
 * Charts depend on these names: never rename one. A page view is any name ending ' | viewed'.
 */
import { AUTH_FORMS } from "~/features/identity/modal";

export const EVENTS = {
  // Home
  homeViewed: "home landing page | viewed",
  homeGetStarted: "home landing page | get started",
  homeLogIn: "home landing page | log in",
  // Music school landing page (/school/music)
  musicViewed: "music landing page | viewed",
  musicGetStarted: "music landing page | get started",
  // Challenge landing page (/challenges/{slug})
  challengeViewed: "challenge landing page | viewed",
  challengeGetStarted: "challenge landing page | get started",
  // Class page
  productViewed: "product landing page | viewed",
  productGetStarted: "product landing page | get started",
  productLogIn: "product landing page | log in",
  productBuyNow: "product landing page | buy now",
  productAddToCart: "product landing page | add to cart",
  addToCartModalViewed: "add-to-cart modal | viewed",
  // Creator storefront (/creators/{storefrontSlug}; ?share=1 opens the share modal)
  storefrontViewed: "creator storefront page | viewed",
  storefrontGetStarted: "creator storefront page | get started",
  storefrontLogIn: "creator storefront page | log in",
  storefrontShareModalViewed: "creator storefront page | share modal viewed",
  storefrontShareModalShared: "creator storefront page | share modal shared",
  // Behind-the-scenes product videos (/bts/{slug})
  btsViewed: "bts product video page | viewed",
  btsGetStarted: "bts product video page | get started",
  btsLogIn: "bts product video page | log in",
  btsSuccessModalViewed: "bts product video page | success modal viewed",
  btsEndSession: "bts product video page | end session",
  // Creator-facing pages
  creatorsViewed: "creators page | viewed",
  creatorsGetStarted: "creators page | get started",
  creatorsLogIn: "creators page | log in",
  creatorDashboardViewed: "creator dashboard page | viewed",
  creatorDashboardGetStarted: "creator dashboard page | get started",
  // Library
  libraryViewed: "library page | viewed",
  libraryLogIn: "library page | log in",
  // Cart
  cartViewed: "shopping cart | viewed",
  cartItemAdded: "shopping cart | item added",
  cartItemDeleted: "shopping cart | item deleted",
  cartAllItemsAdded: "shopping cart | all items added",
  // Checkout
  checkoutViewed: "checkout | viewed",
  paymentSubmitSuccess: "checkout | payment submit success",
  paymentSubmitFailure: "checkout | payment submit failure",
  purchaseSuccess: "checkout | purchase success",
  // Collections
  collectionsViewed: "collections page | viewed",
  collectionsLogIn: "collections page | log in",
  collectionsGetStarted: "collections page | get started",
  collectionsBuyNow: "collections page | buy now",
  // Browse (/classes)
  browseViewed: "browse landing page | viewed",
  // Schools
  schoolsViewed: "schools page | viewed",
  schoolsGetStarted: "schools page | get started",
  // Auth modal
  authModalViewed: "auth modal | viewed",
  authModalCreateAccountClicked: "auth modal | create account clicked",
  authModalLogInClicked: "auth modal | log in clicked",
  authModalEmailSignupClicked: "auth modal | email signup clicked",
  // Accounts
  createAccountSuccess: "create account | success",
  createAccountFailure: "create account | failure",
  loginSuccess: "login | success",
  loginFailure: "login | failure",
  // Experiments and creator apps
  experimentViewed: "experiment | viewed",
  appLandingViewed: "dx app landing page | viewed",
} as const;

export type EventName = (typeof EVENTS)[keyof typeof EVENTS];

export const EVENT_NAMES: ReadonlySet<string> = new Set(Object.values(EVENTS));
export const isEventName = (name: string): name is EventName => EVENT_NAMES.has(name);
/** Every '<page> | viewed' event is a page view (the analytics charts count them together). */
export const PAGE_VIEW_SUFFIX = " | viewed";
export const isPageView = (name: string) => name.endsWith(PAGE_VIEW_SUFFIX);

/** The screens that have addresses here, by path (no trailing slash). Screens without a route yet have names only. */
const SCREENS: [RegExp, string][] = [
  [/^\/$/, "home landing page"],
  [/^\/school\/music$/, "music landing page"],
  [/^\/schools\/[^/]+$/, "schools page"],
  [/^\/classes$/, "browse landing page"],
  [/^\/classes\/[^/]+\/[^/]+$/, "product landing page"],
  [/^\/collections\/[^/]+$/, "collections page"],
  [/^\/challenges\/[^/]+$/, "challenge landing page"],
  [/^\/library$/, "library page"],
  [/^\/cart$/, "shopping cart"],
  [/^\/checkout$/, "checkout"],
  [/^\/(creator|build)$/, "creators page"],
  [/^\/(v2\/)?dashboard(\/.*)?$/, "creator dashboard page"],
  [/^\/apps\/[^/]+\/[^/]+$/, "dx app landing page"],
  [/^\/creators\/[^/]+$/, "creator storefront page"],
  [/^\/bts\/[^/]+$/, "bts product video page"],
];

/** The analytics screen ('home landing page', ...) an address's path shows, or null. */
export function screenOf(pathname: string): string | null {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  return SCREENS.find(([pattern]) => pattern.test(path))?.[1] ?? null;
}

/** The screen's event for an action, when the spec names one ('product landing page' + 'buy now'). */
export function screenEvent(pathname: string, action: string): EventName | null {
  const screen = screenOf(pathname);
  const name = screen ? `${screen} | ${action}` : "";
  return isEventName(name) ? name : null;
}

/** The slug a page is about (the class, collection, school, challenge, creator or bts video), merged into its events (spec 7). */
function pageSlug(pathname: string): string | null {
  const match = pathname.match(/^\/(?:classes\/[^/]+|collections|schools|school|challenges|creators|bts)\/([^/]+)\/?$/);
  return match ? decodeURIComponent(match[1]).slice(0, 100) : null;
}

/** Parameters that open something over the page (the auth modal, the add-to-cart dialog, the share modal, the bts feedback's success modal) or load more of it (the browse cursor, fetched in place with JavaScript): not a new page. */
const OVERLAY_PARAMS = /^(auth.*|added|feedback|redirect|cursor|share)$/;

/** The share modal is open when the address says ?share=1 (or true). */
const shareOpen = (params: URLSearchParams) => /^(1|true)$/i.test(params.get("share")?.trim() ?? "");

function parts(href: string) {
  const url = new URL(href, "http://local");
  const pathname = url.pathname.length > 1 ? url.pathname.replace(/\/+$/, "") : url.pathname;
  const page = new URLSearchParams([...url.searchParams].filter(([name]) => !OVERLAY_PARAMS.test(name)));
  page.sort();
  const form =
    AUTH_FORMS.find((f) => f.toLowerCase() === (url.searchParams.get("auth") ?? "").trim().toLowerCase()) ?? null;
  return { pathname, pageKey: `${pathname}?${page}`, params: url.searchParams, form };
}

export type EventCall = { name: EventName; properties: Record<string, string> };

/**
 * The events a move from one address to the next makes (prev null: a fresh landing):
 * - the screen's page view when the page itself changed (opening or closing a modal does not count);
 * - 'auth modal | viewed' when the modal opens, with the screen's 'get started' or 'log in' (a page
 *   that sent the visitor to sign in, ?redirect=, counts as that page's 'log in');
 * - inside the open modal, a link to Create Account or Log In ('... clicked'); a move that carries
 *   the typed email (authEmail) is the email form's answer, counted on the server as 'email signup clicked';
 * - 'add-to-cart modal | viewed' when the page shows the added dialog;
 * - the screen's 'share modal viewed' when ?share=1 opens its share modal (the creator storefront).
 * - 'bts product video page | success modal viewed' when a bts page shows ?feedback=sent.
 */
export function viewEvents(prevHref: string | null, nextHref: string): EventCall[] {
  const next = parts(nextHref);
  const prev = prevHref === null ? null : parts(prevHref);
  const samePage = prev !== null && prev.pageKey === next.pageKey;
  const out: EventCall[] = [];
  const screen = screenOf(next.pathname);
  if (screen && !samePage) {
    const slug = pageSlug(next.pathname);
    out.push({
      name: `${screen} | viewed` as EventName,
      properties: { path: next.pathname, ...(slug ? { slug } : {}) },
    });
  }
  const prevForm = samePage ? prev.form : null;
  if (next.form && next.form !== prevForm) {
    if (!prevForm) {
      out.push({ name: EVENTS.authModalViewed, properties: { form: next.form, path: next.pathname } });
      const action =
        next.form === "Login"
          ? "log in"
          : next.form === "JoinWaitlist" || next.form === "ResetPassword"
            ? null
            : "get started";
      const redirectPath = next.params.get("redirect")?.split("?")[0] ?? null;
      const from = action
        ? ((redirectPath && screenEvent(redirectPath, action)) ?? screenEvent(next.pathname, action))
        : null;
      if (from) out.push({ name: from, properties: { form: next.form, path: next.pathname } });
    } else if (!next.params.get("authEmail")) {
      if (next.form === "CreateAccount")
        out.push({ name: EVENTS.authModalCreateAccountClicked, properties: { from: prevForm, path: next.pathname } });
      if (next.form === "Login")
        out.push({ name: EVENTS.authModalLogInClicked, properties: { from: prevForm, path: next.pathname } });
    }
  }
  const added = next.params.get("added");
  if (added && (!samePage || prev.params.get("added") !== added))
    out.push({
      name: EVENTS.addToCartModalViewed,
      properties: { productId: added.slice(0, 100), path: next.pathname },
    });
  const share =
    shareOpen(next.params) && !(samePage && shareOpen(prev.params))
      ? screenEvent(next.pathname, "share modal viewed")
      : null;
  if (share) {
    const slug = pageSlug(next.pathname);
    out.push({ name: share, properties: { path: next.pathname, ...(slug ? { slug } : {}) } });
  }
  const feedback = next.params.get("feedback");
  if (
    feedback === "sent" &&
    screen === "bts product video page" &&
    (!samePage || prev.params.get("feedback") !== feedback)
  )
    out.push({
      name: EVENTS.btsSuccessModalViewed,
      properties: { path: next.pathname, slug: pageSlug(next.pathname) ?? "" },
    });
  return out;
}

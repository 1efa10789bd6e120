/**
 * What every page's root loader gathers (app/root.tsx): the visitor (session or anonymous id), theme,
 * toast, cart, membership and bell (one query when signed in: features/shell), and the auth modal's
 * state from the address. Server-only, so none of it (the environment's schema, the readers) reaches
 * the browser's bundle.
 */
import { parse as parseCookie } from "cookie";
import { hasAppsToFind } from "~/features/apps/rules";
import { AUTH_IDEA_PARAM, parseAuthModal, type AuthModalState } from "~/features/identity/modal";
import { campaignMessage } from "~/features/identity/rules";
import { NO_PRICE_OFFER } from "~/features/offers/rules";
import { userRoom } from "~/features/realtime/rules";
import type { MembershipFlags } from "~/features/subscriptions/rules";
import type { AppContext } from "~/platform/context";
import { publicEnv, type PublicEnv } from "~/platform/env";
import { isSecureRequest } from "~/platform/http.server";
import { safeRedirectPath } from "~/platform/redirect";
import { readTheme } from "~/platform/theme.server";
import { readToast } from "~/platform/toast.server";
import { anonymousCookie, requestAnonymousId } from "./anonymous.server";
import { signedInShellOf } from "./session.server";
import { cartMarkFor } from "./shared-pages.server";
import { anonymousCartOf } from "./visitor.server";
import type { NotificationState } from "~/ui/NotificationBell";
import type { AnalyticsRootData } from "~/features/analytics/components/useAnalytics";

/** The root loader's data, which every page reads (useRootData in app/root.tsx). */
export type RootData = {
  env: PublicEnv;
  theme: "light" | "dark";
  toast: { kind: "info" | "success" | "error"; title: string; description?: string } | null;
  path: string;
  /** hasApps: creator apps, or one started; the header links to them ("Your apps"). */
  user: { firstName: string; isAdmin: boolean; hasApps: boolean } | null;
  authModal: AuthModalState | null;
  authRedirect: string | null;
  authCampaign: string | null;
  anonymousId: string | null;
  cartIds: string[];
  /** null: a signed-in visitor's membership could not be read (not the same as none). */
  membership: MembershipFlags | null;
  noPriceOffer: boolean;
  notifications: { bell: NotificationState; room: string } | null;
  analytics: AnalyticsRootData;
};

export async function loadRoot(app: AppContext, request: Request): Promise<{ rootData: RootData; headers: Headers }> {
  const [theme, { toast, clear }, shell] = await Promise.all([
    readTheme(request),
    readToast(request),
    signedInShellOf(app, request),
  ]);
  const user = shell?.user ?? null;
  const url = new URL(request.url);
  const headers = new Headers();
  if (clear) headers.append("Set-Cookie", clear);
  // Every visitor without an account gets an anonymous id ('anon_' + UUID) the first time (spec 6).
  // The id is made once per request, so a page's own loader (the home hero's experiment) sees the same one.
  // A shared page's render has no visitor: the worker gives each visitor their id as it serves the copy.
  const visitorId = user || app.sharedRender ? null : requestAnonymousId(app, request);
  const anonymousId = visitorId?.anonymousId ?? null;
  if (visitorId?.isNew) headers.append("Set-Cookie", anonymousCookie(visitorId.anonymousId, isSecureRequest(request)));
  // A signed-in visitor's cart came with the shell; an id made just now has no cart yet: nothing to read.
  const cartOwner = user || visitorId?.isNew ? null : anonymousId;
  const cartIds = shell
    ? shell.cartItems
    : ((cartOwner ? await anonymousCartOf(app, request, cartOwner) : null)?.items ?? []);
  // A visitor with something in their cart is marked, so shared pages (which show an empty cart) are not served to them.
  const mark = !user && anonymousId ? cartMarkFor(request, cartIds.length > 0) : null;
  if (mark) headers.append("Set-Cookie", mark);
  return {
    headers,
    rootData: {
      env: publicEnv(app.env),
      theme,
      toast,
      // Forms and links post this back as where to return ('//evil.example' is a path to us, another site to a browser).
      path: safeRedirectPath(pageAddress(url)),
      user: user ? { firstName: user.firstName, isAdmin: user.isAdmin, hasApps: hasAppsToFind(user) } : null,
      // The auth modal is addressable by URL (?auth=Login), so the server can render it open.
      authModal: authModalFor(url, Boolean(user)),
      // Rendered into the auth form's hidden redirect field, checked as the form's post will be.
      authRedirect: url.searchParams.get("redirect") ? safeRedirectPath(url.searchParams.get("redirect")) : null,
      authCampaign: campaignMessage(
        url.searchParams.get("aaCampaign") ?? app.attribution?.aaCampaign ?? cookieValue(request, "aaCampaign"),
        app.env.PRODUCT_NAME,
      ),
      anonymousId,
      cartIds,
      membership: shell ? shell.membership : { hasActiveSubscription: false, hasActiveOrTrialSubscription: false },
      noPriceOffer: cookieValue(request, NO_PRICE_OFFER) === "true",
      // The header bell, and the user's private room that feeds it live (JavaScript only).
      notifications: shell ? { bell: shell.bell, room: userRoom(shell.user.id) } : null,
      // The attribution record (the worker resolved it from the cookie or this landing) for local storage.
      analytics: {
        id: user?.id ?? anonymousId,
        anonymousId,
        attribution: app.attribution ?? null,
      },
    },
  };
}

/**
 * The page's own address: without the idea the auth modal carries (?authIdea=, up to 2,000 characters),
 * which belongs to the modal's forms, not to the page, and would make the address too long to post back.
 */
function pageAddress(url: URL): string {
  if (!url.searchParams.has(AUTH_IDEA_PARAM)) return url.pathname + url.search;
  const params = new URLSearchParams(url.search);
  params.delete(AUTH_IDEA_PARAM);
  const search = params.toString();
  return search ? `${url.pathname}?${search}` : url.pathname;
}

/** Signed-in users see only the forms that make sense to them (Join Waitlist). */
function authModalFor(url: URL, signedIn: boolean): AuthModalState | null {
  const state = parseAuthModal(url.searchParams);
  return state && (!signedIn || state.form === "JoinWaitlist") ? state : null;
}

function cookieValue(request: Request, name: string): string | null {
  return parseCookie(request.headers.get("Cookie") ?? "")[name] ?? null;
}

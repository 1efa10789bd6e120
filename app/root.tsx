import { useEffect } from "react";
import { data, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  isRouteErrorResponse,
  useLoaderData,
  useLocation,
  useRevalidator,
  useRouteError,
  useRouteLoaderData,
} from "@remix-run/react";
import { SiteFooter } from "~/features/shell/components/SiteFooter";
import { SiteHeader } from "~/features/shell/components/SiteHeader";
import { ToastArea } from "~/ui/Toast";
import { NotFoundPage } from "~/features/shell/components/NotFoundPage";
import { ErrorPage } from "~/features/shell/components/ErrorPage";
import { publicEnv } from "~/platform/env";
import { ProductProvider } from "~/ui/product";
import { readTheme } from "~/platform/theme.server";
import { readToast } from "~/platform/toast.server";
import { parse as parseCookie } from "cookie";
import { parseAuthModal, type AuthModalState } from "~/features/identity/modal";
import { ANONYMOUS_COOKIE, campaignMessage } from "~/features/identity/rules";
import { anonymousCookie, requestAnonymousId } from "~/http/anonymous.server";
import { sessionUserOf } from "~/http/session.server";
import { cartMarkFor } from "~/http/shared-pages.server";
import { isSecureRequest } from "~/platform/http.server";
import { safeRedirectPath } from "~/platform/redirect";
import { AuthModal } from "~/features/identity/components/AuthModal";
import stylesUrl from "~/ui/styles.css";
import tokensUrl from "~/ui/tokens.css";
import shellUrl from "~/features/shell/shell.css";
import identityUrl from "~/features/identity/identity.css";
import cartUrl from "~/features/cart/cart.css";
import { readCart } from "~/features/cart/cart.server";
import { mirrorCart } from "~/features/cart/components/browser-cart";
import { CART_STORAGE_KEY } from "~/features/cart/rules";
import { VIP_GATE_STORAGE_KEY } from "~/features/offers/vip";
import { NO_PRICE_OFFER } from "~/features/offers/rules";
import { subscriptionFlags } from "~/features/subscriptions/subscriptions.server";
import { CLIENT_CONFIG_ID, serializeClientConfig } from "~/platform/error-reporting";
import { reportBoundaryError, reportLocation } from "~/platform/error-reporting-bridge";
import { notificationBell } from "~/features/notifications/notifications.server";
import { useLiveNotifications } from "~/features/notifications/components/useLiveNotifications";
import { userRoom } from "~/features/realtime/rules";
import type { NotificationState } from "~/ui/NotificationBell";
import { useAnonymousId } from "~/features/identity/components/useAnonymousId";
import { useAnalytics, type AnalyticsRootData } from "~/features/analytics/components/useAnalytics";
import { useNonce } from "~/platform/nonce";

export const links: LinksFunction = () => [
  // Tokens first: styles.css only uses their variables (no CSS @import, so both load in parallel).
  { rel: "stylesheet", href: tokensUrl },
  { rel: "stylesheet", href: stylesUrl },
  { rel: "stylesheet", href: shellUrl },
  { rel: "stylesheet", href: identityUrl },
  { rel: "stylesheet", href: cartUrl },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data?.env.PRODUCT_NAME ?? "Studio" },
  { name: "description", content: "Learn music from working artists: classes, collections and schools." },
];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const [theme, { toast, clear }, user] = await Promise.all([
    readTheme(request),
    readToast(request),
    sessionUserOf(context.app, request),
  ]);
  const url = new URL(request.url);
  const headers = new Headers();
  if (clear) headers.append("Set-Cookie", clear);
  // Every visitor without an account gets an anonymous id ('anon_' + UUID) the first time (spec 6).
  // The id is made once per request, so a page's own loader (the home hero's experiment) sees the same one.
  // A shared page's render has no visitor: the worker gives each visitor their id as it serves the copy.
  const visitorId = user || context.app.sharedRender ? null : requestAnonymousId(context.app, request);
  const anonymousId = visitorId?.anonymousId ?? null;
  if (visitorId?.isNew) headers.append("Set-Cookie", anonymousCookie(visitorId.anonymousId, isSecureRequest(request)));
  // An id made just now has no cart yet: nothing to read.
  const cartOwner = user?.id ?? (visitorId?.isNew ? null : anonymousId);
  const [cart, membership, bell] = await Promise.all([
    cartOwner ? readCart(context.app, cartOwner) : null,
    user
      ? subscriptionFlags(context.app, user.id)
      : { hasActiveSubscription: false, hasActiveOrTrialSubscription: false },
    user ? notificationBell(context.app, user) : null,
  ]);
  // A visitor with something in their cart is marked, so shared pages (which show an empty cart) are not served to them.
  const mark = !user && anonymousId ? cartMarkFor(request, Boolean(cart?.items.length)) : null;
  if (mark) headers.append("Set-Cookie", mark);
  return data(
    {
      env: publicEnv(context.app.env),
      theme,
      toast,
      // Forms and links post this back as where to return ('//evil.example' is a path to us, another site to a browser).
      path: safeRedirectPath(url.pathname + url.search),
      user: user ? { firstName: user.firstName, isAdmin: user.isAdmin } : null,
      // The auth modal is addressable by URL (?auth=Login), so the server can render it open.
      authModal: authModalFor(url, Boolean(user)),
      // Rendered into the auth form's hidden redirect field, checked as the form's post will be.
      authRedirect: url.searchParams.get("redirect") ? safeRedirectPath(url.searchParams.get("redirect")) : null,
      authCampaign: campaignMessage(
        url.searchParams.get("aaCampaign") ?? context.app.attribution?.aaCampaign ?? cookieValue(request, "aaCampaign"),
        context.app.env.PRODUCT_NAME,
      ),
      anonymousId,
      cartIds: cart?.items ?? [],
      membership,
      noPriceOffer: cookieValue(request, NO_PRICE_OFFER) === "true",
      // The header bell, and the user's private room that feeds it live (JavaScript only).
      notifications: user && bell ? { bell, room: userRoom(user.id) } : null,
      // The attribution record (the worker resolved it from the cookie or this landing) for local storage.
      analytics: {
        id: user?.id ?? anonymousId,
        anonymousId,
        attribution: context.app.attribution ?? null,
      } satisfies AnalyticsRootData,
    },
    { headers },
  );
}

/** Signed-in users see only the forms that make sense to them (Join Waitlist). */
function authModalFor(url: URL, signedIn: boolean): AuthModalState | null {
  const state = parseAuthModal(url.searchParams);
  return state && (!signedIn || state.form === "JoinWaitlist") ? state : null;
}

function cookieValue(request: Request, name: string): string | null {
  return parseCookie(request.headers.get("Cookie") ?? "")[name] ?? null;
}

export type RootData = {
  env: ReturnType<typeof publicEnv>;
  theme: "light" | "dark";
  toast: { kind: "info" | "success" | "error"; title: string; description?: string } | null;
  path: string;
  user: { firstName: string; isAdmin: boolean } | null;
  authModal: AuthModalState | null;
  authRedirect: string | null;
  authCampaign: string | null;
  anonymousId: string | null;
  cartIds: string[];
  membership: { hasActiveSubscription: boolean; hasActiveOrTrialSubscription: boolean };
  noPriceOffer: boolean;
  notifications: { bell: NotificationState; room: string } | null;
  analytics: AnalyticsRootData;
};

export function useRootData() {
  return useRouteLoaderData("root") as RootData | undefined;
}

export function Layout({ children }: { children: React.ReactNode }) {
  const data = useRootData();
  // Client-side navigations, for error reporting's traces (a no-op without a DSN).
  const { pathname } = useLocation();
  useEffect(() => reportLocation(pathname), [pathname]);
  const live = useLiveNotifications(data?.notifications, data?.toast ?? null, data);
  // The Content-Security-Policy nonce (server only): every inline script of the page carries it.
  const nonce = useNonce();
  return (
    <html lang="en" data-theme={data?.theme ?? "light"}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
        {data ? <ClientConfig env={data.env} nonce={nonce} /> : null}
      </head>
      <body>
        <ProductProvider
          product={
            data
              ? {
                  productName: data.env.PRODUCT_NAME,
                  supportEmail: data.env.SUPPORT_EMAIL,
                  socialProviders: data.env.SOCIAL_PROVIDERS,
                }
              : {}
          }
        >
          <a className="skip-link" href="#main">
            Skip to content
          </a>
          <SiteHeader
            productName={data?.env.PRODUCT_NAME ?? "Studio"}
            user={data?.user ?? null}
            path={data?.path ?? "/"}
            cartCount={data?.cartIds.length ?? 0}
            bell={live.bell}
          />
          <ToastArea toast={live.toast} live={live.liveToast} />
          <main id="main" tabIndex={-1}>
            {children}
          </main>
          {data?.authModal ? (
            <AuthModal
              state={data.authModal}
              page={data.path}
              redirect={data.authRedirect}
              campaign={data.authCampaign}
            />
          ) : null}
          <SiteFooter
            productName={data?.env.PRODUCT_NAME ?? "Studio"}
            theme={data?.theme ?? "light"}
            path={data?.path ?? "/"}
          />
        </ProductProvider>
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  const { user, cartIds, path, noPriceOffer, analytics, ...data } = useLoaderData<typeof loader>();
  const anonymousId = useAnonymousId(user ? null : data.anonymousId);
  useAnalytics(user ? analytics : { ...analytics, id: anonymousId, anonymousId });
  // With JavaScript the anonymous id is mirrored to local storage under the cookie's name (spec 9).
  useEffect(() => {
    try {
      if (anonymousId) window.localStorage.setItem(ANONYMOUS_COOKIE, anonymousId);
    } catch {
      /* storage may be full or disabled; the cookie still carries the id */
    }
  }, [anonymousId]);
  // The cart's local mirror (spec 9), and the VIP gate remembered when a page says p=vip.
  const cartKey = cartIds.join(",");
  useEffect(() => {
    mirrorCart(cartKey ? cartKey.split(",").map((id) => ({ id })) : []);
  }, [cartKey]);
  // A cart changed in another tab shows up in this one (its mirror changes; the server has the cart).
  const revalidator = useRevalidator();
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key === CART_STORAGE_KEY && event.newValue !== event.oldValue) revalidator.revalidate();
    };
    window.addEventListener("storage", onStorage);
    return () => window.removeEventListener("storage", onStorage);
  }, [revalidator]);
  // 'noPriceOffer' lives in a cookie for the server and, with JavaScript, in local storage too (spec 9).
  useEffect(() => {
    try {
      if (noPriceOffer) window.localStorage.setItem(NO_PRICE_OFFER, "true");
      else window.localStorage.removeItem(NO_PRICE_OFFER);
    } catch {
      /* the cookie is what the server reads */
    }
  }, [noPriceOffer]);
  useEffect(() => {
    if (new URLSearchParams(path.split("?")[1] ?? "").get("p") !== "vip") return;
    try {
      window.localStorage.setItem(VIP_GATE_STORAGE_KEY, "vip");
    } catch {
      /* the cookie remembers it too */
    }
  }, [path]);
  return <Outlet />;
}

/** Settings entry.client reads before hydration (error reporting, console logging): a JSON data block. */
function ClientConfig({ env, nonce }: { env: RootData["env"]; nonce: string | undefined }) {
  const json = serializeClientConfig({ environment: env.ENVIRONMENT, errorReporting: env.ERROR_REPORTING });
  // A data block runs nothing; it carries the nonce all the same, so every <script> of a page has it.
  return (
    <script id={CLIENT_CONFIG_ID} type="application/json" nonce={nonce} dangerouslySetInnerHTML={{ __html: json }} />
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  // Errors rendered here are reported (404s and other thrown answers are skipped by Sentry's helper).
  useEffect(() => reportBoundaryError(error), [error]);
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  return <ErrorPage status={isRouteErrorResponse(error) ? error.status : 500} />;
}

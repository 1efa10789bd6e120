import { useEffect } from "react";
import { data, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import {
  Links,
  Meta,
  Outlet,
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
import { ProductProvider } from "~/ui/product";
import { AuthModalOnDemand } from "~/features/identity/components/AuthModalOnDemand";
// Every page's styles, in this order, bundled into one stylesheet (cssBundleHref): one
// render-blocking request instead of five (Lighthouse's first paint on a slow phone).
import "~/ui/tokens.css";
import "~/ui/styles.css";
import "~/features/shell/shell.css";
import "~/features/identity/identity.css";
import "~/features/cart/cart.css";
import { cssBundleHref } from "@remix-run/css-bundle";
import { mirrorCart } from "~/features/cart/components/browser-cart";
import { CART_STORAGE_KEY } from "~/features/cart/rules";
import { VIP_GATE_STORAGE_KEY } from "~/features/offers/vip";
import { CLIENT_CONFIG_ID, serializeClientConfig } from "~/platform/error-reporting";
import { reportBoundaryError, reportLocation } from "~/platform/error-reporting-bridge";
import { useLiveNotifications } from "~/features/notifications/components/useLiveNotifications";
import { useAnonymousId } from "~/features/identity/components/useAnonymousId";
import { useAnalytics } from "~/features/analytics/components/useAnalytics";
import { useNonce } from "~/platform/nonce";
import { AppScripts } from "~/platform/app-on-first-need";
import { COUNTDOWN_TICKER } from "~/ui/Countdown";
import { ANONYMOUS_COOKIE } from "~/features/identity/anonymous-id";
import { NO_PRICE_OFFER } from "~/features/offers/rules";
import { loadRoot, type RootData } from "~/http/root-data.server";

export const links: LinksFunction = () => [
  ...(cssBundleHref ? [{ rel: "stylesheet", href: cssBundleHref }] : []),
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data?.env.PRODUCT_NAME ?? "Studio" },
  { name: "description", content: "Learn music from working artists: classes, collections and schools." },
];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { rootData, headers } = await loadRoot(context.app, request);
  return data(rootData, { headers });
}

export type { RootData };

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
            <AuthModalOnDemand
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
        {/* Ticks the page's countdowns until the app runs them (Countdown.tsx). React renders the same text in
            the browser, where a script it renders never runs again. */}
        <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: COUNTDOWN_TICKER }} />
        <ScrollRestoration nonce={nonce} />
        <AppScripts nonce={nonce} modalOpen={!!data?.authModal} />
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

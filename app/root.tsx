import { data, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Links, Meta, Outlet, Scripts, ScrollRestoration, isRouteErrorResponse, useLoaderData, useRouteError, useRouteLoaderData } from "@remix-run/react";
import { SiteFooter } from "~/features/shell/components/SiteFooter";
import { SiteHeader } from "~/features/shell/components/SiteHeader";
import { ToastArea } from "~/ui/Toast";
import { NotFoundPage } from "~/features/shell/components/NotFoundPage";
import { ErrorPage } from "~/features/shell/components/ErrorPage";
import { publicEnv } from "~/platform/env";
import { readTheme } from "~/platform/theme.server";
import { readToast } from "~/platform/toast.server";
import stylesUrl from "~/ui/styles.css";
import tokensUrl from "~/ui/tokens.css";
import shellUrl from "~/features/shell/shell.css";

export const links: LinksFunction = () => [
  // Tokens first: styles.css only uses their variables (no CSS @import, so both load in parallel).
  { rel: "stylesheet", href: tokensUrl },
  { rel: "stylesheet", href: stylesUrl },
  { rel: "stylesheet", href: shellUrl },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data?.env.PRODUCT_NAME ?? "Studio" },
  { name: "description", content: "Learn music from working artists: classes, collections and schools." },
];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const [theme, { toast, clear }] = await Promise.all([readTheme(request), readToast(request)]);
  const url = new URL(request.url);
  return data(
    { env: publicEnv(context.app.env), theme, toast, path: url.pathname + url.search },
    clear ? { headers: { "Set-Cookie": clear } } : undefined,
  );
}

export type RootData = {
  env: ReturnType<typeof publicEnv>;
  theme: "light" | "dark";
  toast: { kind: "info" | "success" | "error"; title: string; description?: string } | null;
  path: string;
};

export function useRootData() {
  return useRouteLoaderData("root") as RootData | undefined;
}

export function Layout({ children }: { children: React.ReactNode }) {
  const data = useRootData();
  return (
    <html lang="en" data-theme={data?.theme ?? "light"}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
      </head>
      <body>
        <a className="skip-link" href="#main">Skip to content</a>
        <SiteHeader productName={data?.env.PRODUCT_NAME ?? "Studio"} />
        <ToastArea toast={data?.toast ?? null} />
        <main id="main" tabIndex={-1}>
          {children}
        </main>
        <SiteFooter productName={data?.env.PRODUCT_NAME ?? "Studio"} theme={data?.theme ?? "light"} path={data?.path ?? "/"} />
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  useLoaderData<typeof loader>();
  return <Outlet />;
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  return <ErrorPage status={isRouteErrorResponse(error) ? error.status : 500} />;
}

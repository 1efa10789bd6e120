import { Form, Link, useLocation } from "~/ui/router";
import { CartLink } from "~/features/cart/components/CartLink";
import { forgetBrowserState } from "~/features/cart/components/browser-cart";
import { authHref } from "~/features/identity/modal";
import { buttonClass } from "~/ui/Button";
import { Logo } from "~/ui/Logo";
import { Icon } from "~/ui/icons";
import { NotificationBell, type NotificationState } from "~/ui/NotificationBell";

const NAV = [
  {
    to: "/classes",
    label: "Classes",
    isCurrent: (path: string, view: string) => path.startsWith("/classes") && view !== "collections",
  },
  {
    to: "/classes?view=Collections",
    label: "Collections",
    isCurrent: (path: string, view: string) =>
      path.startsWith("/collections") || (path === "/classes" && view === "collections"),
  },
  { to: "/school/music", label: "Music school", isCurrent: (path: string) => path.startsWith("/school") },
  { to: "/v2/sparks", label: "Sparks", isCurrent: (path: string) => path.startsWith("/v2/sparks") },
];

/** The site header: logo, primary navigation and class search. On phones the navigation folds into a <details> menu that needs no JavaScript. */
export function SiteHeader({
  productName,
  user,
  path,
  cartCount = 0,
  bell = null,
}: {
  productName: string;
  /** hasApps: creator apps, or one started (a build, a brainstorm, an idea draft): "Your apps" links to /dashboard. */
  user: { firstName: string; isAdmin?: boolean; hasApps?: boolean } | null;
  path: string;
  cartCount?: number;
  /** Signed-in users' notification bell (none, yellow dot, red dot); visitors have none. */
  bell?: NotificationState | null;
}) {
  const location = useLocation();
  const view = (new URLSearchParams(location.search).get("view") ?? "").trim().toLowerCase();
  return (
    <header className="site-header">
      <div className="container site-header__inner">
        <Link to="/" className="site-header__logo" aria-label={`${productName} home`}>
          <Logo size="medium" name={productName} />
        </Link>
        <nav aria-label="Main" className="site-header__nav">
          <ul>
            {NAV.map((item) => (
              <li key={item.to}>
                <Link
                  to={item.to}
                  prefetch="intent"
                  aria-current={item.isCurrent(location.pathname, view) ? "page" : undefined}
                >
                  {item.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <Form method="get" action="/classes" role="search" className="site-header__search">
          <label htmlFor="site-search" className="visually-hidden">
            Search classes
          </label>
          <input
            id="site-search"
            name="search"
            type="search"
            placeholder="Search classes"
            autoComplete="off"
            maxLength={120}
          />
          <button type="submit" aria-label="Search">
            <Icon name="search" />
          </button>
        </Form>
        <div className="site-header__account">
          {user && bell ? <NotificationBell state={bell} to="/notifications" className="site-header__bell" /> : null}
          <CartLink count={cartCount} query={location.search} />
          {user ? (
            <Form method="post" action="/auth/logout" className="site-header__logout" onSubmit={forgetBrowserState}>
              {user.hasApps ? (
                <Link
                  to="/dashboard"
                  className="site-header__greeting site-header__apps"
                  aria-current={location.pathname === "/dashboard" ? "page" : undefined}
                >
                  Your apps
                </Link>
              ) : null}
              <Link to="/library" className="site-header__greeting">
                Library
              </Link>
              {user.isAdmin ? (
                <Link to="/admin" className="site-header__greeting">
                  Admin
                </Link>
              ) : null}
              <Link to="/account" className="site-header__greeting">
                Hi, {user.firstName}
                <span className="visually-hidden"> (account settings)</span>
              </Link>
              <button type="submit" className={buttonClass({ variant: "secondary", size: "small" })}>
                <span className="btn__label">Log out</span>
              </button>
            </Form>
          ) : (
            <Link
              to={authHref(path, "Login")}
              className={buttonClass({ variant: "primary", size: "small" })}
              preventScrollReset
            >
              <span className="btn__label">Log in</span>
            </Link>
          )}
        </div>
        <details className="site-header__menu">
          <summary aria-label="Menu">
            <Icon name="menu" />
          </summary>
          <nav aria-label="Mobile">
            <ul>
              {NAV.map((item) => (
                <li key={item.to}>
                  <Link to={item.to}>{item.label}</Link>
                </li>
              ))}
              <li className="site-header__menu-account">
                {user ? (
                  <>
                    {user.isAdmin ? <Link to="/admin">Admin</Link> : null}
                    {user.hasApps ? <Link to="/dashboard">Your apps</Link> : null}
                    <Link to="/library">Library</Link>
                    <Link to="/notifications">{bell && bell !== "none" ? "Notifications (new)" : "Notifications"}</Link>
                    <Link to="/account">Account</Link>
                    <Form method="post" action="/auth/logout" onSubmit={forgetBrowserState}>
                      <button type="submit">Log out</button>
                    </Form>
                  </>
                ) : (
                  <Link to={authHref(path, "Login")}>Log in</Link>
                )}
              </li>
            </ul>
          </nav>
        </details>
      </div>
    </header>
  );
}

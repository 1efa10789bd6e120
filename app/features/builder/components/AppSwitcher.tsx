/**
 * "Your apps" in the builder's header: a disclosure that works without JavaScript (it holds the
 * link to the app picker) and, with JavaScript, lists the creator's apps when opened, from the
 * builder client's 30-second cache. Where the creator may have none yet (the brainstorm pages), it
 * first asks creatorHasAnyApp (15-second cache) and stays hidden for a creator with no apps.
 */
import { Link } from "~/ui/router";
import { useEffect, useState, type SyntheticEvent } from "react";
import { creatorApps, creatorHasAnyApp, type CreatorAppSummary } from "../client";
import { builderPath } from "../rules";

type Loaded =
  { state: "idle" } | { state: "loading" } | { state: "done"; apps: CreatorAppSummary[] } | { state: "failed" };

export function AppSwitcher({
  currentAppId = null,
  onlyIfAny = false,
}: {
  currentAppId?: string | null;
  onlyIfAny?: boolean;
}) {
  const [loaded, setLoaded] = useState<Loaded>({ state: "idle" });
  const [hasAny, setHasAny] = useState<boolean | null>(null);
  useEffect(() => {
    if (!onlyIfAny) return;
    let live = true;
    creatorHasAnyApp().then(
      (any) => live && setHasAny(any),
      () => live && setHasAny(null),
    );
    return () => {
      live = false;
    };
  }, [onlyIfAny]);
  if (onlyIfAny && hasAny === false) return null;

  const onToggle = (event: SyntheticEvent<HTMLDetailsElement>) => {
    if (!event.currentTarget.open || loaded.state === "loading" || loaded.state === "done") return;
    setLoaded({ state: "loading" });
    creatorApps().then(
      (apps) => setLoaded({ state: "done", apps }),
      () => setLoaded({ state: "failed" }),
    );
  };
  return (
    <details className="app-switcher" onToggle={onToggle}>
      <summary className="btn btn--secondary btn--small">
        <span className="btn__label">Your apps</span>
      </summary>
      <div className="app-switcher__panel">
        {loaded.state === "loading" ? <p role="status">Loading your apps…</p> : null}
        {loaded.state === "failed" ? <p role="alert">Your apps could not be loaded. Try again in a moment.</p> : null}
        {loaded.state === "done" ? (
          <ul aria-label="Your apps">
            {loaded.apps.map((a) => (
              <li key={a.appId}>
                <Link to={builderPath(a.appId)} aria-current={a.appId === currentAppId ? "page" : undefined}>
                  {a.name}
                </Link>
                {a.isPublished ? <span className="builder-badge builder-badge--ok">Published</span> : null}
              </li>
            ))}
          </ul>
        ) : null}
        <Link to="/dashboard/builder">All your apps</Link>
      </div>
    </details>
  );
}

/**
 * The header of the builder's own screens (media library, simulator): the crumbs back to the
 * dashboard and the builder, the title, the app switcher and the way to the blueprint, then the last
 * post's refusal, if any.
 */
import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { AppSwitcher } from "~/features/builder/components/AppSwitcher";
import { builderPath } from "~/features/builder/rules";
import { buttonClass } from "~/ui/Button";

export function ModeHeader({
  appId,
  crumb,
  title,
  error,
}: {
  appId: string;
  /** The last crumb: this screen's name, or a link back to its top. */
  crumb: ReactNode;
  title: string;
  error?: string | null;
}) {
  return (
    <>
      <header className="builder-header">
        <div className="builder-header__title">
          <p className="builder-crumbs">
            <Link to="/dashboard">Dashboard</Link> / <Link to={builderPath(appId)}>App builder</Link> / {crumb}
          </p>
          <h1>{title}</h1>
        </div>
        <div className="builder-header__links">
          <AppSwitcher currentAppId={appId} />
          <Link
            to={builderPath(appId, { mode: "blueprint" })}
            className={buttonClass({ variant: "secondary", size: "small" })}
          >
            <span className="btn__label">Blueprint</span>
          </Link>
        </div>
      </header>
      {error ? (
        <p role="alert" className="builder-errors">
          {error}
        </p>
      ) : null}
    </>
  );
}

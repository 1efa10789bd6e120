import { Link } from "./router";
import { Icon } from "./icons";

export type NotificationState = "none" | "notification" | "universal";

/** Default names: the dot's colour is never the only way the state is told. */
const DEFAULT_LABELS: Record<NotificationState, string> = {
  none: "Notifications",
  notification: "Notifications, new",
  universal: "Notifications, important announcement",
};

export type NotificationBellProps = {
  state?: NotificationState;
  /** Overrides the accessible name for the state. */
  label?: string;
  /** When given, the bell is a link to the notifications page; otherwise a labelled image. */
  to?: string;
  className?: string;
};

export function NotificationBell({ state = "none", label, to, className }: NotificationBellProps) {
  const name = label ?? DEFAULT_LABELS[state];
  const classes = ["bell", `bell--${state}`, className].filter(Boolean).join(" ");
  const content = (
    <>
      <Icon name="bell" />
      {state !== "none" ? <span className="bell__dot" aria-hidden="true" /> : null}
    </>
  );
  if (to) {
    return (
      <Link to={to} className={`${classes} bell--link`} aria-label={name}>
        {content}
      </Link>
    );
  }
  return (
    <span className={classes} role="img" aria-label={name}>
      {content}
    </span>
  );
}

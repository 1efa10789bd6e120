import { Link } from "./router";
import type { ReactNode } from "react";

export type TagProps = {
  children: ReactNode;
  selected?: boolean;
  /** When given, the tag is a link (e.g. a filter that changes the URL), so it works without JavaScript. */
  to?: string;
  className?: string;
};

export function Tag({ children, selected = false, to, className }: TagProps) {
  const classes = ["tag", selected ? "tag--selected" : "tag--default", className].filter(Boolean).join(" ");
  if (to) {
    return (
      // aria-current tells screen readers which filter link is the active one; colour alone would not.
      <Link to={to} className={classes} aria-current={selected ? "true" : undefined} preventScrollReset>
        {children}
      </Link>
    );
  }
  return (
    <span className={classes}>
      {children}
      {selected ? <span className="visually-hidden"> (selected)</span> : null}
    </span>
  );
}

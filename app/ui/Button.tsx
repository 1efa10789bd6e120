import { Link, type LinkProps } from "./router";
import { forwardRef, type ButtonHTMLAttributes, type ReactNode } from "react";

export type ButtonVariant = "primary" | "secondary" | "destructive" | "transparent";
export type ButtonSize = "large" | "medium" | "small";

/** One place builds the class list so a <button> and a <Link> that look alike really share styles. */
export function buttonClass({
  variant = "primary",
  size = "medium",
  iconOnly = false,
  className,
}: { variant?: ButtonVariant; size?: ButtonSize; iconOnly?: boolean; className?: string } = {}) {
  return ["btn", `btn--${variant}`, `btn--${size}`, iconOnly && "btn--icon", className].filter(Boolean).join(" ");
}

export type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Shows a spinner and disables the button while a submission is in flight. */
  loading?: boolean;
  /** A square button holding only an icon: give it an aria-label. */
  iconOnly?: boolean;
  children?: ReactNode;
};

export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button(
  { variant, size, loading = false, disabled, iconOnly, className, type = "button", children, ...rest },
  ref,
) {
  return (
    <button
      ref={ref}
      // "button" by default so a stray button inside a form never submits it by accident.
      type={type}
      className={buttonClass({ variant, size, iconOnly, className })}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      {...rest}
    >
      {/* The label stays in the accessibility tree (only faded) so the name is "Save Loading", not just "Loading". */}
      <span className="btn__label">{children}</span>
      {loading ? (
        <span className="btn__spinner">
          <span className="spinner" aria-hidden="true" />
          <span className="visually-hidden">Loading</span>
        </span>
      ) : null}
    </button>
  );
});

export type ButtonLinkProps = LinkProps & {
  variant?: ButtonVariant;
  size?: ButtonSize;
  iconOnly?: boolean;
};

/** A navigation that looks like a button: a real link (works without JavaScript), styled by the same classes. */
export const ButtonLink = forwardRef<HTMLAnchorElement, ButtonLinkProps>(function ButtonLink(
  { variant, size, iconOnly, className, children, ...rest },
  ref,
) {
  return (
    <Link ref={ref} className={buttonClass({ variant, size, iconOnly, className })} {...rest}>
      <span className="btn__label">{children}</span>
    </Link>
  );
});

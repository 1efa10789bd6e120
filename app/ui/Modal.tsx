import { Link, useNavigate } from "./router";
import { useCallback, useEffect, useId, useRef, type MouseEvent, type ReactNode } from "react";
import { Icon } from "./icons";

/** What a back or gallery control does: follow a URL (works without JavaScript) or run a handler. */
type ModalAction = { href?: string; onClick?: () => void };

export type ModalProps = {
  open: boolean;
  /** The current URL without the modal's search parameter: where closing goes, with or without JavaScript. */
  closeHref: string;
  /** With JavaScript, called instead of navigating to closeHref (e.g. for a modal kept in state). */
  onClose?: () => void;
  /** Shown above the dialog and used as its accessible name. */
  title?: ReactNode;
  /** Accessible name when there is no visible title. */
  label?: string;
  /** The user must submit the form inside: no close button; Escape and outside clicks do nothing. */
  blockedUntilSubmit?: boolean;
  /** Outside clicks do not close (Escape and the close button still do), e.g. for a half-filled form. */
  preserveOnOutsideClick?: boolean;
  /** 'Previous pop-up' button. */
  backHref?: string;
  onBack?: () => void;
  /** 'Previous gallery' / 'Next gallery' buttons. */
  previousHref?: string;
  onPrevious?: () => void;
  nextHref?: string;
  onNext?: () => void;
  /** A 0.3 s slide-up entrance (none under reduced motion). */
  slideUp?: boolean;
  /** Stops the page behind from scrolling while open. */
  lockScroll?: boolean;
  /** Renders the modal in the dark theme whatever the page's theme (e.g. the auth modal's useDarkMode). */
  dark?: boolean;
  className?: string;
  children: ReactNode;
};

const FOCUSABLE =
  'a[href], area[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), iframe, [contenteditable="true"], [tabindex]:not([tabindex="-1"])';

function focusableIn(root: HTMLElement): HTMLElement[] {
  return Array.from(root.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(
    (el) => !el.hasAttribute("inert") && el.getClientRects().length > 0,
  );
}

/**
 * An icon control of the modal. With an href it is a Remix <Link> (a real link, so it works without
 * JavaScript and the server can render the next state); a handler, if also given, replaces the
 * navigation once JavaScript runs. With only a handler it is a <button>.
 */
function ModalControl({
  action,
  label,
  icon,
  className,
}: {
  action: ModalAction;
  label: string;
  icon: "close" | "chevron-left" | "chevron-right";
  className: string;
}) {
  const classes = `modal__control ${className}`;
  if (action.href !== undefined) {
    const handler = action.onClick;
    return (
      <Link
        to={action.href}
        className={classes}
        aria-label={label}
        preventScrollReset
        onClick={
          handler
            ? (event) => {
                event.preventDefault();
                handler();
              }
            : undefined
        }
      >
        <Icon name={icon} />
      </Link>
    );
  }
  if (action.onClick) {
    return (
      <button type="button" className={classes} aria-label={label} onClick={action.onClick}>
        <Icon name={icon} />
      </button>
    );
  }
  return null;
}

/**
 * The generic modal, addressable by URL: the route decides `open` from its search parameters, so the
 * server can render it open and every control is a link. JavaScript adds Escape, outside clicks,
 * focus moving in, a focus trap and focus returning to where it was.
 * Rendered in place (no portal) over a backdrop.
 */
export function Modal({
  open,
  closeHref,
  onClose,
  title,
  label,
  blockedUntilSubmit = false,
  preserveOnOutsideClick = false,
  backHref,
  onBack,
  previousHref,
  onPrevious,
  nextHref,
  onNext,
  slideUp = false,
  lockScroll = false,
  dark = false,
  className,
  children,
}: ModalProps) {
  const navigate = useNavigate();
  const dialogRef = useRef<HTMLDivElement>(null);
  const titleId = `modal${useId().replace(/:/g, "")}-title`;

  const close = useCallback(() => {
    if (onClose) onClose();
    else navigate(closeHref, { preventScrollReset: true });
  }, [onClose, navigate, closeHref]);

  const canEscape = !blockedUntilSubmit;
  const canClickOutside = !blockedUntilSubmit && !preserveOnOutsideClick;

  // Focus moves into the dialog on open and goes back to what had it on close.
  useEffect(() => {
    if (!open) return;
    const previous = document.activeElement as HTMLElement | null;
    const dialog = dialogRef.current;
    if (dialog && !dialog.contains(document.activeElement)) {
      // The first field or control if there is one in the content, else the dialog itself.
      const body = dialog.querySelector<HTMLElement>(".modal__body");
      const target = (body && focusableIn(body)[0]) ?? dialog;
      target.focus({ preventScroll: true });
    }
    return () => {
      if (previous && previous.isConnected && previous !== document.body) previous.focus({ preventScroll: true });
    };
  }, [open]);

  // Escape closes; Tab and Shift+Tab cycle inside the dialog.
  useEffect(() => {
    if (!open) return;
    function onKeyDown(event: KeyboardEvent) {
      const dialog = dialogRef.current;
      if (!dialog) return;
      if (event.key === "Escape" && canEscape) {
        event.preventDefault();
        close();
        return;
      }
      if (event.key !== "Tab") return;
      const items = focusableIn(dialog);
      if (items.length === 0) {
        event.preventDefault();
        dialog.focus();
        return;
      }
      const first = items[0];
      const last = items[items.length - 1];
      const active = document.activeElement;
      if (event.shiftKey && (active === first || active === dialog || !dialog.contains(active))) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && (active === last || !dialog.contains(active))) {
        event.preventDefault();
        first.focus();
      }
    }
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [open, canEscape, close]);

  // The CSS `body:has(.modal-root--lock)` rule already locks scrolling without JavaScript; this covers
  // browsers without :has().
  useEffect(() => {
    if (!open || !lockScroll) return;
    const before = document.body.style.overflow;
    document.body.style.overflow = "hidden";
    return () => {
      document.body.style.overflow = before;
    };
  }, [open, lockScroll]);

  if (!open) return null;

  const onBackdropClick = (event: MouseEvent<HTMLAnchorElement>) => {
    // A plain link without JavaScript; with it, close the same way as the close button.
    event.preventDefault();
    close();
  };

  const back: ModalAction = { href: backHref, onClick: onBack };
  const previous: ModalAction = { href: previousHref, onClick: onPrevious };
  const next: ModalAction = { href: nextHref, onClick: onNext };
  const hasBar = !blockedUntilSubmit || back.href !== undefined || Boolean(back.onClick);
  const hasGallery = previous.href !== undefined || previous.onClick || next.href !== undefined || next.onClick;

  return (
    <div
      className={["modal-root", lockScroll && "modal-root--lock", slideUp && "modal-root--slide-up", className]
        .filter(Boolean)
        .join(" ")}
      data-theme={dark ? "dark" : undefined}
    >
      {canClickOutside ? (
        // Clicking outside follows closeHref even without JavaScript. Hidden from assistive technology
        // and out of the tab order: the close button is the accessible way out.
        // eslint-disable-next-line jsx-a11y/anchor-has-content -- a backdrop: hidden from assistive technology on purpose
        <a className="modal-backdrop" href={closeHref} onClick={onBackdropClick} aria-hidden="true" tabIndex={-1} />
      ) : (
        <div className="modal-backdrop" aria-hidden="true" />
      )}
      <div
        ref={dialogRef}
        className="modal"
        role="dialog"
        aria-modal="true"
        aria-labelledby={title ? titleId : undefined}
        aria-label={title ? undefined : label}
        tabIndex={-1}
      >
        {title ? (
          <h2 id={titleId} className="modal__title">
            {title}
          </h2>
        ) : null}
        <div className={hasBar ? "modal__panel" : "modal__panel modal__panel--bare"}>
          {hasBar ? (
            <div className="modal__bar">
              <ModalControl action={back} label="Previous pop-up" icon="chevron-left" className="modal__back" />
              {blockedUntilSubmit ? null : (
                <ModalControl
                  action={{ href: closeHref, onClick: onClose }}
                  label="Close pop-up"
                  icon="close"
                  className="modal__close"
                />
              )}
            </div>
          ) : null}
          <div className="modal__body">{children}</div>
          {hasGallery ? (
            <>
              <ModalControl
                action={previous}
                label="Previous gallery"
                icon="chevron-left"
                className="modal__gallery modal__gallery--previous"
              />
              <ModalControl
                action={next}
                label="Next gallery"
                icon="chevron-right"
                className="modal__gallery modal__gallery--next"
              />
            </>
          ) : null}
        </div>
      </div>
    </div>
  );
}

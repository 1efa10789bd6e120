import { useEffect, useState } from "react";
import { Icon, type IconName } from "./icons";

export type ToastData = { kind: "info" | "success" | "error"; title: string; description?: string };

/** With JavaScript a toast leaves on its own after 6 s (the CSS fallback fades it at 8 s). */
export const TOAST_AUTO_DISMISS_MS = 6_000;

const KIND_ICON: Record<ToastData["kind"], IconName> = { info: "bell", success: "check", error: "close" };
const KIND_LABEL: Record<ToastData["kind"], string> = { info: "Information", success: "Success", error: "Error" };

export type ToastCardProps = {
  toast: ToastData;
  /** Shows the 'Dismiss' button; omitted where nothing could handle the click. */
  onDismiss?: () => void;
  /** A static copy (e.g. on the kit page): no entrance animation and no fade-out. */
  inline?: boolean;
};

/** One toast: a kind icon, the title, an optional description and (with JavaScript) a dismiss button. */
export function ToastCard({ toast, onDismiss, inline = false }: ToastCardProps) {
  return (
    <div className={["toast", `toast--${toast.kind}`, inline && "toast--inline"].filter(Boolean).join(" ")}>
      <span className="toast__icon">
        <Icon name={KIND_ICON[toast.kind]} size={20} />
      </span>
      <div className="toast__body">
        <p className="toast__title">
          {/* The kind is spoken, not only coloured. */}
          <span className="visually-hidden">{KIND_LABEL[toast.kind]}: </span>
          {toast.title}
        </p>
        {toast.description ? <p className="toast__description">{toast.description}</p> : null}
      </div>
      {onDismiss ? (
        <button type="button" className="toast__close" aria-label="Dismiss" onClick={onDismiss}>
          <Icon name="close" size={20} />
        </button>
      ) : null}
    </div>
  );
}

/** One toast slot: shown until dismissed or, unless paused, for TOAST_AUTO_DISMISS_MS. */
function useShownToast(toast: ToastData | null, paused: boolean) {
  const [shown, setShown] = useState<ToastData | null>(toast);
  // Each toast gets its own element (a key per toast), so its CSS animation starts again: reusing the
  // last one's element kept that one's finished 8 s fade-out and drew the new toast hidden.
  const [key, setKey] = useState(0);
  // Each loader response that carries a toast is a new object: show it, even if its text repeats. A
  // later response without one (any revalidation, e.g. after a fetcher's post) leaves the toast on
  // screen for its time, so a toast never vanishes before anyone can read it.
  useEffect(() => {
    if (!toast) return;
    setShown(toast);
    setKey((k) => k + 1);
  }, [toast]);
  useEffect(() => {
    if (!shown || paused) return;
    const timer = window.setTimeout(() => setShown(null), TOAST_AUTO_DISMISS_MS);
    return () => window.clearTimeout(timer);
  }, [shown, paused]);
  return [shown, setShown, key] as const;
}

/**
 * The global toast area, fixed at the top centre. The root loader reads a flash cookie and passes the
 * toast in; the area is always in the page so screen readers announce toasts added to it.
 * Without JavaScript there is no dismiss button (it could do nothing); a CSS animation hides the toast
 * after 8 s instead so it never covers content for good.
 * A live toast (a notification pushed to the user's room) has its own slot below the page's, so a
 * late push never hides what the user's own last action said.
 */
export function ToastArea({ toast, live = null }: { toast: ToastData | null; live?: ToastData | null }) {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const [paused, setPaused] = useState(false);
  const [shown, setShown, shownKey] = useShownToast(toast, paused);
  const [liveShown, setLiveShown, liveKey] = useShownToast(live, paused);

  return (
    <div
      className="toast-area"
      aria-live="polite"
      // Reading or hovering a toast must not make it disappear under the pointer (WCAG 2.2.1).
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
    >
      {shown ? (
        <ToastCard key={`page-${shownKey}`} toast={shown} onDismiss={hydrated ? () => setShown(null) : undefined} />
      ) : null}
      {liveShown ? (
        <ToastCard
          key={`live-${liveKey}`}
          toast={liveShown}
          onDismiss={hydrated ? () => setLiveShown(null) : undefined}
        />
      ) : null}
    </div>
  );
}

import { useEffect, type RefObject } from "react";

/**
 * Focuses an element after a delay (the spec says 300 ms, so a field inside an opening modal or a
 * freshly navigated page is focused once the transition has settled). Done in an effect so it only
 * happens in the browser; without JavaScript nothing is focused, which is the safe default. If the
 * person starts typing or clicking before the delay ends, focus is left where they put it.
 */
export function useAutoFocus(ref: RefObject<HTMLElement>, enabled: boolean | undefined, delayMs = 300) {
  useEffect(() => {
    if (!enabled) return;
    let interacted = false;
    const onInteract = () => (interacted = true);
    const events = ["pointerdown", "keydown", "input"] as const;
    for (const name of events) document.addEventListener(name, onInteract, true);
    const timer = window.setTimeout(() => {
      if (!interacted) ref.current?.focus();
    }, delayMs);
    return () => {
      window.clearTimeout(timer);
      for (const name of events) document.removeEventListener(name, onInteract, true);
    };
  }, [ref, enabled, delayMs]);
}

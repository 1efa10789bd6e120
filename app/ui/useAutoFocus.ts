import { useEffect, type RefObject } from "react";

/**
 * Focuses an element after a delay (the spec says 300 ms, so a field inside an opening modal or a
 * freshly navigated page is focused once the transition has settled). Done in an effect so it only
 * happens in the browser; without JavaScript nothing is focused, which is the safe default.
 */
export function useAutoFocus(ref: RefObject<HTMLElement>, enabled: boolean | undefined, delayMs = 300) {
  useEffect(() => {
    if (!enabled) return;
    const timer = window.setTimeout(() => ref.current?.focus(), delayMs);
    return () => window.clearTimeout(timer);
  }, [ref, enabled, delayMs]);
}

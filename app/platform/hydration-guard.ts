/**
 * Keeps a visitor's early clicks and keystrokes away from React until the page has hydrated.
 *
 * Why: React 18 hydrates the part of a page that a click or a keystroke lands on at once, in one
 * synchronous render. Remix's root suspends on its first render while it decodes the page's data
 * (single fetch), outside any Suspense boundary, and a synchronous render that suspends there makes
 * React give up on the whole page: "Root did not complete" (React error 345), and the page never
 * hydrates. A visitor who starts typing into a form the server rendered (the sign-in modal) while the
 * page's scripts start hit it about one time in seven, enough to make end-to-end tests flaky.
 *
 * Until hydration has committed, the events React would hydrate for stop at the window, before React's
 * listeners on the document: the browser still does what it does without JavaScript (typing, focus,
 * following a link, submitting a form to the server). React stops the same events itself while it
 * hydrates; this only takes the synchronous render out of their way.
 */

/** The events React 18 hydrates synchronously for (react-dom's `discreteReplayableEvents`). */
export const EVENTS_REACT_HYDRATES_FOR = [
  "mousedown",
  "mouseup",
  "touchcancel",
  "touchend",
  "touchstart",
  "auxclick",
  "dblclick",
  "pointercancel",
  "pointerdown",
  "pointerup",
  "dragend",
  "dragstart",
  "drop",
  "compositionend",
  "compositionstart",
  "keydown",
  "keypress",
  "keyup",
  "input",
  "textInput",
  "copy",
  "cut",
  "paste",
  "click",
  "change",
  "contextmenu",
  "reset",
  "submit",
] as const;

type Target = Pick<Window, "addEventListener" | "removeEventListener">;

/** Starts holding the events back; the answer lets them through again (call it once hydrated). */
export function holdEventsUntilHydrated(target: Target): () => void {
  const stop = (event: Event) => event.stopPropagation();
  const capture = { capture: true };
  for (const name of EVENTS_REACT_HYDRATES_FOR) target.addEventListener(name, stop, capture);
  let held = true;
  return () => {
    if (!held) return;
    held = false;
    for (const name of EVENTS_REACT_HYDRATES_FOR) target.removeEventListener(name, stop, capture);
  };
}

/**
 * The app's scripts (React, Remix, the routes' code) on the pages that work without JavaScript load on
 * first need: when the visitor first presses, touches, types or moves focus (issue 17 goal 4). Until
 * then the page is what the server sent, which works on its own: links, forms, the auth modal's server
 * forms. A page read and left never downloads the app.
 *
 * How: the server renders Remix's <Scripts> inside a <template>, whose content the browser parses but
 * neither runs nor fetches. A small inline script right after it runs the page's data script now (the
 * streamed data after it feeds it) and, on first need, puts copies of the rest (modulepreloads and the
 * module script that imports the routes and entry.client) into the document, which runs them. In the
 * browser the template renders empty, as the browser's DOM has it (its content is not its children),
 * so hydration matches.
 *
 * Routes opt in with `export const handle = appOnFirstNeed`; a page served with the auth modal open
 * loads at once (the visitor came to use the dialog), as does every other route.
 */
import { Scripts, useMatches } from "@remix-run/react";

export const APP_SCRIPTS_ID = "app-scripts";

/** A route's handle: its pages load the app on first need. */
export const appOnFirstNeed = { app: "on-first-need" } as const;

/** The events that mean the visitor is about to use the page. */
export const FIRST_NEED_EVENTS = ["pointerdown", "touchstart", "keydown", "focusin"] as const;

/**
 * The inline script after the template. Plain JavaScript text, not a function's source: the server's
 * bundler wraps named functions in a helper (keepNames) the page does not have. `window.__startApp()`
 * starts the app at once and `window.__appStarted` says it was (for tools: the events do it for a visitor).
 * `place` copies a part of the template: a copy made by script runs (or fetches) when it joins the
 * document, the template's own never do. The page's data script is placed at once (the data streamed
 * after this script feeds it); the rest on first need. (Comments stay out of the text: every page
 * carries it.)
 */
export function bootstrapScript(templateId: string, events: readonly string[]) {
  return `(function (template, events) {
  if (!template) return;
  var nonce = (document.currentScript && document.currentScript.nonce) || "";
  var parts = Array.prototype.slice.call(template.content.children);
  function place(part) {
    var copy = document.createElement(part.localName);
    for (var i = 0; i < part.attributes.length; i++) copy.setAttribute(part.attributes[i].name, part.attributes[i].value);
    copy.textContent = part.textContent;
    if (nonce && part.localName === "script") copy.nonce = nonce;
    document.head.appendChild(copy);
  }
  function isPageData(part) { return part.localName === "script" && !part.getAttribute("type"); }
  parts.filter(isPageData).forEach(place);
  var started = false;
  function start() {
    if (started) return;
    started = window.__appStarted = true;
    events.forEach(function (name) { window.removeEventListener(name, start, true); });
    parts.filter(function (part) { return !isPageData(part); }).forEach(place);
  }
  window.__startApp = start;
  events.forEach(function (name) { window.addEventListener(name, start, { capture: true, passive: true }); });
})(document.getElementById(${JSON.stringify(templateId)}), ${JSON.stringify(events)});`;
}

// Which way this document went is fixed when it is served: a template in the page says on first need.
const servedOnFirstNeed = typeof document === "undefined" ? null : !!document.getElementById(APP_SCRIPTS_ID);

/** Remix's <Scripts>, loaded at once or, where the route says so, on first need. */
export function AppScripts({ nonce, modalOpen }: { nonce: string | undefined; modalOpen: boolean }) {
  const matches = useMatches();
  const leaf = matches[matches.length - 1]?.handle as { app?: string } | undefined;
  const onFirstNeed = servedOnFirstNeed ?? (leaf?.app === appOnFirstNeed.app && !modalOpen);
  if (!onFirstNeed) return <Scripts nonce={nonce} />;
  // In the browser both render as the DOM already has them: an empty template, a script already run.
  const server = typeof document === "undefined";
  const bootstrap = server ? bootstrapScript(APP_SCRIPTS_ID, FIRST_NEED_EVENTS) : " ";
  return (
    <>
      <template id={APP_SCRIPTS_ID}>{server ? <Scripts nonce={nonce} /> : null}</template>
      <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: bootstrap }} />
    </>
  );
}

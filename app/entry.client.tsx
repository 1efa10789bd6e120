import { RemixBrowser } from "@remix-run/react";
import { startTransition, StrictMode, useEffect, type ReactNode } from "react";
import { hydrateRoot } from "react-dom/client";
import { preloadAuthModal } from "~/features/identity/components/AuthModalOnDemand";
import { CLIENT_CONFIG_ID, parseClientConfig, silenceConsoleInProduction } from "~/platform/error-reporting";
import { expectReporter } from "~/platform/error-reporting-bridge";
import { holdEventsUntilHydrated } from "~/platform/hydration-guard";

// Clicks and keystrokes go to the browser alone until React has hydrated (hydration-guard says why).
const letEventsThrough = holdEventsUntilHydrated(window);

/** Its effect runs once the first render has committed, after every effect below it. */
function Hydrated({ children }: { children: ReactNode }) {
  useEffect(letEventsThrough, []);
  return children;
}

// The root layout renders these settings into the page; the root loader's data is not decoded yet.
const config = parseClientConfig(document.getElementById(CLIENT_CONFIG_ID)?.textContent);
silenceConsoleInProduction(config.environment, console);

const reporting = config.errorReporting;
if (reporting) {
  // Sentry downloads only where a DSN is configured; errors thrown meanwhile are kept for it.
  expectReporter(window);
  import("~/platform/error-reporting.browser")
    .then(({ startBrowserErrorReporting }) => startBrowserErrorReporting(reporting))
    .catch((error) => console.warn("Error reporting did not start", error));
}

// A page served with the auth modal open (?auth=Login …) hydrates once the modal's forms are here
// (AuthModalOnDemand says why); meanwhile the server's form works as it does without JavaScript.
const modalOpen = new URLSearchParams(window.location.search).has("auth");
(modalOpen ? preloadAuthModal().catch(() => undefined) : Promise.resolve()).then(() =>
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <Hydrated>
          <RemixBrowser />
        </Hydrated>
      </StrictMode>,
    );
  }),
);

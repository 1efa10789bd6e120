import { RemixBrowser } from "@remix-run/react";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { CLIENT_CONFIG_ID, parseClientConfig, silenceConsoleInProduction } from "~/platform/error-reporting";
import { expectReporter } from "~/platform/error-reporting-bridge";

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

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <RemixBrowser />
    </StrictMode>,
  );
});

// Where Chromium is: CHROME_PATH, else Debian's packages. Playwright never downloads a browser here.
import { existsSync } from "node:fs";

// Debian's chromium-headless-shell first: it is the "old headless" build Playwright itself runs headless tests in.
// The full browser in new-headless mode costs about three times the CPU per page: on two cores it makes the
// end-to-end run several times longer, with timeouts (the membership and commerce specs take about 2.8 times
// as long on the full browser, and fail on their timeouts).
const CANDIDATES = [
  "/usr/bin/chromium-headless-shell",
  "/usr/bin/chromium",
  "/usr/bin/chromium-browser",
  "/usr/bin/google-chrome",
];

export function chromiumPath() {
  if (process.env.CHROME_PATH && existsSync(process.env.CHROME_PATH)) return process.env.CHROME_PATH;
  return CANDIDATES.find((path) => existsSync(path)) ?? null;
}

export const CHROMIUM_HINT =
  "Chromium not found: install Debian's package with `sudo apt-get install -y chromium-headless-shell` (or `chromium`), or set CHROME_PATH to a Chromium binary.";

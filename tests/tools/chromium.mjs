// Where Chromium is: CHROME_PATH, else Debian's package. Playwright never downloads a browser here.
import { existsSync } from "node:fs";

const CANDIDATES = ["/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome"];

export function chromiumPath() {
  if (process.env.CHROME_PATH && existsSync(process.env.CHROME_PATH)) return process.env.CHROME_PATH;
  return CANDIDATES.find((path) => existsSync(path)) ?? null;
}

export const CHROMIUM_HINT =
  "Chromium not found: install Debian's package with `sudo apt-get install -y chromium`, or set CHROME_PATH to a Chromium binary.";

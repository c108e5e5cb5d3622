// Debian's headless Chromium, driven by playwright-core, for the tests that
// need a real browser. Deno only.
import { type Browser, chromium } from "npm:playwright-core@1.65.1";

/** Where Debian's `chromium` package puts the browser. */
export const CHROMIUM = "/usr/bin/chromium";

/** The one command that installs it. */
export const INSTALL_CHROMIUM = "apt-get install -y chromium";

/** True when {@linkcode CHROMIUM} is not installed. */
export function chromiumMissing(): boolean {
  try {
    Deno.statSync(CHROMIUM);
    return false;
  } catch {
    return true;
  }
}

/** Launches headless Chromium without network side trips, bounded to 30 s. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
    timeout: 30_000,
  });
}

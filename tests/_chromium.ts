// Debian's headless Chromium, driven by playwright-core, for the tests that
// need a real browser. Deno only. Whether the browser is there (skip outside
// CI, fail under CI=true) is decided by tests/_programs.ts.
import { type Browser, chromium } from "npm:playwright-core@1.65.1";
import { programPath } from "./_programs.ts";

/** Launches headless Chromium without network side trips, bounded to 30 s. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: programPath("chromium"),
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

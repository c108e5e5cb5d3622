// One adapter's health probe, bounded by a timeout and by the Router's
// lifetime. Background probes use unref'd timers so they never keep a
// process alive; the Router decides what to do with the answer.

import type { BackendAdapter } from "./types.ts";
import {
  linkSignal,
  raceAbort,
  TIMEOUT_REASON,
  timerDelay,
  unrefTimeout,
} from "./_util.ts";

/**
 * Calls `adapter.healthCheck` (which must exist): anything but `false` is
 * healthy; `false`, a rejection or the timeout is unhealthy. Never rejects.
 */
export async function probeAdapter(
  adapter: BackendAdapter,
  timeoutMs: number,
  lifetime: AbortSignal,
  background: boolean,
): Promise<boolean> {
  const controller = new AbortController();
  const unlink = linkSignal(lifetime, controller);
  const abortOnTimeout = (): void => controller.abort(TIMEOUT_REASON);
  const timer = timeoutMs === Infinity
    ? undefined
    : background
    ? unrefTimeout(abortOnTimeout, timeoutMs)
    : setTimeout(abortOnTimeout, timerDelay(timeoutMs));
  try {
    const check = Promise.resolve().then(() =>
      adapter.healthCheck!(controller.signal)
    );
    return (await raceAbort(check, controller.signal)) !== false;
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
    unlink();
  }
}

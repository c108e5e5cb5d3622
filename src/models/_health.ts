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

/**
 * A caller's wait on a probe someone else started (a background probe runs
 * on unref'd timers, which alone would let the event loop end under the
 * caller's await): a ref'd timer keeps the wait bounded and alive, and
 * answers unhealthy if it fires first. Never rejects.
 */
export function awaitShared(
  probe: Promise<boolean>,
  timeoutMs: number,
): Promise<boolean> {
  if (timeoutMs === Infinity) return probe;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const bound = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), timerDelay(timeoutMs));
  });
  return Promise.race([probe, bound]).finally(() => clearTimeout(timer));
}

// How often the listeners check their connections' deadlines: the one
// interval that bounds how late a timeout is met, on Deno (the sweeper of
// _deno_server.ts) and on Node (node:http's connection check).
import type { ServeLimits } from "./options.ts";

/**
 * How often a listener checks every connection's deadlines, in ms (the Deno
 * listener's sweeper, node:http's connection check): a deadline is met at
 * most this late (plus the event loop's own delay), which
 * is at most 5% of the shortest timeout and at most 250 ms (5 ms for timeouts
 * under 100 ms). One interval for every connection: a timer per read and
 * write would cost each request its setting and clearing. At the defaults
 * (10 s headers) that is a check every 250 ms, where a quarter of the
 * shortest timeout (the old tick) let a slow head run to 12.5 s.
 *
 * @param limits The listener's timeouts.
 * @returns The interval.
 */
export function sweepEvery(
  limits: Pick<
    ServeLimits,
    "headersTimeoutMs" | "bodyTimeoutMs" | "idleTimeoutMs"
  >,
): number {
  const shortest = Math.min(
    limits.headersTimeoutMs,
    limits.bodyTimeoutMs,
    limits.idleTimeoutMs,
  );
  return Math.max(5, Math.min(250, shortest / 20));
}

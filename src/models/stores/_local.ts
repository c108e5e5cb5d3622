// The memory store's synchronous fast path: a Router built on a memory
// store uses the store's breaker objects directly (no promise, no lookup
// per call), so routers sharing one memory store share breakers, and the
// default Router keeps today's speed. Kept out of the public class so the
// store's API stays the RouterStore interface.

import type { CircuitBreaker } from "../_breaker.ts";
import type { RouterStore } from "../store.ts";

/** Breakers by key of each memory store. */
const LOCAL = new WeakMap<RouterStore, Map<string, CircuitBreaker>>();

/** Registers a memory store's breaker map. */
export function registerLocal(
  store: RouterStore,
  breakers: Map<string, CircuitBreaker>,
): void {
  LOCAL.set(store, breakers);
}

/** The breaker map of a memory store; undefined for any other store. */
export function localBreakers(
  store: RouterStore,
): Map<string, CircuitBreaker> | undefined {
  return LOCAL.get(store);
}

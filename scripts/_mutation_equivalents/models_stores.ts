// The reviewed equivalents of the models-stores area (scripts/_mutation_areas.ts),
// in its own file so that work on different areas never edits one list.

import type { Equivalent } from "./equivalent.ts";

/** The mutants of the models-stores area judged equivalent by review. */
export const MODELS_STORES: Equivalent[] = [
  {
    file: "src/models/_fleet.ts",
    before: "probe = false,",
    after: "probe = true,",
    reason:
      "FleetLink.failure() has one caller (BackendState's failure, _backend_state.ts), which always passes probe: the default is never used",
  },
  {
    file: "src/models/stores/memory.ts",
    before: ": refillPerSecond > 0",
    after: ": refillPerSecond >= 0",
    reason:
      "a refused take has cost - tokens > 0, and a positive number over a zero refill is Infinity: the ceiling of it and the Infinity branch give the same retryAfterMs",
  },
  {
    file: "src/models/stores/memory.ts",
    before:
      "const bucket = this.#buckets.get(key) ?? { tokens: capacity, at: now };",
    after:
      "const bucket = this.#buckets.get(key) || { tokens: capacity, at: now };",
    reason:
      "the map holds bucket objects or nothing, and an object is never falsy: ?? and || pick the same side",
  },
  {
    file: "src/models/stores/redis.ts",
    before: "...keys.map((_, i) => String(Math.ceil(ttls[i] ?? 0))),",
    after: "...keys.map((_, i) => String(Math.ceil(ttls[i] || 0))),",
    reason:
      'the two differ only for a NaN ttl (0, -0, null and undefined give "0" either way); both scripts (ADD_TOTALS and ADD_TOTALS_ONCE) read "NaN" with tonumber as nan, and `nan > 0` is false, so they PERSIST the total exactly as for "0" (checked on redis-server\'s Lua)',
  },
  {
    file: "src/models/stores/memory.ts",
    before: "counters[name] = (counters[name] ?? 0) + delta[name];",
    after: "counters[name] = (counters[name] || 0) + delta[name];",
    reason:
      "addCounters refuses a delta that is not a finite number (checkDelta, before the loop), so a counter is undefined or a finite sum that started from +0, which is never -0: ?? 0 and || 0 differ only for NaN and -0, and neither can be there",
  },
  {
    file: "src/models/stores/memory.ts",
    before: "const total = (this.#totals.get(key) ?? 0) + amount;",
    after: "const total = (this.#totals.get(key) || 0) + amount;",
    reason:
      "addTotals refuses an amount that is not a finite number (checkAmount, before the map), so a total is undefined or a finite sum that started from +0, which is never -0: ?? 0 and || 0 differ only for NaN and -0, and neither can be there",
  },
  {
    file: "src/models/_fleet.ts",
    before: "success(now: number, ticket: number, probe = false): void {",
    after: "success(now: number, ticket: number, probe = true): void {",
    reason:
      "FleetLink.success() has one caller (BackendState's success, _backend_state.ts), which always passes probe: the default is never used",
  },
  {
    file: "src/models/_fleet.ts",
    before: "this.#delta[name] = (this.#delta[name] ?? 0) + value;",
    after: "this.#delta[name] = (this.#delta[name] || 0) + value;",
    reason:
      "count() has three callers (BackendState's ok, clientErrors and failed), each with the default value 1, so a pending delta is undefined or a positive whole number: ?? 0 and || 0 pick the same side",
  },
  {
    file: "src/models/stores/memory.ts",
    before: "enabled: false,",
    after: "enabled: true,",
    reason:
      "CircuitBreaker reads enabled only in onFailure's rules, and both callers pass their own (the store's recordFailure the caller's rules, BackendState on the local fast path the Router's): the store's default rules give a breaker its probeLease only",
  },
  {
    file: "src/models/_fleet.ts",
    context: "): void {",
    before: "if (this.#disposed) return;",
    after: "if (this.#disposed) ;",
    reason:
      "nothing calls Fleet.call() after dispose(): the registry forgets every backend (no public method reaches a BackendState), calls in flight end as aborts (a probe handed back through last(), not call()), a late health answer is dropped before setHealth, and the background read is cleared and not scheduled again",
  },
  {
    file: "src/models/stores/redis.ts",
    before: 'state: STATES[num(s)] ?? "closed",',
    after: 'state: STATES[num(s)] || "closed",',
    reason:
      "STATES holds three non-empty strings, so STATES[n] is one of them or undefined, never another falsy value: ?? and || pick the same side",
  },
  {
    file: "src/models/stores/memory.ts",
    context: "const breaker = this.#breaker(key);",
    before: "breaker.state(now);",
    after: ";",
    reason:
      "in recordSuccess and recordFailure (the same two lines in each): onSuccess and onFailure, called next with the same now, make the same move themselves (state(now) first; state() changes nothing on a closed breaker)",
    sites: 2,
  },
  {
    file: "src/models/_fleet.ts",
    before: "answer.catch(() => {}); // a late rejection after the timeout",
    after: "; // a late rejection after the timeout",
    reason:
      "in Fleet.call the store's answer (a native Promise: checked with instanceof just before) is raced against the timeout, and Promise.race subscribes to it at once, so a rejection that comes after the timeout is already handled; the timeout branch adds its own rejection handler too (answer.then(late, lost)). fleet_mutants_test.ts's refusal after the timeout shows no unhandled rejection with the catch dropped",
  },
];

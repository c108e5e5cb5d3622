// `custom`: `config.customFallback` names the next backend after each
// failure, from the available backends not yet tried; null stops. An unknown, unavailable or already tried name is
// ROUTING_FAILED (which also bounds the loop), and the wait races the
// call's signal.

import type { CustomFallbackFunction } from "../config.ts";
import { askHook } from "../_hooks.ts";
import type { BackendEntry } from "../_state.ts";
import type { FallbackPolicy, FallbackState } from "./policy.ts";

/** Asks the user's customFallback. */
export class CustomFallback implements FallbackPolicy {
  readonly final = false;
  readonly #hook: CustomFallbackFunction;

  constructor(hook: CustomFallbackFunction) {
    this.#hook = hook;
  }

  async next(state: FallbackState): Promise<readonly BackendEntry[]> {
    const usable = state.usable();
    // Only what the hook may choose: the first choice and the backends
    // already tried are refused below, so offering them (the first choice
    // once it comes back from a cooldown, a tried backend that is still
    // up) made a hook that takes the first offer fail with ROUTING_FAILED.
    const attempted = state.attempted;
    const available = Object.freeze(
      state.order.filter((e) =>
        e.name !== state.primary && !attempted.includes(e.name) && usable(e)
      ).map((e) => e.name),
    );
    const hook = this.#hook;
    const entry = await askHook(
      () =>
        hook(
          state.request,
          state.lastFailed,
          state.lastError,
          Object.freeze([...state.attempted]),
          available,
        ),
      {
        hook: "customFallback",
        entries: state.entries,
        usable,
        attempted: state.attempted,
        primary: state.primary,
        allowed: state.allowed,
      },
      state.signal,
    );
    return entry === undefined ? [] : [entry];
  }
}

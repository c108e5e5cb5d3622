// `sequential`: the fallback chain (or, without one, every other backend in
// registration order), one at a time, skipping unavailable ones.

import type { BackendEntry } from "../_state.ts";
import type { FallbackPolicy, FallbackState } from "./policy.ts";

/** One candidate after another. */
export class SequentialFallback implements FallbackPolicy {
  readonly final = false;

  next(state: FallbackState): Promise<readonly BackendEntry[]> {
    const entry = state.takeNext();
    return Promise.resolve(entry === undefined ? [] : [entry]);
  }
}

// `parallel`: every remaining available candidate at once; the first
// success wins and the others are cancelled. One round only.

import type { BackendEntry } from "../_state.ts";
import type { FallbackPolicy, FallbackState } from "./policy.ts";

/** All remaining candidates, raced. */
export class ParallelFallback implements FallbackPolicy {
  readonly final = false;

  next(state: FallbackState): Promise<readonly BackendEntry[]> {
    return Promise.resolve(state.takeRest());
  }
}

// `none`: no fallback; the first choice's own error is rethrown.

import type { BackendEntry } from "../_state.ts";
import type { FallbackPolicy } from "./policy.ts";

/** Never tries another backend. */
export class NoFallback implements FallbackPolicy {
  readonly final = true;

  next(): Promise<readonly BackendEntry[]> {
    return Promise.resolve([]);
  }
}

// `explicit`: only `request.metadata.custom.backend` chooses; without it the
// Selector falls through to the default (or first available) backend.

import type { Plan, Strategy } from "./strategy.ts";

/** Chooses nothing itself: the named backend or the fall-through decides. */
export class ExplicitStrategy implements Strategy {
  readonly honoursNamed = true;

  select(): Plan | undefined {
    return undefined;
  }

  changed(): void {}
}

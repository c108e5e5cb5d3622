// The components one Router is made of, handed to the execute, stream and
// dispatch flows. Each owns its state; the flows call their methods and
// nothing calls back into the Router.

import type { AttemptEnv } from "./_attempt.ts";
import type { FallbackEnv } from "./fallback/run.ts";
import type { Selector } from "./routing/selector.ts";

/** Settings, registry, selection, fallback, translation, lifetime, counters. */
export interface Parts extends AttemptEnv, FallbackEnv {
  readonly selector: Selector;
}

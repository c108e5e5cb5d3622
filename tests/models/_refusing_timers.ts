// Router timers that never fire (the calls of the tests that use them answer
// at once) and can be told to refuse a new timer, as injected timers may:
// only their count of live timers is watched.
import type { RouterTimers } from "../../src/models/mod.ts";

/** The timers, the ids still armed, and the switch that makes them refuse. */
export interface RefusingTimers {
  timers: RouterTimers;
  live: Set<number>;
  /** From now on, a new timer throws `error` (undefined: timers work). */
  refuse(error: Error | undefined): void;
}

export function refusingTimers(): RefusingTimers {
  const live = new Set<number>();
  let refusal: Error | undefined;
  let next = 0;
  return {
    live,
    refuse(error) {
      refusal = error;
    },
    timers: {
      setTimeout() {
        if (refusal !== undefined) throw refusal;
        live.add(++next);
        return next;
      },
      clearTimeout: (id) => void live.delete(id as number),
    },
  };
}

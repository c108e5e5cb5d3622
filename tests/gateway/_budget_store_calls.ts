// A router store whose `addTotals` is recorded and steered, for the tests of
// SharedBudgetStore: each call is kept (totals, amount, expiries, the
// charge's sequence number), and the store can fail, stay silent, answer
// late, or hold the next charge until released. Answers come from a real
// memory store, which adds a charge's sequence number only once, as Redis
// does.
import { createMemoryStore, type RouterStore } from "../../src/models/mod.ts";

/** One `addTotals` call as the store saw it. */
export interface BudgetCall {
  keys: readonly string[];
  amount: number;
  ttls: readonly number[];
  /** The charge's sequence number; undefined for a read. */
  seq?: number;
}

/**
 * How the store answers a call: `up` at once, `throws` (refused), `silent`
 * (never), or `late` (after `lateMs`, then settling `answered()`).
 */
export type BudgetStoreMode = "up" | "throws" | "silent" | "late";

/** The recorded store and its controls. */
export interface RecordedBudgetStore {
  store: RouterStore;
  calls: BudgetCall[];
  /** Every later call refused (true) or answered (false). */
  fail(on: boolean): void;
  /** The next calls' modes, one each, before the standing one applies. */
  script(...modes: BudgetStoreMode[]): void;
  /** The next charge (a call adding more than 0) waits for `release()`. */
  holdNextCharge(): void;
  release(): void;
  /** Settles when every late answer given so far has landed. */
  answered(): Promise<void>;
}

/** A memory store whose addTotals is recorded and steered (see above). */
export function recordedBudgetStore(lateMs = 20): RecordedBudgetStore {
  const store = createMemoryStore();
  const real = store.addTotals!.bind(store);
  const calls: BudgetCall[] = [];
  const scripted: BudgetStoreMode[] = [];
  const late: Promise<unknown>[] = [];
  let standing: BudgetStoreMode = "up";
  let hold: (() => void) | undefined;
  let held: Promise<void> | undefined;
  store.addTotals = (keys, amount, ttls, once) => {
    calls.push({ keys: [...keys], amount, ttls: [...ttls], seq: once?.seq });
    const mode = scripted.shift() ?? standing;
    if (mode === "throws") throw new Error("connect ECONNREFUSED");
    if (mode === "silent") return new Promise<number[]>(() => {});
    if (mode === "late") {
      const answer = new Promise<void>((resolve) => setTimeout(resolve, lateMs))
        .then(() => real(keys, amount, ttls, once));
      late.push(answer);
      return answer;
    }
    if (held !== undefined && amount > 0) {
      const wait = held;
      held = undefined;
      return wait.then(() => real(keys, amount, ttls, once));
    }
    return real(keys, amount, ttls, once);
  };
  return {
    store,
    calls,
    fail(on) {
      standing = on ? "throws" : "up";
    },
    script(...modes) {
      scripted.push(...modes);
    },
    holdNextCharge() {
      held = new Promise<void>((resolve) => hold = resolve);
    },
    release() {
      hold?.();
    },
    async answered() {
      await Promise.all(late);
    },
  };
}

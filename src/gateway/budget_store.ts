/**
 * Where the gateway keeps what each key has spent per budget period: one
 * running total per key, budget period and period window (e.g. `team-a`'s
 * spend on 2026-11-28), added to atomically.
 *
 * - {@linkcode MemoryBudgetStore} keeps them in this process: budgets hold
 *   per gateway instance.
 * - {@linkcode SharedBudgetStore} keeps them in the model router's
 *   {@linkcode RouterStore} (`addTotals`: one Lua script on Redis), so a
 *   fleet of gateways spends one budget. A store that fails or does not
 *   answer within `timeoutMs` (default 100) never fails or holds a request:
 *   this instance counts on its own totals meanwhile, with a
 *   `budget-store-unavailable` warning, and a `budget-store-recovered` one
 *   at the store's next answer (asked again on every admission). What it
 *   counted meanwhile, and every charge whose answer was lost, is then
 *   added to the shared totals once: each charge carries this instance's
 *   id and a sequence number, and the store adds a number only once.
 *
 * @module
 */
import type { RouterStore } from "../models/store.ts";
import type { IRWarning } from "../models/types.ts";
import { AdapterError, ErrorCode } from "../models/errors.ts";
import { BudgetLedger } from "./_budget_ledger.ts";

/**
 * A NaN added once would stay in the total for its whole period, and a
 * total that is NaN admits every request (no comparison with it holds); a
 * negative amount hands spent budget back without anyone seeing it. The
 * router store's `addTotals` refuses both, so a shared store that sent one
 * would be taken for down at every read. Refused here first, the same typed
 * way.
 */
function checkUsd(usd: number): void {
  if (typeof usd !== "number" || !Number.isFinite(usd) || usd < 0) {
    throw new AdapterError({
      code: ErrorCode.INVALID_REQUEST,
      message:
        `BudgetStore.add: the amount must be a finite number of US dollars, 0 or more, not ${
          typeof usd === "number" ? String(usd) : typeof usd
        }`,
    });
  }
}

/**
 * Running totals, added to atomically.
 *
 * @example A store that logs what it adds
 * ```ts
 * import { type BudgetStore, MemoryBudgetStore } from "@switchyard/switchyard/gateway";
 * const memory = new MemoryBudgetStore();
 * const logged: BudgetStore = {
 *   add: (keys, usd) => (console.log(keys, usd), memory.add(keys, usd)),
 * };
 * await logged.add(["team-a:day:2026-11-28"], 0.5, [86_400_000]); // logs the key and 0.5
 * ```
 */
export interface BudgetStore {
  /**
   * Adds `usd` to every total in `keys` (0 reads them).
   *
   * @param keys Total names.
   * @param usd Amount to add: 0 or more (spend only grows).
   * @param ttls Per key: ms after which the total may be forgotten (0: kept).
   * @returns The totals after the addition, in `keys`' order.
   */
  add(
    keys: readonly string[],
    usd: number,
    ttls: readonly number[],
  ): number[] | Promise<number[]>;
}

/**
 * Totals in this process.
 *
 * @example Usage
 * ```ts
 * import { MemoryBudgetStore } from "@switchyard/switchyard/gateway";
 * const store = new MemoryBudgetStore();
 * store.add(["a"], 0.25);
 * console.log(store.add(["a"], 0.5)); // [0.75]
 * ```
 */
export class MemoryBudgetStore implements BudgetStore {
  #totals = new Map<string, number>();

  /**
   * Adds `usd` to every total in `keys`.
   *
   * @param keys Total names.
   * @param usd Amount to add (0 reads).
   * @returns The new totals.
   * @throws {AdapterError} `INVALID_REQUEST` when `usd` is negative or not a
   * finite number.
   */
  add(keys: readonly string[], usd: number): number[] {
    checkUsd(usd);
    return keys.map((key) => {
      const total = (this.#totals.get(key) ?? 0) + usd;
      this.#totals.set(key, total);
      return total;
    });
  }
}

/**
 * Options of {@linkcode SharedBudgetStore}.
 *
 * @example Usage
 * ```ts
 * import type { SharedBudgetStoreOptions } from "@switchyard/switchyard/gateway";
 * const options: SharedBudgetStoreOptions = { timeoutMs: 50, prefix: "spend:" };
 * ```
 */
export interface SharedBudgetStoreOptions {
  /** Longest wait for the store, in ms, before counting locally. Default 100. */
  readonly timeoutMs?: number;
  /** Receives `budget-store-unavailable` and `budget-store-recovered`. */
  readonly onWarning?: (warning: IRWarning) => void;
  /** Key namespace inside the store. Default `budget:`. */
  readonly prefix?: string;
}

const TIMED_OUT: unique symbol = Symbol("timed out");

/**
 * Totals in a {@linkcode RouterStore} (memory or Redis), shared by every
 * gateway on it, with local totals while the store is out.
 *
 * @example Two gateways' stores on one router store see one total
 * ```ts
 * import { createMemoryStore } from "@switchyard/switchyard/models";
 * import { SharedBudgetStore } from "@switchyard/switchyard/gateway";
 * const store = createMemoryStore();
 * const a = new SharedBudgetStore(store);
 * const b = new SharedBudgetStore(store);
 * await a.add(["team:total"], 2, [0]);
 * console.log(await b.add(["team:total"], 0, [0])); // [2]
 * ```
 */
export class SharedBudgetStore implements BudgetStore {
  readonly #store: RouterStore;
  readonly #local = new MemoryBudgetStore();
  readonly #timeoutMs: number;
  readonly #prefix: string;
  readonly #onWarning: ((warning: IRWarning) => void) | undefined;
  readonly #ledger = new BudgetLedger();
  /** Names this instance's charges, so the store adds each one once. */
  readonly #writer = crypto.randomUUID();
  #reconciling: Promise<boolean> | undefined;
  #up = true;

  /**
   * Creates the store.
   *
   * @param store The router's store; one without `addTotals` is refused.
   * @param options Timeout, warnings and key prefix.
   * @throws {TypeError} When the store has no `addTotals`.
   */
  constructor(store: RouterStore, options: SharedBudgetStoreOptions = {}) {
    if (typeof store.addTotals !== "function") {
      throw new TypeError(
        "SharedBudgetStore: the store has no addTotals, so it cannot share budgets",
      );
    }
    this.#store = store;
    this.#timeoutMs = options.timeoutMs ?? 100;
    this.#prefix = options.prefix ?? "budget:";
    this.#onWarning = options.onWarning;
  }

  /** Whether the shared store counts (false: local totals, store out). */
  get shared(): boolean {
    return this.#up;
  }

  /**
   * Adds `usd` to every total in `keys`, in the shared store when it
   * answers, else locally (and owed to the shared store, added there once
   * it answers again).
   *
   * @param keys Total names.
   * @param usd Amount to add (0 reads).
   * @param ttls Per key: ms after which it may be forgotten (0: kept).
   * @returns The new totals.
   * @throws {AdapterError} `INVALID_REQUEST` when `usd` is negative or not a
   * finite number (nothing is sent, and the store is not taken for down).
   */
  async add(
    keys: readonly string[],
    usd: number,
    ttls: readonly number[],
  ): Promise<number[]> {
    checkUsd(usd);
    if (usd === 0) {
      const answer = await this.#ask(keys, 0, ttls);
      if (typeof answer === "string") return this.#down(answer, keys, 0);
      this.#recovered();
      if (!this.#ledger.owing) return answer;
      // Owed spend is added first, so this admission sees it.
      if (!(await this.#reconcile())) return this.#local.add(keys, 0);
      const after = await this.#ask(keys, 0, ttls);
      return typeof after === "string" ? this.#down(after, keys, 0) : after;
    }
    if (!this.#up) {
      // Not sent while the store is out, so none of it can land unseen:
      // it is kept as one sum per set of totals (small however long the
      // outage), and the next read the store answers adds it once.
      this.#ledger.keep(keys, usd, ttls);
      return this.#local.add(keys, usd);
    }
    const charge = this.#ledger.send(keys, usd, ttls);
    const answer = await this.#ask(keys, usd, ttls, charge.seq);
    charge.inFlight = false;
    if (typeof answer === "string") return this.#down(answer, keys, usd);
    this.#ledger.settle(charge);
    return answer;
  }

  /**
   * Sends what is owed, each charge under its sequence number; false when
   * the store failed again (the rest stays owed).
   */
  #reconcile(): Promise<boolean> {
    this.#reconciling ??= (async () => {
      try {
        for (const charge of this.#ledger.due()) {
          const answer = await this.#ask(
            charge.keys,
            charge.usd,
            charge.ttls,
            charge.seq,
          );
          if (typeof answer === "string") {
            this.#down(answer, charge.keys, 0);
            return false;
          }
          this.#ledger.settle(charge);
        }
        return true;
      } finally {
        this.#reconciling = undefined;
      }
    })();
    return this.#reconciling;
  }

  #down(error: string, keys: readonly string[], usd: number): number[] {
    if (this.#up) {
      this.#up = false;
      this.#warn(
        "budget-store-unavailable",
        "Shared budget store unavailable; counting spend in this instance only",
        { error },
      );
    }
    return this.#local.add(keys, usd);
  }

  #recovered(): void {
    if (this.#up) return;
    this.#up = true;
    this.#warn(
      "budget-store-recovered",
      "Shared budget store is back; budgets hold across instances again",
    );
  }

  /** One bounded store call: the totals, or why there are none. */
  async #ask(
    keys: readonly string[],
    usd: number,
    ttls: readonly number[],
    seq?: number,
  ): Promise<number[] | string> {
    let timer: ReturnType<typeof setTimeout> | undefined;
    try {
      const pending = this.#store.addTotals!(
        keys.map((key) => this.#prefix + key),
        usd,
        ttls,
        ...(seq === undefined
          ? []
          : [{ writer: this.#writer, seq, floor: this.#ledger.floor }]),
      );
      if (!(pending instanceof Promise)) return pending;
      // A late answer must not surface as an unhandled rejection.
      pending.catch(() => {});
      const late = new Promise<typeof TIMED_OUT>((resolve) => {
        timer = setTimeout(() => resolve(TIMED_OUT), this.#timeoutMs);
      });
      const answer = await Promise.race([pending, late]);
      if (answer === TIMED_OUT) return `no answer within ${this.#timeoutMs} ms`;
      return answer.every(Number.isFinite)
        ? answer
        : "the store answered totals that are not numbers";
    } catch (error) {
      return error instanceof Error ? error.message : String(error);
    } finally {
      clearTimeout(timer);
    }
  }

  #warn(code: string, message: string, details?: Record<string, unknown>) {
    if (this.#onWarning === undefined) return;
    try {
      this.#onWarning(details ? { code, message, details } : { code, message });
    } catch {
      // A failing warning handler must not fail requests.
    }
  }
}

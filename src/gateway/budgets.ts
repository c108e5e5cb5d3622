/**
 * Spend budgets per key: US dollars per calendar day, ISO week (from
 * Monday), month (all in UTC) or in total, several per key (e.g. 5 a day
 * and 50 a month).
 *
 * - **Before the call.** A request whose key has spent any of its budgets
 *   is refused before any backend is called: a 429 in the caller's wire
 *   (`insufficient_quota` on OpenAI's, as OpenAI answers a spent quota;
 *   `rate_limit_error` on Anthropic's), naming the budget and when it
 *   resets (of several spent, the one that resets last; of those resetting
 *   together, the first listed), with `Retry-After` (none for a `total` budget, which never
 *   resets) and `x-should-retry: false` when the reset is more than a
 *   minute away, so the OpenAI and Anthropic SDKs do not retry in vain.
 * - **After the answer.** The answer's real cost (its usage priced) is
 *   added to every budget's total of the current period, atomically, before
 *   the answer is handed to the client (a stream: as it closes), so the
 *   next request anywhere in the fleet sees it.
 * - **Overshoot.** Admission reads the totals; it does not reserve. A
 *   request admitted with budget left may end past it by its own cost, and
 *   requests of the key already in flight at that moment by theirs: at most
 *   the cost of the key's concurrent requests (each at most its prompt plus
 *   its `max_tokens` of output, priced).
 * - **Headers** on every answer of a key with budgets:
 *   `x-switchyard-budget-remaining` (USD left on the tightest budget, the
 *   first listed of those with as much left, as admission saw it, minus this answer's cost when it is known before the
 *   answer is sent), `x-switchyard-budget-limit` and
 *   `x-switchyard-budget-reset` (RFC 3339; absent for `total`).
 *
 * @module
 */
import { GatewayError, retryAfterHeaders } from "./errors.ts";
import type { BudgetStore } from "./budget_store.ts";
import { type Budget, type BudgetPeriod, budgetsOf } from "./_budget_parts.ts";

export type { Budget, BudgetPeriod };

const DAY = 86_400_000;

/**
 * The period window `now` falls in: its name and its end (Infinity for
 * `total`).
 *
 * @param period The budget period.
 * @param now Milliseconds since the epoch.
 * @returns `id` (e.g. `2026-11-28`, `week-2026-11-23`, `2026-11`) and `end`.
 *
 * @example Usage
 * ```ts
 * import { budgetWindow } from "@switchyard/switchyard/gateway";
 * const now = Date.parse("2026-11-28T12:00:00Z"); // a Saturday
 * console.log(budgetWindow("week", now).id); // "week-2026-11-23"
 * console.log(new Date(budgetWindow("month", now).end).toISOString()); // "2026-12-01T00:00:00.000Z"
 * ```
 */
export function budgetWindow(
  period: BudgetPeriod,
  now: number,
): { id: string; end: number } {
  const date = new Date(now);
  const y = date.getUTCFullYear();
  const m = date.getUTCMonth();
  const dayStart = Date.UTC(y, m, date.getUTCDate());
  switch (period) {
    case "day":
      return { id: isoDate(dayStart), end: dayStart + DAY };
    case "week": {
      const monday = dayStart - ((date.getUTCDay() + 6) % 7) * DAY;
      return { id: `week-${isoDate(monday)}`, end: monday + 7 * DAY };
    }
    case "month":
      return {
        id: isoDate(Date.UTC(y, m, 1)).slice(0, 7),
        end: Date.UTC(y, m + 1, 1),
      };
    default:
      return { id: "total", end: Infinity };
  }
}

function isoDate(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/**
 * Below 2^18, half a unit in the last place of a double is at most 2^-36
 * (about 1.5e-11), under half of the tenth decimal: see formatUsd.
 */
const FAST_BELOW = 2 ** 18;

/**
 * A USD amount as headers and messages write it: at most `digits`
 * decimals, no trailing zeros, never an exponent.
 *
 * @param usd The amount.
 * @param digits Decimals kept (default 6).
 * @returns The text.
 *
 * @example Usage
 * ```ts
 * import { formatUsd } from "@switchyard/switchyard/gateway";
 * console.log(formatUsd(4.5), formatUsd(0.0000003, 10), formatUsd(2)); // "4.5" "0.0000003" "2"
 * ```
 */
export function formatUsd(usd: number, digits = 6): string {
  const value = Math.max(0, usd);
  // The shortest text of the number (String), when it has no exponent and
  // at most `digits` decimals, is what toFixed(digits) gives without its
  // trailing zeros: that text is within half a unit in the last place of
  // the number, which below FAST_BELOW is less than half of the last kept
  // decimal, so rounding to `digits` decimals lands on it. String is about
  // twice as fast, and a priced answer's header is written on every request.
  if (value < FAST_BELOW && digits >= 0 && digits <= 10) {
    const short = String(value);
    const point = short.indexOf(".");
    if (
      short.indexOf("e") < 0 &&
      (point < 0 || short.length - point - 1 <= digits)
    ) return short;
  }
  const text = value.toFixed(digits);
  // Trailing zeros (and a bare point) off, without a regular expression:
  // this runs for every priced answer.
  if (!text.includes(".")) return text;
  let end = text.length;
  while (text.charCodeAt(end - 1) === 48) end--; // "0"
  if (text.charCodeAt(end - 1) === 46) end--; // "."
  return text.slice(0, end);
}

/**
 * A key's budgets as {@linkcode BudgetLimiter} reads them.
 *
 * @example Usage
 * ```ts
 * import type { BudgetedKey } from "@switchyard/switchyard/gateway";
 * const key: BudgetedKey = { id: "team-a", budget: [{ usd: 5, period: "day" }, { usd: 50, period: "month" }] };
 * ```
 */
export interface BudgetedKey {
  /** Key id (the totals' names derive from it). */
  readonly id: string;
  /** One budget or several. */
  readonly budget?: Budget | readonly Budget[];
}

/**
 * What {@linkcode BudgetLimiter.admit} found: the headers for the answer
 * and the USD left on the tightest budget.
 *
 * @example Usage
 * ```ts
 * import type { BudgetAdmission } from "@switchyard/switchyard/gateway";
 * const admission: BudgetAdmission = { headers: {}, remainingUsd: 4.2 };
 * ```
 */
export interface BudgetAdmission {
  /** `x-switchyard-budget-*` headers. */
  readonly headers: Record<string, string>;
  /** USD left on the tightest budget when admitted. */
  readonly remainingUsd: number;
}

const PERIOD_WORDS: Readonly<Record<BudgetPeriod, string>> = {
  day: "daily",
  week: "weekly",
  month: "monthly",
  total: "total",
};

/** A time as RFC 3339 without milliseconds. */
function rfc3339(ms: number): string {
  return new Date(ms).toISOString().replace(".000Z", "Z");
}

/**
 * Checks and charges key budgets through a {@linkcode BudgetStore}.
 *
 * @example A dollar a day, spent, then reset at midnight UTC
 * ```ts
 * import { BudgetLimiter, MemoryBudgetStore } from "@switchyard/switchyard/gateway";
 * let now = Date.parse("2026-11-28T23:00:00Z");
 * const budgets = new BudgetLimiter(new MemoryBudgetStore(), () => now);
 * const key = { id: "team-a", budget: { usd: 1, period: "day" as const } };
 * await budgets.admit(key);
 * await budgets.charge(key, 1.2);
 * const refused = await budgets.admit(key).catch((e) => e);
 * console.log(refused.status, refused.headers["retry-after"]); // 429 "3600"
 * now = Date.parse("2026-11-29T00:00:00Z");
 * console.log((await budgets.admit(key)).headers["x-switchyard-budget-remaining"]); // "1"
 * ```
 */
export class BudgetLimiter {
  #store: BudgetStore;
  #now: () => number;

  /**
   * Creates the limiter.
   *
   * @param store Where the totals live.
   * @param now Clock in milliseconds.
   */
  constructor(store: BudgetStore, now: () => number) {
    this.#store = store;
    this.#now = now;
  }

  // The current window of each period, computed again once it has ended
  // (or the clock went back before it began).
  #current = new Map<
    BudgetPeriod,
    { id: string; start: number; end: number }
  >();

  #window(period: BudgetPeriod, now: number): { id: string; end: number } {
    const known = this.#current.get(period);
    if (known !== undefined && now >= known.start && now < known.end) {
      return known;
    }
    const window = budgetWindow(period, now);
    this.#current.set(period, { ...window, start: now });
    return window;
  }

  #windows(key: BudgetedKey, budgets: readonly Budget[], now: number) {
    return budgets.map((budget) => {
      const window = this.#window(budget.period, now);
      return {
        budget,
        end: window.end,
        name: `${key.id}:${budget.period}:${window.id}`,
        // Kept a day past its period, so clocks a little apart agree.
        ttl: Number.isFinite(window.end) ? window.end - now + DAY : 0,
      };
    });
  }

  /**
   * USD left on the key's tightest budget now (never below 0), as the next
   * admission would read it; null for a key without budgets. Reads only.
   *
   * @param key The key and its budgets.
   * @returns The amount left, or null.
   */
  async remaining(key: BudgetedKey): Promise<number | null> {
    const budgets = budgetsOf(key);
    if (budgets.length === 0) return null;
    const windows = this.#windows(key, budgets, this.#now());
    const spent = await this.#store.add(
      windows.map((w) => w.name),
      0,
      windows.map((w) => w.ttl),
    );
    return Math.max(
      0,
      Math.min(...windows.map((w, i) => w.budget.usd - spent[i])),
    );
  }

  /**
   * Admits a request of `key` when none of its budgets is spent.
   *
   * @param key The key and its budgets.
   * @returns The budget headers and the USD left on the tightest budget.
   * @throws {GatewayError} 429 `budget_exceeded` naming the spent budget.
   */
  async admit(key: BudgetedKey): Promise<BudgetAdmission> {
    const budgets = budgetsOf(key);
    if (budgets.length === 0) return { headers: {}, remainingUsd: Infinity };
    const now = this.#now();
    const windows = this.#windows(key, budgets, now);
    const spent = await this.#store.add(
      windows.map((w) => w.name),
      0,
      windows.map((w) => w.ttl),
    );
    let tightest = 0;
    let refused: number | undefined;
    windows.forEach((w, i) => {
      const left = w.budget.usd - spent[i];
      const tight = windows[tightest].budget.usd - spent[tightest];
      if (left < tight) tightest = i;
      // Refused until every spent budget resets: the latest reset names it.
      if (
        left <= 0 && (refused === undefined || w.end > windows[refused].end)
      ) {
        refused = i;
      }
    });
    const shown = windows[tightest];
    const remainingUsd = Math.max(0, shown.budget.usd - spent[tightest]);
    const headers: Record<string, string> = {
      "x-switchyard-budget-remaining": formatUsd(remainingUsd),
      "x-switchyard-budget-limit": formatUsd(shown.budget.usd),
    };
    if (Number.isFinite(shown.end)) {
      headers["x-switchyard-budget-reset"] = rfc3339(shown.end);
    }
    if (refused === undefined) return { headers, remainingUsd };
    const over = windows[refused];
    const { usd, period } = over.budget;
    let when = "it does not reset";
    if (Number.isFinite(over.end)) {
      when = `it resets at ${rfc3339(over.end)}`;
      Object.assign(headers, retryAfterHeaders(over.end - now));
      headers["x-switchyard-budget-reset"] = rfc3339(over.end);
    }
    if (!(over.end - now <= 60_000)) headers["x-should-retry"] = "false";
    throw new GatewayError({
      status: 429,
      type: "insufficient_quota",
      message: `Budget exceeded for API key "${key.id}": the ${
        PERIOD_WORDS[period]
      } budget of ${formatUsd(usd)} USD is spent (${
        formatUsd(spent[refused])
      } USD); ${when}.`,
      code: "budget_exceeded",
      headers,
    });
  }

  /**
   * Adds what a request cost to every budget of its key, in the current
   * period.
   *
   * @param key The key and its budgets.
   * @param usd The answer's cost (0, negative or NaN: nothing is charged).
   * @returns Resolves when the store has it.
   * @throws {AdapterError} `INVALID_REQUEST` from the store when `usd` is
   * infinite.
   */
  async charge(key: BudgetedKey, usd: number): Promise<void> {
    const budgets = budgetsOf(key);
    if (budgets.length === 0 || !(usd > 0)) return;
    const windows = this.#windows(key, budgets, this.#now());
    await this.#store.add(
      windows.map((w) => w.name),
      usd,
      windows.map((w) => w.ttl),
    );
  }
}

// A key's budgets as data, and their validation (keys.ts and the config
// reader share it; budgets.ts charges them).

/**
 * A budget's period: calendar day, ISO week (Monday to Sunday) or month in
 * UTC, or `total` (never resets).
 *
 * @example Usage
 * ```ts
 * import type { BudgetPeriod } from "@switchyard/switchyard/gateway";
 * const period: BudgetPeriod = "month";
 * ```
 */
export type BudgetPeriod = "day" | "week" | "month" | "total";

/**
 * One budget of a key.
 *
 * @example Five dollars a day
 * ```ts
 * import type { Budget } from "@switchyard/switchyard/gateway";
 * const daily: Budget = { usd: 5, period: "day" };
 * ```
 */
export interface Budget {
  /** US dollars the key may spend per period (positive, finite). */
  readonly usd: number;
  /** The period. */
  readonly period: BudgetPeriod;
}

/** The periods, for validation. */
export const BUDGET_PERIODS: readonly BudgetPeriod[] = [
  "day",
  "week",
  "month",
  "total",
];

/** The budgets of a key as a list. */
export function budgetsOf(
  key: { readonly budget?: Budget | readonly Budget[] },
): readonly Budget[] {
  const budget = key.budget;
  if (budget === undefined) return [];
  return Array.isArray(budget) ? budget : [budget as Budget];
}

/**
 * Why a key's budgets are unusable, or undefined: each needs a positive
 * finite `usd` and a known period, at most one per period.
 */
export function budgetProblem(
  budget: unknown,
): string | undefined {
  const list = Array.isArray(budget) ? budget : [budget];
  const seen = new Set<string>();
  for (const [i, item] of list.entries()) {
    const where = Array.isArray(budget) ? `budget[${i}]` : "budget";
    const { usd, period } = (item ?? {}) as Record<string, unknown>;
    if (typeof usd !== "number" || !(Number.isFinite(usd) && usd > 0)) {
      return `${where}.usd must be a positive finite number of US dollars`;
    }
    if (!BUDGET_PERIODS.includes(period as BudgetPeriod)) {
      return `${where}.period must be one of ${
        BUDGET_PERIODS.map((p) => `"${p}"`).join(", ")
      }`;
    }
    if (seen.has(period as string)) {
      return `${where}.period "${period}" is given twice`;
    }
    seen.add(period as string);
  }
  return undefined;
}

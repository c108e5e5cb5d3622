// One execute()'s resilience budget: its attempt timeout, its retries and
// its deadline, resolved from RouterConfig and the per-request options. A
// request with none of them has no Budget at all, so the hot path pays one
// undefined check.

import type { ExecuteOptions } from "./config.ts";
import type { Settings } from "./_config.ts";
import { configError } from "./_failures.ts";
import type { RetryPolicy } from "./_resilience.ts";

/** What one request may spend; times are `settings.clock` readings. */
export interface Budget {
  /** Milliseconds one attempt may run (Infinity: no timer). */
  readonly attemptTimeout: number;
  readonly retry: RetryPolicy;
  /** Clock reading after which no retry waits and no backend starts. */
  readonly deadlineAt: number;
}

function option(
  value: number | undefined,
  field: keyof ExecuteOptions,
  fallback: number,
): number {
  if (value === undefined) return fallback;
  if (typeof value !== "number" || Number.isNaN(value) || value < 0) {
    throw configError(`ExecuteOptions.${field} must be a non-negative number`);
  }
  return value;
}

/** The request's budget, or undefined when nothing bounds or retries it. */
export function budgetOf(
  settings: Settings,
  options: ExecuteOptions | undefined,
): Budget | undefined {
  if (
    options === undefined ||
    // Only `backends` (or nothing) given: the request has no budget of its own.
    (options.attemptTimeout === undefined && options.maxRetries === undefined &&
      options.deadline === undefined)
  ) {
    if (!settings.budgeted) return undefined;
    const deadline = settings.deadline;
    return {
      attemptTimeout: settings.attemptTimeout,
      retry: settings.retry,
      deadlineAt: deadline === Infinity
        ? Infinity
        : settings.clock() + deadline,
    };
  }
  const retries = option(
    options.maxRetries,
    "maxRetries",
    settings.retry.retries,
  );
  if (!Number.isInteger(retries)) {
    throw configError("ExecuteOptions.maxRetries must be an integer");
  }
  const deadline = option(options.deadline, "deadline", settings.deadline);
  return {
    attemptTimeout: option(
      options.attemptTimeout,
      "attemptTimeout",
      settings.attemptTimeout,
    ),
    retry: retries === settings.retry.retries
      ? settings.retry
      : { ...settings.retry, retries },
    deadlineAt: deadline === Infinity ? Infinity : settings.clock() + deadline,
  };
}

/** Milliseconds the next attempt may run under `budget` at clock reading `at`. */
export function attemptLimit(budget: Budget, at: number): number {
  const left = budget.deadlineAt - at;
  return left < budget.attemptTimeout
    ? Math.max(0, left)
    : budget.attemptTimeout;
}

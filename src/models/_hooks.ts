// Calls a user hook (customRouter, customFallback) and validates its answer,
// for the custom routing strategy and the custom fallback policy alike.

import type { BackendEntry } from "./_state.ts";
import { abortedRouterError, routingFailed } from "./_failures.ts";
import type { EntryFilter } from "./routing/strategy.ts";
import { raceAbort } from "./_util.ts";

/** What a custom hook (customRouter, customFallback) may not choose. */
export interface ChoiceRules {
  /** The hook's name, for error messages. */
  readonly hook: string;
  readonly entries: ReadonlyMap<string, BackendEntry>;
  readonly usable: EntryFilter;
  /** Backends already tried (customFallback); reported on every error. */
  readonly attempted: readonly string[];
  /** Names that count as already attempted besides `attempted`. */
  readonly primary?: string;
  /** The request's allow-list (also in `usable`), when it has one. */
  readonly allowed?: readonly string[];
}

/**
 * Calls a custom hook and validates its answer: `null`/`undefined` is no
 * choice; a non-name, a backend outside the request's allow-list, an
 * unknown, already attempted or unavailable backend, or a throwing hook is
 * ROUTING_FAILED (which also bounds fallback loops).
 */
export async function askHook(
  call: () => Promise<string | null>,
  rules: ChoiceRules,
  signal: AbortSignal | undefined,
): Promise<BackendEntry | undefined> {
  const { hook, attempted } = rules;
  let choice: unknown;
  // The call's signal (the caller's and dispose()) ends the wait: a hook
  // that never answers must not hold the call, and a late answer is ignored.
  const answer = Promise.resolve().then(call);
  try {
    choice = await (signal === undefined ? answer : raceAbort(answer, signal));
  } catch (error) {
    if (signal?.aborted) throw abortedRouterError(signal, []);
    throw routingFailed(`${hook} threw`, attempted, error, { hook });
  }
  if (choice === null || choice === undefined) return undefined;
  if (typeof choice !== "string") {
    throw routingFailed(
      `${hook} returned a non-name: ${String(choice)}`,
      attempted,
      undefined,
      { hook },
    );
  }
  if (rules.allowed !== undefined && !rules.allowed.includes(choice)) {
    // Not named: the hook's choice is the operator's, the error the caller's.
    throw routingFailed(
      `${hook} chose a backend this request may not use`,
      attempted,
      undefined,
      { hook },
    );
  }
  const entry = rules.entries.get(choice);
  if (entry === undefined) {
    throw routingFailed(
      `${hook} chose unknown backend "${choice}"`,
      attempted,
      undefined,
      { hook },
    );
  }
  if (attempted.includes(choice) || choice === rules.primary) {
    throw routingFailed(
      `${hook} chose already attempted backend "${choice}"`,
      attempted,
      undefined,
      { hook },
    );
  }
  if (!rules.usable(entry)) {
    throw routingFailed(
      `${hook} chose unavailable backend "${choice}"`,
      attempted,
      undefined,
      { hook },
    );
  }
  return entry;
}

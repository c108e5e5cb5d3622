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
  // `details.hook` tells the hook's fault (the operator's code) from a
  // caller's ROUTING_FAILED, e.g. for the gateway's status.
  const failed = (message: string, cause?: unknown) =>
    routingFailed(message, attempted, cause, { hook });
  let choice: unknown;
  // The call's signal (the caller's and dispose()) ends the wait: a hook
  // that never answers must not hold the call, and a late answer is ignored.
  const answer = Promise.resolve().then(call);
  try {
    choice = await (signal === undefined ? answer : raceAbort(answer, signal));
  } catch (error) {
    if (signal?.aborted) throw abortedRouterError(signal, []);
    throw failed(`${hook} threw`, error);
  }
  if (choice === null || choice === undefined) return undefined;
  if (typeof choice !== "string") {
    throw failed(`${hook} returned a non-name: ${String(choice)}`);
  }
  if (rules.allowed !== undefined && !rules.allowed.includes(choice)) {
    // Not named: the hook's choice is the operator's, the error the caller's.
    throw failed(`${hook} chose a backend this request may not use`);
  }
  const entry = rules.entries.get(choice);
  if (entry === undefined) {
    throw failed(`${hook} chose unknown backend "${choice}"`);
  }
  if (attempted.includes(choice) || choice === rules.primary) {
    throw failed(`${hook} chose already attempted backend "${choice}"`);
  }
  if (!rules.usable(entry)) {
    throw failed(`${hook} chose unavailable backend "${choice}"`);
  }
  return entry;
}

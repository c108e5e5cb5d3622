// The routing-strategy interface: how the first backend of a request is
// chosen. One file per implementation beside this one; the Selector
// (selector.ts) runs whichever the config names, handles explicitly named
// backends and falls through to the default backend when a strategy chooses
// nothing.

import type { RoutingReason } from "../trace.ts";
import type { IRChatRequest } from "../types.ts";
import type { BackendEntry } from "../_state.ts";

/** Availability (and capability) test of one request. */
export type EntryFilter = (entry: BackendEntry) => boolean;

/** The first backend to try for a request, and why. */
export interface Plan {
  /** undefined when the named backend is unavailable. */
  readonly entry: BackendEntry | undefined;
  readonly reason: RoutingReason;
  readonly requested: string | undefined;
  /** The request's allow-list (ExecuteOptions.backends), for its fallbacks. */
  readonly allowed?: readonly string[];
}

/** What a strategy sees of one request. */
export interface Selection {
  readonly request: IRChatRequest;
  /** Registered backends in registration order. */
  readonly order: readonly BackendEntry[];
  /** Registered backends by name. */
  readonly entries: ReadonlyMap<string, BackendEntry>;
  /** Whether a backend can take this request now (allow-list included). */
  readonly usable: EntryFilter;
  /**
   * The request's own allow-list (already in `usable`), when it has one:
   * `usable` is then narrower than for other requests, so a choice made
   * here must not be cached for them.
   */
  readonly allowed: readonly string[] | undefined;
  /** `config.now()` at selection. */
  readonly now: number;
  /** selectBackend(): choose without moving any cursor. */
  readonly peek: boolean;
  /** `request.metadata.custom.backend`, when given (only custom sees it). */
  readonly named: string | undefined;
  /**
   * The call's signal: a strategy that waits gives way to it. Its abort
   * means the call was given up (the caller's abort, dispose()). Promised
   * only while select() is pending; a strategy that keeps it later may see
   * it abort when the caller abandons a relayed answer's body
   * (`RelayResult.abort`, with the caller's reason), since a relayed call
   * lasts until its body is read, and the first attempt without a timeout
   * hands this same signal to its adapter. It is not told on every path (a
   * call without a caller signal gets the Router's, which only dispose()
   * aborts; a timed or later attempt aborts a signal of its own) and never
   * aborts when a call ends normally: use it to stop work done for the call,
   * never as the chosen backend's outcome.
   */
  readonly signal: AbortSignal | undefined;
}

/**
 * A routing strategy. `select` answers the plan, or undefined when the
 * strategy has no choice (the Selector then falls through to the default
 * backend). A strategy answers synchronously when it can; only one that
 * must wait (custom) answers a Promise. This is behaviour, not only speed:
 * `execute()` calls the adapter (and the breaker admits it) in the same
 * tick as the call, which callers rely on (a call made while the breaker is
 * closed is admitted as such), and it saves an await on every call.
 * `selection.signal` is the call's own: see {@linkcode Selection} for when
 * it aborts after select() answered.
 */
export interface Strategy {
  /** Whether `request.metadata.custom.backend` bypasses the strategy. */
  readonly honoursNamed: boolean;
  select(selection: Selection): Plan | undefined | Promise<Plan | undefined>;
  /** The registry changed (`removed`: the index of an unregistered backend). */
  changed(removed?: number): void;
}

/** A plan for an automatic choice. */
export function planOf(
  entry: BackendEntry,
  reason: RoutingReason,
): Plan {
  return { entry, reason, requested: undefined };
}

// A request's allow-list of backends (ExecuteOptions.backends, an API key's
// scope): the one place it narrows what a request may use. The Selector
// applies it to the availability test every strategy and the fall-through
// see, FallbackState to what every fallback policy sees. Undefined costs
// nothing: the filters are returned as they are.

import { configError, routingFailed } from "../_failures.ts";
import type { RouterError } from "../errors.ts";
import type { BackendEntry } from "../_state.ts";
import type { EntryFilter } from "./strategy.ts";

/** The backends one request may use; undefined: any. */
export type Allowed = readonly string[] | undefined;

/** Throws INVALID_REQUEST unless `allowed` is undefined or a list of names. */
export function checkAllowed(allowed: Allowed): void {
  if (allowed === undefined) return;
  if (
    !Array.isArray(allowed) || !allowed.every((n) => typeof n === "string")
  ) {
    throw configError("ExecuteOptions.backends must be an array of names");
  }
}

/** `usable`, and the backend is on the allow-list. */
export function within(usable: EntryFilter, allowed: Allowed): EntryFilter {
  if (allowed === undefined) return usable;
  return (entry) => allowed.includes(entry.name) && usable(entry);
}

/** The entries on the allow-list (all of them without one). */
export function allowedOf(
  entries: readonly BackendEntry[],
  allowed: Allowed,
): readonly BackendEntry[] {
  return allowed === undefined
    ? entries
    : entries.filter((entry) => allowed.includes(entry.name));
}

/**
 * A request named a backend outside its allow-list: ROUTING_FAILED, since
 * the request's own routing is at fault (NO_BACKEND_AVAILABLE would read as
 * an outage worth retrying). The message and `details` (`backend`,
 * `allowed`) say only what the caller gave: the name it sent and its list.
 * Raised before the registry lookup, so nothing tells whether that name is
 * registered, nor what else is.
 */
export function notAllowed(
  named: string,
  allowed: readonly string[],
): RouterError {
  const list = allowed.length === 0
    ? "none"
    : allowed.map((name) => JSON.stringify(name)).join(", ");
  return routingFailed(
    `The backend ${
      JSON.stringify(named)
    } is not among the backends this request allows (${list})`,
    [],
    undefined,
    { backend: named, allowed: [...allowed] },
  );
}

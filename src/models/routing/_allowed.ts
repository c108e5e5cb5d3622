// A request's allow-list of backends (ExecuteOptions.backends, an API key's
// scope): the one place it narrows what a request may use. The Selector
// applies it to the availability test every strategy and the fall-through
// see, FallbackState to what every fallback policy sees. Undefined costs
// nothing: the filters are returned as they are.

import { configError, noBackend } from "../_failures.ts";
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
 * A request named a backend outside its allow-list. The message names no
 * backend, so a key's scope never tells its holder what else is registered
 * (nor whether the name it sent exists).
 */
export function notAllowed(): RouterError {
  return noBackend("The backend this request names is not allowed for it");
}

// Fallback planning: which backends may follow a failed primary, the next one
// to try for the sequential strategy, and the set the parallel strategy races
// (for execute and for streams). The custom strategy asks the Router's hook
// through _select.askHook.

import type { AdapterError } from "./errors.ts";
import type { IRChatRequest } from "./types.ts";
import type { BackendEntry } from "./_state.ts";
import type { EntryFilter, Requirements } from "./_strategies.ts";

/** One request's progress through its fallbacks. */
export interface FallbackState {
  readonly request: IRChatRequest;
  readonly primary: string | undefined;
  readonly candidates: readonly BackendEntry[];
  readonly attempted: string[];
  readonly needs: Requirements | undefined;
  /** The call's signal: a pending customFallback gives way to it. */
  readonly signal: AbortSignal | undefined;
  pos: number;
  lastFailed: string;
  lastError: AdapterError;
}

/** The fallback chain (or, without one, registration order) minus the primary. */
export function fallbackCandidates(
  chain: readonly string[],
  entries: ReadonlyMap<string, BackendEntry>,
  order: readonly BackendEntry[],
  primary: string | undefined,
): BackendEntry[] {
  const out: BackendEntry[] = [];
  if (chain.length > 0) {
    for (const name of chain) {
      const entry = entries.get(name);
      if (entry !== undefined && name !== primary) out.push(entry);
    }
  } else {
    for (const entry of order) {
      if (entry.name !== primary) out.push(entry);
    }
  }
  return out;
}

/**
 * The next candidate still registered, not yet attempted and usable, or
 * undefined when the candidates are used up.
 */
export function nextCandidate(
  state: FallbackState,
  entries: ReadonlyMap<string, BackendEntry>,
  usable: EntryFilter,
): BackendEntry | undefined {
  while (state.pos < state.candidates.length) {
    const entry = state.candidates[state.pos++];
    if (
      entries.get(entry.name) === entry &&
      !state.attempted.includes(entry.name) && usable(entry)
    ) {
      return entry;
    }
  }
  return undefined;
}

/** Candidates a parallel fallback starts at once: usable and not yet attempted. */
export function raceCandidates(
  state: FallbackState,
  usable: EntryFilter,
): BackendEntry[] {
  return state.candidates.filter((e) =>
    !state.attempted.includes(e.name) && usable(e)
  );
}

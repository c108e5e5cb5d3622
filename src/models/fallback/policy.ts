// The fallback-policy interface: what is tried after the first choice failed
// or was unavailable. One file per implementation beside this one; run.ts
// drives any policy for execute() and executeStream() alike.

import type { AdapterError } from "../errors.ts";
import type { IRChatRequest } from "../types.ts";
import type { BackendEntry } from "../_state.ts";
import type { Registry } from "../_registry.ts";
import type { EntryFilter } from "../routing/strategy.ts";
import type { Requirements } from "../routing/_capabilities.ts";
import type { Selector } from "../routing/selector.ts";
import { type Allowed, allowedOf, within } from "../routing/_allowed.ts";

/** The fallback chain (or, without one, registration order) minus the primary. */
function candidatesOf(
  registry: Registry,
  primary: string | undefined,
): BackendEntry[] {
  const out: BackendEntry[] = [];
  const chain = registry.chain;
  if (chain.length > 0) {
    for (const name of chain) {
      const entry = registry.entries.get(name);
      if (entry !== undefined && name !== primary) out.push(entry);
    }
  } else {
    for (const entry of registry.order) {
      if (entry.name !== primary) out.push(entry);
    }
  }
  return out;
}

/** One request's progress through its fallbacks; changes through its methods. */
export class FallbackState {
  readonly request: IRChatRequest;
  /** The first choice (or the unavailable named backend). */
  readonly primary: string | undefined;
  /** The call's signal: a policy that waits gives way to it. */
  readonly signal: AbortSignal | undefined;
  /** Registered backends by name (a candidate unregistered since is skipped). */
  readonly entries: ReadonlyMap<string, BackendEntry>;
  /** Registered backends in registration order. */
  readonly order: readonly BackendEntry[];
  /** The request's allow-list (ExecuteOptions.backends); undefined: any. */
  readonly allowed: Allowed;
  readonly #candidates: readonly BackendEntry[];
  readonly #selector: Selector;
  readonly #needs: Requirements | undefined;
  readonly #attempted: string[] = [];
  #pos = 0;
  #lastFailed: string;
  #lastError: AdapterError;

  /**
   * @param registry Where the candidates come from: the fallback chain (or,
   *   without one, registration order) minus the primary.
   * @param selector Availability of a candidate with `needs`, now.
   * @param allowed The request's allow-list: no other backend is offered.
   */
  constructor(
    request: IRChatRequest,
    primary: string | undefined,
    signal: AbortSignal | undefined,
    registry: Registry,
    selector: Selector,
    needs: Requirements | undefined,
    firstError: AdapterError,
    allowed?: Allowed,
  ) {
    this.request = request;
    this.primary = primary;
    this.signal = signal;
    this.entries = registry.entries;
    this.order = registry.order;
    this.allowed = allowed;
    this.#candidates = candidatesOf(registry, primary);
    this.#selector = selector;
    this.#needs = needs;
    this.#lastFailed = primary ?? "";
    this.#lastError = firstError;
  }

  /** The backends this request could use: the primary (when registered), then the fallback candidates. */
  get candidates(): readonly BackendEntry[] {
    const primary = this.primary === undefined
      ? undefined
      : this.entries.get(this.primary);
    const all = primary === undefined
      ? this.#candidates
      : [primary, ...this.#candidates];
    return allowedOf(all, this.allowed);
  }

  /** Backends tried so far (the primary excluded), in order. */
  get attempted(): readonly string[] {
    return this.#attempted;
  }

  get lastFailed(): string {
    return this.#lastFailed;
  }

  get lastError(): AdapterError {
    return this.#lastError;
  }

  /** Availability now, on the allow-list. */
  usable(): EntryFilter {
    return within(this.#selector.usable(this.#needs), this.allowed);
  }

  /** The next candidate still registered, not yet attempted and usable. */
  takeNext(): BackendEntry | undefined {
    const usable = this.usable();
    while (this.#pos < this.#candidates.length) {
      const entry = this.#candidates[this.#pos++];
      if (this.#fits(entry, usable)) return entry;
    }
    return undefined;
  }

  /** Every remaining candidate that fits, at once. */
  takeRest(): BackendEntry[] {
    const usable = this.usable();
    const rest = this.#candidates.slice(this.#pos).filter((entry) =>
      this.#fits(entry, usable)
    );
    this.#pos = this.#candidates.length;
    return rest;
  }

  /** Backends that were started (or skipped): never tried again. */
  tried(names: readonly string[]): void {
    for (const name of names) this.#attempted.push(name);
  }

  /** The last failure, for the next customFallback question. */
  failed(backend: string, error: AdapterError): void {
    this.#lastFailed = backend;
    this.#lastError = error;
  }

  #fits(entry: BackendEntry, usable: EntryFilter): boolean {
    return this.entries.get(entry.name) === entry &&
      !this.#attempted.includes(entry.name) && usable(entry);
  }
}

/** A fallback policy: none, sequential, parallel or custom. */
export interface FallbackPolicy {
  /** `none`: the first choice's own failure is final. */
  readonly final: boolean;
  /**
   * The backends to start next, together (more than one: a race, first
   * success wins); empty to stop.
   */
  next(state: FallbackState): Promise<readonly BackendEntry[]>;
}

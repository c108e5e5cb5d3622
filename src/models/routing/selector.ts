// Selection: the first backend of a request. A backend named by
// `request.metadata.custom.backend` wins (for every strategy but custom);
// else the configured strategy chooses; when it chooses nothing, the
// default backend if usable, else the best-scored (capability routing) or
// the first usable backend, else NO_BACKEND_AVAILABLE. A request's
// allow-list (ExecuteOptions.backends) narrows every one of these choices.

import { assertRequest } from "../_request.ts";
import type { IRChatRequest } from "../types.ts";
import type { Settings } from "../_config.ts";
import { noBackend, noBackendFor, routingFailed } from "../_failures.ts";
import type { Registry } from "../_registry.ts";
import type { BackendEntry } from "../_state.ts";
import { pickByScore } from "./_rank.ts";
import {
  type Requirements,
  requirementsOf,
  usableFilter,
} from "./_capabilities.ts";
import { ModelStrategy } from "./model.ts";
import {
  type Allowed,
  allowedOf,
  checkAllowed,
  notAllowed,
  within,
} from "./_allowed.ts";
import type { EntryFilter, Plan, Strategy } from "./strategy.ts";

/** The backend named by `request.metadata.custom.backend`, if any. */
function namedBackend(request: IRChatRequest): string | undefined {
  const named = request.metadata?.custom?.backend;
  if (named !== undefined && typeof named !== "string") {
    throw routingFailed("request.metadata.custom.backend must be a string");
  }
  return named;
}

/** Runs the strategy over the registry; owns nothing but the strategy. */
export class Selector {
  readonly #strategy: Strategy;
  readonly #registry: Registry;
  readonly #settings: Settings;

  constructor(strategy: Strategy, registry: Registry, settings: Settings) {
    this.#strategy = strategy;
    this.#registry = registry;
    this.#settings = settings;
  }

  /** The registry changed (`removed`: the index of an unregistered backend). */
  changed(removed?: number): void {
    this.#strategy.changed(removed);
  }

  /** The model-based strategy's mapping changed. */
  setMapping(mapping: Readonly<Record<string, string>>): void {
    if (this.#strategy instanceof ModelStrategy) {
      this.#strategy.setMapping(mapping);
    }
  }

  /** What capability routing requires of a backend for this request. */
  needs(request: IRChatRequest, streaming: boolean): Requirements | undefined {
    if (!this.#settings.capabilityRouting) return undefined;
    const checkModel = this.#settings.translation === undefined;
    return requirementsOf(request, streaming, checkModel);
  }

  /** Whether a backend can take a request with these needs now. */
  usable(needs: Requirements | undefined): EntryFilter {
    return usableFilter(
      this.#settings.now(),
      needs,
      this.#settings.capabilityTtl,
    );
  }

  /**
   * The first backend to try; a Promise only when the strategy waits
   * (custom). `peek` (selectBackend) moves no cursor; the signal ends a
   * strategy's wait; `allowed` (the request's allow-list) narrows every
   * choice and rides on the plan for fallback. Throws (synchronously) for a
   * bad request or name, or a named backend outside `allowed`. `now` is a
   * `config.now()` reading the caller just took (else one is taken here).
   */
  select(
    request: IRChatRequest,
    streaming: boolean,
    peek: boolean,
    signal: AbortSignal | undefined,
    allowed?: Allowed,
    now: number = this.#settings.now(),
  ): Plan | Promise<Plan> {
    const registry = this.#registry;
    if (registry.disposed) throw noBackend("Router is disposed");
    assertRequest(request);
    checkAllowed(allowed);
    const named = namedBackend(request);
    const strategy = this.#strategy;
    if (named !== undefined) {
      // Before the registry lookup: whether the name exists stays unsaid.
      if (allowed !== undefined && !allowed.includes(named)) {
        throw notAllowed(named, allowed);
      }
      const entry = registry.require(named);
      if (strategy.honoursNamed) {
        return scoped(explicitPlan(entry, now), allowed);
      }
    }
    const needs = this.needs(request, streaming);
    const usable = within(
      usableFilter(now, needs, this.#settings.capabilityTtl),
      allowed,
    );
    const plan = strategy.select({
      request,
      order: registry.order,
      entries: registry.entries,
      usable,
      allowed,
      now,
      peek,
      named,
      signal,
    });
    const score = needs !== undefined;
    return plan instanceof Promise
      ? plan.then((p) =>
        scoped(p ?? this.#fallthrough(usable, score, allowed), allowed)
      )
      : scoped(plan ?? this.#fallthrough(usable, score, allowed), allowed);
  }

  /** The default backend if usable, else best-scored or first usable. */
  #fallthrough(usable: EntryFilter, score: boolean, allowed: Allowed): Plan {
    const registry = this.#registry;
    const name = registry.defaultBackend;
    const byDefault = name === undefined
      ? undefined
      : registry.entries.get(name);
    if (byDefault !== undefined && usable(byDefault)) {
      return { entry: byDefault, reason: "default", requested: undefined };
    }
    const order = registry.order;
    if (score) {
      const best = pickByScore(order.filter(usable), this.#settings.weights);
      if (best !== undefined) {
        return { entry: best, reason: "best-score", requested: undefined };
      }
    } else {
      for (const entry of order) {
        if (usable(entry)) {
          return { entry, reason: "first-available", requested: undefined };
        }
      }
    }
    throw noBackendFor(
      undefined,
      registry.disposed,
      allowedOf(order, allowed),
      this.#settings.now(),
    );
  }
}

/** The plan carrying the request's allow-list (the same plan without one). */
function scoped(plan: Plan, allowed: Allowed): Plan {
  return allowed === undefined ? plan : { ...plan, allowed };
}

/** The plan for a named backend: it, or a failed primary when unavailable. */
function explicitPlan(entry: BackendEntry, now: number): Plan {
  return entry.isAvailable(now)
    ? { entry, reason: "explicit", requested: entry.name }
    : {
      entry: undefined,
      reason: "explicit-unavailable",
      requested: entry.name,
    };
}

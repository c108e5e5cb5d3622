// The registry's record of one backend: its name, adapter, position and
// capabilities, and its routing state (_backend_state.ts), which the
// accessors below read and forward to.

import type { CircuitBreaker, Ticket } from "./_breaker.ts";
import {
  BackendState,
  type OutcomeSettings,
  type StateSource,
} from "./_backend_state.ts";
import type { Attempt } from "./_outcome.ts";
import type { BackendCounters } from "./_stats.ts";
import type { AdapterCapabilities, BackendAdapter } from "./types.ts";

export type { OutcomeSettings };

export class BackendEntry {
  readonly name: string;
  /** Health, breaker, cooldown and counters. */
  readonly state: BackendState;
  #adapter: BackendAdapter;
  #index: number;
  #capabilities: AdapterCapabilities | undefined;
  #capabilitiesAt = 0;

  constructor(
    name: string,
    adapter: BackendAdapter,
    index: number,
    source: StateSource,
  ) {
    this.name = name;
    this.#adapter = adapter;
    this.#index = index;
    this.state = new BackendState(name, source);
  }

  get adapter(): BackendAdapter {
    return this.#adapter;
  }

  /** Position in registration order (kept dense by the registry). */
  get index(): number {
    return this.#index;
  }

  get breaker(): CircuitBreaker {
    return this.state.breaker;
  }

  get stats(): BackendCounters {
    return this.state.stats;
  }

  get healthy(): boolean {
    return this.state.healthy;
  }

  get lastHealthCheck(): number | undefined {
    return this.state.lastHealthCheck;
  }

  /** Attempts ever started; 0 means "untried" for the exploring strategies. */
  get started(): number {
    return this.state.started;
  }

  /** Until when (config.now time) a failure cools the backend down. */
  get coolUntil(): number {
    return this.state.coolUntil;
  }

  /** The registry moved the backend in registration order. */
  reindex(index: number): void {
    this.#index = index;
  }

  /** Records a health probe's answer. */
  setHealth(healthy: boolean, at: number): void {
    this.state.setHealth(healthy, at);
  }

  /** Registered, healthy and the breaker admits a request now (claims nothing). */
  isAvailable(now: number): boolean {
    return this.state.isAvailable(now);
  }

  /** See {@linkcode BackendState.isCooling}. */
  isCooling(now: number): boolean {
    return this.state.isCooling(now);
  }

  /** See {@linkcode BackendState.admit}. */
  admit(now: number): Ticket {
    return this.state.admit(now);
  }

  /** See {@linkcode BackendState.withdraw}: an admitted attempt that never started. */
  withdraw(ticket: Ticket): void {
    this.state.withdraw(ticket);
  }

  /** See {@linkcode BackendState.settle}: the one place outcomes are recorded. */
  settle(attempt: Attempt, ticket: Ticket, clocks: OutcomeSettings): void {
    this.state.settle(attempt, ticket, clocks);
  }

  /** See {@linkcode BackendState.recordCost}. */
  recordCost(cost: number | null): void {
    this.state.recordCost(cost);
  }

  /** Adapter capabilities, re-read from its metadata at most once per `ttl` ms. */
  capabilities(now: number, ttl: number): AdapterCapabilities {
    if (this.#capabilities === undefined || now - this.#capabilitiesAt >= ttl) {
      this.#capabilities = this.#adapter.metadata?.capabilities ??
        { streaming: true };
      this.#capabilitiesAt = now;
    }
    return this.#capabilities;
  }

  /** A new adapter under the same name: fresh health, breaker and caches. */
  swap(adapter: BackendAdapter): void {
    this.#adapter = adapter;
    this.state.renew();
    this.#capabilities = undefined;
  }
}

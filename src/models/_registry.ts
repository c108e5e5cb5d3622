// The registry: the registered backends in order, the fallback chain, the
// model mapping and the default backend, with the validation of what it
// accepts. It owns these and changes them only through its methods; every
// change that alters routing is reported as `routing-config-changed`.

import type {
  AdapterCapabilities,
  AdapterMetadata,
  BackendAdapter,
} from "./types.ts";
import { configError, routingFailed, unavailableError } from "./_failures.ts";
import type { AdapterError } from "./errors.ts";
import type { StateSource } from "./_backend_state.ts";
import { BackendEntry } from "./_state.ts";
import type { Warnings } from "./_warnings.ts";

/** Throws INVALID_REQUEST for an empty name or something that is not an adapter. */
function assertAdapter(name: string, adapter: BackendAdapter): void {
  if (typeof name !== "string" || name === "") {
    throw configError("Backend name must be a non-empty string");
  }
  if (
    typeof adapter !== "object" || adapter === null ||
    typeof adapter.execute !== "function" ||
    typeof adapter.executeStream !== "function"
  ) {
    throw configError(
      `Backend "${name}" is not a BackendAdapter (execute and executeStream are required)`,
    );
  }
}

/** Throws ROUTING_FAILED unless `names` lists registered backends once each. */
function assertChain(
  names: readonly string[],
  registered: ReadonlyMap<string, unknown>,
): void {
  if (!Array.isArray(names)) {
    throw routingFailed("setFallbackChain expects a list of backend names");
  }
  const seen = new Set<string>();
  for (const name of names) {
    if (typeof name !== "string" || !registered.has(name)) {
      throw routingFailed(
        `Fallback chain names unregistered backend "${String(name)}"`,
      );
    }
    if (seen.has(name)) {
      throw routingFailed(`Fallback chain names "${name}" twice`);
    }
    seen.add(name);
  }
}

/** Throws ROUTING_FAILED unless every value of `mapping` is a registered backend. */
function assertMapping(
  mapping: Readonly<Record<string, string>>,
  registered: ReadonlyMap<string, unknown>,
): void {
  if (
    typeof mapping !== "object" || mapping === null || Array.isArray(mapping)
  ) {
    throw routingFailed(
      "setModelMapping expects an object of model name → backend name",
    );
  }
  for (const [model, backend] of Object.entries(mapping)) {
    if (typeof backend !== "string" || !registered.has(backend)) {
      throw routingFailed(
        `Model mapping "${model}" names unregistered backend "${
          String(backend)
        }"`,
      );
    }
  }
}

/** Removes an entry from registration order, keeping indexes dense. */

// A backend whose metadata declares no capabilities is routed as one that
// streams (BackendEntry.capabilities; executeStream is required anyway), so
// the Router's metadata must not say otherwise.
const EMPTY_CAPABILITIES: AdapterCapabilities = { streaming: true };

/** The Router's own metadata: capabilities are the union of its backends'. */
export function routerMetadata(
  order: readonly BackendEntry[],
): AdapterMetadata {
  const capabilities: {
    streaming: boolean;
    tools?: boolean;
    vision?: boolean;
    systemMessages?: boolean;
    maxContextTokens?: number;
    models?: string[];
  } = { streaming: false };
  const models = new Set<string>();
  let tokens = 0;
  for (const entry of order) {
    const c = entry.adapter.metadata?.capabilities ?? EMPTY_CAPABILITIES;
    capabilities.streaming ||= c.streaming !== false;
    if (c.tools) capabilities.tools = true;
    if (c.vision) capabilities.vision = true;
    if (c.systemMessages) capabilities.systemMessages = true;
    // Only a positive number is a context window: a NaN one (a capabilities
    // override read from a bad setting) made the union NaN whatever the
    // other backends declared, and 0 or less declares nothing.
    const window = c.maxContextTokens;
    if (typeof window === "number" && window > tokens) tokens = window;
    for (const m of c.models ?? []) models.add(m);
  }
  if (tokens > 0) capabilities.maxContextTokens = tokens;
  if (models.size > 0) capabilities.models = [...models];
  return { name: "router", provider: "router", version: "0.1.0", capabilities };
}

/** The registered backends and the routing tables that name them. */
export class Registry {
  readonly #entries = new Map<string, BackendEntry>();
  #order: BackendEntry[] = [];
  #chain: readonly string[] = Object.freeze([]);
  #mapping: Readonly<Record<string, string>> = Object.freeze({});
  #defaultBackend: string | undefined;
  #disposed = false;
  readonly #breaker: StateSource;
  readonly #warnings: Warnings;

  constructor(
    defaultBackend: string | undefined,
    breaker: StateSource,
    warnings: Warnings,
  ) {
    this.#defaultBackend = defaultBackend;
    this.#breaker = breaker;
    this.#warnings = warnings;
  }

  /** Registered backends in registration order. */
  get order(): readonly BackendEntry[] {
    return this.#order;
  }

  /** Registered backends by name. */
  get entries(): ReadonlyMap<string, BackendEntry> {
    return this.#entries;
  }

  get chain(): readonly string[] {
    return this.#chain;
  }

  get mapping(): Readonly<Record<string, string>> {
    return this.#mapping;
  }

  get defaultBackend(): string | undefined {
    return this.#defaultBackend;
  }

  get disposed(): boolean {
    return this.#disposed;
  }

  /** The entry of a registered name; ROUTING_FAILED otherwise. */
  require(name: string): BackendEntry {
    const entry = this.#entries.get(name);
    if (entry === undefined) throw routingFailed(`Unknown backend "${name}"`);
    return entry;
  }

  /** Why a backend cannot be called now. */
  unavailable(name: string | undefined): AdapterError {
    const entry = name === undefined ? undefined : this.#entries.get(name);
    return unavailableError(name, entry);
  }

  register(name: string, adapter: BackendAdapter): void {
    if (this.#disposed) throw routingFailed("Router is disposed");
    assertAdapter(name, adapter);
    if (this.#entries.has(name)) {
      throw routingFailed(
        `Backend "${name}" is already registered; use replace()`,
      );
    }
    const entry = new BackendEntry(
      name,
      adapter,
      this.#order.length,
      this.#breaker,
    );
    this.#order.push(entry);
    this.#entries.set(name, entry);
    this.#warnings.emit(
      "routing-config-changed",
      `Backend "${name}" registered`,
      { action: "register", backend: name },
    );
  }

  replace(name: string, adapter: BackendAdapter): void {
    if (this.#disposed) throw routingFailed("Router is disposed");
    assertAdapter(name, adapter);
    const entry = this.#entries.get(name);
    if (entry === undefined) {
      throw routingFailed(
        `Backend "${name}" is not registered; use register()`,
      );
    }
    entry.swap(adapter);
    this.#warnings.emit(
      "routing-config-changed",
      `Backend "${name}" replaced`,
      { action: "replace", backend: name },
    );
  }

  /** Removes a backend; returns its former index, or undefined when unknown. */
  unregister(name: string): number | undefined {
    const entry = this.#entries.get(name);
    if (entry === undefined) return undefined;
    const index = entry.index;
    this.#entries.delete(name);
    entry.state.detach();
    this.#order.splice(index, 1);
    for (let i = index; i < this.#order.length; i++) {
      this.#order[i].reindex(i);
    }
    let message = `Backend "${name}" unregistered`;
    const details: Record<string, unknown> = {
      action: "unregister",
      backend: name,
    };
    if (this.#defaultBackend === name) {
      this.#defaultBackend = undefined;
      message +=
        `; it was the default backend, so defaultBackend is now cleared`;
      details.defaultBackendCleared = true;
    }
    this.#warnings.emit("routing-config-changed", message, details);
    return index;
  }

  setChain(names: readonly string[]): void {
    assertChain(names, this.#entries);
    this.#chain = Object.freeze([...names]);
    this.#warnings.emit(
      "routing-config-changed",
      `Fallback chain set to [${names.join(", ")}]`,
      { action: "setFallbackChain", chain: [...names] },
    );
  }

  setMapping(mapping: Readonly<Record<string, string>>): void {
    assertMapping(mapping, this.#entries);
    this.#mapping = Object.freeze({ ...mapping });
    this.#warnings.emit(
      "routing-config-changed",
      `Model mapping set (${Object.keys(mapping).length} entries)`,
      { action: "setModelMapping", mapping: { ...mapping } },
    );
  }

  /** dispose(): forgets every backend and the chain; later calls find none. */
  clear(): void {
    this.#disposed = true;
    this.#entries.clear();
    this.#order = [];
    this.#chain = Object.freeze([]);
  }
}

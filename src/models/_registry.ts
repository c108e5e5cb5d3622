// Validation of what the Router's registry accepts (names, adapters, chains,
// mappings) and views derived from it. The registry itself lives in the
// Router.

import type {
  AdapterCapabilities,
  AdapterMetadata,
  BackendAdapter,
} from "./types.ts";
import { configError, routingFailed } from "./_failures.ts";
import type { BackendEntry } from "./_state.ts";

/** Throws INVALID_REQUEST for an empty name or something that is not an adapter. */
export function assertAdapter(name: string, adapter: BackendAdapter): void {
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
export function assertChain(
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
export function assertMapping(
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
export function removeFromOrder(
  order: BackendEntry[],
  entry: BackendEntry,
): void {
  order.splice(entry.index, 1);
  for (let i = entry.index; i < order.length; i++) order[i].index = i;
}

const EMPTY_CAPABILITIES: AdapterCapabilities = { streaming: false };

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
  for (const entry of order) {
    const c = entry.adapter.metadata?.capabilities ?? EMPTY_CAPABILITIES;
    capabilities.streaming ||= c.streaming !== false;
    if (c.tools) capabilities.tools = true;
    if (c.vision) capabilities.vision = true;
    if (c.systemMessages) capabilities.systemMessages = true;
    if (c.maxContextTokens !== undefined) {
      capabilities.maxContextTokens = Math.max(
        capabilities.maxContextTokens ?? 0,
        c.maxContextTokens,
      );
    }
    for (const m of c.models ?? []) models.add(m);
  }
  if (models.size > 0) capabilities.models = [...models];
  return { name: "router", provider: "router", version: "0.1.0", capabilities };
}

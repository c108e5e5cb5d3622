// The bodies of `GET /v1/models` and `GET /api/router`.
import type { BackendInfo, Router as ModelRouter } from "../models/mod.ts";
import type { ApiKey } from "./keys.ts";
import { targetOf } from "./_wire_util.ts";
import { backendAllowed } from "./_scope.ts";

/** What `GET /api/router` reports for one backend (the adapter object left out). */
export interface BackendView {
  name: string;
  metadata: BackendInfo["metadata"];
  isHealthy: boolean;
  lastHealthCheck?: number;
  circuitBreakerState: BackendInfo["circuitBreakerState"];
  consecutiveFailures: number;
  stats: BackendInfo["stats"];
}

/**
 * OpenAI's model list: backends, backend models and aliases the key may use
 * (its `models`, and with `backends` only names that `checkModelAllowed`
 * accepts).
 */
export function modelList(
  router: ModelRouter,
  aliases: Readonly<Record<string, string>>,
  key: ApiKey | undefined,
  created: number,
): { object: "list"; data: Array<Record<string, unknown>> } {
  const data: Array<Record<string, unknown>> = [];
  const seen = new Set<string>();
  const has = (name: string): boolean => router.has(name);
  const add = (
    id: string,
    owned_by: string,
    backend: string | undefined,
  ): void => {
    if (seen.has(id)) return;
    if (key?.models !== undefined && !key.models.includes(id)) return;
    if (!backendAllowed(key?.backends, backend, has)) return;
    seen.add(id);
    data.push({ id, object: "model", created, owned_by });
  };
  for (const info of router.getBackendInfo()) {
    const owner = info.metadata.provider;
    add(info.name, owner, info.name);
    const declared = new Set(info.metadata.capabilities.models ?? []);
    if (info.metadata.defaultModel) declared.add(info.metadata.defaultModel);
    for (const model of declared) {
      add(`${info.name}/${model}`, owner, info.name);
    }
  }
  for (const [alias, target] of Object.entries(aliases)) {
    add(alias, "switchyard", targetOf(target, has).backend);
  }
  return { object: "list", data };
}

/**
 * The same list in the Anthropic Models API shape, for clients that send
 * `anthropic-version` (the Anthropic SDK's `models.list()`).
 */
export function anthropicModelList(
  list: ReturnType<typeof modelList>,
  created: number,
): Record<string, unknown> {
  const createdAt = new Date(created * 1000).toISOString();
  const data = list.data.map((model) => ({
    type: "model",
    id: model.id,
    display_name: model.id,
    created_at: createdAt,
  }));
  return {
    data,
    has_more: false,
    first_id: data[0]?.id ?? null,
    last_id: data.at(-1)?.id ?? null,
  };
}

/**
 * `GET /v1/models`: {@linkcode modelList}, in Anthropic's shape when the
 * request sends `anthropic-version`.
 */
export function listing(
  router: ModelRouter,
  aliases: Readonly<Record<string, string>>,
  key: ApiKey | undefined,
  created: number,
  headers: Headers,
): unknown {
  const list = modelList(router, aliases, key, created);
  return headers.has("anthropic-version")
    ? anthropicModelList(list, created)
    : list;
}

/** Backend info without the adapter objects, and the router's stats. */
export function routerInfo(
  router: ModelRouter,
): { backends: BackendView[]; stats: ReturnType<ModelRouter["getStats"]> } {
  const backends = router.getBackendInfo().map((info) => {
    const view: BackendView = {
      name: info.name,
      metadata: info.metadata,
      isHealthy: info.isHealthy,
      circuitBreakerState: info.circuitBreakerState,
      consecutiveFailures: info.consecutiveFailures,
      stats: info.stats,
    };
    if (info.lastHealthCheck !== undefined) {
      view.lastHealthCheck = info.lastHealthCheck;
    }
    return view;
  });
  return { backends, stats: router.getStats() };
}

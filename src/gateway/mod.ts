/**
 * The Switchyard LLM gateway: an OpenAI-compatible (`/v1/chat/completions`)
 * and Anthropic-compatible (`/v1/messages`) HTTP API over the model router,
 * as one fetch handler, with client keys, per-key rate limits, Prometheus
 * metrics, one JSON log line per request and a validated JSON config.
 * With `store` (the model router's `RouterStore`, e.g. the Redis store of
 * `./models/redis`) breakers, cooldowns and per-key limits hold across a
 * fleet of instances.
 *
 * Nothing here imports `Deno.*` or `node:` statically: the handler runs
 * under `Deno.serve`, `deno serve`, Bun, Node (through any fetch-handler
 * adapter) and inside the template router. `serveGateway` serves it on Deno
 * and Node with the limits `Deno.serve` lacks (header-read, body and idle
 * timeouts, a connection cap): it is `serve` of `./serve`, whose listener is
 * loaded only when called.
 *
 * @example Serving with keys and limits
 * ```ts
 * import { createGateway, hashKey } from "@switchyard/switchyard/gateway";
 * import { createEchoAdapter } from "@switchyard/switchyard/models/testing";
 *
 * const gateway = createGateway({
 *   backends: [["echo", createEchoAdapter()]],
 *   keys: [{ id: "team-a", sha256: await hashKey("sk-team-a"), rpm: 60 }],
 * });
 * const refused = await gateway(new Request("http://localhost/v1/models"));
 * console.log(refused.status); // 401
 * const models = await gateway(new Request("http://localhost/v1/models", {
 *   headers: { authorization: "Bearer sk-team-a" },
 * }));
 * console.log((await models.json()).data[0].id); // "echo"
 * gateway.dispose();
 * // await serveGateway(gateway, { hostname: "127.0.0.1", port: 8000 });
 * ```
 *
 * @module
 */
export * from "./gateway.ts";
export * from "./errors.ts";
export * from "./config.ts";
export * from "./keys.ts";
export * from "./rate_limit.ts";
export * from "./memory_rate_limit_store.ts";
export * from "./shared_rate_limit_store.ts";
export * from "./budgets.ts";
export * from "./budget_store.ts";
export * from "./metrics.ts";
export * from "./openai_request.ts";
export * from "./openai_response.ts";
export * from "./anthropic_request.ts";
export * from "./anthropic_response.ts";
export * from "./serve.ts";
// The listener's options, as this entry point has always exported them.
export * from "../serve/options.ts";
export { ServeError, type ServeErrorCode } from "../serve/errors.ts";
export * from "./providers.ts";
export * from "./env_backends.ts";
export * from "./from_config.ts";
export * from "./cache/response_cache.ts";
export * from "./cache/memory.ts";
export * from "./cache/shared.ts";
export * from "./cache/options.ts";
// The model-router types the gateway's API mentions (types only), so this
// entry point's documentation is complete without `./models`.
export type * from "../models/mod.ts";
// What the provider registry's options (`ProviderOptions`) extend.
export type {
  FetchFunction,
  HttpAdapterConfig,
} from "../models/adapters/_http.ts";
export type { ModelPrice } from "../models/adapters/_prices.ts";

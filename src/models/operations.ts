/**
 * The operations a call through the model router can name. One table: the
 * router, the adapters' declarations and the gateway's endpoints all derive
 * from it, so adding an operation (rerank, images) starts with one entry
 * here.
 *
 * `chat` runs on the IR (`Router.execute`, `executeStream`) or relayed
 * (`Router.relayResponse`); every other operation runs through
 * `Router.invoke`, its request and answer in the wire shape of the API that
 * defines it (OpenAI's, Anthropic's for `count_tokens`). An adapter declares what it serves in
 * `BackendAdapter.operations`: `"native"` (the upstream speaks that wire:
 * its bytes are relayed) or `"translated"` (the adapter maps to and from
 * its provider's API).
 *
 * @example List the operations
 * ```ts
 * import { OPERATIONS } from "@switchyard/switchyard/models";
 * console.log(Object.keys(OPERATIONS)); // ["chat", "embeddings", "responses", "completions", "count_tokens"]
 * ```
 *
 * @module
 */

/**
 * Every operation, with what holds for it on any backend.
 *
 * @example Usage
 * ```ts
 * import { OPERATIONS } from "@switchyard/switchyard/models";
 * console.log(OPERATIONS.embeddings.streams); // false
 * ```
 */
export const OPERATIONS = {
  /** Chat (Chat Completions, Messages): the IR's own operation. */
  chat: { streams: true },
  /** Vectors for texts (OpenAI `POST /v1/embeddings`). */
  embeddings: { streams: false },
  /** OpenAI's Responses API (`POST /v1/responses`). */
  responses: { streams: true },
  /** Legacy text completions (`POST /v1/completions`). */
  completions: { streams: true },
  /** A Messages prompt's token count (Anthropic `POST /v1/messages/count_tokens`). */
  count_tokens: { streams: false },
} as const;

/**
 * The name of an operation: a key of {@linkcode OPERATIONS}.
 *
 * @example Usage
 * ```ts
 * import type { OperationName } from "@switchyard/switchyard/models";
 * const operation: OperationName = "embeddings";
 * console.log(operation); // "embeddings"
 * ```
 */
export type OperationName = keyof typeof OPERATIONS;

/**
 * How an adapter serves an operation: `native` relays the upstream's bytes
 * (its API speaks OpenAI's wire for it); `translated` maps the request and
 * the answer to and from the provider's own API.
 *
 * @example Usage
 * ```ts
 * import type { OperationSupport } from "@switchyard/switchyard/models";
 * const support: OperationSupport = "translated";
 * console.log(support); // "translated"
 * ```
 */
export type OperationSupport = "native" | "translated";

/**
 * Whether `name` is an operation of the table.
 *
 * @param name Any string.
 * @returns True for a key of {@linkcode OPERATIONS}.
 *
 * @example Usage
 * ```ts
 * import { isOperation } from "@switchyard/switchyard/models";
 * console.log(isOperation("embeddings"), isOperation("toString")); // true false
 * ```
 */
export function isOperation(name: string): name is OperationName {
  return Object.hasOwn(OPERATIONS, name);
}

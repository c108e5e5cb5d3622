/**
 * Adapter for Anthropic's Messages API.
 *
 * ## Wire mapping
 *
 * - `POST {baseURL}/v1/messages` (default baseURL `https://api.anthropic.com`)
 *   with `x-api-key`, `anthropic-version: 2023-06-01` (configurable) and
 *   `anthropic-beta` when `beta` is set; `healthCheck` is `GET /v1/models`
 *   (free).
 * - System messages are lifted out of the conversation into the top-level
 *   `system` field, joined with a blank line; when a system part carries a
 *   `cacheControl`, `system` is sent as text blocks, each with its mark. `tool` messages become `user`
 *   messages, and consecutive messages of the same role are merged into one.
 *   In a user turn, `tool_result` blocks are moved before the other blocks
 *   (keeping their order), as the API requires after a tool call. Empty and
 *   whitespace-only text is dropped, because the API rejects it ("text
 *   content blocks must contain non-whitespace text"): as a part, as a
 *   string content, and as the whole system prompt. A message left with
 *   nothing is not sent, so an assistant turn of only whitespace (a model's
 *   "\n\n" reply) disappears and the user turns around it merge into one;
 *   no message is ever sent with empty content. A final assistant turn (a
 *   prefill) loses its trailing whitespace, which the API also refuses.
 *   `name` has no wire field.
 * - Parts: text → `text`; image base64 → `image` with a `base64` source, URL
 *   → `image` with a `url` source, except a `data:` URL, which becomes a
 *   `base64` source with its media type (a percent-encoded payload is
 *   decoded and base64-encoded: the API fetches only http(s) URLs); `tool_use` ↔
 *   `tool_use` (`input` object); `tool_result` → `tool_result` with
 *   `tool_use_id`, `is_error`; `thinking` ↔ `thinking` (with `signature`)
 *   and `redacted_thinking` ↔ `redacted_thinking` (`data`), sent back byte
 *   for byte since the API checks the signature; reasoning without a
 *   signature (another provider's) is not sent, since the API refuses it. An
 *   answer that is reasoning only (cut while thinking) holds no text part. A part's or a tool's
 *   `cacheControl` is written as `cache_control`. An image's `detail` has
 *   no field here and is not sent.
 * - Tools → `{ name, description, input_schema, strict }` (`strict` when the
 *   tool sets it, as the API's tool definition takes it); tool choice `auto` →
 *   `{type:"auto"}`, `required` → `{type:"any"}`, `none` → `{type:"none"}`,
 *   `{name}` → `{type:"tool", name}`.
 * - `max_tokens` is required by the API: `parameters.maxTokens`, else
 *   `defaultMaxTokens` (default **1024**). `temperature`, `topP`→`top_p`,
 *   `topK`→`top_k`, `stopSequences`→`stop_sequences`, `user`→
 *   `metadata.user_id`. The API has no frequency/presence penalty or seed, and
 *   rejects unknown fields, so those three are not sent; OpenAI-only keys
 *   (`logprobs`, `top_logprobs`, …) are dropped and named by the translation
 *   table (docs/gateway/wires.md); Anthropic's own keys are sent as-is (e.g.
 *   `thinking`, `service_tier`).
 * - `stop_reason`: `end_turn`/`stop_sequence`/`pause_turn` → `stop`,
 *   `max_tokens` → `length`, `tool_use` → `tool_calls`, `refusal` →
 *   `content_filter`; the matched `stop_sequence` → `stopSequence`. Usage:
 *   `promptTokens` is `input_tokens + cache_read_input_tokens +
 *   cache_creation_input_tokens` (Anthropic's `input_tokens` is the uncached
 *   rest), the two cache counts are kept as `cacheReadTokens` and
 *   `cacheCreationTokens`; `output_tokens_details.thinking_tokens` →
 *   `reasoningTokens` (part of `output_tokens`).
 * - Streaming: `message_start` → `start`, with its usage (the prompt's
 *   counts, known before the first token); `thinking_delta`,
 *   `signature_delta` and a `redacted_thinking` block → `content` chunks
 *   with `thinking`, `signature`, `redactedThinking`; `content_block_start` of a
 *   tool_use → a `tool_use` chunk announcing id and name; `text_delta` →
 *   `content`; `input_json_delta` → `tool_use` with `inputDelta`;
 *   `message_delta` → `metadata` with usage; `message_stop` → `done`; `ping`
 *   and unknown events are ignored; an `error` event (e.g.
 *   `overloaded_error`) becomes an AdapterError (thrown before the first
 *   chunk, an `error` chunk after). A stream that ends without
 *   `message_stop` ends with a PROVIDER_ERROR.
 * - Errors: HTTP statuses map to AdapterError codes (529 overloaded →
 *   PROVIDER_ERROR), `Retry-After` → `retryAfter`.
 * - `count_tokens` (`Router.invoke`): the body is relayed to
 *   `/v1/messages/count_tokens` as sent, `model` routed, the client's
 *   `anthropic-beta` merged as for chat, and the answer's bytes come back.
 * - `estimateCost` uses the price table dated {@linkcode PRICES_DATE}.
 *
 * @example Construct the adapter
 * ```ts
 * import { createAnthropicAdapter } from "@switchyard/switchyard/models/anthropic";
 * const claude = createAnthropicAdapter({ apiKey: "sk-ant-example" });
 * console.log(claude.metadata.provider); // "anthropic"
 * ```
 *
 * @module
 */

import type { IRChatRequest } from "../types.ts";
import { HttpAdapter } from "./adapter.ts";
import type { FetchFunction, HttpAdapterConfig } from "./_http.ts";
import { estimateCostFor, type ModelPrice, PRICES_DATE } from "./_prices.ts";
import type { ParameterTable, ProviderSpec } from "./provider.ts";
import { parseSSE, type SSEEvent } from "./_sse.ts";
import {
  AnthropicStreamTranslator,
  fromWireResponse,
} from "./_anthropic_answer.ts";
import { towardWire } from "./_toward_wire.ts";
import { invalidRequest } from "./_errors.ts";
import { irDrops, wireRequest } from "./_anthropic_request.ts";

// Re-exported so this entry point is self-contained for its users and docs.
export type * from "../types.ts";
export type { FetchFunction, HttpAdapterConfig, ModelPrice };
export { HttpAdapter, PRICES_DATE };
export type * from "./provider.ts";

/** `max_tokens` sent when the request sets none (the API requires one). */
export const ANTHROPIC_DEFAULT_MAX_TOKENS = 1024;

/**
 * Configuration of an {@linkcode AnthropicAdapter}.
 *
 * @example Usage
 * ```ts
 * import type { AnthropicAdapterConfig } from "@switchyard/switchyard/models/anthropic";
 * const config: AnthropicAdapterConfig = { apiKey: "sk-ant-example", defaultMaxTokens: 4096 };
 * console.log(config.defaultMaxTokens); // 4096
 * ```
 */
export interface AnthropicAdapterConfig extends HttpAdapterConfig {
  /** Sent as `x-api-key`. */
  apiKey: string;
  /** API root without `/v1` (default `https://api.anthropic.com`). */
  baseURL?: string;
  /** Model used when a request names none (default `claude-3-5-haiku-latest`). */
  defaultModel?: string;
  /** `anthropic-version` header (default `2023-06-01`). */
  version?: string;
  /** Beta feature names, sent comma-separated as `anthropic-beta`. */
  beta?: readonly string[];
  /**
   * `max_tokens` when a request sets no `maxTokens` (default 1024). A
   * positive integer: anything else is refused at construction with an
   * `INVALID_REQUEST` AdapterError, as the API refuses it.
   */
  defaultMaxTokens?: number;
}

/**
 * Parameter names on the Messages API: `maxTokens` is set by the call
 * (the API requires it), `user` goes to `metadata.user_id`, and penalties
 * and `seed` have no field there. Keys of the other wire (OpenAI's `logprobs`,
 * `top_logprobs`, …) are settled by the translation table, which drops and
 * names them.
 */
const PARAMETERS: ParameterTable = {
  names: {
    temperature: "temperature",
    topP: "top_p",
    topK: "top_k",
    stopSequences: "stop_sequences",
    maxTokens: "max_tokens",
    user: "metadata.user_id",
    frequencyPenalty: null,
    presencePenalty: null,
    seed: null,
  },
};

/**
 * A BackendAdapter for Anthropic's Messages API: the generic
 * {@linkcode HttpAdapter} running {@linkcode anthropicProvider}.
 *
 * @example Inspect the adapter
 * ```ts
 * import { AnthropicAdapter } from "@switchyard/switchyard/models/anthropic";
 * const adapter = new AnthropicAdapter({ apiKey: "sk-ant-example" });
 * console.log(adapter.metadata.defaultModel); // "claude-3-5-haiku-latest"
 * ```
 */
export class AnthropicAdapter extends HttpAdapter {
  /**
   * Creates the adapter; nothing is sent until a call.
   *
   * @param config API key, base URL and options.
   */
  constructor(config: AnthropicAdapterConfig) {
    super(config, anthropicProvider(config));
  }
}

/**
 * The description of Anthropic's Messages API for a config.
 *
 * @param config API key, base URL and options.
 * @returns The provider description {@linkcode HttpAdapter} runs.
 *
 * @example Headers
 * ```ts
 * import { anthropicProvider } from "@switchyard/switchyard/models/anthropic";
 * const spec = anthropicProvider({ apiKey: "sk-ant-example", beta: ["a", "b"] });
 * console.log(spec.headers["anthropic-beta"], spec.healthPath); // "a,b" "/v1/models"
 * ```
 */
export function anthropicProvider(
  config: AnthropicAdapterConfig,
): ProviderSpec<SSEEvent> {
  const configured = config.defaultMaxTokens;
  // The Messages API refuses a max_tokens below 1 (and a fraction): such a
  // default would fail every request that sets none, and read as unset it
  // would hide the mistake behind 1024. Refused here, as an empty
  // defaultModel is.
  if (
    configured !== undefined &&
    !(Number.isInteger(configured) && configured >= 1)
  ) {
    throw invalidRequest(
      "anthropic",
      `defaultMaxTokens must be a positive integer, got ${String(configured)}`,
    );
  }
  const defaultMaxTokens = configured ?? ANTHROPIC_DEFAULT_MAX_TOKENS;
  const maxTokens = (request: IRChatRequest): number => {
    const value = request.parameters?.maxTokens;
    return typeof value === "number" ? value : defaultMaxTokens;
  };
  return {
    provider: "anthropic",
    baseURL: "https://api.anthropic.com",
    healthPath: "/v1/models",
    defaultModel: config.defaultModel ?? "claude-3-5-haiku-latest",
    headers: {
      "anthropic-version": config.version ?? "2023-06-01",
      "x-api-key": config.apiKey || undefined,
      "anthropic-beta": config.beta !== undefined && config.beta.length > 0
        ? config.beta.join(",")
        : undefined,
    },
    parameters: PARAMETERS,
    capabilities: { maxContextTokens: 200_000 },
    // The API counts a Messages body as sent, documents and server tools
    // included: the gateway's count_tokens relays it here.
    operations: {
      count_tokens: {
        path: () => "/v1/messages/count_tokens",
        clientHeaders: (client) => betaHeader(config.beta, client),
      },
    },
    chatWire: {
      name: "anthropic",
      path: "/v1/messages",
      clientHeaders: (client) => betaHeader(config.beta, client),
    },
    parse: parseSSE,
    call: (request, { model, stream, parameters }) => {
      const body = wireRequest(
        request,
        model,
        stream,
        parameters,
        maxTokens(request),
      );
      const dropped = [
        ...irDrops(request),
        ...towardWire(body, "anthropic", "anthropic", true),
      ];
      return {
        path: "/v1/messages",
        body,
        ...(dropped.length === 0 ? {} : { dropped }),
      };
    },
    response: fromWireResponse,
    translator: (request) => new AnthropicStreamTranslator(request),
    // The default max_tokens counts: it bounds what the answer may cost.
    estimateCost: (request, model, prices) =>
      estimateCostFor(
        request.parameters?.maxTokens === undefined
          ? {
            ...request,
            parameters: {
              ...request.parameters,
              maxTokens: maxTokens(request),
            },
          }
          : request,
        "anthropic",
        model,
        prices,
      ),
  };
}

/**
 * The `anthropic-beta` of a same-wire call: the configured betas, then the
 * client's not among them (a body field may need its beta), or undefined
 * when the client named none.
 */
function betaHeader(
  configured: readonly string[] | undefined,
  client: Readonly<Record<string, string>>,
): Record<string, string> | undefined {
  const asked = client["anthropic-beta"];
  if (asked === undefined) return undefined;
  const names = new Set(configured);
  for (const name of asked.split(",")) {
    const trimmed = name.trim();
    if (trimmed !== "") names.add(trimmed);
  }
  return names.size === 0
    ? undefined
    : { "anthropic-beta": [...names].join(",") };
}

/**
 * Creates an {@linkcode AnthropicAdapter}.
 *
 * @param config API key, base URL and options.
 * @returns The adapter.
 *
 * @example Talk to a fake server
 * ```ts
 * import { createAnthropicAdapter } from "@switchyard/switchyard/models/anthropic";
 * const adapter = createAnthropicAdapter({
 *   apiKey: "sk-ant-example",
 *   fetch: () =>
 *     Promise.resolve(Response.json({
 *       id: "msg_1",
 *       type: "message",
 *       role: "assistant",
 *       model: "claude-3-5-haiku-20241022",
 *       content: [{ type: "text", text: "Hello!" }],
 *       stop_reason: "end_turn",
 *       usage: { input_tokens: 9, output_tokens: 3 },
 *     })),
 * });
 * const response = await adapter.execute({ messages: [{ role: "user", content: "Hi" }] });
 * console.log(response.message.content, response.finishReason); // "Hello!" "stop"
 * ```
 */
export function createAnthropicAdapter(
  config: AnthropicAdapterConfig,
): AnthropicAdapter {
  return new AnthropicAdapter(config);
}

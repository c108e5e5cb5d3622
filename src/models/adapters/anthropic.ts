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
 *   `system` field, joined with a blank line. `tool` messages become `user`
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
 *   `tool_use_id`, `is_error`. Response
 *   `thinking` blocks are not part of the IR message and are skipped.
 * - Tools → `{ name, description, input_schema }`; tool choice `auto` →
 *   `{type:"auto"}`, `required` → `{type:"any"}`, `none` → `{type:"none"}`,
 *   `{name}` → `{type:"tool", name}`.
 * - `max_tokens` is required by the API: `parameters.maxTokens`, else
 *   `defaultMaxTokens` (default **1024**). `temperature`, `topP`→`top_p`,
 *   `topK`→`top_k`, `stopSequences`→`stop_sequences`, `user`→
 *   `metadata.user_id`. The API has no frequency/presence penalty or seed, and
 *   rejects unknown fields, so those three are not sent; any other key is sent
 *   as-is (e.g. `thinking`, `service_tier`).
 * - `stop_reason`: `end_turn`/`stop_sequence`/`pause_turn` → `stop`,
 *   `max_tokens` → `length`, `tool_use` → `tool_calls`, `refusal` →
 *   `content_filter`. Usage: prompt tokens include cache reads and writes.
 * - Streaming: `message_start` → `start`; `content_block_start` of a
 *   tool_use → a `tool_use` chunk announcing id and name; `text_delta` →
 *   `content`; `input_json_delta` → `tool_use` with `inputDelta`;
 *   `message_delta` → `metadata` with usage; `message_stop` → `done`; `ping`
 *   and unknown events are ignored; an `error` event (e.g.
 *   `overloaded_error`) becomes an AdapterError (thrown before the first
 *   chunk, an `error` chunk after). A stream that ends without
 *   `message_stop` ends with a PROVIDER_ERROR.
 * - Errors: HTTP statuses map to AdapterError codes (529 overloaded →
 *   PROVIDER_ERROR), `Retry-After` → `retryAfter`.
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

import { AdapterError, ErrorCode, type ErrorCodeValue } from "../errors.ts";
import type {
  FinishReason,
  IRChatRequest,
  IRChatResponse,
  IRResponseMetadata,
  IRToolUsePart,
  IRUsage,
} from "../types.ts";
import { HttpAdapter } from "./adapter.ts";
import { endedEarly, eventObject, idModelMetadata } from "./_base.ts";
import {
  type FetchFunction,
  type HttpAdapterConfig,
  invalidResponse,
  isRecord,
  type StreamTranslator,
  type UnsequencedChunk,
} from "./_http.ts";
import { assistantMessage, countOf, MessageAssembler, usageOf } from "./_ir.ts";
import { estimateCostFor, type ModelPrice, PRICES_DATE } from "./_prices.ts";
import type { ParameterTable, ProviderSpec } from "./provider.ts";
import { parseSSE, type SSEEvent } from "./_sse.ts";
import { towardWire } from "./_toward_wire.ts";
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
  /** `max_tokens` when a request sets no `maxTokens` (default 1024). */
  defaultMaxTokens?: number;
}

const STOP_REASONS: Readonly<Record<string, FinishReason>> = {
  end_turn: "stop",
  stop_sequence: "stop",
  pause_turn: "stop",
  max_tokens: "length",
  tool_use: "tool_calls",
  refusal: "content_filter",
};

const ERROR_TYPES: Readonly<Record<string, ErrorCodeValue>> = {
  invalid_request_error: ErrorCode.INVALID_REQUEST,
  not_found_error: ErrorCode.INVALID_REQUEST,
  request_too_large: ErrorCode.INVALID_REQUEST,
  authentication_error: ErrorCode.AUTHENTICATION_FAILED,
  permission_error: ErrorCode.AUTHENTICATION_FAILED,
  rate_limit_error: ErrorCode.RATE_LIMITED,
  api_error: ErrorCode.PROVIDER_ERROR,
  overloaded_error: ErrorCode.PROVIDER_ERROR,
};

/**
 * Parameter names on the Messages API: `maxTokens` is set by the call
 * (the API requires it), `user` goes to `metadata.user_id`, and penalties
 * and `seed` have no field there.
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
  const defaultMaxTokens = config.defaultMaxTokens ??
    ANTHROPIC_DEFAULT_MAX_TOKENS;
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
    chatWire: { name: "anthropic", path: "/v1/messages" },
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

function wireUsage(usage: unknown): IRUsage | undefined {
  if (!isRecord(usage)) return undefined;
  const count = (key: string): number => countOf(usage, key);
  return usageOf(
    count("input_tokens") + count("cache_creation_input_tokens") +
      count("cache_read_input_tokens"),
    count("output_tokens"),
  );
}

function stopReason(raw: unknown): FinishReason {
  return typeof raw === "string" ? STOP_REASONS[raw] ?? "stop" : "stop";
}

function fromWireResponse(
  json: unknown,
  request: IRChatRequest,
): IRChatResponse {
  if (!isRecord(json) || !Array.isArray(json.content)) {
    throw invalidResponse("anthropic", "response has no content array");
  }
  let text = "";
  const uses: IRToolUsePart[] = [];
  for (const block of json.content) {
    if (!isRecord(block)) continue;
    if (block.type === "text" && typeof block.text === "string") {
      text += block.text;
    }
    if (block.type === "tool_use") {
      if (
        typeof block.id !== "string" || typeof block.name !== "string" ||
        !isRecord(block.input)
      ) {
        throw invalidResponse("anthropic", "malformed tool_use block");
      }
      uses.push({
        type: "tool_use",
        id: block.id,
        name: block.name,
        input: block.input,
      });
    }
  }
  const metadata = idModelMetadata("anthropic", request, json);
  if (typeof json.stop_sequence === "string") {
    metadata.stopSequence = json.stop_sequence;
  }
  const response: IRChatResponse = {
    message: assistantMessage(text, uses),
    finishReason: stopReason(json.stop_reason),
    metadata,
  };
  const usage = wireUsage(json.usage);
  if (usage !== undefined) response.usage = usage;
  return response;
}

/** An AdapterError for an `error` stream event. */
function eventError(json: Record<string, unknown>): AdapterError {
  const error = isRecord(json.error) ? json.error : {};
  const type = typeof error.type === "string" ? error.type : "api_error";
  const message = typeof error.message === "string" ? error.message : type;
  return new AdapterError({
    code: ERROR_TYPES[type] ?? ErrorCode.PROVIDER_ERROR,
    message: `anthropic: ${message}`,
    provider: "anthropic",
    details: { type },
  });
}

/** Turns Messages API stream events into IR chunks. */
class AnthropicStreamTranslator implements StreamTranslator<SSEEvent> {
  readonly #request: IRChatRequest;
  readonly #assembler = new MessageAssembler("anthropic");
  readonly #tools = new Map<number, { id: string; name: string }>();
  #metadata: IRResponseMetadata | undefined;
  #promptTokens = 0;
  #completionTokens = 0;
  #sawUsage = false;
  #stopReason: unknown;

  constructor(request: IRChatRequest) {
    this.#request = request;
  }

  event(event: SSEEvent): UnsequencedChunk[] {
    const json = eventObject("anthropic", event.data);
    const type = typeof json.type === "string" ? json.type : event.event;
    const out: UnsequencedChunk[] = [];
    switch (type) {
      case "error":
        throw eventError(json);
      case "message_start": {
        const message = isRecord(json.message) ? json.message : {};
        this.#takeUsage(message.usage);
        this.#start(out, message);
        break;
      }
      case "content_block_start":
      case "content_block_delta": {
        this.#start(out, {});
        const index = typeof json.index === "number" ? json.index : 0;
        if (type === "content_block_start") {
          this.#blockStart(out, index, json.content_block);
        } else this.#blockDelta(out, index, json.delta);
        break;
      }
      case "message_delta": {
        this.#start(out, {});
        if (isRecord(json.delta) && json.delta.stop_reason !== undefined) {
          this.#stopReason = json.delta.stop_reason;
        }
        if (isRecord(json.usage)) {
          this.#takeUsage(json.usage);
          out.push({ type: "metadata", usage: this.#usage() });
        }
        break;
      }
      case "message_stop":
        this.#start(out, {});
        out.push({
          type: "done",
          finishReason: stopReason(this.#stopReason),
          message: this.#assembler.message(),
          metadata: { ...this.#metadata },
          ...(this.#sawUsage ? { usage: this.#usage() } : {}),
        });
        break;
      default:
        // ping, content_block_stop and event types added later carry nothing for the IR.
        break;
    }
    return out;
  }

  end(): UnsequencedChunk[] {
    throw endedEarly("anthropic", "message_stop");
  }

  #start(out: UnsequencedChunk[], message: Record<string, unknown>): void {
    if (this.#metadata !== undefined) return;
    this.#metadata = idModelMetadata("anthropic", this.#request, message);
    out.push({ type: "start", metadata: { ...this.#metadata } });
  }

  #takeUsage(usage: unknown): void {
    if (!isRecord(usage)) return;
    this.#sawUsage = true;
    const read = wireUsage(usage);
    // message_delta counts are cumulative; input counts appear there only in newer API versions.
    if (read !== undefined && read.promptTokens > 0) {
      this.#promptTokens = read.promptTokens;
    }
    if (typeof usage.output_tokens === "number") {
      this.#completionTokens = usage.output_tokens;
    }
  }

  #usage(): IRUsage {
    return usageOf(this.#promptTokens, this.#completionTokens);
  }

  #text(out: UnsequencedChunk[], text: unknown): void {
    if (typeof text !== "string" || text === "") return;
    this.#assembler.text(text);
    out.push({ type: "content", delta: text });
  }

  #blockStart(out: UnsequencedChunk[], index: number, wire: unknown): void {
    const block = isRecord(wire) ? wire : {};
    if (block.type === "text") this.#text(out, block.text);
    else if (block.type === "tool_use") {
      if (typeof block.id !== "string" || typeof block.name !== "string") {
        throw invalidResponse("anthropic", "malformed tool_use block start");
      }
      const tool = { id: block.id, name: block.name };
      this.#tools.set(index, tool);
      const input = isRecord(block.input) && Object.keys(block.input).length > 0
        ? JSON.stringify(block.input)
        : "";
      this.#assembler.tool(tool.id, tool.name, input);
      out.push({
        type: "tool_use",
        ...tool,
        ...(input === "" ? {} : { inputDelta: input }),
      });
    }
  }

  #blockDelta(out: UnsequencedChunk[], index: number, wire: unknown): void {
    const delta = isRecord(wire) ? wire : {};
    if (delta.type === "text_delta") this.#text(out, delta.text);
    else if (
      delta.type === "input_json_delta" &&
      typeof delta.partial_json === "string"
    ) {
      const tool = this.#tools.get(index);
      if (tool === undefined) {
        throw invalidResponse(
          "anthropic",
          `input_json_delta for unknown block ${index}`,
        );
      }
      if (delta.partial_json === "") return;
      this.#assembler.tool(tool.id, tool.name, delta.partial_json);
      out.push({ type: "tool_use", ...tool, inputDelta: delta.partial_json });
    }
  }
}

/**
 * Adapter for Cohere's v2 Chat API (`POST /v2/chat`): the fifth provider
 * family, written as a {@linkcode ProviderSpec} for the generic
 * {@linkcode HttpAdapter}. Its messages are the Chat Completions messages
 * (shared with `./models/openai`); parameters, responses and the stream
 * events are Cohere's own.
 *
 * ## Wire mapping
 *
 * - `POST {baseURL}/v2/chat` (default baseURL `https://api.cohere.com`) with
 *   `Authorization: Bearer <apiKey>`; `healthCheck` is `GET {baseURL}/v1/models`
 *   (free).
 * - Messages: `system`, `user` (text as one string; images as `image_url`
 *   parts), `assistant` (text as `content`; with tool calls, the text as
 *   `tool_plan` beside `tool_calls` with JSON-string `arguments`, the turn
 *   Cohere's tool-use guide sends back) and `tool` (`tool_call_id`,
 *   `content`). Message `name`s and an earlier answer's `refusal` are not
 *   sent (the API has no such fields); an assistant turn's reasoning goes
 *   back as a `{ type: "thinking" }` item of its content.
 * - Parameters: `maxTokens`→`max_tokens`, `temperature`, `topP`→`p`,
 *   `topK`→`k`, `stopSequences`→`stop_sequences`, `seed`,
 *   `frequencyPenalty`→`frequency_penalty`,
 *   `presencePenalty`→`presence_penalty`; `p` is kept within 0.01–0.99,
 *   `k` within 0–500 and the penalties within 0–1, Cohere's ranges. The other keys Cohere documents
 *   pass through (e.g. `response_format`, `safety_mode`, `thinking`); a
 *   chat wire's field is mapped, emulated, dropped or refused by the
 *   translation table (docs/gateway/wires.md); any other key, and `user`,
 *   is not sent and is named in `metadata.dropped`.
 * - Tools → `[{ type: "function", function }]`, with `strict_tools: true`
 *   when every tool is strict (otherwise `strict` is named dropped). Tool choice: `auto` sends
 *   none (the API's default), `none` → `NONE`, `required` → `REQUIRED`; a
 *   named tool, which the API cannot force, → `REQUIRED` with only that tool
 *   sent.
 * - Responses: the `text` parts of `message.content` joined; `thinking`
 *   parts → an unsigned `thinking` part first in the IR message (streamed
 *   as `content` chunks with `thinking`); `tool_plan` is skipped (it is in
 *   `metadata.toolPlan`); `tool_calls` → `tool_use` parts. `finish_reason`:
 *   `COMPLETE`, `STOP_SEQUENCE` → `stop` (`tool_calls` when the answer holds
 *   one), `MAX_TOKENS` → `length`, `TOOL_CALL` → `tool_calls`, `ERROR`,
 *   `TIMEOUT` → `error`; the raw value is kept in
 *   `metadata.providerFinishReason`. Usage counts the billed tokens
 *   (`usage.billed_units`), else `usage.tokens`.
 * - Streaming: SSE events typed `message-start`, `content-delta`,
 *   `tool-call-start`, `tool-call-delta`, `message-end` (finish reason and
 *   usage); the stream is done at `message-end`, and ends with a
 *   PROVIDER_ERROR if the input stops before it, on an `error` event, or
 *   when `message-end` carries the generation's failure in `delta.error`
 *   (with Cohere's text).
 * - Errors: HTTP statuses map as for every adapter (Cohere's bodies are
 *   `{ "message": "…" }`); `estimateCost` is null (no Cohere price table yet;
 *   pass `prices` to price your models).
 *
 * @example Construct the adapter
 * ```ts
 * import { createCohereAdapter } from "@switchyard/switchyard/models/cohere";
 * const cohere = createCohereAdapter({ apiKey: "co-example" });
 * console.log(cohere.metadata.provider, cohere.metadata.defaultModel); // "cohere" "command-a-03-2025"
 * ```
 *
 * @module
 */

import { COHERE_EMBEDDINGS } from "./_embeddings.ts";
import { AdapterError, ErrorCode } from "../errors.ts";
import type {
  FinishReason,
  IRChatRequest,
  IRChatResponse,
  IRResponseMetadata,
  IRUsage,
} from "../types.ts";
import { HttpAdapter } from "./adapter.ts";
import { bearer, copyRequestId, endedEarly, eventObject } from "./_base.ts";
import {
  type FetchFunction,
  type HttpAdapterConfig,
  invalidResponse,
  isRecord,
  type StreamTranslator,
  type UnsequencedChunk,
} from "./_http.ts";
import { assistantMessage, countOf, MessageAssembler, usageOf } from "./_ir.ts";
import { readToolCalls, toWireMessages, wireTools } from "./_openai_wire.ts";
import { type ModelPrice, PRICES_DATE } from "./_prices.ts";
import { applyParameters } from "./_parameters.ts";
import { thinkingOf, withThinking } from "./_unsigned_thinking.ts";
import { nestedDrops, towardNative } from "./_toward_native.ts";
import type { ParameterTable, ProviderSpec } from "./provider.ts";
import { parseSSE, type SSEEvent } from "./_sse.ts";

// Re-exported so this entry point is self-contained for its users and docs.
export type * from "../types.ts";
export type { FetchFunction, HttpAdapterConfig, ModelPrice };
export { HttpAdapter, PRICES_DATE };
export type * from "./provider.ts";

/**
 * Configuration of a {@linkcode CohereAdapter}.
 *
 * @example Usage
 * ```ts
 * import type { CohereAdapterConfig } from "@switchyard/switchyard/models/cohere";
 * const config: CohereAdapterConfig = { apiKey: "co-example", defaultModel: "command-r7b-12-2024" };
 * console.log(config.defaultModel); // "command-r7b-12-2024"
 * ```
 */
export interface CohereAdapterConfig extends HttpAdapterConfig {
  /** Bearer token. */
  apiKey: string;
  /** API root without the version (default `https://api.cohere.com`). */
  baseURL?: string;
  /** Model used when a request names none (default `command-a-03-2025`). */
  defaultModel?: string;
}

const PARAMETERS: ParameterTable = {
  names: {
    maxTokens: "max_tokens",
    temperature: "temperature",
    topP: "p",
    topK: "k",
    stopSequences: "stop_sequences",
    seed: "seed",
    frequencyPenalty: "frequency_penalty",
    presencePenalty: "presence_penalty",
    user: null,
  },
};

/**
 * Cohere's ranges where the chat wires allow wider values (OpenAI's `top_p`
 * runs to 1 and its penalties from -2 to 2; Cohere answers 400 outside
 * these): a value outside is sent as the nearest bound.
 */
const RANGES: Readonly<Record<string, readonly [number, number]>> = {
  p: [0.01, 0.99],
  k: [0, 500],
  frequency_penalty: [0, 1],
  presence_penalty: [0, 1],
};

const FINISH_REASONS: Readonly<Record<string, FinishReason>> = {
  COMPLETE: "stop",
  STOP_SEQUENCE: "stop",
  MAX_TOKENS: "length",
  TOOL_CALL: "tool_calls",
  ERROR: "error",
  TIMEOUT: "error",
};

/**
 * A BackendAdapter for Cohere's v2 Chat API: the generic
 * {@linkcode HttpAdapter} running {@linkcode cohereProvider}.
 *
 * @example Inspect the adapter
 * ```ts
 * import { CohereAdapter } from "@switchyard/switchyard/models/cohere";
 * const adapter = new CohereAdapter({ apiKey: "co-example" });
 * console.log(adapter.metadata.capabilities.tools); // true
 * ```
 */
export class CohereAdapter extends HttpAdapter {
  /**
   * Creates the adapter; nothing is sent until a call.
   *
   * @param config API key, base URL and options.
   */
  constructor(config: CohereAdapterConfig) {
    super(config, cohereProvider(config));
  }
}

/**
 * Creates a {@linkcode CohereAdapter}.
 *
 * @param config API key, base URL and options.
 * @returns The adapter.
 *
 * @example Talk to a fake server
 * ```ts
 * import { createCohereAdapter } from "@switchyard/switchyard/models/cohere";
 * const adapter = createCohereAdapter({
 *   apiKey: "co-example",
 *   fetch: () =>
 *     Promise.resolve(Response.json({
 *       id: "c-1",
 *       finish_reason: "COMPLETE",
 *       message: { role: "assistant", content: [{ type: "text", text: "Hello!" }] },
 *       usage: { billed_units: { input_tokens: 3, output_tokens: 2 } },
 *     })),
 * });
 * const response = await adapter.execute({ messages: [{ role: "user", content: "Hi" }] });
 * console.log(response.message.content, response.usage?.totalTokens); // "Hello!" 5
 * ```
 */
export function createCohereAdapter(
  config: CohereAdapterConfig,
): CohereAdapter {
  return new CohereAdapter(config);
}

/**
 * The description of Cohere's v2 Chat API for a config.
 *
 * @param config API key, base URL and options.
 * @returns The provider description {@linkcode HttpAdapter} runs.
 *
 * @example Parameter names
 * ```ts
 * import { cohereProvider } from "@switchyard/switchyard/models/cohere";
 * console.log(cohereProvider({ apiKey: "co-example" }).parameters.names.topP); // "p"
 * ```
 */
export function cohereProvider(
  config: CohereAdapterConfig,
): ProviderSpec<SSEEvent> {
  return {
    provider: "cohere",
    baseURL: "https://api.cohere.com",
    healthPath: "/v1/models",
    defaultModel: config.defaultModel ?? "command-a-03-2025",
    headers: { authorization: bearer(config.apiKey) },
    parameters: PARAMETERS,
    capabilities: { maxContextTokens: 256_000 },
    operations: { embeddings: COHERE_EMBEDDINGS },
    parse: parseSSE,
    call: (request, { model, stream }) => {
      const native = towardNative(
        request.parameters,
        "cohere",
        PARAMETERS.names,
      );
      const parameters = applyParameters(native.parameters, PARAMETERS);
      for (const [key, [low, high]] of Object.entries(RANGES)) {
        const value = parameters[key];
        if (typeof value === "number") {
          parameters[key] = Math.min(high, Math.max(low, value));
        }
      }
      const body = wireRequest(request, model, stream, parameters);
      const dropped = [
        ...native.dropped,
        ...nestedDrops(
          request,
          "cohere",
          body.strict_tools === undefined ? ["tools[].strict"] : [],
        ),
      ];
      return {
        path: "/v2/chat",
        body,
        ...(dropped.length === 0 ? {} : { dropped }),
      };
    },
    response: fromWireResponse,
    translator: (request) => new CohereStreamTranslator(request),
  };
}

function wireRequest(
  request: IRChatRequest,
  model: string,
  stream: boolean,
  body: Record<string, unknown>,
): Record<string, unknown> {
  body.model = model;
  // One wire assistant message per IR one, in order: their reasoning.
  const thoughts = request.messages.filter((message) =>
    message.role === "assistant"
  ).map(thinkingOf);
  body.messages = toWireMessages(request.messages, "cohere").map(
    // Cohere's messages have no author name and no refusal field.
    ({ name: _name, refusal: _refusal, ...message }) => {
      if (message.role !== "assistant") return message;
      const thinking = thoughts.shift() ?? "";
      const { content, ...rest } = message;
      const text = typeof content === "string" ? content : "";
      // Cohere's own turn format: the text before a call is its tool plan.
      const turn: Record<string, unknown> = message.tool_calls === undefined
        ? { ...rest, content: text }
        : text === ""
        ? rest
        : { ...rest, tool_plan: text };
      if (thinking !== "") {
        // An earlier turn's reasoning goes back as a thinking item.
        turn.content = [
          { type: "thinking", thinking },
          ...(message.tool_calls === undefined && text !== ""
            ? [{ type: "text", text }]
            : []),
        ];
      }
      return turn;
    },
  );
  let tools = wireTools(request, false);
  // Cohere's strict switch covers every tool of a request.
  if (
    tools !== undefined && body.strict_tools === undefined &&
    request.tools!.every((tool) => tool.strict === true)
  ) body.strict_tools = true;
  const choice = request.toolChoice;
  if (typeof choice === "object" && tools !== undefined) {
    tools = tools.filter((tool) =>
      isRecord(tool.function) && tool.function.name === choice.name
    );
  }
  if (tools !== undefined) body.tools = tools;
  if (choice === "none") body.tool_choice = "NONE";
  else if (choice === "required" || typeof choice === "object") {
    body.tool_choice = "REQUIRED";
  }
  if (stream) body.stream = true;
  else delete body.stream;
  return body;
}

function wireUsage(usage: unknown): IRUsage | undefined {
  if (!isRecord(usage)) return undefined;
  const counts = isRecord(usage.billed_units)
    ? usage.billed_units
    : isRecord(usage.tokens)
    ? usage.tokens
    : undefined;
  if (counts === undefined) return undefined;
  const out = usageOf(
    countOf(counts, "input_tokens"),
    countOf(counts, "output_tokens"),
  );
  // Cohere reports prompt-cache hits beside the counts, as part of the input.
  if (typeof usage.cached_tokens === "number") {
    out.cacheReadTokens = usage.cached_tokens;
  }
  return out;
}

function finishReason(raw: unknown, hasToolCalls: boolean): FinishReason {
  // Own keys only: "constructor" is not a finish reason.
  const mapped = typeof raw === "string" && Object.hasOwn(FINISH_REASONS, raw)
    ? FINISH_REASONS[raw]
    : undefined;
  if (mapped === "stop" && hasToolCalls) return "tool_calls";
  return mapped ?? (hasToolCalls ? "tool_calls" : "stop");
}

function metadataOf(
  request: IRChatRequest,
  json: Record<string, unknown>,
  rawFinish: unknown,
): IRResponseMetadata {
  const metadata: IRResponseMetadata = { provider: "cohere" };
  copyRequestId(metadata, request);
  const model = request.parameters?.model;
  if (model !== undefined) metadata.model = model;
  if (typeof json.id === "string") metadata.providerResponseId = json.id;
  if (typeof rawFinish === "string") metadata.providerFinishReason = rawFinish;
  return metadata;
}

function fromWireResponse(
  json: unknown,
  request: IRChatRequest,
): IRChatResponse {
  if (!isRecord(json) || !isRecord(json.message)) {
    throw invalidResponse("cohere", "response has no message");
  }
  const wire = json.message;
  const items = (Array.isArray(wire.content) ? wire.content : []).filter(
    isRecord,
  );
  const joined = (type: string) =>
    items.filter((part) => part.type === type)
      .map((part) => String(part[type] ?? "")).join("");
  const uses = readToolCalls(wire.tool_calls, "cohere");
  const response: IRChatResponse = {
    message: withThinking(
      assistantMessage(joined("text"), uses),
      joined("thinking"),
    ),
    finishReason: finishReason(json.finish_reason, uses.length > 0),
    metadata: metadataOf(request, json, json.finish_reason),
  };
  if (typeof wire.tool_plan === "string" && wire.tool_plan !== "") {
    response.metadata.toolPlan = wire.tool_plan;
  }
  const usage = wireUsage(json.usage);
  if (usage !== undefined) response.usage = usage;
  return response;
}

/** The `delta.message` of a stream event, or an empty record. */
function deltaMessage(json: Record<string, unknown>): Record<string, unknown> {
  const delta = isRecord(json.delta) ? json.delta : {};
  return isRecord(delta.message) ? delta.message : {};
}

/** The PROVIDER_ERROR a stream event reports, with Cohere's own text. */
function streamError(text: string, event: Record<string, unknown>) {
  return new AdapterError({
    code: ErrorCode.PROVIDER_ERROR,
    message: `cohere: ${text}`,
    provider: "cohere",
    details: { error: event },
  });
}

/** Turns Cohere's typed stream events into IR chunks. */
class CohereStreamTranslator implements StreamTranslator<SSEEvent> {
  readonly #request: IRChatRequest;
  readonly #assembler = new MessageAssembler("cohere");
  #metadata: IRResponseMetadata | undefined;
  #thinking = "";

  constructor(request: IRChatRequest) {
    this.#request = request;
  }

  event(event: SSEEvent): UnsequencedChunk[] {
    const json = eventObject("cohere", event.data);
    const type = typeof json.type === "string" ? json.type : event.event;
    const out: UnsequencedChunk[] = [];
    this.#start(out, type === "message-start" ? json : {});
    const index = typeof json.index === "number" ? json.index : 0;
    const message = deltaMessage(json);
    switch (type) {
      case "content-delta": {
        const content = isRecord(message.content) ? message.content : {};
        if (typeof content.thinking === "string" && content.thinking !== "") {
          this.#thinking += content.thinking;
          out.push({ type: "content", delta: "", thinking: content.thinking });
        }
        if (typeof content.text === "string" && content.text !== "") {
          this.#assembler.text(content.text);
          out.push({ type: "content", delta: content.text });
        }
        break;
      }
      case "tool-call-start":
      case "tool-call-delta":
        out.push(
          this.#assembler.callDelta(
            index,
            message.tool_calls,
            type === "tool-call-start",
          ),
        );
        break;
      case "message-end": {
        const delta = isRecord(json.delta) ? json.delta : {};
        // The generation failed part way: Cohere ends the stream with the
        // reason in `delta.error`. Finishing normally would lose it (an
        // OpenAI client would read "stop"), so it is the stream's error.
        if (typeof delta.error === "string" && delta.error !== "") {
          throw streamError(delta.error, json);
        }
        out.push(...this.#done(delta));
        break;
      }
      case "error":
        throw streamError(
          typeof json.message === "string"
            ? json.message
            : "error event in stream",
          json,
        );
      default:
        // content-start/end, tool-plan-delta, tool-call-end, citations: nothing for the IR.
        break;
    }
    return out;
  }

  end(): UnsequencedChunk[] {
    throw endedEarly("cohere", "message-end");
  }

  #start(out: UnsequencedChunk[], json: Record<string, unknown>): void {
    if (this.#metadata !== undefined) return;
    this.#metadata = metadataOf(this.#request, json, undefined);
    out.push({ type: "start", metadata: { ...this.#metadata } });
  }

  #done(delta: Record<string, unknown>): UnsequencedChunk[] {
    const out: UnsequencedChunk[] = [];
    const usage = wireUsage(delta.usage);
    if (usage !== undefined) out.push({ type: "metadata", usage });
    const metadata = { ...this.#metadata };
    if (typeof delta.finish_reason === "string") {
      metadata.providerFinishReason = delta.finish_reason;
    }
    out.push({
      type: "done",
      finishReason: finishReason(
        delta.finish_reason,
        this.#assembler.hasToolCalls,
      ),
      message: withThinking(this.#assembler.message(), this.#thinking),
      metadata,
      ...(usage === undefined ? {} : { usage }),
    });
    return out;
  }
}

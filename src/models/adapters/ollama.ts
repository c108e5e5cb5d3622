/**
 * Adapter for Ollama's native chat API (`/api/chat`, NDJSON streaming).
 * For Ollama's OpenAI-compatible `/v1` endpoint use the `ollama` preset of
 * `./models/openai` instead.
 *
 * ## Wire mapping
 *
 * - `POST {baseURL}/api/chat` (default baseURL `http://127.0.0.1:11434`; the
 *   adapter reads no environment variable, so pass `OLLAMA_HOST` yourself).
 *   `stream` is always sent explicitly, because Ollama streams by default.
 *   `apiKey` is optional: a local Ollama needs none; when set it is sent as
 *   `Authorization: Bearer` (for ollama.com or an authenticating proxy).
 *   `healthCheck` is `GET /api/tags` (lists local models; free).
 * - Messages keep their roles. Text parts are joined with "\n"; image parts
 *   become the message's `images` list of base64 strings (a `data:` URL is
 *   unpacked; Ollama cannot fetch an http(s) URL, so one is INVALID_REQUEST).
 *   Assistant `tool_use` parts → `tool_calls: [{ id, function: { name,
 *   arguments } }]` (arguments as an object); tool results → `role: "tool"`
 *   messages with `tool_call_id` and `tool_name`: the name of the nearest
 *   tool_use with the result's id before it in the conversation (left out
 *   when there is none).
 *   Ollama gives tool calls no ids unless its answer has one; the adapter
 *   names them `call_<random>_<n>`: 12 random hex digits drawn once per
 *   response, and `<n>` counting the response's calls from 0, so ids do not
 *   repeat across the turns of a conversation.
 * - Tools → `[{ type: "function", function }]`. Ollama cannot force a tool:
 *   `toolChoice: "none"` leaves the tools out, a named tool is sent alone,
 *   `auto` and `required` send them all.
 * - Parameters → `options`: `temperature`, `topP`→`top_p`, `topK`→`top_k`,
 *   `maxTokens`→`num_predict`, `stopSequences`→`stop`, `seed`,
 *   `frequencyPenalty`→`frequency_penalty`, `presencePenalty`→
 *   `presence_penalty`. `format`, `keep_alive`, `think`, `truncate`, `shift`,
 *   `logprobs` and `top_logprobs` go to the top level; the other options the
 *   server reads go into `options` as-is (e.g. `num_ctx`). A chat wire's field is mapped, emulated, dropped or
 *   refused by the translation table (docs/gateway/wires.md); any other
 *   key, and `user`, is not sent and is named in `metadata.dropped`.
 * - `done_reason`: `stop` → `stop` (`tool_calls` when the answer holds tool
 *   calls), `length` → `length`, others → `stop`. Usage: `prompt_eval_count`
 *   and `eval_count` of the final (`done: true`) object; Ollama's timings (in
 *   nanoseconds) are kept in `metadata.durations`. `logprobs` (asked for by
 *   `logprobs: true`) → the answer's `logprobs.content`, streamed on the
 *   `content` chunk of their line. An IR message's image `detail`, cache
 *   marks, a tool's `strict` and redacted reasoning have no field here: they
 *   are not sent and are named in `metadata.dropped`.
 * - Reasoning: a message's `thinking` (thinking models, `think: true`) ↔ an
 *   unsigned `thinking` part first in the IR message; streamed as `content`
 *   chunks with `thinking`. An assistant turn's thinking parts go back as
 *   its `thinking`.
 * - Streaming: each NDJSON line is an object; `message.content` → `content`
 *   chunks, `message.tool_calls` → whole `tool_use` chunks, the `done: true`
 *   object → `metadata` (usage) and `done`. An `{"error": …}` line becomes a
 *   PROVIDER_ERROR; a stream that ends without `done: true` too.
 * - `estimateCost` returns 0: the model runs on your machine.
 *
 * @example Construct the adapter
 * ```ts
 * import { createOllamaAdapter } from "@switchyard/switchyard/models/ollama";
 * const ollama = createOllamaAdapter({ defaultModel: "qwen2.5:7b" });
 * console.log(ollama.metadata.provider, ollama.metadata.defaultModel); // "ollama" "qwen2.5:7b"
 * ```
 *
 * @module
 */

import { OLLAMA_EMBEDDINGS } from "./_embeddings.ts";
import { AdapterError, ErrorCode } from "../errors.ts";
import type {
  FinishReason,
  IRChatRequest,
  IRChatResponse,
  IRMessage,
  IRResponseMetadata,
  IRToolUsePart,
  IRUsage,
} from "../types.ts";
import { HttpAdapter } from "./adapter.ts";
import { bearer, copyRequestId } from "./_base.ts";
import {
  type FetchFunction,
  type HttpAdapterConfig,
  invalidRequest,
  invalidResponse,
  isRecord,
  type StreamTranslator,
  type UnsequencedChunk,
} from "./_http.ts";
import {
  assistantMessage,
  CallIds,
  functionDeclaration,
  parseDataURL,
  partsOf,
  usageOf,
  WholeCallStream,
} from "./_ir.ts";
import type { ModelPrice } from "./_prices.ts";
import { applyParameters } from "./_parameters.ts";
import { thinkingOf, withThinking } from "./_unsigned_thinking.ts";
import { nestedDrops, towardNative } from "./_toward_native.ts";
import { readOpenAILogprobs } from "./_openai_details.ts";
import type { ParameterTable, ProviderSpec } from "./provider.ts";
import { parseNDJSON } from "./_ndjson.ts";

// Re-exported so this entry point is self-contained for its users and docs.
export type * from "../types.ts";
export type { FetchFunction, HttpAdapterConfig, ModelPrice };
export { HttpAdapter };
export type * from "./provider.ts";

/**
 * Configuration of an {@linkcode OllamaAdapter}; every field is optional.
 *
 * @example Usage
 * ```ts
 * import type { OllamaAdapterConfig } from "@switchyard/switchyard/models/ollama";
 * const config: OllamaAdapterConfig = { baseURL: "http://gpu-box:11434", defaultModel: "llama3.1:8b" };
 * console.log(config.baseURL); // "http://gpu-box:11434"
 * ```
 */
export interface OllamaAdapterConfig extends HttpAdapterConfig {
  /** Optional bearer token (ollama.com or a proxy); a local server needs none. */
  apiKey?: string;
  /** Server root (default `http://127.0.0.1:11434`). */
  baseURL?: string;
  /** Model used when a request names none (default `llama3.2`). */
  defaultModel?: string;
}

interface WireMessage {
  role: "system" | "user" | "assistant" | "tool";
  content: string;
  images?: string[];
  tool_calls?: {
    id: string;
    function: { name: string; arguments: Record<string, unknown> };
  }[];
  tool_name?: string;
  tool_call_id?: string;
  thinking?: string;
}

/** Sampling settings go in `options` under Ollama's names. */
const PARAMETERS: ParameterTable = {
  names: {
    temperature: "options.temperature",
    topP: "options.top_p",
    topK: "options.top_k",
    maxTokens: "options.num_predict",
    stopSequences: "options.stop",
    frequencyPenalty: "options.frequency_penalty",
    presencePenalty: "options.presence_penalty",
    seed: "options.seed",
    user: null,
  },
  rest: "options",
  topLevel: [
    "format",
    "keep_alive",
    "think",
    "truncate",
    "shift",
    "logprobs",
    "top_logprobs",
  ],
  spread: "options",
};
const DURATIONS = [
  "total_duration",
  "load_duration",
  "prompt_eval_duration",
  "eval_duration",
];

/**
 * A BackendAdapter for Ollama's native `/api/chat`: the generic
 * {@linkcode HttpAdapter} running {@linkcode ollamaProvider}.
 *
 * @example Inspect the adapter
 * ```ts
 * import { OllamaAdapter } from "@switchyard/switchyard/models/ollama";
 * const adapter = new OllamaAdapter();
 * console.log(adapter.metadata.name, await adapter.estimateCost({ messages: [] })); // "ollama" 0
 * ```
 */
export class OllamaAdapter extends HttpAdapter {
  /**
   * Creates the adapter; nothing is sent until a call.
   *
   * @param config Server URL and options (all optional).
   */
  constructor(config: OllamaAdapterConfig = {}) {
    super(config, ollamaProvider(config));
  }
}

/**
 * The description of Ollama's native API for a config. Local models cost
 * nothing per token, so `estimateCost` is 0.
 *
 * @param config Server URL and options (all optional).
 * @returns The provider description {@linkcode HttpAdapter} runs.
 *
 * @example Parameters land in `options`
 * ```ts
 * import { ollamaProvider } from "@switchyard/switchyard/models/ollama";
 * console.log(ollamaProvider().parameters.names.maxTokens); // "options.num_predict"
 * ```
 */
export function ollamaProvider(
  config: OllamaAdapterConfig = {},
): ProviderSpec<unknown> {
  const defaultModel = config.defaultModel ?? "llama3.2";
  return {
    provider: "ollama",
    baseURL: "http://127.0.0.1:11434",
    healthPath: "/api/tags",
    defaultModel,
    headers: { authorization: bearer(config.apiKey) },
    parameters: PARAMETERS,
    local: true,
    operations: { embeddings: OLLAMA_EMBEDDINGS },
    parse: parseNDJSON,
    call: (request, { model, stream }) => {
      const native = towardNative(
        request.parameters,
        "ollama",
        PARAMETERS.names,
      );
      const parameters = applyParameters(native.parameters, PARAMETERS);
      const dropped = [...native.dropped, ...nestedDrops(request, "ollama")];
      return {
        path: "/api/chat",
        body: wireRequest(request, model, stream, parameters),
        ...(dropped.length === 0 ? {} : { dropped }),
      };
    },
    response: (json, request) => fromWireResponse(json, request, defaultModel),
    translator: (request) => new OllamaStreamTranslator(request, defaultModel),
  };
}

function wireRequest(
  request: IRChatRequest,
  model: string,
  stream: boolean,
  parameters: Record<string, unknown>,
): Record<string, unknown> {
  const { options, ...topLevel } = parameters;
  // Spread, not Object.assign: no key can be a prototype setter.
  const body: Record<string, unknown> = {
    model,
    messages: toWireMessages(request.messages),
    stream,
    ...topLevel,
  };
  if (options !== undefined) body.options = options;
  const choice = request.toolChoice;
  // Ollama cannot force a call: a named tool is offered alone, as near as
  // it gets (Cohere's adapter does the same).
  const tools = typeof choice === "object"
    ? request.tools?.filter((tool) => tool.name === choice.name)
    : request.tools;
  if (tools !== undefined && tools.length > 0 && choice !== "none") {
    body.tools = tools.map((tool) => ({
      type: "function",
      function: functionDeclaration(tool),
    }));
  }
  return body;
}

/**
 * Creates an {@linkcode OllamaAdapter}.
 *
 * @param config Server URL and options (all optional).
 * @returns The adapter.
 *
 * @example Talk to a fake server
 * ```ts
 * import { createOllamaAdapter } from "@switchyard/switchyard/models/ollama";
 * const adapter = createOllamaAdapter({
 *   fetch: () =>
 *     Promise.resolve(Response.json({
 *       model: "llama3.2",
 *       message: { role: "assistant", content: "Hello from llama" },
 *       done: true,
 *       done_reason: "stop",
 *       prompt_eval_count: 12,
 *       eval_count: 4,
 *     })),
 * });
 * const response = await adapter.execute({ messages: [{ role: "user", content: "Hi" }] });
 * console.log(response.message.content, response.usage?.totalTokens); // "Hello from llama" 16
 * ```
 */
export function createOllamaAdapter(
  config: OllamaAdapterConfig = {},
): OllamaAdapter {
  return new OllamaAdapter(config);
}

function base64Image(url: string): string {
  const dataURL = parseDataURL(url);
  if (dataURL !== undefined) return dataURL.data;
  throw invalidRequest(
    "ollama",
    "Ollama accepts only base64 images (or data: URLs), not http(s) URLs",
  );
}

function toWireMessages(messages: readonly IRMessage[]): WireMessage[] {
  // Tool call ids seen so far → names: a result takes the name of the latest
  // call with its id before it, even when a later turn reuses the id.
  const names = new Map<string, string>();
  const out: WireMessage[] = [];
  for (const message of messages) {
    const texts: string[] = [];
    const images: string[] = [];
    const calls: NonNullable<WireMessage["tool_calls"]> = [];
    for (const part of partsOf(message.content)) {
      if (part.type === "text") texts.push(part.text);
      else if (part.type === "image") {
        images.push(
          part.source.type === "base64"
            ? part.source.data
            : base64Image(part.source.url),
        );
      } else if (part.type === "tool_use") {
        if (message.role !== "assistant") {
          throw invalidRequest(
            "ollama",
            `a ${message.role} message cannot carry a tool_use part`,
          );
        }
        names.set(part.id, part.name);
        calls.push({
          id: part.id,
          function: { name: part.name, arguments: part.input },
        });
      } else if (part.type === "tool_result") {
        const name = names.get(part.toolUseId);
        out.push({
          role: "tool",
          content: part.content,
          ...(name === undefined ? {} : { tool_name: name }),
          tool_call_id: part.toolUseId,
        });
      }
    }
    if (message.role === "tool") {
      if (texts.length > 0 || images.length > 0) {
        throw invalidRequest(
          "ollama",
          "a tool message must hold only tool_result parts",
        );
      }
      continue;
    }
    if (
      texts.length === 0 && images.length === 0 && calls.length === 0 &&
      typeof message.content !== "string"
    ) continue;
    const wire: WireMessage = { role: message.role, content: texts.join("\n") };
    const thinking = thinkingOf(message);
    if (thinking !== "" && message.role === "assistant") {
      wire.thinking = thinking;
    }
    if (images.length > 0) wire.images = images;
    if (calls.length > 0) wire.tool_calls = calls;
    out.push(wire);
  }
  return out;
}

function thinkingText(message: Record<string, unknown>): string {
  return typeof message.thinking === "string" ? message.thinking : "";
}

function readMessage(
  message: Record<string, unknown>,
  ids: CallIds,
): { text: string; calls: IRToolUsePart[] } {
  const calls: IRToolUsePart[] = [];
  for (
    const call of Array.isArray(message.tool_calls) ? message.tool_calls : []
  ) {
    const fn = isRecord(call) && isRecord(call.function)
      ? call.function
      : undefined;
    if (fn === undefined || typeof fn.name !== "string") {
      throw invalidResponse("ollama", "malformed tool call");
    }
    calls.push({
      type: "tool_use",
      id: isRecord(call) && typeof call.id === "string" ? call.id : ids.next(),
      name: fn.name,
      input: isRecord(fn.arguments) ? fn.arguments : {},
    });
  }
  return {
    text: typeof message.content === "string" ? message.content : "",
    calls,
  };
}

function doneReason(raw: unknown, hasCalls: boolean): FinishReason {
  if (raw === "length") return "length";
  return hasCalls ? "tool_calls" : "stop";
}

function wireUsage(json: Record<string, unknown>): IRUsage | undefined {
  const prompt = typeof json.prompt_eval_count === "number"
    ? json.prompt_eval_count
    : undefined;
  const completion = typeof json.eval_count === "number"
    ? json.eval_count
    : undefined;
  if (prompt === undefined && completion === undefined) return undefined;
  return usageOf(prompt ?? 0, completion ?? 0);
}

function metadataOf(
  request: IRChatRequest,
  json: Record<string, unknown>,
  defaultModel: string,
): IRResponseMetadata {
  const metadata: IRResponseMetadata = {
    provider: "ollama",
    model: typeof json.model === "string"
      ? json.model
      : request.parameters?.model ?? defaultModel,
  };
  copyRequestId(metadata, request);
  const durations: Record<string, number> = {};
  for (const key of DURATIONS) {
    if (typeof json[key] === "number") durations[key] = json[key] as number;
  }
  if (Object.keys(durations).length > 0) metadata.durations = durations;
  if (typeof json.done_reason === "string") {
    metadata.providerFinishReason = json.done_reason;
  }
  return metadata;
}

function fromWireResponse(
  json: unknown,
  request: IRChatRequest,
  defaultModel: string,
): IRChatResponse {
  if (!isRecord(json) || !isRecord(json.message)) {
    throw invalidResponse("ollama", "response has no message");
  }
  if (typeof json.error === "string") throw providerError(json.error);
  const { text, calls } = readMessage(json.message, new CallIds());
  const response: IRChatResponse = {
    message: withThinking(
      assistantMessage(text, calls),
      thinkingText(json.message),
    ),
    finishReason: doneReason(json.done_reason, calls.length > 0),
    metadata: metadataOf(request, json, defaultModel),
  };
  const usage = wireUsage(json);
  if (usage !== undefined) response.usage = usage;
  const logprobs = logprobsOf(json);
  if (logprobs !== undefined) response.logprobs = logprobs;
  return response;
}

/** An answer's (or a line's) `logprobs`: OpenAI's per-token entries, as such. */
function logprobsOf(json: Record<string, unknown>) {
  return Array.isArray(json.logprobs) && json.logprobs.length > 0
    ? readOpenAILogprobs({ content: json.logprobs })
    : undefined;
}

function providerError(message: string): AdapterError {
  return new AdapterError({
    code: ErrorCode.PROVIDER_ERROR,
    message: `ollama: ${message}`,
    provider: "ollama",
  });
}

/** Turns `/api/chat` NDJSON objects into IR chunks. */
class OllamaStreamTranslator implements StreamTranslator<unknown> {
  readonly #request: IRChatRequest;
  readonly #defaultModel: string;
  #started = false;
  readonly #parts = new WholeCallStream();
  readonly #ids = new CallIds();
  #thinking = "";

  constructor(request: IRChatRequest, defaultModel: string) {
    this.#request = request;
    this.#defaultModel = defaultModel;
  }

  event(json: unknown): UnsequencedChunk[] {
    if (!isRecord(json)) {
      throw invalidResponse("ollama", "stream line is not a JSON object");
    }
    if (typeof json.error === "string") throw providerError(json.error);
    const out: UnsequencedChunk[] = [];
    if (!this.#started) {
      this.#started = true;
      const { provider, model, requestId } = metadataOf(
        this.#request,
        json,
        this.#defaultModel,
      );
      out.push({
        type: "start",
        metadata: {
          provider,
          model,
          ...(requestId === undefined ? {} : { requestId }),
        },
      });
    }
    if (isRecord(json.message)) {
      const thinking = thinkingText(json.message);
      if (thinking !== "") {
        this.#thinking += thinking;
        out.push({ type: "content", delta: "", thinking });
      }
      const { text, calls } = readMessage(json.message, this.#ids);
      out.push(...this.#parts.add(text, calls, logprobsOf(json)));
    }
    if (json.done === true) {
      const usage = wireUsage(json);
      if (usage !== undefined) out.push({ type: "metadata", usage });
      out.push({
        type: "done",
        finishReason: doneReason(json.done_reason, this.#parts.callCount > 0),
        message: withThinking(this.#parts.message(), this.#thinking),
        metadata: metadataOf(this.#request, json, this.#defaultModel),
        ...(usage === undefined ? {} : { usage }),
      });
    }
    return out;
  }

  end(): UnsequencedChunk[] {
    throw providerError("stream ended before the final done object");
  }
}

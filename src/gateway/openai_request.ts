/**
 * OpenAI Chat Completions wire format ↔ Switchyard IR, for the gateway in
 * `examples/_gateway.ts`.
 *
 * Decisions:
 * - `system` and `developer` messages both become IR `system` messages.
 * - Tool-call `arguments` must be a JSON object; anything else is a 400, never
 *   silently replaced by `{}`.
 * - Request keys the gateway does not translate (e.g. `response_format`) pass
 *   through untouched in `parameters`, under their wire names.
 * - `n` other than 1, a non-boolean `stream` and the legacy `functions` API
 *   are rejected with a 400.
 * - `usage` is omitted from a response when the backend reported none (no
 *   invented zeros).
 * - A stream that fails after it has started ends with one
 *   `data: {"error":…}` event (what the openai SDK raises as `APIError`) and no
 *   `[DONE]`.
 *
 * @module
 */
import type {
  FinishReason,
  IRChatRequest,
  IRChatResponse,
  IRContentPart,
  IRMessage,
  IRParameters,
  IRStreamChunk,
  IRTool,
  IRToolChoice,
  IRUsage,
} from "../src/models/types.ts";
import { AdapterError, RouterError } from "../src/models/errors.ts";

/** An OpenAI error body: `{ error: { message, type, param, code } }`. */
export interface OpenAIErrorBody {
  /** The error. */
  error: {
    /** Human-readable explanation. */
    message: string;
    /** OpenAI error type, e.g. `invalid_request_error`. */
    type: string;
    /** The request field at fault, when one is. */
    param: string | null;
    /** Machine-readable code (Switchyard's `ErrorCode` for routing errors). */
    code: string | null;
  };
}

/** Options of a {@linkcode GatewayError}. */
export interface GatewayErrorOptions {
  /** HTTP status to answer with. */
  status: number;
  /** OpenAI error type. */
  type: string;
  /** Human-readable explanation. */
  message: string;
  /** Machine-readable code. */
  code?: string;
  /** The request field at fault. */
  param?: string;
}

/**
 * A client error found while reading an OpenAI request; becomes an OpenAI
 * error response with its status.
 *
 * @example Usage
 * ```ts
 * import { GatewayError } from "./_openai_wire.ts";
 * const error = new GatewayError({ status: 400, type: "invalid_request_error", message: "messages is required", param: "messages" });
 * console.log(error.status); // 400
 * ```
 */
export class GatewayError extends Error {
  /** HTTP status to answer with. */
  readonly status: number;
  /** OpenAI error type. */
  readonly type: string;
  /** Machine-readable code. */
  readonly code?: string;
  /** The request field at fault. */
  readonly param?: string;

  /**
   * Creates the error.
   *
   * @param options Status, type, message, code and param.
   */
  constructor(options: GatewayErrorOptions) {
    super(options.message);
    this.name = "GatewayError";
    this.status = options.status;
    this.type = options.type;
    if (options.code !== undefined) this.code = options.code;
    if (options.param !== undefined) this.param = options.param;
  }
}

function invalid(message: string, param: string): GatewayError {
  return new GatewayError({
    status: 400,
    type: "invalid_request_error",
    message,
    param,
    code: "invalid_value",
  });
}

/** A parsed `POST /v1/chat/completions` body. */
export interface ParsedChatRequest {
  /** The request in the IR. */
  ir: IRChatRequest;
  /** The `model` string the client sent. */
  model: string;
  /** True for `stream: true`. */
  stream: boolean;
  /** True for `stream_options.include_usage: true`. */
  includeUsage: boolean;
}

/** Where the gateway sends a model name: a backend (optional) and the model for it. */
export interface ModelTarget {
  /** Registered backend name, for explicit routing. */
  backend?: string;
  /** Model to ask that backend for; absent means the backend's default. */
  model?: string;
}

// Wire keys translated into IR fields; every other key passes through.
const HANDLED_KEYS: ReadonlySet<string> = new Set([
  "model",
  "messages",
  "stream",
  "stream_options",
  "tools",
  "tool_choice",
  "temperature",
  "top_p",
  "max_tokens",
  "max_completion_tokens",
  "stop",
  "frequency_penalty",
  "presence_penalty",
  "seed",
  "user",
  "n",
]);

const NUMERIC_PARAMETERS: ReadonlyArray<[string, keyof IRParameters]> = [
  ["temperature", "temperature"],
  ["top_p", "topP"],
  ["frequency_penalty", "frequencyPenalty"],
  ["presence_penalty", "presencePenalty"],
  ["seed", "seed"],
];

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * Reads an OpenAI chat-completions request body into the IR.
 *
 * @param body The parsed JSON body.
 * @param resolveModel Maps the client's `model` to a backend and model.
 * @param requestId Id recorded in `metadata.requestId`.
 * @returns The IR request and the stream flags.
 * @throws {GatewayError} 400 for a body that is not a valid request.
 *
 * @example Reading a request
 * ```ts
 * import { parseChatRequest } from "./_openai_wire.ts";
 * const parsed = parseChatRequest(
 *   { model: "echo", messages: [{ role: "user", content: "hi" }], temperature: 0 },
 *   (model) => ({ backend: model }),
 *   "req-1",
 * );
 * console.log(parsed.ir.messages[0].content, parsed.ir.metadata?.custom?.backend); // "hi" "echo"
 * ```
 */
export function parseChatRequest(
  body: unknown,
  resolveModel: (model: string) => ModelTarget,
  requestId: string,
): ParsedChatRequest {
  if (!isRecord(body)) {
    throw invalid("The request body must be a JSON object.", "body");
  }
  const model = body.model;
  if (typeof model !== "string" || model === "") {
    throw invalid("`model` must be a non-empty string.", "model");
  }
  if (!Array.isArray(body.messages) || body.messages.length === 0) {
    throw invalid("`messages` must be a non-empty array.", "messages");
  }
  if (body.n !== undefined && body.n !== null && body.n !== 1) {
    throw invalid("Only `n: 1` is supported.", "n");
  }
  if (body.functions !== undefined || body.function_call !== undefined) {
    throw invalid(
      "The legacy `functions` API is not supported; use `tools`.",
      "functions",
    );
  }
  // `"stream": "true"` used to give a non-streamed JSON answer silently.
  if (
    body.stream !== undefined && body.stream !== null &&
    typeof body.stream !== "boolean"
  ) {
    throw invalid("`stream` must be a boolean.", "stream");
  }
  const stream = body.stream === true;
  const streamOptions = body.stream_options;
  const includeUsage = isRecord(streamOptions) &&
    streamOptions.include_usage === true;

  const target = resolveModel(model);
  const parameters: IRParameters = {};
  if (target.model !== undefined) parameters.model = target.model;
  for (const [wire, ir] of NUMERIC_PARAMETERS) {
    const value = body[wire];
    if (value === undefined || value === null) continue;
    if (typeof value !== "number" || !Number.isFinite(value)) {
      throw invalid(`\`${wire}\` must be a number.`, wire);
    }
    parameters[ir] = value;
  }
  // Both names mean one limit; the error names the one the client sent,
  // and two different values are refused rather than one silently winning.
  for (const key of ["max_completion_tokens", "max_tokens"]) {
    const value = body[key];
    if (value === undefined || value === null) continue;
    if (!Number.isInteger(value) || (value as number) < 1) {
      throw invalid(`\`${key}\` must be a positive integer.`, key);
    }
    if (
      parameters.maxTokens !== undefined && parameters.maxTokens !== value
    ) {
      throw invalid(
        "`max_tokens` and `max_completion_tokens` differ; send one.",
        key,
      );
    }
    parameters.maxTokens = value as number;
  }
  if (body.stop !== undefined && body.stop !== null) {
    const stop = typeof body.stop === "string" ? [body.stop] : body.stop;
    if (!Array.isArray(stop) || stop.some((s) => typeof s !== "string")) {
      throw invalid("`stop` must be a string or an array of strings.", "stop");
    }
    parameters.stopSequences = stop as string[];
  }
  if (body.user !== undefined) {
    if (typeof body.user !== "string") {
      throw invalid("`user` must be a string.", "user");
    }
    parameters.user = body.user;
  }
  for (const key in body) {
    if (!HANDLED_KEYS.has(key)) parameters[key] = body[key];
  }

  const ir: IRChatRequest = {
    messages: body.messages.map(readMessage),
    parameters,
    metadata: {
      requestId,
      timestamp: Date.now(),
      ...(target.backend === undefined
        ? {}
        : { custom: { backend: target.backend } }),
    },
    stream,
  };
  if (body.tools !== undefined && body.tools !== null) {
    ir.tools = readTools(body.tools);
  }
  if (body.tool_choice !== undefined && body.tool_choice !== null) {
    ir.toolChoice = readToolChoice(body.tool_choice);
  }
  return { ir, model, stream, includeUsage };
}

function textOf(content: unknown, param: string): string {
  if (typeof content === "string") return content;
  if (content === null || content === undefined) return "";
  if (!Array.isArray(content)) {
    throw invalid("`content` must be a string or an array of parts.", param);
  }
  return content.map((part, i) => {
    if (
      isRecord(part) && part.type === "text" && typeof part.text === "string"
    ) {
      return part.text;
    }
    if (
      isRecord(part) && part.type === "refusal" &&
      typeof part.refusal === "string"
    ) return part.refusal;
    throw invalid("Only text parts are allowed here.", `${param}[${i}]`);
  }).join("");
}

function readUserContent(
  content: unknown,
  param: string,
): string | IRContentPart[] {
  if (typeof content === "string") return content;
  if (!Array.isArray(content)) {
    throw invalid("`content` must be a string or an array of parts.", param);
  }
  return content.map((part, i): IRContentPart => {
    const where = `${param}[${i}]`;
    if (!isRecord(part)) {
      throw invalid("A content part must be an object.", where);
    }
    if (part.type === "text" && typeof part.text === "string") {
      return { type: "text", text: part.text };
    }
    if (part.type === "image_url") {
      const image = part.image_url;
      const url = isRecord(image) ? image.url : undefined;
      if (typeof url !== "string") {
        throw invalid("`image_url.url` must be a string.", where);
      }
      const data = /^data:([^;,]+);base64,(.*)$/s.exec(url);
      return data
        ? {
          type: "image",
          source: { type: "base64", mediaType: data[1], data: data[2] },
        }
        : { type: "image", source: { type: "url", url } };
    }
    throw invalid(
      `Unsupported content part type ${JSON.stringify(part.type)}.`,
      where,
    );
  });
}

function readToolCalls(calls: unknown, param: string): IRContentPart[] {
  if (!Array.isArray(calls)) {
    throw invalid("`tool_calls` must be an array.", param);
  }
  return calls.map((call, i): IRContentPart => {
    const where = `${param}[${i}]`;
    const fn = isRecord(call) ? call.function : undefined;
    if (
      !isRecord(call) || typeof call.id !== "string" || !isRecord(fn) ||
      typeof fn.name !== "string" || typeof fn.arguments !== "string"
    ) {
      throw invalid(
        "A tool call needs `id`, `function.name` and `function.arguments` strings.",
        where,
      );
    }
    let input: unknown;
    try {
      input = JSON.parse(fn.arguments === "" ? "{}" : fn.arguments);
    } catch {
      throw invalid(
        "`function.arguments` is not valid JSON.",
        `${where}.function.arguments`,
      );
    }
    if (!isRecord(input)) {
      throw invalid(
        "`function.arguments` must be a JSON object.",
        `${where}.function.arguments`,
      );
    }
    return { type: "tool_use", id: call.id, name: fn.name, input };
  });
}

function readMessage(message: unknown, index: number): IRMessage {
  const param = `messages[${index}]`;
  if (!isRecord(message)) throw invalid("A message must be an object.", param);
  const named = typeof message.name === "string" ? { name: message.name } : {};
  switch (message.role) {
    case "system":
    case "developer":
      return {
        role: "system",
        content: textOf(message.content, `${param}.content`),
        ...named,
      };
    case "user":
      return {
        role: "user",
        content: readUserContent(message.content, `${param}.content`),
        ...named,
      };
    case "assistant": {
      const text = textOf(message.content, `${param}.content`);
      if (message.tool_calls === undefined || message.tool_calls === null) {
        return { role: "assistant", content: text, ...named };
      }
      const parts: IRContentPart[] = text === ""
        ? []
        : [{ type: "text", text }];
      parts.push(...readToolCalls(message.tool_calls, `${param}.tool_calls`));
      return { role: "assistant", content: parts, ...named };
    }
    case "tool": {
      if (typeof message.tool_call_id !== "string") {
        throw invalid(
          "A tool message needs `tool_call_id`.",
          `${param}.tool_call_id`,
        );
      }
      return {
        role: "tool",
        content: [{
          type: "tool_result",
          toolUseId: message.tool_call_id,
          content: textOf(message.content, `${param}.content`),
        }],
      };
    }
    default:
      throw invalid(
        `Unsupported role ${JSON.stringify(message.role)}.`,
        `${param}.role`,
      );
  }
}

function readTools(tools: unknown): IRTool[] {
  if (!Array.isArray(tools)) {
    throw invalid("`tools` must be an array.", "tools");
  }
  return tools.map((tool, i): IRTool => {
    const fn = isRecord(tool) ? tool.function : undefined;
    if (
      !isRecord(tool) || tool.type !== "function" || !isRecord(fn) ||
      typeof fn.name !== "string"
    ) {
      throw invalid(
        'A tool must be `{ type: "function", function: { name } }`.',
        `tools[${i}]`,
      );
    }
    const out: IRTool = {
      name: fn.name,
      parameters: isRecord(fn.parameters)
        ? fn.parameters
        : { type: "object", properties: {} },
    };
    if (typeof fn.description === "string") out.description = fn.description;
    return out;
  });
}

function readToolChoice(choice: unknown): IRToolChoice {
  if (choice === "auto" || choice === "none" || choice === "required") {
    return choice;
  }
  const fn = isRecord(choice) ? choice.function : undefined;
  if (
    isRecord(choice) && choice.type === "function" && isRecord(fn) &&
    typeof fn.name === "string"
  ) {
    return { name: fn.name };
  }
  throw invalid("Unsupported `tool_choice`.", "tool_choice");
}

/** An OpenAI tool call in a response message. */
export interface OpenAIToolCall {
  /** Call id. */
  id: string;
  /** Always `function`. */
  type: "function";
  /** Name and JSON-encoded arguments. */
  function: { name: string; arguments: string };
}

/** OpenAI `usage` object. */
export interface OpenAIUsage {
  /** Tokens in the prompt. */
  prompt_tokens: number;
  /** Tokens generated. */
  completion_tokens: number;
  /** Their sum. */
  total_tokens: number;
}

/** An OpenAI `chat.completion` response. */
export interface OpenAIChatCompletion {
  /** Response id, `chatcmpl-…`. */
  id: string;
  /** Always `chat.completion`. */
  object: "chat.completion";
  /** Unix seconds. */
  created: number;
  /** Model that answered. */
  model: string;
  /** Exactly one choice. */
  choices: Array<{
    index: number;
    message: {
      role: "assistant";
      content: string | null;
      refusal: null;
      tool_calls?: OpenAIToolCall[];
    };
    finish_reason: string;
    logprobs: null;
  }>;
  /** Token counts, when the backend reported them. */
  usage?: OpenAIUsage;
}

/** Id, timestamp and model stamped on every response and chunk. */
export interface CompletionContext {
  /** `chatcmpl-…` id. */
  id: string;
  /** Unix seconds. */
  created: number;
  /** Model name reported to the client. */
  model: string;
}

/**
 * The OpenAI `finish_reason` for an IR finish reason (`error` and `cancelled`
 * have no OpenAI counterpart and report `stop`).
 *
 * @param reason The IR finish reason.
 * @returns The wire value.
 *
 * @example Usage
 * ```ts
 * import { toFinishReason } from "./_openai_wire.ts";
 * console.log(toFinishReason("tool_calls")); // "tool_calls"
 * ```
 */
export function toFinishReason(reason: FinishReason): string {
  return reason === "error" || reason === "cancelled" ? "stop" : reason;
}

/**
 * The OpenAI `usage` object for IR token counts.
 *
 * @param usage IR usage.
 * @returns The wire object.
 *
 * @example Usage
 * ```ts
 * import { toUsage } from "./_openai_wire.ts";
 * console.log(toUsage({ promptTokens: 1, completionTokens: 2, totalTokens: 3 }).total_tokens); // 3
 * ```
 */
export function toUsage(usage: IRUsage): OpenAIUsage {
  return {
    prompt_tokens: usage.promptTokens,
    completion_tokens: usage.completionTokens,
    total_tokens: usage.totalTokens,
  };
}

/**
 * Writes an IR response as an OpenAI `chat.completion` object.
 *
 * @param response The IR response.
 * @param context Id, timestamp and fallback model name.
 * @returns The wire object.
 *
 * @example Text and a tool call
 * ```ts
 * import { toChatCompletion } from "./_openai_wire.ts";
 * const completion = toChatCompletion(
 *   {
 *     message: { role: "assistant", content: [{ type: "tool_use", id: "c1", name: "f", input: { a: 1 } }] },
 *     finishReason: "tool_calls",
 *     metadata: {},
 *   },
 *   { id: "chatcmpl-1", created: 0, model: "m" },
 * );
 * console.log(completion.choices[0].message.tool_calls?.[0].function.arguments); // '{"a":1}'
 * ```
 */
export function toChatCompletion(
  response: IRChatResponse,
  context: CompletionContext,
): OpenAIChatCompletion {
  const { content } = response.message;
  let text: string | null = typeof content === "string" ? content : "";
  const toolCalls: OpenAIToolCall[] = [];
  if (typeof content !== "string") {
    for (const part of content) {
      if (part.type === "text") text += part.text;
      else if (part.type === "tool_use") {
        toolCalls.push({
          id: part.id,
          type: "function",
          function: { name: part.name, arguments: JSON.stringify(part.input) },
        });
      }
    }
    if (text === "" && toolCalls.length > 0) text = null;
  }
  const completion: OpenAIChatCompletion = {
    id: context.id,
    object: "chat.completion",
    created: context.created,
    model: response.metadata.model ?? context.model,
    choices: [{
      index: 0,
      message: {
        role: "assistant",
        content: text,
        refusal: null,
        ...(toolCalls.length > 0 ? { tool_calls: toolCalls } : {}),
      },
      finish_reason: toFinishReason(response.finishReason),
      logprobs: null,
    }],
  };
  if (response.usage) completion.usage = toUsage(response.usage);
  return completion;
}

/**
 * Turns IR stream chunks into OpenAI `chat.completion.chunk` SSE events, one
 * chunk at a time (state: whether the role was sent, tool-call indexes, usage).
 *
 * @example Encoding a short stream
 * ```ts
 * import { ChunkEncoder } from "./_openai_wire.ts";
 * const encoder = new ChunkEncoder({ id: "chatcmpl-1", created: 0, model: "m" }, false);
 * let sse = encoder.encode({ type: "start", sequence: 0, metadata: {} });
 * sse += encoder.encode({ type: "content", sequence: 1, delta: "Hi" });
 * sse += encoder.encode({ type: "done", sequence: 2, finishReason: "stop" });
 * console.log(sse.endsWith("data: [DONE]\n\n"), encoder.finished); // true true
 * ```
 */
export class ChunkEncoder {
  #context: CompletionContext;
  #includeUsage: boolean;
  #roleSent = false;
  #sentText = false;
  #toolIndexes = new Map<string, number>();
  #usage?: IRUsage;
  #finished = false;

  /**
   * Creates an encoder for one response.
   *
   * @param context Id, timestamp and model stamped on every chunk.
   * @param includeUsage Emit the final usage chunk (`stream_options.include_usage`).
   */
  constructor(context: CompletionContext, includeUsage: boolean) {
    this.#context = { ...context };
    this.#includeUsage = includeUsage;
  }

  /** True once a `done` or `error` chunk was encoded; nothing may follow. */
  get finished(): boolean {
    return this.#finished;
  }

  /**
   * Encodes one IR chunk.
   *
   * @param chunk The IR chunk.
   * @returns SSE text to send (possibly empty).
   */
  encode(chunk: IRStreamChunk): string {
    if (this.#finished) return "";
    switch (chunk.type) {
      case "start":
        if (chunk.metadata.model) this.#context.model = chunk.metadata.model;
        return this.#role();
      case "content":
        this.#sentText = true;
        return this.#role() + this.#event({ content: chunk.delta });
      case "tool_use":
        return this.#role() +
          this.#toolCall(chunk.id, chunk.name, chunk.inputDelta ?? "");
      case "metadata":
        if (chunk.usage) this.#usage = chunk.usage;
        return "";
      case "done": {
        this.#finished = true;
        const usage = chunk.usage ?? this.#usage;
        let out = this.#role() + this.#unstreamed(chunk.message) +
          this.#event({}, toFinishReason(chunk.finishReason));
        if (this.#includeUsage && usage) {
          out += sse({ ...this.#base(), choices: [], usage: toUsage(usage) });
        }
        return out + "data: [DONE]\n\n";
      }
      case "error":
        this.#finished = true;
        return sse({
          error: {
            message: chunk.error.message,
            type: "server_error",
            param: null,
            code: chunk.error.code,
          },
        });
    }
  }

  // Some adapters put text or tool calls only in the assembled `done`
  // message; send what the deltas did not carry so nothing is lost.
  #unstreamed(message: IRMessage | undefined): string {
    if (message === undefined) return "";
    const parts = typeof message.content === "string"
      ? [{ type: "text" as const, text: message.content }]
      : message.content;
    let out = "";
    for (const part of parts) {
      if (part.type === "text" && !this.#sentText && part.text !== "") {
        out += this.#event({ content: part.text });
      } else if (part.type === "tool_use" && !this.#toolIndexes.has(part.id)) {
        out += this.#toolCall(part.id, part.name, JSON.stringify(part.input));
      }
    }
    return out;
  }

  #toolCall(id: string, name: string, args: string): string {
    let index = this.#toolIndexes.get(id);
    let delta: Record<string, unknown>;
    if (index === undefined) {
      index = this.#toolIndexes.size;
      this.#toolIndexes.set(id, index);
      delta = {
        index,
        id,
        type: "function",
        function: { name, arguments: args },
      };
    } else {
      delta = { index, function: { arguments: args } };
    }
    return this.#event({ tool_calls: [delta] });
  }

  #base(): Record<string, unknown> {
    return {
      id: this.#context.id,
      object: "chat.completion.chunk",
      created: this.#context.created,
      model: this.#context.model,
    };
  }

  #role(): string {
    if (this.#roleSent) return "";
    this.#roleSent = true;
    return this.#event({ role: "assistant", content: "" });
  }

  #event(
    delta: Record<string, unknown>,
    finishReason: string | null = null,
  ): string {
    return sse({
      ...this.#base(),
      choices: [{
        index: 0,
        delta,
        finish_reason: finishReason,
        logprobs: null,
      }],
    });
  }
}

function sse(data: unknown): string {
  return `data: ${JSON.stringify(data)}\n\n`;
}

/** Status, OpenAI error type and extra headers for an error. */
export interface ErrorMapping {
  /** HTTP status. */
  status: number;
  /** The JSON body. */
  body: OpenAIErrorBody;
  /** Extra headers (`Retry-After`). */
  headers: Record<string, string>;
}

const STATUS_BY_CODE: Readonly<Record<string, number>> = {
  INVALID_REQUEST: 400,
  ROUTING_FAILED: 400,
  AUTHENTICATION_FAILED: 401,
  RATE_LIMITED: 429,
  ALL_BACKENDS_FAILED: 502,
  PROVIDER_ERROR: 502,
  INVALID_RESPONSE: 502,
  NETWORK_ERROR: 502,
  NO_BACKEND_AVAILABLE: 503,
  TIMEOUT: 504,
  ABORTED: 499,
  UNKNOWN: 500,
};

const TYPE_BY_STATUS: Readonly<Record<number, string>> = {
  400: "invalid_request_error",
  401: "authentication_error",
  404: "not_found_error",
  429: "rate_limit_error",
};

/**
 * Maps any error to an OpenAI error body and HTTP status: gateway errors keep
 * their status; `AdapterError` codes map to 400/401/429/499/502/503/504
 * (`RATE_LIMITED` adds `Retry-After` in seconds; `ALL_BACKENDS_FAILED` where
 * every backend was rate limited is a 429 too); anything else is a 500 without
 * internal detail.
 *
 * @param error What was thrown.
 * @returns Status, body and headers.
 *
 * @example Rate limiting
 * ```ts
 * import { AdapterError } from "../src/models/errors.ts";
 * import { mapError } from "./_openai_wire.ts";
 * const mapped = mapError(new AdapterError({ code: "RATE_LIMITED", message: "slow down", retryAfter: 1500 }));
 * console.log(mapped.status, mapped.headers["retry-after"]); // 429 "2"
 * ```
 */
export function mapError(error: unknown): ErrorMapping {
  if (error instanceof GatewayError) {
    return {
      status: error.status,
      headers: {},
      body: {
        error: {
          message: error.message,
          type: error.type,
          param: error.param ?? null,
          code: error.code ?? null,
        },
      },
    };
  }
  if (error instanceof AdapterError) {
    let status = STATUS_BY_CODE[error.code] ?? 500;
    let retryAfter = error.retryAfter;
    if (
      error instanceof RouterError && error.errors.length > 0 &&
      error.errors.every((f) => f.error.code === "RATE_LIMITED")
    ) {
      status = 429;
      const waits = error.errors.map((f) => f.error.retryAfter).filter((
        ms,
      ): ms is number => ms !== undefined);
      retryAfter = waits.length > 0 ? Math.min(...waits) : undefined;
    }
    const headers: Record<string, string> = {};
    if (status === 429 && retryAfter !== undefined) {
      headers["retry-after"] = String(
        Math.max(0, Math.ceil(retryAfter / 1000)),
      );
    }
    return {
      status,
      headers,
      body: {
        error: {
          message: error.message,
          type: TYPE_BY_STATUS[status] ?? "server_error",
          param: null,
          code: error.code,
        },
      },
    };
  }
  return {
    status: 500,
    headers: {},
    body: {
      error: {
        message: "Internal server error.",
        type: "server_error",
        param: null,
        code: null,
      },
    },
  };
}

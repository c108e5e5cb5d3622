/**
 * Writing Switchyard IR responses and stream chunks as Anthropic Messages API
 * JSON and server-sent events.
 *
 * Decisions:
 * - `stop_reason`: IR `stop` → `end_turn`, `length` → `max_tokens`,
 *   `tool_calls` → `tool_use`, `content_filter` → `refusal`; `error` and
 *   `cancelled` have no Anthropic counterpart and report `end_turn`.
 *   An answer ended by a stop sequence the backend named reports
 *   `stop_sequence`. An answer with a refusal (OpenAI's `message.refusal`) that ended
 *   normally reports `refusal`, its text as the text block. `stop_sequence`
 *   is the matched sequence when the backend said which (Anthropic), else
 *   `null`.
 * - Reasoning: `thinking` (with its `signature`) and `redacted_thinking`
 *   blocks are written as the backend sent them, plain and streamed
 *   (`thinking_delta`, `signature_delta`); logprobs have no field here.
 * - `usage` is required by the Anthropic wire format. When the backend
 *   reported none it is an estimate: the gateway fills one into the IR
 *   response before {@linkcode toAnthropicMessage} (which writes 0s for a
 *   response without usage), and a stream's `message_start` carries
 *   {@linkcode MessageStreamEncoder}'s `promptTokens` as `input_tokens`; its
 *   final `message_delta` carries the reported `input_tokens` and
 *   `output_tokens`, or the estimate (that prompt estimate, and the
 *   generated characters / 4) when none were reported.
 * - Stream events, in order: `message_start`, a `ping`, then per content block
 *   `content_block_start` / `content_block_delta` (`text_delta` or
 *   `input_json_delta`) / `content_block_stop`, then `message_delta` and
 *   `message_stop`. A failure after the stream started is one
 *   `event: error` (what the Anthropic SDK raises as `APIError`).
 * - Error bodies are `{ type: "error", error: { type, message } }` with
 *   Anthropic's types by status (400 `invalid_request_error`, 401
 *   `authentication_error`, 402 `billing_error`, 403 `permission_error`, 404
 *   `not_found_error`, 413 `request_too_large`, 429 `rate_limit_error`, 503
 *   and 529 `overloaded_error`, 504 `timeout_error`, other 5xx `api_error`).
 *
 * @module
 */
import type {
  FinishReason,
  IRChatResponse,
  IRMessage,
  IRStreamChunk,
  IRUsage,
} from "../models/types.ts";
import type { ResolvedError } from "./errors.ts";
import { estimatedUsage } from "./_usage_estimate.ts";
import { failureMessage } from "./_chunk_message.ts";

/** One content block of an Anthropic message. */
export type AnthropicContentBlock =
  | { type: "text"; text: string }
  | {
    type: "tool_use";
    id: string;
    name: string;
    input: Record<string, unknown>;
  }
  | { type: "thinking"; thinking: string; signature?: string }
  | { type: "redacted_thinking"; data: string };

/**
 * Anthropic's `usage`: `input_tokens` counts only the prompt tokens neither
 * read from nor written to the cache; the two cache counts are beside it.
 *
 * @example 9 uncached, 6 read, 4 written
 * ```ts
 * import type { AnthropicUsage } from "@switchyard/switchyard/gateway";
 * const usage: AnthropicUsage = {
 *   input_tokens: 9, output_tokens: 5,
 *   cache_read_input_tokens: 6, cache_creation_input_tokens: 4,
 * };
 * ```
 */
export interface AnthropicUsage {
  /** Prompt tokens not read from or written to the cache. */
  input_tokens: number;
  /** Tokens generated. */
  output_tokens: number;
  /** Prompt tokens written to the cache, when known. */
  cache_creation_input_tokens?: number;
  /** Prompt tokens read from the cache, when known. */
  cache_read_input_tokens?: number;
  /** Of `output_tokens`, those spent reasoning, when known. */
  output_tokens_details?: { thinking_tokens: number };
}

/**
 * An Anthropic `message` object.
 *
 * @example Usage
 * ```ts
 * import type { AnthropicMessage } from "@switchyard/switchyard/gateway";
 * const message: AnthropicMessage = {
 *   id: "msg_1", type: "message", role: "assistant", model: "m",
 *   content: [{ type: "text", text: "hi" }], stop_reason: "end_turn", stop_sequence: null,
 *   usage: { input_tokens: 1, output_tokens: 1 },
 * };
 * ```
 */
export interface AnthropicMessage {
  /** `msg_…` id. */
  id: string;
  /** Always `message`. */
  type: "message";
  /** Always `assistant`. */
  role: "assistant";
  /** Model that answered. */
  model: string;
  /** Text and tool-use blocks. */
  content: AnthropicContentBlock[];
  /** Why generation stopped (`null` only in `message_start`). */
  stop_reason: string | null;
  /** The stop sequence that ended generation, else `null`. */
  stop_sequence: string | null;
  /** Token counts. */
  usage: AnthropicUsage;
}

/** Id and model stamped on a message. */
export interface MessageContext {
  /** `msg_…` id. */
  id: string;
  /** Model name reported when the backend names none. */
  model: string;
}

/**
 * The Anthropic `stop_reason` for an IR finish reason.
 *
 * @param reason The IR finish reason.
 * @returns The wire value.
 *
 * @example Usage
 * ```ts
 * import { toStopReason } from "@switchyard/switchyard/gateway";
 * console.log(toStopReason("tool_calls"), toStopReason("length")); // "tool_use" "max_tokens"
 * ```
 */
export function toStopReason(reason: FinishReason): string {
  switch (reason) {
    case "length":
      return "max_tokens";
    case "tool_calls":
      return "tool_use";
    case "content_filter":
      return "refusal";
    default:
      return "end_turn";
  }
}

/**
 * Anthropic's `usage` for IR token counts. The IR's `promptTokens` is the
 * whole prompt (OpenAI's `prompt_tokens`); Anthropic's `input_tokens` is
 * the uncached rest, so the cache reads and writes are taken out of it and
 * reported in their own fields. A backend that reports no cache counts has
 * none taken out and none written. Reasoning tokens, when known, are
 * `output_tokens_details.thinking_tokens` (part of `output_tokens`).
 *
 * @param usage IR usage (0s when absent).
 * @returns The wire object.
 *
 * @example OpenAI's 19 prompt tokens of which 6 cached
 * ```ts
 * import { toAnthropicUsage } from "@switchyard/switchyard/gateway";
 * const usage = toAnthropicUsage({ promptTokens: 19, completionTokens: 5, totalTokens: 24, cacheReadTokens: 6 });
 * console.log(usage.input_tokens, usage.cache_read_input_tokens); // 13 6
 * ```
 */
export function toAnthropicUsage(usage: IRUsage | undefined): AnthropicUsage {
  const read = usage?.cacheReadTokens;
  const written = usage?.cacheCreationTokens;
  const out: AnthropicUsage = {
    input_tokens: Math.max(
      0,
      (usage?.promptTokens ?? 0) - (read ?? 0) - (written ?? 0),
    ),
    output_tokens: usage?.completionTokens ?? 0,
  };
  if (written !== undefined) out.cache_creation_input_tokens = written;
  if (read !== undefined) out.cache_read_input_tokens = read;
  if (usage?.reasoningTokens !== undefined) {
    out.output_tokens_details = { thinking_tokens: usage.reasoningTokens };
  }
  return out;
}

const usageOf = toAnthropicUsage;

/**
 * The blocks of a message. A refusal (OpenAI's, which Anthropic has no field
 * for) becomes the text of a message that has none, with `stop_reason`
 * `refusal`, so the client shows why.
 */
function blocksOf(message: IRMessage): AnthropicContentBlock[] {
  const blocks = contentBlocks(message);
  if (
    message.refusal && !blocks.some((block) => block.type === "text")
  ) blocks.push({ type: "text", text: message.refusal });
  return blocks;
}

function contentBlocks(message: IRMessage): AnthropicContentBlock[] {
  if (typeof message.content === "string") {
    return message.content === ""
      ? []
      : [{ type: "text", text: message.content }];
  }
  const blocks: AnthropicContentBlock[] = [];
  for (const part of message.content) {
    if (part.type === "thinking") {
      blocks.push({
        type: "thinking",
        thinking: part.thinking,
        ...(part.signature === undefined ? {} : { signature: part.signature }),
      });
    } else if (part.type === "redacted_thinking") {
      blocks.push({ type: "redacted_thinking", data: part.data });
    } else if (part.type === "text" && part.text !== "") {
      const last = blocks.at(-1);
      if (last?.type === "text") last.text += part.text;
      else blocks.push({ type: "text", text: part.text });
    } else if (part.type === "tool_use") {
      blocks.push({
        type: "tool_use",
        id: part.id,
        name: part.name,
        input: part.input,
      });
    }
  }
  return blocks;
}

/**
 * Writes an IR response as an Anthropic `message` object.
 *
 * @param response The IR response.
 * @param context Id and fallback model name.
 * @returns The wire object.
 *
 * @example Usage
 * ```ts
 * import { toAnthropicMessage } from "@switchyard/switchyard/gateway";
 * const message = toAnthropicMessage(
 *   { message: { role: "assistant", content: "hi" }, finishReason: "stop", metadata: {} },
 *   { id: "msg_1", model: "echo" },
 * );
 * console.log(message.content, message.stop_reason); // [{ type: "text", text: "hi" }] "end_turn"
 * ```
 */
export function toAnthropicMessage(
  response: IRChatResponse,
  context: MessageContext,
): AnthropicMessage {
  return {
    id: context.id,
    type: "message",
    role: "assistant",
    model: response.metadata.model ?? context.model,
    content: blocksOf(response.message),
    stop_reason: stopReasonOf(
      response.finishReason,
      Boolean(response.message.refusal),
      response.stopSequence,
    ),
    stop_sequence: response.stopSequence ?? null,
    usage: usageOf(response.usage),
  };
}

/**
 * The stop reason of an answer that ended normally says more when the IR
 * knows more: `stop_sequence` when a stop sequence matched, `refusal` when
 * the model refused; otherwise the mapped finish reason.
 */
function stopReasonOf(
  reason: FinishReason,
  refused: boolean,
  stopSequence: string | undefined,
): string {
  if (reason === "stop" && stopSequence !== undefined) return "stop_sequence";
  return reason === "stop" && refused ? "refusal" : toStopReason(reason);
}

const ERROR_TYPES: Readonly<Record<number, string>> = {
  400: "invalid_request_error",
  401: "authentication_error",
  402: "billing_error",
  403: "permission_error",
  404: "not_found_error",
  413: "request_too_large",
  429: "rate_limit_error",
  503: "overloaded_error",
  // Anthropic's own type for a 504 (the SDK's GatewayTimeoutError).
  504: "timeout_error",
  529: "overloaded_error",
};

/**
 * The Anthropic error body for a resolved error.
 *
 * @param resolved The resolved error.
 * @returns `{ type: "error", error: { type, message } }`.
 *
 * @example Usage
 * ```ts
 * import { anthropicErrorBody, resolveError } from "@switchyard/switchyard/gateway";
 * console.log(anthropicErrorBody(resolveError(new Error("x"))).error.type); // "api_error"
 * ```
 */
export function anthropicErrorBody(
  resolved: ResolvedError,
): { type: "error"; error: { type: string; message: string } } {
  // Anthropic's error type follows from the status alone.
  const type = ERROR_TYPES[resolved.status] ??
    (resolved.status < 500 ? "invalid_request_error" : "api_error");
  return { type: "error", error: { type, message: resolved.message } };
}

function event(name: string, data: unknown): string {
  return `event: ${name}\ndata: ${JSON.stringify(data)}\n\n`;
}

/**
 * Turns IR stream chunks into Anthropic Messages SSE events, one chunk at a
 * time (state: the open content block, tool ids, usage).
 *
 * @example A short text stream
 * ```ts
 * import { MessageStreamEncoder } from "@switchyard/switchyard/gateway";
 * const encoder = new MessageStreamEncoder({ id: "msg_1", model: "m" });
 * let sse = encoder.encode({ type: "start", sequence: 0, metadata: {} });
 * sse += encoder.encode({ type: "content", sequence: 1, delta: "Hi" });
 * sse += encoder.encode({ type: "done", sequence: 2, finishReason: "stop" });
 * console.log(sse.match(/^event: \S+/gm)?.join(" "));
 * // "event: message_start event: ping event: content_block_start event: content_block_delta event: content_block_stop event: message_delta event: message_stop"
 * ```
 */
export class MessageStreamEncoder {
  #context: MessageContext;
  #started = false;
  #finished = false;
  #index = -1;
  #open:
    | { type: "text" }
    | { type: "thinking"; signed: boolean }
    | { type: "tool_use"; id: string }
    | undefined;
  #toolIds = new Set<string>();
  #sentText = false;
  #sentThinking = false;
  // Apart from #sentThinking: a streamed redacted block says nothing of the
  // plain reasoning, which an adapter may carry in its `done` message only.
  #sentRedacted = false;
  #refused = false;
  #usage?: IRUsage;
  #startUsage?: IRUsage;
  #startEstimated = false;
  #promptTokens: number;
  #chars = 0; // generated text and tool input, for the usage estimate

  /**
   * Creates an encoder for one message.
   *
   * @param context Id and model.
   * @param promptTokens The prompt's estimated tokens: `message_start`'s
   *   `input_tokens`, and the final ones when the backend reports no usage
   *   (its `output_tokens` are then the generated characters / 4). Default 0.
   */
  constructor(context: MessageContext, promptTokens = 0) {
    this.#context = { ...context };
    this.#promptTokens = promptTokens;
  }

  /** True once a `done` or `error` chunk was encoded; nothing may follow. */
  get finished(): boolean {
    return this.#finished;
  }

  /**
   * True once `message_start` went out with the prompt estimate, because the
   * backend had reported no counts before its first token (OpenAI-wire
   * backends report usage only at the end).
   */
  get startEstimated(): boolean {
    return this.#startEstimated;
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
        if (chunk.usage) this.#startUsage = chunk.usage;
        return this.#start();
      case "content":
        return this.#start() + this.#content(chunk);
      case "tool_use":
        return this.#start() +
          this.#tool(chunk.id, chunk.name, chunk.inputDelta ?? "");
      case "metadata":
        if (chunk.usage) this.#usage = chunk.usage;
        return "";
      case "done": {
        this.#finished = true;
        const streamed = this.#start() + this.#unstreamed(chunk.message) +
          this.#close();
        const usage = chunk.usage ?? this.#usage ??
          estimatedUsage(this.#promptTokens, this.#chars);
        return streamed +
          event("message_delta", {
            type: "message_delta",
            delta: {
              stop_reason: stopReasonOf(
                chunk.finishReason,
                this.#refused || Boolean(chunk.message?.refusal),
                chunk.stopSequence,
              ),
              stop_sequence: chunk.stopSequence ?? null,
            },
            usage: usageOf(usage),
          }) + event("message_stop", { type: "message_stop" });
      }
      case "error":
        this.#finished = true;
        return event("error", {
          type: "error",
          error: { type: "api_error", message: failureMessage(chunk.error) },
        });
    }
  }

  /**
   * The `error` event for a failure after the stream started.
   *
   * @param resolved The resolved error.
   * @returns SSE text.
   */
  error(resolved: ResolvedError): string {
    this.#finished = true;
    return event("error", anthropicErrorBody(resolved));
  }

  #start(): string {
    if (this.#started) return "";
    this.#started = true;
    this.#startEstimated = this.#startUsage === undefined;
    const message: AnthropicMessage = {
      id: this.#context.id,
      type: "message",
      role: "assistant",
      model: this.#context.model,
      content: [],
      stop_reason: null,
      stop_sequence: null,
      usage: this.#startUsage === undefined
        ? { input_tokens: this.#promptTokens, output_tokens: 0 }
        : usageOf(this.#startUsage),
    };
    return event("message_start", { type: "message_start", message }) +
      event("ping", { type: "ping" });
  }

  #close(): string {
    if (this.#open === undefined) return "";
    this.#open = undefined;
    return event("content_block_stop", {
      type: "content_block_stop",
      index: this.#index,
    });
  }

  /**
   * Answer text, reasoning, or a refusal piece (written as text, since
   * Anthropic has no refusal field; the stop reason then says `refusal`).
   */
  #content(chunk: Extract<IRStreamChunk, { type: "content" }>): string {
    let out = "";
    if (chunk.redactedThinking !== undefined) {
      this.#sentRedacted = true;
      out += this.#redacted(chunk.redactedThinking);
    }
    if (chunk.thinking !== undefined && chunk.thinking !== "") {
      out += this.#thinking({
        type: "thinking_delta",
        thinking: chunk.thinking,
      });
    }
    if (chunk.signature !== undefined && chunk.signature !== "") {
      out += this.#thinking({
        type: "signature_delta",
        signature: chunk.signature,
      });
    }
    if (chunk.delta !== "") {
      this.#sentText = true;
      out += this.#text(chunk.delta);
    }
    if (chunk.refusal !== undefined && chunk.refusal !== "") {
      this.#refused = true;
      this.#sentText = true;
      out += this.#text(chunk.refusal);
    }
    return out;
  }

  /** A whole `redacted_thinking` block: it has no deltas. */
  #redacted(data: string): string {
    return this.#close() + this.#block({ type: "redacted_thinking", data }) +
      event("content_block_stop", {
        type: "content_block_stop",
        index: this.#index,
      });
  }

  #block(content_block: AnthropicContentBlock): string {
    return event("content_block_start", {
      type: "content_block_start",
      index: ++this.#index,
      content_block,
    });
  }

  // A signature ends its reasoning block: reasoning after it is the next
  // block (the IR's pieces carry no block index), with a signature of its own.
  #thinking(delta: Record<string, string>): string {
    this.#sentThinking = true;
    let out = "";
    if (this.#open?.type !== "thinking" || this.#open.signed) {
      out += this.#close();
      this.#open = { type: "thinking", signed: false };
      out += this.#block({ type: "thinking", thinking: "", signature: "" });
    }
    if (delta.type === "signature_delta") this.#open.signed = true;
    return out + event("content_block_delta", {
      type: "content_block_delta",
      index: this.#index,
      delta,
    });
  }

  #text(text: string): string {
    this.#chars += text.length;
    let out = "";
    if (this.#open?.type !== "text") {
      out += this.#close();
      this.#open = { type: "text" };
      out += event("content_block_start", {
        type: "content_block_start",
        index: ++this.#index,
        content_block: { type: "text", text: "" },
      });
    }
    return out + event("content_block_delta", {
      type: "content_block_delta",
      index: this.#index,
      delta: { type: "text_delta", text },
    });
  }

  #tool(id: string, name: string, json: string): string {
    this.#chars += json.length;
    let out = "";
    if (this.#open?.type !== "tool_use" || this.#open.id !== id) {
      out += this.#close();
      this.#open = { type: "tool_use", id };
      this.#toolIds.add(id);
      out += event("content_block_start", {
        type: "content_block_start",
        index: ++this.#index,
        content_block: { type: "tool_use", id, name, input: {} },
      });
    }
    if (json === "") return out;
    return out + event("content_block_delta", {
      type: "content_block_delta",
      index: this.#index,
      delta: { type: "input_json_delta", partial_json: json },
    });
  }

  // Some adapters put text, reasoning or tool calls only in the assembled
  // `done` message; send what the deltas did not carry so nothing is lost.
  #unstreamed(message: IRMessage | undefined): string {
    if (message === undefined) return "";
    let out = "";
    for (const block of blocksOf(message)) {
      if (block.type === "redacted_thinking" && !this.#sentRedacted) {
        out += this.#redacted(block.data);
      } else if (block.type === "thinking" && !this.#sentThinking) {
        out += this.#thinking({
          type: "thinking_delta",
          thinking: block.thinking,
        });
        if (block.signature) {
          out += this.#thinking({
            type: "signature_delta",
            signature: block.signature,
          });
        }
      } else if (block.type === "text" && !this.#sentText) {
        if (message.refusal && block.text === message.refusal) {
          this.#refused = true;
        }
        out += this.#text(block.text);
      } else if (block.type === "tool_use" && !this.#toolIds.has(block.id)) {
        out += this.#tool(block.id, block.name, JSON.stringify(block.input));
      }
    }
    return out;
  }
}

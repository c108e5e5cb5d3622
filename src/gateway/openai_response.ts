/**
 * Writing Switchyard IR responses and stream chunks as OpenAI Chat
 * Completions JSON and SSE.
 *
 * Decisions:
 * - `usage`: {@linkcode toChatCompletion} leaves it out when the IR response
 *   has none; the gateway fills in an estimate first (the prompt's
 *   characters / 4, the generated characters / 4), since OpenAI sends
 *   `usage` on every completion. A stream asked for usage
 *   (`stream_options.include_usage`) always ends with the usage chunk
 *   (`choices: []`) before `[DONE]`, as OpenAI's does: the backend's usage, or
 *   that estimate when it reported none ({@linkcode ChunkEncoder}'s
 *   `promptTokens`).
 * - `refusal` and `logprobs` are the backend's (`null` when it sent none),
 *   in a whole answer and as stream deltas; usage carries
 *   `prompt_tokens_details.cached_tokens`, `cache_write_tokens` and
 *   `completion_tokens_details.reasoning_tokens` when the backend reported
 *   them (see {@linkcode toUsage}). Reasoning (`thinking`) has no Chat
 *   Completions field and is not sent.
 * - A stream that fails after it has started ends with one
 *   `data: {"error":…}` event (what the openai SDK raises as `APIError`) and no
 *   `[DONE]`.
 *
 * @module
 */
import type {
  FinishReason,
  IRChatResponse,
  IRLogprobs,
  IRMessage,
  IRStreamChunk,
  IRUsage,
} from "../models/types.ts";
import { openAIErrorBody, type ResolvedError } from "./errors.ts";
import { estimatedUsage } from "./_usage_estimate.ts";
import { failureMessage } from "./_chunk_message.ts";
import {
  type OpenAIChatCompletion,
  type OpenAIChatCompletionChunk,
  type OpenAIChunkDelta,
  type OpenAIToolCall,
  type OpenAIToolCallDelta,
  type OpenAIUsage,
  toWireToolCall,
} from "../models/adapters/_openai_types.ts";
import {
  type OpenAILogprobs,
  type OpenAITokenLogprob,
  writeOpenAILogprobs,
  writeOpenAIUsage,
} from "../models/adapters/_openai_details.ts";

// The Chat Completions wire types are shared with the OpenAI-compatible
// adapter (one definition of the format); re-exported under the names this
// entry point has always had.
export type {
  OpenAIChatCompletion,
  OpenAILogprobs,
  OpenAITokenLogprob,
  OpenAIToolCall,
  OpenAIUsage,
};

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
 * import { toFinishReason } from "@switchyard/switchyard/gateway";
 * console.log(toFinishReason("tool_calls")); // "tool_calls"
 * ```
 */
export function toFinishReason(reason: FinishReason): string {
  return reason === "error" || reason === "cancelled" ? "stop" : reason;
}

/**
 * The OpenAI `usage` object for IR token counts: `prompt_tokens` is the
 * whole prompt, cached tokens included (`prompt_tokens_details.cached_tokens`
 * says how many); `completion_tokens` includes reasoning
 * (`completion_tokens_details.reasoning_tokens`). Tokens written to a cache
 * (Anthropic's `cache_creation_input_tokens`) count in `prompt_tokens` too
 * and are `prompt_tokens_details.cache_write_tokens`. A detail the backend
 * did not report is left out.
 *
 * @param usage IR usage.
 * @returns The wire object.
 *
 * @example An Anthropic answer of 9 uncached, 6 cache-read and 4 cache-written input tokens
 * ```ts
 * import { toUsage } from "@switchyard/switchyard/gateway";
 * const usage = toUsage({
 *   promptTokens: 19, completionTokens: 5, totalTokens: 24,
 *   cacheReadTokens: 6, cacheCreationTokens: 4,
 * });
 * console.log(usage.prompt_tokens, usage.prompt_tokens_details); // 19 { cached_tokens: 6, cache_write_tokens: 4 }
 * ```
 */
export function toUsage(usage: IRUsage): OpenAIUsage {
  return writeOpenAIUsage(usage);
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
 * import { toChatCompletion } from "@switchyard/switchyard/gateway";
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
        toolCalls.push(toWireToolCall(part));
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
        content: response.message.refusal !== undefined && text === ""
          ? null
          : text,
        refusal: response.message.refusal ?? null,
        ...(toolCalls.length > 0 ? { tool_calls: toolCalls } : {}),
      },
      finish_reason: toFinishReason(response.finishReason),
      logprobs: writeOpenAILogprobs(response.logprobs),
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
 * import { ChunkEncoder } from "@switchyard/switchyard/gateway";
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
  #sentRefusal = false;
  #toolIndexes = new Map<string, number>();
  #usage?: IRUsage;
  #finished = false;
  #promptTokens: number;
  #chars = 0; // generated text and tool arguments, for the usage estimate

  /**
   * Creates an encoder for one response.
   *
   * @param context Id, timestamp and model stamped on every chunk.
   * @param includeUsage Emit the final usage chunk (`stream_options.include_usage`).
   * @param promptTokens The prompt's estimated tokens: the usage chunk's
   *   `prompt_tokens` when the backend reports no usage (its
   *   `completion_tokens` are then the generated characters / 4). Default 0.
   */
  constructor(
    context: CompletionContext,
    includeUsage: boolean,
    promptTokens = 0,
  ) {
    this.#context = { ...context };
    this.#includeUsage = includeUsage;
    this.#promptTokens = promptTokens;
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
        return this.#role() + this.#content(chunk);
      case "tool_use":
        return this.#role() +
          this.#toolCall(chunk.id, chunk.name, chunk.inputDelta ?? "");
      case "metadata":
        if (chunk.usage) this.#usage = chunk.usage;
        return "";
      case "done": {
        this.#finished = true;
        let out = this.#role() + this.#unstreamed(chunk.message) +
          this.#event({}, toFinishReason(chunk.finishReason));
        if (this.#includeUsage) {
          const usage = chunk.usage ?? this.#usage ??
            estimatedUsage(this.#promptTokens, this.#chars);
          const last: OpenAIChatCompletionChunk = {
            ...this.#base(),
            choices: [],
            usage: toUsage(usage),
          };
          out += sse(last);
        }
        return out + "data: [DONE]\n\n";
      }
      case "error":
        this.#finished = true;
        return sse({
          error: {
            message: failureMessage(chunk.error),
            type: "server_error",
            param: null,
            code: chunk.error.code,
          },
        });
    }
  }

  /**
   * The `data: {"error":…}` event for a failure after the stream started.
   *
   * @param resolved The resolved error.
   * @returns SSE text.
   */
  error(resolved: ResolvedError): string {
    this.#finished = true;
    return sse(openAIErrorBody(resolved));
  }

  // Text, a refusal piece and their logprobs go out as the backend sent
  // them; reasoning has no field in Chat Completions and is not sent.
  #content(chunk: Extract<IRStreamChunk, { type: "content" }>): string {
    const delta: OpenAIChunkDelta = {};
    if (chunk.delta !== "") {
      this.#sentText = true;
      delta.content = chunk.delta;
    }
    if (chunk.refusal !== undefined && chunk.refusal !== "") {
      this.#sentRefusal = true;
      delta.refusal = chunk.refusal;
    }
    if (delta.content === undefined && delta.refusal === undefined) {
      return chunk.logprobs === undefined
        ? ""
        : this.#event({}, null, chunk.logprobs);
    }
    this.#chars += chunk.delta.length + (delta.refusal?.length ?? 0);
    return this.#event(delta, null, chunk.logprobs);
  }

  // Some adapters put text or tool calls only in the assembled `done`
  // message; send what the deltas did not carry so nothing is lost.
  #unstreamed(message: IRMessage | undefined): string {
    if (message === undefined) return "";
    const parts = typeof message.content === "string"
      ? [{ type: "text" as const, text: message.content }]
      : message.content;
    let out = "";
    if (message.refusal && !this.#sentRefusal) {
      this.#chars += message.refusal.length;
      out += this.#event({ refusal: message.refusal });
    }
    for (const part of parts) {
      if (part.type === "text" && !this.#sentText && part.text !== "") {
        this.#chars += part.text.length;
        out += this.#event({ content: part.text });
      } else if (part.type === "tool_use" && !this.#toolIndexes.has(part.id)) {
        out += this.#toolCall(part.id, part.name, JSON.stringify(part.input));
      }
    }
    return out;
  }

  #toolCall(id: string, name: string, args: string): string {
    this.#chars += args.length;
    let index = this.#toolIndexes.get(id);
    let delta: OpenAIToolCallDelta;
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

  #base(): Omit<OpenAIChatCompletionChunk, "choices"> {
    return {
      id: this.#context.id,
      object: "chat.completion.chunk",
      created: this.#context.created,
      model: this.#context.model,
    };
  }

  // Every event starts with the same id, object, created and model: that
  // prefix is serialised once per model, not once per chunk.
  #prefixModel: string | undefined;
  #prefix = "";

  #head(): string {
    if (this.#prefixModel !== this.#context.model) {
      this.#prefixModel = this.#context.model;
      const base = JSON.stringify(this.#base());
      this.#prefix = `data: ${
        base.slice(0, -1)
      },"choices":[{"index":0,"delta":`;
    }
    return this.#prefix;
  }

  #role(): string {
    if (this.#roleSent) return "";
    this.#roleSent = true;
    return this.#event({ role: "assistant", content: "" });
  }

  #event(
    delta: OpenAIChunkDelta,
    finishReason: string | null = null,
    logprobs?: IRLogprobs,
  ): string {
    return `${this.#head()}${JSON.stringify(delta)},"finish_reason":${
      finishReason === null ? "null" : JSON.stringify(finishReason)
    },"logprobs":${JSON.stringify(writeOpenAILogprobs(logprobs))}}]}\n\n`;
  }
}

function sse(data: unknown): string {
  return `data: ${JSON.stringify(data)}\n\n`;
}

/**
 * Reading Anthropic Messages answers into the IR: a whole `message` and the
 * stream's events, with usage (cache counts kept), the matched stop
 * sequence, and reasoning blocks with their signatures. The wire mapping is
 * documented on the adapter (`./anthropic.ts`).
 *
 * @module
 */

import { AdapterError, ErrorCode, type ErrorCodeValue } from "../errors.ts";
import type {
  FinishReason,
  IRChatRequest,
  IRChatResponse,
  IRContentPart,
  IRMessage,
  IRRedactedThinkingPart,
  IRResponseMetadata,
  IRThinkingPart,
  IRToolUsePart,
  IRUsage,
} from "../types.ts";
import { endedEarly, eventObject, idModelMetadata } from "./_base.ts";
import {
  invalidResponse,
  isRecord,
  type StreamTranslator,
  type UnsequencedChunk,
} from "./_http.ts";
import {
  assistantMessage,
  countOf,
  MessageAssembler,
  partsOf,
  usageOf,
} from "./_ir.ts";
import type { SSEEvent } from "./_sse.ts";

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
 * IR usage from Anthropic's: its `input_tokens` are the uncached rest of the
 * prompt, so the IR's `promptTokens` (the whole prompt) adds the cache reads
 * and writes back, which stay known as `cacheReadTokens` and
 * `cacheCreationTokens`.
 */
function wireUsage(usage: unknown): IRUsage | undefined {
  if (!isRecord(usage)) return undefined;
  const count = (key: string): number => countOf(usage, key);
  const out = usageOf(
    count("input_tokens") + count("cache_creation_input_tokens") +
      count("cache_read_input_tokens"),
    count("output_tokens"),
  );
  if (typeof usage.cache_read_input_tokens === "number") {
    out.cacheReadTokens = usage.cache_read_input_tokens;
  }
  if (typeof usage.cache_creation_input_tokens === "number") {
    out.cacheCreationTokens = usage.cache_creation_input_tokens;
  }
  // Reasoning is part of output_tokens, as the IR's reasoningTokens is.
  const thinking = isRecord(usage.output_tokens_details)
    ? usage.output_tokens_details.thinking_tokens
    : undefined;
  if (typeof thinking === "number") out.reasoningTokens = thinking;
  return out;
}

type Reasoning = IRThinkingPart | IRRedactedThinkingPart;

/** A `thinking` or `redacted_thinking` block as its IR part, else undefined. */
function thinkingPart(
  block: Record<string, unknown>,
): Reasoning | undefined {
  if (block.type === "thinking" && typeof block.thinking === "string") {
    return {
      type: "thinking",
      thinking: block.thinking,
      ...(typeof block.signature === "string"
        ? { signature: block.signature }
        : {}),
    };
  }
  if (block.type === "redacted_thinking" && typeof block.data === "string") {
    return { type: "redacted_thinking", data: block.data };
  }
  return undefined;
}

/** The message with the reasoning parts first, as the API returned them. */
function withThinking(
  message: IRMessage,
  thinking: readonly IRContentPart[],
): IRMessage {
  if (thinking.length === 0) return message;
  // An answer that is reasoning only (cut by max_tokens while thinking) has
  // no text block on the wire, so it gets no empty text part here.
  const rest = message.content === "" ? [] : partsOf(message.content);
  return { ...message, content: [...thinking, ...rest] };
}

function stopReason(raw: unknown): FinishReason {
  // Own keys only: "constructor" is not a stop reason.
  return typeof raw === "string" && Object.hasOwn(STOP_REASONS, raw)
    ? STOP_REASONS[raw]
    : "stop";
}

export function fromWireResponse(
  json: unknown,
  request: IRChatRequest,
): IRChatResponse {
  if (!isRecord(json) || !Array.isArray(json.content)) {
    throw invalidResponse("anthropic", "response has no content array");
  }
  let text = "";
  const uses: IRToolUsePart[] = [];
  const thinking: IRContentPart[] = [];
  for (const block of json.content) {
    if (!isRecord(block)) continue;
    const reasoning = thinkingPart(block);
    if (reasoning !== undefined) thinking.push(reasoning);
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
  const response: IRChatResponse = {
    message: withThinking(assistantMessage(text, uses), thinking),
    finishReason: stopReason(json.stop_reason),
    metadata,
  };
  if (typeof json.stop_sequence === "string") {
    response.stopSequence = json.stop_sequence;
  }
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
    // Own keys only: an upstream type such as "constructor" would otherwise
    // read Object.prototype's function as the error's code.
    code: Object.hasOwn(ERROR_TYPES, type)
      ? ERROR_TYPES[type]
      : ErrorCode.PROVIDER_ERROR,
    message: `anthropic: ${message}`,
    provider: "anthropic",
    details: { type },
  });
}

/** Turns Messages API stream events into IR chunks. */
export class AnthropicStreamTranslator implements StreamTranslator<SSEEvent> {
  readonly #request: IRChatRequest;
  readonly #assembler = new MessageAssembler("anthropic");
  readonly #tools = new Map<number, { id: string; name: string }>();
  #metadata: IRResponseMetadata | undefined;
  #inputTokens = 0;
  #completionTokens = 0;
  #cacheRead: number | undefined;
  #cacheCreation: number | undefined;
  #reasoning: number | undefined;
  #sawUsage = false;
  #stopReason: unknown;
  #stopSequence: string | undefined;
  readonly #thinking: Reasoning[] = [];

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
        this.#start(out, message, isRecord(message.usage));
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
        if (
          isRecord(json.delta) && typeof json.delta.stop_sequence === "string"
        ) {
          this.#stopSequence = json.delta.stop_sequence;
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
          message: withThinking(this.#assembler.message(), this.#thinking),
          metadata: { ...this.#metadata },
          ...(this.#sawUsage ? { usage: this.#usage() } : {}),
          ...(this.#stopSequence === undefined
            ? {}
            : { stopSequence: this.#stopSequence }),
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

  /** The start chunk, once; with the prompt's counts when `message_start` gave them. */
  #start(
    out: UnsequencedChunk[],
    message: Record<string, unknown>,
    withUsage = false,
  ): void {
    if (this.#metadata !== undefined) return;
    this.#metadata = idModelMetadata("anthropic", this.#request, message);
    out.push({
      type: "start",
      metadata: { ...this.#metadata },
      ...(withUsage ? { usage: this.#usage() } : {}),
    });
  }

  #takeUsage(usage: unknown): void {
    if (!isRecord(usage)) return;
    this.#sawUsage = true;
    const read = wireUsage(usage);
    // message_delta counts are cumulative; input counts appear there only in
    // newer API versions. Each count is kept apart, so one a delta leaves out
    // keeps its earlier value inside the whole prompt's count too.
    if (read !== undefined && read.promptTokens > 0) {
      if (typeof usage.input_tokens === "number") {
        this.#inputTokens = usage.input_tokens;
      }
      this.#cacheRead = read.cacheReadTokens ?? this.#cacheRead;
      this.#cacheCreation = read.cacheCreationTokens ?? this.#cacheCreation;
    }
    if (typeof usage.output_tokens === "number") {
      this.#completionTokens = usage.output_tokens;
    }
    this.#reasoning = read?.reasoningTokens ?? this.#reasoning;
  }

  #usage(): IRUsage {
    const usage = usageOf(
      this.#inputTokens + (this.#cacheRead ?? 0) + (this.#cacheCreation ?? 0),
      this.#completionTokens,
    );
    if (this.#cacheRead !== undefined) usage.cacheReadTokens = this.#cacheRead;
    if (this.#cacheCreation !== undefined) {
      usage.cacheCreationTokens = this.#cacheCreation;
    }
    if (this.#reasoning !== undefined) usage.reasoningTokens = this.#reasoning;
    return usage;
  }

  /** A reasoning block starts: its part is kept for the `done` message. */
  #thinkingStart(
    out: UnsequencedChunk[],
    block: Record<string, unknown>,
  ): void {
    const part = thinkingPart(block);
    if (part === undefined) return;
    this.#thinking.push(part);
    if (part.type === "redacted_thinking") {
      out.push({ type: "content", delta: "", redactedThinking: part.data });
    } else if (part.thinking !== "") {
      out.push({ type: "content", delta: "", thinking: part.thinking });
    }
  }

  /** A `thinking_delta` or `signature_delta` of the last reasoning block. */
  #thinkingDelta(
    out: UnsequencedChunk[],
    delta: Record<string, unknown>,
  ): void {
    const part = this.#thinking.at(-1);
    if (part?.type !== "thinking") {
      throw invalidResponse(
        "anthropic",
        `${delta.type} outside a thinking block`,
      );
    }
    if (delta.type === "thinking_delta" && typeof delta.thinking === "string") {
      part.thinking += delta.thinking;
      out.push({ type: "content", delta: "", thinking: delta.thinking });
    } else if (typeof delta.signature === "string") {
      part.signature = (part.signature ?? "") + delta.signature;
      out.push({ type: "content", delta: "", signature: delta.signature });
    }
  }

  #text(out: UnsequencedChunk[], text: unknown): void {
    if (typeof text !== "string" || text === "") return;
    this.#assembler.text(text);
    out.push({ type: "content", delta: text });
  }

  #blockStart(out: UnsequencedChunk[], index: number, wire: unknown): void {
    const block = isRecord(wire) ? wire : {};
    if (block.type === "text") this.#text(out, block.text);
    else if (block.type === "thinking" || block.type === "redacted_thinking") {
      this.#thinkingStart(out, block);
    } else if (block.type === "tool_use") {
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
      delta.type === "thinking_delta" || delta.type === "signature_delta"
    ) this.#thinkingDelta(out, delta);
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

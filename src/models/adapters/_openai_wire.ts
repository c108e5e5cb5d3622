/**
 * The Chat Completions wire format: IR messages to OpenAI's, its responses
 * and `chat.completion.chunk` stream events back to IR. Shared by the
 * OpenAI-compatible adapter and any provider that speaks the same messages.
 *
 * @module
 */

import { AdapterError, ErrorCode } from "../errors.ts";
import type {
  FinishReason,
  IRCacheControl,
  IRChatRequest,
  IRChatResponse,
  IRContentPart,
  IRMessage,
  IRResponseMetadata,
  IRToolUsePart,
  IRUsage,
} from "../types.ts";
import { endedEarly, eventObject, idModelMetadata } from "./_base.ts";
import {
  invalidRequest,
  invalidResponse,
  isRecord,
  parseToolArguments,
  type StreamTranslator,
  type UnsequencedChunk,
} from "./_http.ts";
import {
  assistantMessage,
  functionDeclaration,
  MessageAssembler,
  partsOf,
  textOf,
} from "./_ir.ts";
import type { SSEEvent } from "./_sse.ts";
import { readOpenAILogprobs, readOpenAIUsage } from "./_openai_details.ts";
import {
  type CacheBreakpoint,
  type OpenAIContentPart,
  type OpenAIMessage,
  type OpenAIToolCall,
  toWireToolCall,
} from "./_openai_types.ts";

/** Chat Completions finish reasons and their IR names. */
export const FINISH_REASONS: Readonly<Record<string, FinishReason>> = {
  stop: "stop",
  length: "length",
  tool_calls: "tool_calls",
  function_call: "tool_calls",
  content_filter: "content_filter",
};

/** Tools as `[{ type: "function", function }]`; `strict` only where the wire has it. */
export function wireTools(
  request: IRChatRequest,
  withStrict = true,
): Record<string, unknown>[] | undefined {
  if (request.tools === undefined || request.tools.length === 0) {
    return undefined;
  }
  return request.tools.map((tool) => ({
    type: "function",
    function: {
      ...functionDeclaration(tool),
      ...(tool.strict === undefined || !withStrict
        ? {}
        : { strict: tool.strict }),
    },
  }));
}

/** `toolChoice` as `tool_choice`; `required` is spelled `requiredName`. */
export function wireToolChoice(
  request: IRChatRequest,
  requiredName = "required",
): unknown {
  const choice = request.toolChoice;
  if (choice === undefined) return undefined;
  if (typeof choice !== "string") {
    return { type: "function", function: { name: choice.name } };
  }
  return choice === "required" ? requiredName : choice;
}

function imageURL(part: Extract<IRContentPart, { type: "image" }>): string {
  return part.source.type === "url"
    ? part.source.url
    : `data:${part.source.mediaType};base64,${part.source.data}`;
}

export function toWireMessages(
  messages: readonly IRMessage[],
  provider: string,
): OpenAIMessage[] {
  const out: OpenAIMessage[] = [];
  for (const message of messages) {
    const name = message.name === undefined ? {} : { name: message.name };
    if (message.role === "system") {
      out.push({
        role: "system",
        // Parts are an Anthropic client's system blocks: paragraphs.
        content: textOf(message.content, "\n\n"),
        ...name,
      });
      continue;
    }
    if (message.role === "assistant") {
      const parts = partsOf(message.content);
      const calls: OpenAIToolCall[] = parts
        .filter((part): part is IRToolUsePart => part.type === "tool_use")
        .map(toWireToolCall);
      const text = textOf(message.content);
      out.push({
        role: "assistant",
        content: text === "" && (calls.length > 0 || message.refusal)
          ? null
          : text,
        ...name,
        ...(message.refusal ? { refusal: message.refusal } : {}),
        ...(calls.length > 0 ? { tool_calls: calls } : {}),
      });
      continue;
    }
    // user and tool messages: tool results become "tool" messages, the rest user content.
    const parts = partsOf(message.content);
    const rest: OpenAIContentPart[] = [];
    for (const part of parts) {
      if (part.type === "tool_result") {
        out.push({
          role: "tool",
          tool_call_id: part.toolUseId,
          content: part.content,
        });
      } else if (part.type === "text") {
        rest.push({ type: "text", text: part.text, ...pointOf(part) });
      } else if (part.type === "image") {
        rest.push({
          type: "image_url",
          image_url: {
            url: imageURL(part),
            ...(part.detail === undefined ? {} : { detail: part.detail }),
          },
          ...pointOf(part),
        });
      } else if (part.type === "tool_use") {
        throw invalidRequest(
          provider,
          `a ${message.role} message cannot carry a tool_use part`,
        );
      }
    }
    if (message.role === "tool") {
      if (rest.length > 0) {
        throw invalidRequest(
          provider,
          "a tool message must hold only tool_result parts",
        );
      }
      continue;
    }
    if (rest.length === 0 && parts.length > 0) continue;
    // A cache point needs its part: text is joined only without one.
    const content = rest.every((part) =>
        part.type === "text" && part.prompt_cache_breakpoint === undefined
      )
      ? rest.map((part) =>
        (part as { text: string }).text
      ).join("\n")
      : rest;
    out.push({ role: "user", content, ...name });
  }
  return out;
}

/**
 * A user part's OpenAI cache point, written back from the mark it was read
 * into; an Anthropic mark is not written (the compatible servers know no
 * explicit point).
 */
function pointOf(
  part: { cacheControl?: IRCacheControl },
): { prompt_cache_breakpoint?: CacheBreakpoint } {
  const point = part.cacheControl?.breakpoint;
  if (point === undefined) return {};
  return {
    prompt_cache_breakpoint: {
      mode: "explicit",
      ...(point.ttl === undefined ? {} : { ttl: point.ttl }),
    },
  };
}

/** IR usage, with the cached and reasoning token details. */
export const wireUsage: (usage: unknown) => IRUsage | undefined =
  readOpenAIUsage;

/**
 * The IR finish reason. A tool call with `stop` is `tool_calls`, as for
 * Gemini and Cohere: OpenAI answers a named tool_choice so, and several
 * compatible servers every tool call, yet a client loops on tool calls by
 * this value (an Anthropic client by `stop_reason: "tool_use"`).
 */
function finishReason(raw: unknown, hasToolCalls: boolean): FinishReason {
  // Own keys only: "constructor" is not a finish reason.
  const mapped = typeof raw === "string" && Object.hasOwn(FINISH_REASONS, raw)
    ? FINISH_REASONS[raw]
    : undefined;
  if (mapped === "stop" && hasToolCalls) return "tool_calls";
  return mapped ?? (hasToolCalls ? "tool_calls" : "stop");
}

/** Whether the raw finish reason is kept: it has no IR name, or was rewritten. */
function keepsRaw(raw: unknown, hasToolCalls: boolean): raw is string {
  return typeof raw === "string" &&
    (!Object.hasOwn(FINISH_REASONS, raw) || (raw === "stop" && hasToolCalls));
}

function responseMetadata(
  provider: string,
  request: IRChatRequest,
  json: Record<string, unknown>,
  rawFinish: unknown,
  hasToolCalls = false,
): IRResponseMetadata {
  const metadata = idModelMetadata(provider, request, json);
  if (keepsRaw(rawFinish, hasToolCalls)) {
    metadata.providerFinishReason = rawFinish;
  }
  return metadata;
}

/**
 * A response message's `tool_calls` (JSON-string `arguments`) as `tool_use`
 * parts; INVALID_RESPONSE for a malformed call or arguments.
 */
export function readToolCalls(
  calls: unknown,
  provider: string,
): IRToolUsePart[] {
  const uses: IRToolUsePart[] = [];
  for (const call of Array.isArray(calls) ? calls : []) {
    if (
      !isRecord(call) || !isRecord(call.function) ||
      typeof call.function.name !== "string"
    ) {
      throw invalidResponse(provider, "malformed tool call in response");
    }
    const args = typeof call.function.arguments === "string"
      ? call.function.arguments
      : "";
    uses.push({
      type: "tool_use",
      id: typeof call.id === "string" ? call.id : `call_${uses.length}`,
      name: call.function.name,
      input: parseToolArguments(args, provider, call.function.name),
    });
  }
  return uses;
}

export function fromWireResponse(
  json: unknown,
  provider: string,
  request: IRChatRequest,
): IRChatResponse {
  if (!isRecord(json) || !Array.isArray(json.choices)) {
    throw invalidResponse(provider, "response has no choices array");
  }
  const choice =
    json.choices.find((c) => isRecord(c) && (c.index ?? 0) === 0) ??
      json.choices[0];
  if (!isRecord(choice) || !isRecord(choice.message)) {
    throw invalidResponse(provider, "response has no choice with a message");
  }
  const wire = choice.message;
  const uses = readToolCalls(wire.tool_calls, provider);
  const text = typeof wire.content === "string" ? wire.content : "";
  const response: IRChatResponse = {
    message: assistantMessage(text, uses),
    finishReason: finishReason(choice.finish_reason, uses.length > 0),
    metadata: responseMetadata(
      provider,
      request,
      json,
      choice.finish_reason,
      uses.length > 0,
    ),
  };
  if (typeof wire.refusal === "string") {
    response.message.refusal = wire.refusal;
  }
  const logprobs = readOpenAILogprobs(choice.logprobs);
  if (logprobs !== undefined) response.logprobs = logprobs;
  const usage = wireUsage(json.usage);
  if (usage !== undefined) response.usage = usage;
  return response;
}

/** Turns `chat.completion.chunk` events into IR chunks. */
export class OpenAIStreamTranslator implements StreamTranslator<SSEEvent> {
  readonly #provider: string;
  readonly #request: IRChatRequest;
  readonly #assembler: MessageAssembler;
  #metadata: IRResponseMetadata | undefined;
  #finish: unknown = undefined;
  #usage: IRUsage | undefined;
  #refusal: string | undefined;

  constructor(provider: string, request: IRChatRequest) {
    this.#provider = provider;
    this.#request = request;
    this.#assembler = new MessageAssembler(provider);
  }

  event(event: SSEEvent): UnsequencedChunk[] {
    const data = event.data.trim();
    if (data === "[DONE]") return this.#done();
    const json = eventObject(this.#provider, data);
    if (json.error !== undefined || event.event === "error") {
      throw streamError(this.#provider, json);
    }
    const out: UnsequencedChunk[] = [];
    this.#start(out, json);
    const usage = wireUsage(json.usage);
    if (usage !== undefined) {
      this.#usage = usage;
      out.push({ type: "metadata", usage });
    }
    const choices = Array.isArray(json.choices) ? json.choices : [];
    const choice = choices.find((c) => isRecord(c) && (c.index ?? 0) === 0);
    if (!isRecord(choice)) return out;
    const delta = isRecord(choice.delta) ? choice.delta : {};
    const logprobs = readOpenAILogprobs(choice.logprobs);
    const text = typeof delta.content === "string" ? delta.content : "";
    const refusal = typeof delta.refusal === "string" ? delta.refusal : "";
    if (refusal !== "") this.#refusal = (this.#refusal ?? "") + refusal;
    if (text !== "") this.#assembler.text(text);
    // Logprobs travel with the piece they score, or alone when a chunk has no text.
    if (text !== "" || refusal !== "" || logprobs !== undefined) {
      out.push({
        type: "content",
        delta: text,
        ...(refusal === "" ? {} : { refusal }),
        ...(logprobs === undefined ? {} : { logprobs }),
      });
    }
    for (
      const call of Array.isArray(delta.tool_calls) ? delta.tool_calls : []
    ) {
      if (!isRecord(call)) continue;
      const index = typeof call.index === "number" ? call.index : 0;
      out.push(this.#assembler.callDelta(index, call));
    }
    if (choice.finish_reason !== undefined && choice.finish_reason !== null) {
      this.#finish = choice.finish_reason;
    }
    return out;
  }

  end(): UnsequencedChunk[] {
    if (this.#finish === undefined) {
      throw endedEarly(this.#provider, "[DONE]");
    }
    return this.#done();
  }

  #start(out: UnsequencedChunk[], json: Record<string, unknown>): void {
    if (this.#metadata !== undefined) return;
    this.#metadata = responseMetadata(
      this.#provider,
      this.#request,
      json,
      undefined,
    );
    out.push({ type: "start", metadata: { ...this.#metadata } });
  }

  #done(): UnsequencedChunk[] {
    const out: UnsequencedChunk[] = [];
    this.#start(out, {});
    const metadata = { ...this.#metadata };
    if (keepsRaw(this.#finish, this.#assembler.hasToolCalls)) {
      metadata.providerFinishReason = this.#finish;
    }
    const message = this.#assembler.message();
    if (this.#refusal !== undefined) message.refusal = this.#refusal;
    out.push({
      type: "done",
      finishReason: finishReason(this.#finish, this.#assembler.hasToolCalls),
      message,
      metadata,
      ...(this.#usage === undefined ? {} : { usage: this.#usage }),
    });
    return out;
  }
}

/** A stream error event's type or code that means a rate limit. */
const RATE_LIMIT = /rate[_ -]?limit|(?:^|\s)429(?:\s|$)/i;

function streamError(
  provider: string,
  json: Record<string, unknown>,
): AdapterError {
  const error = isRecord(json.error) ? json.error : json;
  const message = typeof error.message === "string"
    ? error.message
    : "error event in stream";
  const kind = `${error.type ?? ""} ${error.code ?? ""}`;
  return new AdapterError({
    // Compatible servers spell it `rate_limit_exceeded`, in upper or camel
    // case, or give the status itself as the code.
    code: RATE_LIMIT.test(kind)
      ? ErrorCode.RATE_LIMITED
      : ErrorCode.PROVIDER_ERROR,
    message: `${provider}: ${message}`,
    provider,
    details: { error },
  });
}

/**
 * The cache marks a request carries (Anthropic's `cache_control`, read into
 * the IR), named as the translation table names them: Chat Completions is
 * not sent them, since OpenAI caches prompts automatically and the
 * compatible servers know no explicit mark. Earlier turns' thinking blocks
 * too, which it takes none of.
 */
export function irDrops(request: IRChatRequest): string[] {
  // An Anthropic mark, or an OpenAI point where the writer has no place
  // for it (only a user message's text and image parts take one).
  const lostMark =
    (role: string, own: boolean) => (part: IRContentPart): boolean => {
      const mark = "cacheControl" in part ? part.cacheControl : undefined;
      if (mark === undefined || (mark.breakpoint !== undefined) !== own) {
        return false;
      }
      return !own || role !== "user" ||
        (part.type !== "text" && part.type !== "image");
    };
  const holds = (own: boolean, test: (role: string) => boolean) =>
    request.messages.some((m) =>
      test(m.role) && typeof m.content !== "string" &&
      m.content.some(lostMark(m.role, own))
    );
  const dropped: string[] = [];
  if (holds(false, (role) => role === "system")) {
    dropped.push("system[].cache_control");
  }
  if (holds(false, (role) => role !== "system")) {
    dropped.push("messages[].content[].cache_control");
  }
  if (holds(true, () => true)) {
    dropped.push("messages[].content[].prompt_cache_breakpoint");
  }
  if (request.tools?.some((tool) => tool.cacheControl)) {
    dropped.push("tools[].cache_control");
  }
  // An earlier turn's reasoning: Chat Completions takes none back.
  for (const type of ["thinking", "redacted_thinking"]) {
    if (
      request.messages.some((m) =>
        typeof m.content !== "string" &&
        m.content.some((part) => part.type === type)
      )
    ) dropped.push(`messages[].content[].${type}`);
  }
  return dropped;
}

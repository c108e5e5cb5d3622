/**
 * IR helpers shared by the adapters: content flattening, ids for tool calls
 * that providers send without one, `data:` URL unpacking, and the assembler
 * that rebuilds a whole assistant message from stream deltas.
 *
 * @module
 */

import type {
  IRContentPart,
  IRLogprobs,
  IRMessage,
  IRTool,
  IRToolUsePart,
  IRUsage,
} from "../types.ts";
import {
  isRecord,
  parseToolArguments,
  type UnsequencedChunk,
} from "./_http.ts";
import { invalidRequest } from "./_errors.ts";
import { encodeBase64 } from "../../_base64.ts";

/** The content as a list of parts. */
export function partsOf(content: IRMessage["content"]): IRContentPart[] {
  return typeof content === "string"
    ? [{ type: "text", text: content }]
    : content;
}

/**
 * Refuses a tool message holding text or an image: a tool turn carries tool
 * results only. The wires that merge tool turns into user turns (Anthropic,
 * Gemini) would otherwise send that text as the user's own words; the
 * OpenAI wire and Ollama refuse it as this does.
 */
export function assertToolResultsOnly(
  message: IRMessage,
  provider: string,
): void {
  if (
    message.role === "tool" &&
    partsOf(message.content).some((part) =>
      part.type === "text" || part.type === "image"
    )
  ) {
    throw invalidRequest(
      provider,
      "a tool message must hold only tool_result parts",
    );
  }
}

/** The text parts of a content joined with `separator`. */
export function textOf(content: IRMessage["content"], separator = ""): string {
  if (typeof content === "string") return content;
  return content.filter((part) => part.type === "text").map((part) => part.text)
    .join(separator);
}

/**
 * Ids for the tool calls of one response that the provider sent without an
 * id (Gemini, Ollama): `call_<random>_<n>`, where `<random>` is 12 hex
 * digits drawn once per response and `<n>` counts those calls from 0. Ids
 * therefore differ across the responses of a conversation, so a tool result
 * names one call, and providers that require unique ids (Anthropic) accept
 * the conversation.
 */
export class CallIds {
  readonly #prefix: string;
  #next = 0;

  constructor() {
    const bytes = crypto.getRandomValues(new Uint8Array(6));
    const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, "0"));
    this.#prefix = `call_${hex.join("")}_`;
  }

  /** The next id. */
  next(): string {
    return `${this.#prefix}${this.#next++}`;
  }
}

/**
 * The media type (lower-cased, without parameters) and base64 payload of a
 * `data:` URL; undefined for any other URL. A percent-encoded (not base64)
 * payload is decoded to its bytes and base64-encoded, since providers take
 * inline bytes only as base64.
 */
export function parseDataURL(
  url: string,
): { mediaType: string; data: string } | undefined {
  const match = /^data:([^,]*),(.*)$/is.exec(url);
  if (match === null) return undefined;
  const meta = match[1].split(";").map((part) => part.trim().toLowerCase());
  const mediaType = meta[0];
  if (meta.length > 1 && meta[meta.length - 1] === "base64") {
    return { mediaType, data: match[2] };
  }
  return { mediaType, data: encodeBase64(percentBytes(match[2])) };
}

/** The bytes of percent-encoded text: `%XX` escapes as bytes, the rest as UTF-8. */
function percentBytes(text: string): Uint8Array {
  const bytes: number[] = [];
  const encoder = new TextEncoder();
  for (let i = 0; i < text.length;) {
    if (text[i] === "%" && /^[0-9a-f]{2}$/i.test(text.slice(i + 1, i + 3))) {
      bytes.push(parseInt(text.slice(i + 1, i + 3), 16));
      i += 3;
      continue;
    }
    const next = text.indexOf("%", i + 1);
    const end = next === -1 ? text.length : next;
    bytes.push(...encoder.encode(text.slice(i, end)));
    i = end;
  }
  return Uint8Array.from(bytes);
}

/** An assistant message: plain text when there are no tool calls, else parts. */
export function assistantMessage(
  text: string,
  toolUses: readonly IRToolUsePart[],
): IRMessage {
  if (toolUses.length === 0) return { role: "assistant", content: text };
  const content: IRContentPart[] = text === "" ? [] : [{ type: "text", text }];
  content.push(...toolUses);
  return { role: "assistant", content };
}

/** A numeric field of a wire usage record, 0 when absent. */
export function countOf(usage: Record<string, unknown>, key: string): number {
  const value = usage[key];
  return typeof value === "number" ? value : 0;
}

/** A usage record from two counts (total computed when not given). */
export function usageOf(
  prompt: number,
  completion: number,
  total?: number,
): IRUsage {
  return {
    promptTokens: prompt,
    completionTokens: completion,
    totalTokens: total ?? prompt + completion,
  };
}

/** Collects stream deltas into the final assistant message of a `done` chunk. */
export class MessageAssembler {
  #text = "";
  readonly #tools = new Map<string, { name: string; args: string }>();
  readonly #indexed = new Map<number, { id: string; name: string }>();
  readonly #provider: string;

  constructor(provider: string) {
    this.#provider = provider;
  }

  /** Appends generated text. */
  text(delta: string): void {
    this.#text += delta;
  }

  /** Appends (or starts) a tool call's JSON argument text. */
  tool(id: string, name: string, argsDelta = ""): void {
    const entry = this.#tools.get(id);
    if (entry === undefined) this.#tools.set(id, { name, args: argsDelta });
    else entry.args += argsDelta;
  }

  /**
   * Records one Chat-Completions-shaped tool-call delta (`{ id?, function:
   * { name?, arguments? } }`) of the call at `index` (OpenAI, Cohere): the
   * first delta of an index (or any, with `restart`) names the call, later
   * ones carry argument text. Returns its `tool_use` chunk.
   */
  callDelta(index: number, wire: unknown, restart = false): UnsequencedChunk {
    const call = isRecord(wire) ? wire : {};
    const fn = isRecord(call.function) ? call.function : {};
    let known = this.#indexed.get(index);
    if (known === undefined || restart) {
      known = {
        id: typeof call.id === "string" ? call.id : `call_${index}`,
        name: typeof fn.name === "string" ? fn.name : known?.name ?? "",
      };
      this.#indexed.set(index, known);
    }
    const args = typeof fn.arguments === "string" ? fn.arguments : "";
    this.tool(known.id, known.name, args);
    return {
      type: "tool_use",
      id: known.id,
      name: known.name,
      ...(args === "" ? {} : { inputDelta: args }),
    };
  }

  /** True when any tool call was seen. */
  get hasToolCalls(): boolean {
    return this.#tools.size > 0;
  }

  /** The whole message; throws INVALID_RESPONSE when tool arguments are not JSON. */
  message(): IRMessage {
    const uses: IRToolUsePart[] = [];
    for (const [id, { name, args }] of this.#tools) {
      uses.push({
        type: "tool_use",
        id,
        name,
        input: parseToolArguments(args, this.#provider, name),
      });
    }
    return assistantMessage(this.#text, uses);
  }
}

/**
 * Text and tool calls of a stream whose events carry each tool call whole
 * (Gemini, Ollama): each call becomes one `tool_use` chunk holding its
 * complete JSON input.
 */
export class WholeCallStream {
  #text = "";
  readonly #calls: IRToolUsePart[] = [];

  /** Calls seen so far. */
  get callCount(): number {
    return this.#calls.length;
  }

  /**
   * Records one event's text and calls; returns their chunks. The event's
   * log probabilities are those of its text, so they ride on its content
   * chunk, or on an empty one first when the event has no text.
   */
  add(
    text: string,
    calls: readonly IRToolUsePart[],
    logprobs?: IRLogprobs,
  ): UnsequencedChunk[] {
    const out: UnsequencedChunk[] = [];
    if (text !== "") {
      this.#text += text;
      out.push({ type: "content", delta: text });
    }
    for (const call of calls) {
      this.#calls.push(call);
      out.push({
        type: "tool_use",
        id: call.id,
        name: call.name,
        inputDelta: JSON.stringify(call.input),
      });
    }
    if (logprobs !== undefined) {
      const content = out.find((chunk) => chunk.type === "content");
      if (content?.type === "content") content.logprobs = logprobs;
      else out.unshift({ type: "content", delta: "", logprobs });
    }
    return out;
  }

  /** The whole assistant message. */
  message(): IRMessage {
    return assistantMessage(this.#text, this.#calls);
  }
}

/** A tool as the `{ name, description?, parameters }` function declaration OpenAI, Ollama and Gemini share. */
export function functionDeclaration(tool: IRTool): Record<string, unknown> {
  return {
    name: tool.name,
    ...(tool.description === undefined
      ? {}
      : { description: tool.description }),
    parameters: tool.parameters,
  };
}

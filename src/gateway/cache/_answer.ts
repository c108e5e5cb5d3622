// A cached answer: the router's IR answer as JSON, written once from a
// plain answer or assembled from a finished stream, and read back as a
// plain answer or replayed as IR stream chunks, so one entry serves both
// wires, streamed or not, through the wires' own encoders.
import type {
  FinishReason,
  IRChatResponse,
  IRContentPart,
  IRResponseMetadata,
  IRStreamChunk,
  IRUsage,
} from "../../models/types.ts";

/** What the cache keeps of an answer. */
export interface CachedAnswer {
  readonly response: IRChatResponse;
  /** Unix ms it was stored: the `age` of a hit. */
  readonly storedAt: number;
}

/** Metadata worth keeping: not the routing trace of the original call. */
function keptMetadata(metadata: IRResponseMetadata): IRResponseMetadata {
  const kept: IRResponseMetadata = {};
  if (metadata.provider !== undefined) kept.provider = metadata.provider;
  if (metadata.model !== undefined) kept.model = metadata.model;
  return kept;
}

/** The text an entry is stored as. */
export function serializeAnswer(
  response: IRChatResponse,
  storedAt: number,
): string {
  const kept: IRChatResponse = {
    message: response.message,
    finishReason: response.finishReason,
    metadata: keptMetadata(response.metadata),
    ...(response.usage ? { usage: response.usage } : {}),
    ...(response.stopSequence === undefined
      ? {}
      : { stopSequence: response.stopSequence }),
    ...(response.logprobs === undefined ? {} : { logprobs: response.logprobs }),
  };
  return JSON.stringify({ v: 1, storedAt, response: kept });
}

/** An entry read back; undefined for one this version cannot read. */
export function parseAnswer(text: string): CachedAnswer | undefined {
  try {
    const value = JSON.parse(text) as {
      v?: unknown;
      storedAt?: unknown;
      response?: IRChatResponse;
    };
    if (value?.v !== 1 || typeof value.storedAt !== "number") return undefined;
    const response = value.response;
    if (typeof response?.message !== "object" || response.message === null) {
      return undefined;
    }
    return { response, storedAt: value.storedAt };
  } catch {
    return undefined;
  }
}

/**
 * Whether {@linkcode replayChunks} carries all of the answer: not reasoning
 * blocks nor log probabilities (a streamed request for such an answer is a
 * miss; its plain form is still answered from the cache).
 */
export function streamable(response: IRChatResponse): boolean {
  if (response.logprobs !== undefined) return false;
  const content = response.message.content;
  return typeof content === "string" ||
    content.every((part) => part.type === "text" || part.type === "tool_use");
}

/**
 * The answer as a stream: a start, the text in one content chunk (a
 * refusal in one more), one tool_use chunk per tool call with its whole
 * arguments, then done with the original finish reason, stop sequence and
 * usage.
 */
export function replayChunks(response: IRChatResponse): IRStreamChunk[] {
  const chunks: IRStreamChunk[] = [];
  let sequence = 0;
  chunks.push({
    type: "start",
    sequence: sequence++,
    metadata: response.metadata,
  });
  const content = response.message.content;
  const parts: IRContentPart[] = typeof content === "string"
    ? [{ type: "text", text: content }]
    : content;
  const refusal = response.message.refusal;
  if (refusal !== undefined) {
    chunks.push({ type: "content", sequence: sequence++, delta: "", refusal });
  }
  for (const part of parts) {
    if (part.type === "text" && part.text !== "") {
      chunks.push({ type: "content", sequence: sequence++, delta: part.text });
    } else if (part.type === "tool_use") {
      chunks.push({
        type: "tool_use",
        sequence: sequence++,
        id: part.id,
        name: part.name,
        inputDelta: JSON.stringify(part.input),
      });
    }
  }
  chunks.push({
    type: "done",
    sequence: sequence++,
    finishReason: response.finishReason,
    ...(response.usage ? { usage: response.usage } : {}),
    ...(response.stopSequence === undefined
      ? {}
      : { stopSequence: response.stopSequence }),
    metadata: response.metadata,
  });
  return chunks;
}

/**
 * Builds the answer from a stream's chunks as they pass; `result` is the
 * whole answer once `done` arrived, else undefined (a stream cut short or
 * failed is never an answer, and one with reasoning blocks or log
 * probabilities, which this does not assemble, is not kept).
 */
export class StreamAssembler {
  #text = "";
  #tools = new Map<string, { name: string; args: string }>();
  #metadata: IRResponseMetadata = {};
  #usage: IRUsage | undefined;
  #finish: FinishReason | undefined;
  #stopSequence: string | undefined;
  #refusal: string | undefined;
  // An error chunk, or content this does not assemble: nothing to keep.
  #failed = false;

  add(chunk: IRStreamChunk): void {
    switch (chunk.type) {
      case "start":
        this.#metadata = keptMetadata(chunk.metadata);
        break;
      case "content":
        this.#text += chunk.delta;
        if (chunk.refusal !== undefined) {
          this.#refusal = (this.#refusal ?? "") + chunk.refusal;
        }
        if (
          chunk.thinking !== undefined || chunk.signature !== undefined ||
          chunk.redactedThinking !== undefined || chunk.logprobs !== undefined
        ) this.#failed = true;
        break;
      case "tool_use": {
        const tool = this.#tools.get(chunk.id) ??
          { name: chunk.name, args: "" };
        tool.args += chunk.inputDelta ?? "";
        this.#tools.set(chunk.id, tool);
        break;
      }
      case "metadata":
        if (chunk.usage) this.#usage = chunk.usage;
        break;
      case "done":
        if (chunk.usage) this.#usage = chunk.usage;
        this.#finish = chunk.finishReason;
        this.#stopSequence = chunk.stopSequence;
        break;
      case "error":
        this.#failed = true;
    }
  }

  get result(): IRChatResponse | undefined {
    if (this.#failed || this.#finish === undefined) return undefined;
    let content: string | IRContentPart[] = this.#text;
    if (this.#tools.size > 0) {
      const parts: IRContentPart[] = this.#text === ""
        ? []
        : [{ type: "text", text: this.#text }];
      for (const [id, tool] of this.#tools) {
        let input: Record<string, unknown>;
        try {
          input = tool.args === "" ? {} : JSON.parse(tool.args);
        } catch {
          return undefined;
        }
        parts.push({ type: "tool_use", id, name: tool.name, input });
      }
      content = parts;
    }
    return {
      message: {
        role: "assistant",
        content,
        ...(this.#refusal === undefined ? {} : { refusal: this.#refusal }),
      },
      finishReason: this.#finish,
      metadata: this.#metadata,
      ...(this.#usage ? { usage: this.#usage } : {}),
      ...(this.#stopSequence === undefined
        ? {}
        : { stopSequence: this.#stopSequence }),
    };
  }
}

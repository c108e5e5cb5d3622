// A passed-through stream's tokens, read as its bytes go by: the client gets
// every chunk unchanged (the same Uint8Array, nothing held back), while one
// byte loop per chunk finds the upstream's `usage` object (wherever it is: a
// usage-only chunk or the last content chunk, split across network chunks
// or not) and counts the characters of the generated strings, for an
// estimate when no usage comes. Only the usage object is ever decoded.
//
// The cost is not the loop but the chunk entering JavaScript at all (a read
// of the upstream body, an enqueue, the server's write of a JS stream): the
// gateway taps only the streams whose tokens it was told to read.

import type { IRUsage } from "../models/types.ts";
import { BodyFailed } from "../serve/_body_failed.ts";
import { reasoningOf, usageOf } from "./_passthrough.ts";

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COLON = 0x3a;
const OPEN = 0x7b;
const CLOSE = 0x7d;
const NEWLINE = 0x0a;
const U = 0x75;
const MAX_USAGE_BYTES = 8192;

// What a key names: nothing we read, the usage object, or generated text
// (whose string values the estimate counts).
const OTHER = 0;
const USAGE = 1;
const TEXT = 2;
const KEYS: ReadonlyArray<[Uint8Array, number]> = [
  ["usage", USAGE],
  ["content", TEXT],
  ["refusal", TEXT],
  ["arguments", TEXT],
  ["reasoning", TEXT],
  ["reasoning_content", TEXT],
  // Anthropic's stream deltas (a same-wire Messages stream is relayed too).
  ["text", TEXT],
  ["thinking", TEXT],
  ["partial_json", TEXT],
].map((
  [key, kind],
) => [new TextEncoder().encode(key as string), kind as number]);
const MAX_KEY_BYTES = 17; // "reasoning_content"

function kindOf(key: Uint8Array, length: number): number {
  outer: for (const [name, kind] of KEYS) {
    if (name.length !== length) continue;
    for (let i = 0; i < length; i++) if (name[i] !== key[i]) continue outer;
    return kind;
  }
  return OTHER;
}

// Scanner states, per SSE line (a newline resets them: JSON in a `data:`
// line has none outside strings and none raw inside them).
const OUT = 0; // between JSON tokens
const STRING = 1; // inside a string
const ESCAPE = 2; // after a backslash inside a string
const AFTER_STRING = 3; // a string closed: a colon next makes it a key
const VALUE = 4; // after a key's colon, before its value

/**
 * Scans an OpenAI chat completion stream's bytes (or an Anthropic Messages
 * stream's, whose usage comes in parts): the last `usage` object seen
 * (parsed), and the characters of generated string values. Strings are
 * never built per chunk: a key is known by comparing its bytes.
 */
export class StreamTokenScanner {
  #state = OUT;
  #counting = false; // the current string is generated text
  #hex = 0; // `\uXXXX` digits still to skip
  #key = new Uint8Array(MAX_KEY_BYTES);
  #keyLength = 0; // -1: the current string is not a key we read
  #lastKind = OTHER; // what the string just closed would name as a key
  #valueKind = OTHER; // what the key whose value comes next names
  #capture: number[] | undefined; // the usage object's bytes so far
  #depth = 0;
  /** Characters of generated text seen. */
  chars = 0;
  /** The last complete usage the stream reported. */
  usage: IRUsage | undefined;
  #input: number | undefined;
  #cacheRead: number | undefined;
  #cacheWritten: number | undefined;
  #output: number | undefined;
  #reasoning: number | undefined;

  /** Feeds the next network chunk. */
  scan(bytes: Uint8Array): void {
    let state = this.#state;
    let counting = this.#counting;
    let chars = this.chars;
    let hex = this.#hex;
    let keyLength = this.#keyLength;
    const key = this.#key;
    for (let i = 0; i < bytes.length; i++) {
      const b = bytes[i];
      if (b === NEWLINE) {
        state = OUT;
        counting = false;
        this.#capture = undefined;
        continue;
      }
      if (this.#capture !== undefined) this.#keep(b);
      if (state === STRING) {
        if (hex > 0) hex--;
        else if (b === QUOTE) {
          if (counting) {
            counting = false;
            state = OUT;
          } else {
            this.#lastKind = keyLength > 0 ? kindOf(key, keyLength) : OTHER;
            state = AFTER_STRING;
          }
        } else if (b === BACKSLASH) {
          state = ESCAPE;
          if (counting) chars++;
          keyLength = -1;
        } else if (counting) {
          if ((b & 0xc0) !== 0x80) chars++; // not a UTF-8 continuation byte
        } else if (keyLength >= 0) {
          if (keyLength < MAX_KEY_BYTES) key[keyLength++] = b;
          else keyLength = -1;
        }
      } else if (state === OUT) {
        if (b === QUOTE) {
          keyLength = 0;
          state = STRING;
        } else if (this.#capture !== undefined) this.#nest(b);
      } else if (state === ESCAPE) {
        if (b === U) hex = 4;
        state = STRING;
      } else if (isSpace(b)) {
        // between a key and its colon or value
      } else if (state === AFTER_STRING && b === COLON) {
        this.#valueKind = this.#lastKind;
        state = VALUE;
      } else if (state === VALUE && b === QUOTE) {
        counting = this.#valueKind === TEXT;
        keyLength = counting ? -1 : 0;
        state = STRING;
      } else {
        if (
          state === VALUE && b === OPEN && this.#valueKind === USAGE &&
          this.#capture === undefined
        ) {
          this.#capture = [b];
          this.#depth = 0;
        }
        state = OUT;
        if (b === QUOTE) {
          keyLength = 0;
          state = STRING;
        } else if (this.#capture !== undefined) this.#nest(b);
      }
    }
    this.#state = state;
    this.#counting = counting;
    this.chars = chars;
    this.#hex = hex;
    this.#keyLength = keyLength;
  }

  #keep(b: number): void {
    const capture = this.#capture!;
    if (capture.length < MAX_USAGE_BYTES) capture.push(b);
    else this.#capture = undefined; // not a usage object after all
  }

  /**
   * Anthropic's usage comes in parts: `input_tokens` in message_start,
   * `output_tokens` (the total so far) in each message_delta.
   */
  #split(usage: unknown): IRUsage | undefined {
    if (typeof usage !== "object" || usage === null) return undefined;
    const {
      input_tokens: input,
      output_tokens: output,
      cache_read_input_tokens: read,
      cache_creation_input_tokens: written,
    } = usage as Record<string, unknown>;
    if (typeof input === "number") this.#input = input;
    if (typeof output === "number") this.#output = output;
    // Cache reads and writes, outside `input_tokens`, are prompt tokens too.
    if (typeof read === "number") this.#cacheRead = read;
    if (typeof written === "number") this.#cacheWritten = written;
    // Thinking tokens, part of `output_tokens`, come with its total.
    this.#reasoning = reasoningOf(usage as Record<string, unknown>) ??
      this.#reasoning;
    if (this.#input === undefined || this.#output === undefined) {
      return undefined;
    }
    const prompt = this.#input + (this.#cacheRead ?? 0) +
      (this.#cacheWritten ?? 0);
    return {
      promptTokens: prompt,
      completionTokens: this.#output,
      totalTokens: prompt + this.#output,
      ...(this.#cacheRead === undefined
        ? {}
        : { cacheReadTokens: this.#cacheRead }),
      ...(this.#cacheWritten === undefined
        ? {}
        : { cacheCreationTokens: this.#cacheWritten }),
      ...(this.#reasoning === undefined
        ? {}
        : { reasoningTokens: this.#reasoning }),
    };
  }

  /** A byte between tokens of the captured object: it nests or ends. */
  #nest(b: number): void {
    if (b === OPEN) this.#depth++;
    else if (b === CLOSE && --this.#depth === 0) {
      const bytes = Uint8Array.from(this.#capture!);
      this.#capture = undefined;
      try {
        const usage = JSON.parse(new TextDecoder().decode(bytes));
        this.usage = this.#split(usage) ?? usageOf(usage) ?? this.usage;
      } catch {
        // not JSON after all: no usage from it
      }
    }
  }
}

function isSpace(b: number): boolean {
  return b === 0x20 || b === 0x09 || b === 0x0d;
}

/** A stream's tokens as far as known when it ended. */
export interface StreamTokens {
  usage: IRUsage;
  /** No usage came from the upstream: completion tokens are characters / 4. */
  estimated: boolean;
}

/**
 * The upstream body, tapped: the client's body yields the upstream's chunks
 * unchanged, pulled one at a time (no buffering ahead of the client), and
 * the scanner sees each one. Cancelling it cancels the upstream body.
 */
export class StreamTokenTap {
  /** The body to send to the client. */
  readonly body: ReadableStream<Uint8Array>;
  /** Set when the upstream body broke off: its read's error. */
  failure: BodyFailed | undefined;
  #scanner = new StreamTokenScanner();

  constructor(upstream: ReadableStream<Uint8Array>) {
    const reader = upstream.getReader();
    const scanner = this.#scanner;
    this.body = new ReadableStream<Uint8Array>({
      pull: async (controller) => {
        let next: ReadableStreamReadResult<Uint8Array>;
        try {
          next = await reader.read();
        } catch (cause) {
          this.failure = new BodyFailed(cause);
          controller.error(cause);
          return;
        }
        if (next.done) controller.close();
        else {
          scanner.scan(next.value);
          controller.enqueue(next.value);
        }
      },
      cancel: (reason) => reader.cancel(reason).catch(() => {}),
    }, { highWaterMark: 0 });
  }

  /**
   * The tokens: the upstream's last usage, else `promptEstimate` and the
   * generated characters / 4.
   */
  tokens(promptEstimate: number): StreamTokens {
    const { usage, chars } = this.#scanner;
    if (usage) return { usage, estimated: false };
    const completion = Math.ceil(chars / 4);
    return {
      usage: {
        promptTokens: promptEstimate,
        completionTokens: completion,
        totalTokens: promptEstimate + completion,
      },
      estimated: true,
    };
  }
}

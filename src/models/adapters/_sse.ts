/**
 * Incremental Server-Sent Events parser, following the WHATWG HTML
 * "event stream interpretation" rules:
 *
 * - lines end in CRLF, LF or a lone CR, in any mix, split anywhere across
 *   network chunks (also between CR and LF and inside a UTF-8 character);
 * - a leading byte-order mark is ignored;
 * - lines starting with `:` are comments and ignored;
 * - `field: value` loses one leading space of the value; a line without `:`
 *   is a field with an empty value;
 * - several `data:` lines of one event are joined with "\n";
 * - a blank line dispatches the event; an event with no `data` is not
 *   dispatched (its `event:` name is discarded, as the spec says);
 * - `id` containing NUL is ignored; `retry` must be ASCII digits;
 * - at end of input, an event without its terminating blank line is
 *   **discarded**, as the spec requires. Adapters therefore detect a stream
 *   that ended early by the absence of their protocol's end marker, and report
 *   it, instead of acting on a half-received event.
 *
 * Memory is bounded: a line, or the data of one event, longer than
 * `maxLineLength` (8 MiB by default) throws an INVALID_RESPONSE AdapterError.
 *
 * @module
 */

import { invalidResponse } from "./_errors.ts";
import {
  DEFAULT_MAX_LINE_LENGTH,
  type LineParserOptions,
  readLineBatches,
} from "./_lines.ts";

/** One dispatched event. */
export interface SSEEvent {
  /** The `event:` field, or "message". */
  event: string;
  /** The `data:` lines joined with "\n". */
  data: string;
  /** The last event id seen so far (it persists across events, per spec). */
  id: string;
  /** The last valid `retry:` value in milliseconds, if any. */
  retry?: number;
}

/**
 * Feeds SSE lines one at a time and hands back events as they complete.
 * Kept separate from the byte reading so it can be tested line by line.
 */
export class SSEEventBuilder {
  #eventType = "";
  #data: string[] = [];
  #dataLength = 0;
  #hasData = false;
  #lastEventId = "";
  #retry: number | undefined;
  readonly #maxLength: number;
  readonly #provider: string | undefined;

  constructor(maxLength: number = DEFAULT_MAX_LINE_LENGTH, provider?: string) {
    this.#maxLength = maxLength;
    this.#provider = provider;
  }

  /** Processes one line; returns the event a blank line completed, if any. */
  line(line: string): SSEEvent | undefined {
    if (line === "") return this.#dispatch();
    if (line.charCodeAt(0) === 58 /* : */) return undefined;
    const colon = line.indexOf(":");
    let field: string;
    let value: string;
    if (colon === -1) {
      field = line;
      value = "";
    } else {
      field = line.slice(0, colon);
      value = line.charCodeAt(colon + 1) === 32
        ? line.slice(colon + 2)
        : line.slice(colon + 1);
    }
    switch (field) {
      case "event":
        this.#eventType = value;
        break;
      case "data":
        this.#dataLength += value.length + 1;
        if (this.#dataLength > this.#maxLength) {
          throw invalidResponse(
            this.#provider ?? "stream",
            `SSE event data longer than ${this.#maxLength} characters`,
          );
        }
        this.#data.push(value);
        this.#hasData = true;
        break;
      case "id":
        if (!value.includes("\u0000")) this.#lastEventId = value;
        break;
      case "retry":
        if (/^[0-9]+$/.test(value)) this.#retry = Number(value);
        break;
      default:
        // Unknown fields are ignored, per spec.
        break;
    }
    return undefined;
  }

  #dispatch(): SSEEvent | undefined {
    const hasData = this.#hasData;
    const event: SSEEvent = {
      event: this.#eventType === "" ? "message" : this.#eventType,
      data: this.#data.join("\n"),
      id: this.#lastEventId,
    };
    if (this.#retry !== undefined) event.retry = this.#retry;
    this.#eventType = "";
    this.#data = [];
    this.#dataLength = 0;
    this.#hasData = false;
    return hasData ? event : undefined;
  }
}

/**
 * Parses an SSE byte stream into events, incrementally. Cancels the stream
 * when the consumer stops early.
 *
 * @param body The response body.
 * @param options Line limit, provider id for errors, per-chunk hook.
 * @returns The events, in order.
 */
export async function* parseSSE(
  body: ReadableStream<Uint8Array>,
  options: LineParserOptions = {},
): AsyncGenerator<SSEEvent, void, undefined> {
  const builder = new SSEEventBuilder(
    options.maxLineLength ?? DEFAULT_MAX_LINE_LENGTH,
    options.provider,
  );
  for await (const { lines } of readLineBatches(body, options)) {
    for (const line of lines) {
      const event = builder.line(line);
      if (event !== undefined) yield event;
    }
    // An unterminated last line (`rest`) is part of an unterminated event:
    // discarded.
  }
}

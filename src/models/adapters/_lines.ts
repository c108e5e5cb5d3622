/**
 * Incremental line splitting over a byte stream, shared by the SSE and NDJSON
 * parsers.
 *
 * @module
 */

import { invalidResponse } from "./_errors.ts";

/** Longest line (in UTF-16 code units) a parser buffers before giving up: 8 MiB. */
export const DEFAULT_MAX_LINE_LENGTH = 8 * 1024 * 1024;

/** Options shared by the stream parsers. */
export interface LineParserOptions {
  /** Longest accepted line; a longer one throws INVALID_RESPONSE. */
  maxLineLength?: number;
  /** Provider id put on errors. */
  provider?: string;
  /** Called after every network chunk (the stream idle timeout hooks in here). */
  onChunk?: () => void;
  /** Aborting it stops reading even if the body's source ignores aborts. */
  signal?: AbortSignal;
}

/**
 * Reads one chunk, failing with the signal's reason once it aborts: a
 * pending read is released by cancelling the reader.
 */
export async function readChunk(
  reader: ReadableStreamDefaultReader<Uint8Array>,
  signal: AbortSignal | undefined,
): Promise<ReadableStreamReadResult<Uint8Array>> {
  if (signal === undefined) return await reader.read();
  signal.throwIfAborted();
  const onAbort = (): void => void reader.cancel(signal.reason).catch(() => {});
  signal.addEventListener("abort", onAbort, { once: true });
  try {
    const result = await reader.read();
    signal.throwIfAborted();
    return result;
  } finally {
    signal.removeEventListener("abort", onAbort);
  }
}

/**
 * Splits text into lines at CRLF, LF or a lone CR, across chunk boundaries.
 * A CR at the very end of a chunk is held back as a line end whose LF may
 * still arrive, so "\r" | "\n" split over two reads is one line break.
 */
export class LineSplitter {
  #buffer = "";
  #scanFrom = 0;
  #skipLeadingLF = false;
  readonly #maxLineLength: number;
  readonly #provider: string | undefined;

  constructor(maxLineLength: number, provider?: string) {
    this.#maxLineLength = maxLineLength;
    this.#provider = provider;
  }

  /** Feeds decoded text; returns the lines it completed, without terminators. */
  push(text: string): string[] {
    if (text.length === 0) return [];
    if (this.#skipLeadingLF) {
      this.#skipLeadingLF = false;
      if (text.charCodeAt(0) === 10) text = text.slice(1);
    }
    this.#buffer += text;
    const lines: string[] = [];
    const buffer = this.#buffer;
    let start = 0;
    for (let i = this.#scanFrom; i < buffer.length; i++) {
      const code = buffer.charCodeAt(i);
      if (code !== 10 && code !== 13) continue;
      lines.push(buffer.slice(start, i));
      if (code === 13) {
        if (i + 1 === buffer.length) this.#skipLeadingLF = true;
        else if (buffer.charCodeAt(i + 1) === 10) i++;
      }
      start = i + 1;
    }
    this.#buffer = start === 0 ? buffer : buffer.slice(start);
    this.#scanFrom = this.#buffer.length;
    if (this.#buffer.length > this.#maxLineLength) {
      throw invalidResponse(
        this.#provider ?? "stream",
        `stream line longer than ${this.#maxLineLength} characters`,
      );
    }
    return lines;
  }

  /** The unterminated rest at end of input ("" when none). */
  rest(): string {
    const rest = this.#buffer;
    this.#buffer = "";
    this.#scanFrom = 0;
    return rest;
  }
}

/** The lines one network chunk completed; `rest` is an unterminated last line at end of input. */
export interface LineBatch {
  /** Complete lines, without terminators. */
  lines: string[];
  /** Set on the last batch when the input ended without a line break. */
  rest?: string;
}

/**
 * Reads a byte stream as batches of text lines, one batch per network chunk
 * that completed a line (parsers loop over a batch synchronously: one
 * generator step per chunk instead of one per line). The reader is cancelled
 * and released when iteration stops for any reason, so an abandoned stream
 * closes its connection.
 */
export async function* readLineBatches(
  body: ReadableStream<Uint8Array>,
  options: LineParserOptions = {},
): AsyncGenerator<LineBatch, void, undefined> {
  const splitter = new LineSplitter(
    options.maxLineLength ?? DEFAULT_MAX_LINE_LENGTH,
    options.provider,
  );
  // Streaming decode keeps a multi-byte character split across reads intact.
  const decoder = new TextDecoder();
  const reader = body.getReader();
  // One abort listener for the whole body, not one per read: cancelling the
  // reader releases a pending read, which then sees the aborted signal.
  const signal = options.signal;
  const onAbort = (): void =>
    void reader.cancel(signal!.reason).catch(() => {});
  signal?.addEventListener("abort", onAbort, { once: true });
  let finished = false;
  try {
    signal?.throwIfAborted();
    while (true) {
      const { done, value } = await reader.read();
      signal?.throwIfAborted();
      if (done) break;
      options.onChunk?.();
      const lines = splitter.push(decoder.decode(value, { stream: true }));
      if (lines.length > 0) yield { lines };
    }
    finished = true;
    const lines = splitter.push(decoder.decode());
    const rest = splitter.rest();
    if (rest.length > 0) yield { lines, rest };
    else if (lines.length > 0) yield { lines };
  } finally {
    signal?.removeEventListener("abort", onAbort);
    if (!finished) await reader.cancel().catch(() => {});
    reader.releaseLock();
  }
}

/**
 * Reads a byte stream as text lines (see {@linkcode readLineBatches}).
 * Yields `{ line, final }`; `final` marks an unterminated last line.
 */
export async function* readLines(
  body: ReadableStream<Uint8Array>,
  options: LineParserOptions = {},
): AsyncGenerator<{ line: string; final: boolean }, void, undefined> {
  for await (const { lines, rest } of readLineBatches(body, options)) {
    for (const line of lines) yield { line, final: false };
    if (rest !== undefined) yield { line: rest, final: true };
  }
}

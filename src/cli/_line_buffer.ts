// The command's per-request log lines, written in batches. A line per
// request written on its own costs the server a formatted console call and a
// write to stdout each time; gathered, a busy second of requests is a few
// writes. Nothing is dropped: the buffer is bounded by writing it out
// synchronously when it fills, and whoever stops the process flushes it
// (the runtime's `out`, `err` and `exit` do so first).

/** Where the gathered text goes, and how a later flush is scheduled. */
export interface LineSink {
  /** Writes `text` whole (several lines, each ending in `\n`). */
  write(text: string): void;
  /** Runs `flush` after about `ms`; returns its canceller. */
  later(flush: () => void, ms: number): () => void;
}

/** Lines gathered up to `maxBytes` or `delayMs`, whichever comes first. */
export class LineBuffer {
  #sink: LineSink;
  #maxBytes: number;
  #delayMs: number;
  #lines: string[] = [];
  #length = 0;
  #cancel: (() => void) | undefined;

  /**
   * @param sink The output and the scheduler.
   * @param maxBytes A flush when the gathered text reaches this length
   *   (UTF-16 units: a bound on memory, not an exact byte count).
   * @param delayMs The longest a line waits before it is written.
   */
  constructor(sink: LineSink, maxBytes = 16_384, delayMs = 100) {
    this.#sink = sink;
    this.#maxBytes = maxBytes;
    this.#delayMs = delayMs;
  }

  /** Gathers one line (without its `\n`). */
  add(line: string): void {
    this.#lines.push(line);
    this.#length += line.length + 1;
    if (this.#length >= this.#maxBytes) this.flush();
    else if (this.#cancel === undefined) {
      this.#cancel = this.#sink.later(() => {
        this.#cancel = undefined;
        this.flush();
      }, this.#delayMs);
    }
  }

  /** Writes every gathered line now, in order; nothing stays scheduled. */
  flush(): void {
    this.#cancel?.();
    this.#cancel = undefined;
    if (this.#lines.length === 0) return;
    const text = this.#lines.join("\n") + "\n";
    this.#lines = [];
    this.#length = 0;
    this.#sink.write(text);
  }
}

// A translated call's answer from a backend that spoke the client's wire
// (a mixed fleet, a fallback's later step, a parallel group's winner): the
// upstream's own JSON or events, which the adapter kept beside the IR, go
// back instead of an answer rebuilt from the IR, so nothing the IR does not
// carry is lost. Answers from a backend of another wire are encoded.
import type { IRStreamChunk } from "../models/types.ts";
import type { ResolvedError } from "./errors.ts";
import type { StreamEncoder } from "./_apis.ts";

/**
 * An encoder that writes the upstream's own events when the stream's first
 * chunk carries them (the committed backend spoke the client's wire), and
 * `inner`'s encoding otherwise. Once relaying, a chunk without events (one
 * the router made, a `start` it added) writes nothing, except an error
 * after the first output, which `inner` writes in the client's wire.
 */
export class RelayingEncoder implements StreamEncoder {
  readonly #inner: StreamEncoder;
  /** Undecided until the first chunk. */
  #relaying: boolean | undefined;
  #finished = false;

  constructor(inner: StreamEncoder) {
    this.#inner = inner;
  }

  get finished(): boolean {
    return this.#relaying === true ? this.#finished : this.#inner.finished;
  }

  get startEstimated(): boolean | undefined {
    return this.#relaying === true ? false : this.#inner.startEstimated;
  }

  encode(chunk: IRStreamChunk): string {
    this.#relaying ??= chunk.type !== "error" &&
      chunk.upstreamEvents !== undefined;
    if (!this.#relaying) return this.#inner.encode(chunk);
    if (this.#finished) return "";
    if (chunk.type === "error") {
      this.#finished = true;
      return this.#inner.encode(chunk);
    }
    if (chunk.type === "done") this.#finished = true;
    return chunk.upstreamEvents ?? "";
  }

  error(resolved: ResolvedError): string {
    this.#finished = true;
    return this.#inner.error(resolved);
  }
}

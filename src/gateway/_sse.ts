// The two halves of a late-committed stream: reading the model stream up to
// its first output (so a failure before it still gets a real status), then
// a pull-driven SSE body for the rest (backpressure: one chunk per read).
import { AdapterError, ErrorCode } from "../models/errors.ts";
import { errorOfFailure } from "../models/_stream_failure.ts";
import type { IRStreamChunk } from "../models/types.ts";
import type { StreamEncoder } from "./_apis.ts";
import { resolveError } from "./errors.ts";

type Chunks = AsyncGenerator<IRStreamChunk, void, undefined>;

const utf8 = new TextEncoder();

/**
 * The error an `error` chunk stands for, rebuilt from the failure it
 * carries (the upstream status and body, Retry-After, each backend's
 * failure), so a streamed failure answers as a non-streamed one would.
 */
export function chunkError(
  chunk: Extract<IRStreamChunk, { type: "error" }>,
): AdapterError {
  return errorOfFailure(chunk.error, undefined, ErrorCode.UNKNOWN);
}

/**
 * An adapter's late error chunk, with the backend the stream committed to:
 * its message then names that backend, not the provider.
 */
function named(chunk: IRStreamChunk, hooks: SseHooks): IRStreamChunk {
  if (chunk.type !== "error" || chunk.error.backend !== undefined) return chunk;
  const backend = hooks.backend();
  return backend === undefined
    ? chunk
    : { ...chunk, error: { ...chunk.error, backend } };
}

function endedEarly(): Extract<IRStreamChunk, { type: "error" }> {
  return {
    type: "error",
    sequence: Number.MAX_SAFE_INTEGER,
    error: {
      code: ErrorCode.INVALID_RESPONSE,
      message: "The backend stream ended without a done chunk.",
    },
  };
}

/**
 * Encodes chunks up to and including the first content, tool call or `done`.
 * Throws the stream's error when it fails before that.
 */
export async function readHead(
  chunks: Chunks,
  encoder: StreamEncoder,
  observe: (chunk: IRStreamChunk) => void,
): Promise<string> {
  let head = "";
  for (;;) {
    const next = await chunks.next();
    if (next.done) throw chunkError(endedEarly());
    const chunk = next.value;
    if (chunk.type === "error") throw chunkError(chunk);
    observe(chunk);
    head += encoder.encode(chunk);
    if (
      chunk.type === "content" || chunk.type === "tool_use" ||
      chunk.type === "done"
    ) return head;
  }
}

/** What the SSE body reports back to the request that owns it. */
export interface SseHooks {
  observe(chunk: IRStreamChunk): void;
  /** The stream failed after its head (a bug or an abort): its error code. */
  failed(code: string): void;
  /** The client went away. */
  cancelled(reason: unknown): void;
  /** The backend the stream committed to, to name it in a late error. */
  backend(): string | undefined;
  /** Called once, however the stream ends. */
  closed(): void;
}

/** The SSE body: `head`, then one encoded chunk per pull. */
export function sseBody(
  head: string,
  chunks: Chunks,
  encoder: StreamEncoder,
  hooks: SseHooks,
): ReadableStream<Uint8Array> {
  let first = true;
  let closed = false;
  const close = (): void => {
    if (closed) return;
    closed = true;
    hooks.closed();
  };
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        if (first) {
          first = false;
          controller.enqueue(utf8.encode(head));
        }
        while (!encoder.finished) {
          const next = await chunks.next();
          const chunk = next.done ? endedEarly() : named(next.value, hooks);
          hooks.observe(chunk);
          const text = encoder.encode(chunk);
          if (text !== "") {
            controller.enqueue(utf8.encode(text));
            return;
          }
        }
        controller.close();
        close();
        await drain(chunks);
      } catch (error) {
        // The router reports failures as error chunks; this is a bug or an abort.
        hooks.failed(error instanceof AdapterError ? error.code : "INTERNAL");
        controller.enqueue(utf8.encode(encoder.error(resolveError(error))));
        controller.close();
        close();
      }
    },
    async cancel(reason) {
      hooks.cancelled(reason);
      close();
      await chunks.return(undefined).catch(() => {});
    },
  }, { highWaterMark: 0 });
}

// Lets the router run the code after its last chunk (stats, breaker), with a
// bound in case an adapter keeps yielding after `done`.
async function drain(chunks: Chunks): Promise<void> {
  for (let i = 0; i < 16; i++) {
    if ((await chunks.next()).done) return;
  }
  await chunks.return(undefined);
}

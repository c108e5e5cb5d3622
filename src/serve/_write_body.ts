// Writing an answer's body on the wire for the gateway's own listener:
// chunk framing (in place, for a passed-through byte stream), and a body
// built whole sent with its length instead. Runtime-neutral, like
// `_http1.ts`: a write is any function that writes bytes whole.
import { BodyFailed } from "./_body_failed.ts";

const CR = 13;
const LF = 10;
const utf8 = new TextEncoder();

/** The last chunk of a chunked body. */
export const LAST_CHUNK: Uint8Array = utf8.encode("0\r\n\r\n");

const HEX = utf8.encode("0123456789abcdef");

/** How many hex digits `size` takes. */
function hexDigits(size: number): number {
  let digits = 1;
  for (let n = Math.floor(size / 16); n > 0; n = Math.floor(n / 16)) digits++;
  return digits;
}

/**
 * Writes a chunk's frame around its data, already in place at `digits + 2`:
 * the size line (`digits` hex digits, CRLF) before it, CRLF after. Digits
 * written byte by byte: encoding the size's text took a call into the
 * runtime and an array a chunk.
 */
function frameAround(frame: Uint8Array, digits: number, size: number): void {
  for (let i = digits - 1, n = size; i >= 0; i--, n = Math.floor(n / 16)) {
    frame[i] = HEX[n % 16];
  }
  frame[digits] = CR;
  frame[digits + 1] = LF;
  frame[digits + 2 + size] = CR;
  frame[digits + 3 + size] = LF;
}

/** One chunk of a chunked body, framed (a copy of `data`). */
export function chunkFrame(data: Uint8Array): Uint8Array {
  const size = data.byteLength;
  const digits = hexDigits(size);
  const frame = new Uint8Array(digits + size + 4);
  frame.set(data, digits + 2);
  frameAround(frame, digits, size);
  return frame;
}

/** Room left before a read for its chunk-size line: 8 hex digits, CRLF. */
const SIZE_ROOM = 10;
/** Most bytes one read of a byte stream takes (more take more reads). */
const READ_ROOM = 16 * 1024;

/**
 * Frames, in place, a chunk read into a buffer with SIZE_ROOM bytes free
 * before it and 2 after: its size line goes before, CRLF after, nothing is
 * allocated or copied.
 */
function frameInPlace(data: Uint8Array): Uint8Array {
  const size = data.byteLength;
  const digits = hexDigits(size);
  // One view over the frame: its size line, the data, CRLF.
  const frame = new Uint8Array(
    data.buffer,
    data.byteOffset - digits - 2,
    digits + size + 4,
  );
  frameAround(frame, digits, size);
  return frame;
}

/** Largest body of no declared length sent whole with a Content-Length. */
export const WHOLE_BODY_MAX_BYTES = 64 * 1024;

const NOT_YET = Symbol("not yet");

/** `read`'s result if it settles within this turn of the event loop. */
function soon<T>(read: Promise<T>): Promise<T | typeof NOT_YET> {
  return Promise.race([
    read,
    new Promise<typeof NOT_YET>((resolve) => setImmediate(resolve, NOT_YET)),
  ]);
}

/** `chunks` as one array (the one chunk itself when there is one). */
export function concat(chunks: Uint8Array[]): Uint8Array {
  if (chunks.length === 1) return chunks[0];
  let size = 0;
  for (const chunk of chunks) size += chunk.byteLength;
  const all = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    all.set(chunk, at);
    at += chunk.byteLength;
  }
  return all;
}

/**
 * Writes an answer's head and its body, chunk-framed or as is, one write per
 * chunk as it arrives (the head goes out with the first chunk when that is
 * ready at once, else alone before it; no chunk waits for the next). A byte stream (a fetch body passed through) is read into
 * one reused buffer with room for the framing: a default read would give
 * each chunk a fresh 64 KiB buffer, and framing would copy it.
 *
 * @param body The answer's body; cancelled when a read or a write fails.
 * @param head The head's bytes.
 * @param chunked Frame each chunk (HTTP/1.1), or write it as is (1.0).
 * @param write Writes bytes whole.
 * @param wholeHead When given (a chunked answer of no declared length): the
 * head of the same answer with a Content-Length. A body whose reads all
 * settle within the event loop's turn, to its end, within
 * {@linkcode WHOLE_BODY_MAX_BYTES} (a string, bytes, JSON) then goes out
 * with that head in one write, unframed, as `Deno.serve` sends it.
 * @param gone Aborts when the connection went: the body is cancelled then,
 * not at its next chunk, which may be long in coming.
 * @throws {BodyFailed} The body's read failed (its `cause`); a failed write
 * throws its own error.
 */
export async function writeBody(
  body: ReadableStream<Uint8Array>,
  head: Uint8Array,
  chunked: boolean,
  write: (bytes: Uint8Array) => Promise<void>,
  wholeHead?: (length: number) => Uint8Array,
  gone?: AbortSignal,
): Promise<void> {
  let byob: ReadableStreamBYOBReader | undefined;
  try {
    byob = body.getReader({ mode: "byob" });
  } catch {
    // Not a byte stream: read its chunks as they are.
  }
  const reader = byob ?? body.getReader();
  gone?.addEventListener("abort", () => void reader.cancel().catch(() => {}));
  // A byte source that closes while a BYOB read waits must also answer it
  // (`byobRequest.respond(0)`); one that does not (a common slip, harmless
  // to a default reader) would leave the read waiting for ever. The
  // reader's `closed` settles either way: releasing the lock then rejects a
  // waiting read, which ends as the body's end. Not a race of every read
  // against `closed`: each race left a reaction on `closed` until the body
  // ended (about 0.5 KB a chunk, 111 MB over 200,000 chunks). (An errored
  // stream rejects the read itself.)
  // Released only when a read still waits: on a byte source that answers
  // its last read (every fetch body), the read resumes this function in the
  // microtask after `closed`'s, and a release would cost two TypeErrors
  // (stack traces) a stream for nothing.
  let ended = false;
  let reading = false; // a read is out whose result was not taken yet
  byob?.closed.then(() => {
    ended = true;
    if (reading) {
      queueMicrotask(() => {
        if (reading) byob.releaseLock();
      });
    }
  }, () => {});
  // Only a BYOB read needs it; a plain stream's chunks come in their own.
  let buffer = new ArrayBuffer(byob ? SIZE_ROOM + READ_ROOM + 2 : 0);
  let pending: Uint8Array | null = head;
  const read = (): Promise<ReadableStreamReadResult<Uint8Array>> => {
    reading = true;
    return byob
      ? byob.read(new Uint8Array(buffer, SIZE_ROOM, READ_ROOM))
      : (reader as ReadableStreamDefaultReader<Uint8Array>).read();
  };
  /** A failed read: the body's end once `closed` released it, else BodyFailed. */
  const failed = (error: unknown): ReadableStreamReadResult<Uint8Array> => {
    if (ended) return { done: true, value: undefined };
    throw new BodyFailed(error);
  };
  try {
    let waiting: Promise<ReadableStreamReadResult<Uint8Array>> | undefined;
    if (wholeHead) {
      // Reads that settle within this turn of the event loop: a body built
      // whole hands over all of it so, a stream still being produced not.
      const chunks: Uint8Array[] = [];
      let size = 0;
      let whole = false;
      while (size <= WHOLE_BODY_MAX_BYTES) {
        const next = read();
        let result: ReadableStreamReadResult<Uint8Array> | typeof NOT_YET;
        try {
          result = await soon(next);
        } catch (error) {
          result = failed(error);
        }
        if (result === NOT_YET) {
          waiting = next;
          break;
        }
        reading = false;
        if (result.done) {
          whole = true;
          break;
        }
        const data = result.value;
        if (byob) {
          buffer = data.buffer as ArrayBuffer;
          chunks.push(data.slice()); // the buffer is read into again
        } else chunks.push(data);
        size += data.byteLength;
      }
      const data = concat(chunks);
      if (whole) {
        const first = wholeHead(data.byteLength);
        const out = new Uint8Array(first.byteLength + data.byteLength);
        out.set(first);
        out.set(data, first.byteLength);
        await write(out);
        return;
      }
      // Not whole: what was read goes out now, framed, with the head (the
      // first event of a stream is not held); the rest as it comes.
      if (data.byteLength > 0) {
        const framed = chunked ? chunkFrame(data) : data;
        const both = new Uint8Array(head.byteLength + framed.byteLength);
        both.set(head);
        both.set(framed, head.byteLength);
        pending = null;
        await write(both);
      }
    }
    if (pending) {
      // The head goes with the first chunk when that is ready now; a body
      // whose first chunk is not (a model still thinking) has its head sent
      // at once, as Deno.serve and node:http send it, so the client gets
      // the status and headers without waiting for that chunk.
      waiting ??= read();
      if ((await soon(waiting).catch(() => null)) === NOT_YET) {
        const head = pending;
        pending = null;
        await write(head);
      }
    }
    for (;;) {
      let next: ReadableStreamReadResult<Uint8Array>;
      try {
        next = await (waiting ?? read());
      } catch (error) {
        next = failed(error);
      }
      reading = false;
      waiting = undefined;
      if (next.done) break;
      const data = next.value;
      // A BYOB read hands the buffer back, moved into the view it returns.
      if (byob) buffer = data.buffer as ArrayBuffer;
      if (data.byteLength === 0) continue;
      const framed = !chunked
        ? data
        : byob
        ? frameInPlace(data)
        : chunkFrame(data);
      if (pending) {
        // The head goes out with the first chunk: one write, not two.
        const both = new Uint8Array(pending.byteLength + framed.byteLength);
        both.set(pending);
        both.set(framed, pending.byteLength);
        pending = null;
        await write(both);
      } else await write(framed);
    }
    if (pending) await write(pending);
    if (chunked) await write(LAST_CHUNK);
  } catch (error) {
    await reader.cancel(error).catch(() => {});
    throw error;
  }
}

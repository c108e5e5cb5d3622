// Writing an answer whose handler declared its Content-Length, for the
// gateway's own listener: the declared length goes on the wire and the body
// follows unframed as it comes, as Deno.serve sends it. Runtime-neutral,
// like `_write_body.ts`: a write is any function that writes bytes whole.
import { BodyFailed } from "./_body_failed.ts";
import { concat, writeBody } from "./_write_body.ts";

/** Thrown by the capped write once the declared length is on the wire. */
const FULL = Symbol("declared length written");

/**
 * The Content-Length an answer declares, or undefined when it declares
 * none, or one that is not a plain decimal number of bytes (then the body
 * is framed as if none was given).
 */
export function declaredLength(response: Response): number | undefined {
  const declared = response.headers.get("content-length");
  if (declared === null || !/^\d{1,15}$/.test(declared)) return undefined;
  return Number(declared);
}

/**
 * Writes `head` (which carries `length`) and then the body as it comes,
 * one write per chunk. Bytes past `length` are not sent: the client would
 * read them as the start of the next answer; the body is cancelled there
 * instead, and the connection may serve the next request (as Deno.serve
 * does). A body that ends short of `length` leaves the client waiting for
 * the rest: that is the body's failure, and the connection must close.
 *
 * @param body The answer's body; cancelled when it is longer than declared,
 * or a read or a write fails.
 * @param head The head's bytes, with `content-length: length`.
 * @param length The declared length.
 * @param write Writes bytes whole (and bounds the time it may take).
 * @param gone Aborts when the connection went.
 * @throws {BodyFailed} The body's read failed, or it ended before `length`.
 */
export async function writeDeclared(
  body: ReadableStream<Uint8Array>,
  head: Uint8Array,
  length: number,
  write: (bytes: Uint8Array) => Promise<void>,
  gone?: AbortSignal,
): Promise<void> {
  let left = head.byteLength + length;
  const capped = async (bytes: Uint8Array): Promise<void> => {
    if (bytes.byteLength < left) {
      left -= bytes.byteLength;
      return await write(bytes);
    }
    await write(bytes.subarray(0, left));
    left = 0;
    // The whole declared length is out: the body is not read further.
    throw FULL;
  };
  try {
    await writeBody(body, head, false, capped, undefined, gone);
  } catch (error) {
    if (error !== FULL) throw error;
  }
  if (left > 0) {
    throw new BodyFailed(
      new Error(`the body ended ${left} bytes short of its Content-Length`),
    );
  }
}

/**
 * The body of an answer declaring `length` bytes (at most `max`), read
 * whole to be written with its head. Ending within `max`, it is all of it,
 * whatever was declared (its real length then goes out: a wrong count is
 * corrected). Past `max` it is longer than declared: only its first
 * `length` bytes are kept and the rest is cancelled, as Deno.serve cuts a
 * body at its declared length, so a body that never ends holds no more
 * than `max` bytes. `gone` (the client left) cancels the read.
 *
 * @throws The body's read failed, or it gave something other than bytes.
 */
export async function readDeclared(
  body: ReadableStream<Uint8Array>,
  length: number,
  max: number,
  gone: AbortSignal,
): Promise<Uint8Array> {
  const reader = body.getReader();
  const cancel = () => void reader.cancel().catch(() => {});
  // Once the body is read, a cancel does nothing: the listener may stay.
  gone.addEventListener("abort", cancel);
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return concat(chunks);
    // The 500 this becomes closes the connection, which cancels the body.
    if (!(value instanceof Uint8Array)) {
      throw new TypeError("a response body gave something other than bytes");
    }
    chunks.push(value);
    size += value.byteLength;
    if (size > max) {
      cancel();
      return concat(chunks).subarray(0, length);
    }
  }
}

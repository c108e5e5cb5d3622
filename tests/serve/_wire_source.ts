/**
 * A byte source for the wire reader without sockets: it hands out the
 * pieces a test gives, one per read, each split when the reader's buffer
 * has less room (so one large piece is a fast client that fills every
 * buffer it is given), then the end of the input.
 *
 * @module
 */
import {
  bodyStream,
  type RequestHead,
  WireReader,
} from "../../src/serve/_http1.ts";

const utf8 = new TextEncoder();

/** A WireReader over `pieces`, one per read, then the end of the input. */
export function source(...pieces: string[]): WireReader {
  const queue = pieces.map((piece) => utf8.encode(piece));
  // An index, not shift(): a read costs the same however many pieces are
  // left (a head given a byte per piece is tens of thousands of them).
  let at = 0;
  return new WireReader((buffer) => {
    const next = queue[at];
    if (next === undefined) return Promise.resolve(null);
    buffer.set(next.subarray(0, buffer.byteLength));
    if (next.byteLength > buffer.byteLength) {
      queue[at] = next.subarray(buffer.byteLength);
    } else at++;
    return Promise.resolve(Math.min(next.byteLength, buffer.byteLength));
  });
}

/** The body `reader` holds under `framing`, read whole as text. */
export async function bodyText(
  reader: WireReader,
  framing: RequestHead["body"],
): Promise<string> {
  const body = bodyStream(reader, framing, {
    start: () => Promise.resolve(),
    done() {},
    broken() {},
  });
  return body === null ? "" : await new Response(body).text();
}

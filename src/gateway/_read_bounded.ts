// Request bodies read with a size bound, for the gateway's and the demo's JSON
// endpoints: a body over the bound is refused as soon as it is seen, never
// buffered whole.
import { GatewayError } from "./errors.ts";

// One decoder for every body: decode() without `stream` keeps no state.
const utf8 = new TextDecoder();

/**
 * The request's body bytes, or the error `tooLarge()` makes once more than
 * `limit` bytes are declared (Content-Length) or received.
 *
 * @param request The request whose body to read.
 * @param limit Most bytes accepted.
 * @param tooLarge Makes the error thrown for a larger body.
 * @returns The body bytes.
 *
 * @example Refusing a large body
 * ```ts
 * import { readBounded } from "./_read_bounded.ts";
 * const request = new Request("http://localhost/", { method: "POST", body: "x".repeat(10) });
 * const refused = await readBounded(request, 4, () => new RangeError("too large")).catch((e) => e.message);
 * console.log(refused); // "too large"
 * ```
 */
export function readBounded(
  request: Request,
  limit: number,
  tooLarge: () => Error,
): Promise<Uint8Array> {
  // Not async: the usual body, of declared length, settles through one
  // reaction on its read, with no async function's promise around it.
  try {
    const length = request.headers.get("content-length");
    const declared = Number(length ?? "0");
    if (declared > limit) return Promise.reject(tooLarge());
    // HTTP servers enforce a declared length (the framing), so the body
    // cannot outgrow it: one read of the whole body instead of a read per
    // chunk. The check after it covers a Request built in process with a
    // wrong length. Checked before `request.body`, whose getter builds a
    // ReadableStream over a served request's body: arrayBuffer() reads it
    // without one.
    if (length !== null) {
      return request.arrayBuffer().then((buffer) => {
        const bytes = new Uint8Array(buffer);
        if (bytes.byteLength > limit) throw tooLarge();
        return bytes;
      });
    }
    return readChunks(request, limit, tooLarge);
  } catch (error) {
    return Promise.reject(error);
  }
}

/** A body without a declared length, read chunk by chunk up to `limit`. */
async function readChunks(
  request: Request,
  limit: number,
  tooLarge: () => Error,
): Promise<Uint8Array> {
  if (!request.body) return new Uint8Array(0);
  // Without a length, chunks are copied into one growing buffer: the body is
  // held once, not as chunks plus a joined copy.
  let bytes = new Uint8Array(16 * 1024);
  let size = 0;
  for await (const chunk of request.body) {
    if (size + chunk.byteLength > limit) {
      await request.body.cancel().catch(() => {});
      throw tooLarge();
    }
    if (size + chunk.byteLength > bytes.byteLength) {
      const grown = new Uint8Array(
        Math.min(
          limit,
          Math.max(bytes.byteLength * 2, size + chunk.byteLength),
        ),
      );
      grown.set(bytes.subarray(0, size));
      bytes = grown;
    }
    bytes.set(chunk, size);
    size += chunk.byteLength;
  }
  return size === bytes.byteLength ? bytes : bytes.subarray(0, size);
}

/**
 * The request's JSON body, read with {@linkcode readBounded}: 413 past
 * `limit`, 400 when it cannot be read or is not JSON.
 */
export function readJson(
  request: Request,
  limit: number,
): Promise<unknown> {
  // Not async: one reaction on the read, no async function around it.
  return readBounded(request, limit, () =>
    new GatewayError({
      status: 413,
      type: "invalid_request_error",
      message: `The request body is larger than ${limit} bytes.`,
      code: "request_too_large",
    })).then(parseJson, unreadable);
}

/** A body that could not be read: the 413 as it is, anything else a 400. */
function unreadable(error: unknown): never {
  if (error instanceof GatewayError) throw error;
  // The server could not read the body (broken chunked framing, a client
  // that went away mid-body): the request's fault, never a 500.
  throw new GatewayError({
    status: 400,
    type: "invalid_request_error",
    message: "The request body could not be read (broken framing).",
    code: "invalid_body",
  });
}

/** The body's JSON, else a 400. */
function parseJson(bytes: Uint8Array): unknown {
  try {
    return JSON.parse(utf8.decode(bytes));
  } catch {
    throw new GatewayError({
      status: 400,
      type: "invalid_request_error",
      message: "The request body is not valid JSON.",
      code: "invalid_json",
    });
  }
}

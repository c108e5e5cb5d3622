// Request bodies read with a size bound, for the gateway's and the demo's JSON
// endpoints: a body over the bound is refused as soon as it is seen, never
// buffered whole.

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
export async function readBounded(
  request: Request,
  limit: number,
  tooLarge: () => Error,
): Promise<Uint8Array> {
  const length = request.headers.get("content-length");
  const declared = Number(length ?? "0");
  if (declared > limit) throw tooLarge();
  // HTTP servers enforce a declared length (the framing), so the body cannot
  // outgrow it: one read of the whole body instead of a read per chunk. The
  // check after it covers a Request built in process with a wrong length.
  if (length !== null && request.body) {
    const bytes = new Uint8Array(await request.arrayBuffer());
    if (bytes.byteLength > limit) throw tooLarge();
    return bytes;
  }
  const chunks: Uint8Array[] = [];
  let size = 0;
  if (request.body) {
    for await (const chunk of request.body) {
      size += chunk.byteLength;
      if (size > limit) {
        await request.body.cancel().catch(() => {});
        throw tooLarge();
      }
      chunks.push(chunk);
    }
  }
  const bytes = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.byteLength;
  }
  return bytes;
}

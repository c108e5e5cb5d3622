// The gateway's JSON answers, with their length declared. Deno.serve counts
// a body's bytes itself; other servers cannot tell a body built whole from a
// stream without reading it. serveGateway writes an answer that declares a
// small length as one buffer, head and body together, instead of chunk
// framing it read by read; and every client gets Content-Length, as the
// providers' own APIs send it.

const utf8 = new TextEncoder();

/** `value` as JSON, with `content-type` and `content-length` set. */
export function jsonResponse(
  value: unknown,
  init: { status?: number; headers?: Record<string, string> } = {},
): Response {
  return bytesResponse(utf8.encode(JSON.stringify(value)), init);
}

/** JSON already serialized (a relayed answer), with its length declared. */
export function bytesResponse(
  bytes: Uint8Array<ArrayBuffer>,
  init: { status?: number; headers?: Record<string, string> } = {},
): Response {
  return new Response(bytes, {
    ...(init.status === undefined ? {} : { status: init.status }),
    headers: {
      ...init.headers,
      "content-type": "application/json",
      "content-length": String(bytes.byteLength),
    },
  });
}

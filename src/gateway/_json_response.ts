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
  const response = answerWith(bytes, init.status, init.headers);
  const headers = response.headers;
  headers.set("content-type", "application/json");
  headers.set("content-length", `${bytes.byteLength}`);
  return response;
}

/**
 * A Response with `headers` set one by one, later ones winning: Deno
 * converts a headers record given to the constructor (each name and value
 * checked through its WebIDL layer) at about three times the cost of
 * setting them on the answer's own Headers, on every answer.
 */
export function answerWith(
  body: BodyInit | null,
  status: number | undefined,
  ...headers: (Readonly<Record<string, string>> | undefined)[]
): Response {
  const response = status === undefined
    ? new Response(body)
    : new Response(body, { status });
  const own = response.headers;
  for (const set of headers) {
    if (set === undefined) continue;
    for (const name of Object.keys(set)) own.set(name, set[name]);
  }
  return response;
}

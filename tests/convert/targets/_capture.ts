// Deno-only: one capture server per program on 127.0.0.1, so that a batch of
// programs run by one interpreter process can be matched to what each sent
// whatever the order or the failures: program i talks only to origins[i].
import { serve, type WireRequest } from "../_curl_wire.ts";

/**
 * Opens `count` capture listeners, runs `body(origins)` and returns, per
 * origin, the requests that arrived there (in arrival order). Each request
 * is answered with `answer` (200 "ok" unless given).
 */
export async function captureEach<T>(
  count: number,
  body: (origins: string[]) => Promise<T>,
  answer?: (request: WireRequest) => Uint8Array,
): Promise<{ result: T; requests: WireRequest[][] }> {
  const listeners = Array.from(
    { length: count },
    () => Deno.listen({ hostname: "127.0.0.1", port: 0 }),
  );
  const requests: WireRequest[][] = listeners.map(() => []);
  const served: Promise<void>[] = [];
  const accepting = listeners.map(async (listener, i) => {
    try {
      for await (const conn of listener) {
        served.push(serve(conn, requests[i], answer));
      }
    } catch { /* listener closed */ }
  });
  let result: T;
  try {
    result = await body(
      listeners.map((l) => `http://127.0.0.1:${(l.addr as Deno.NetAddr).port}`),
    );
  } finally {
    for (const listener of listeners) listener.close();
  }
  await Promise.all(accepting);
  await Promise.all(served);
  return { result, requests };
}

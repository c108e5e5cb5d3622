// The two calls the runtime-key tests make of a gateway: a chat completion
// sent with a key, to see whether the key is accepted, and a request to the
// admin API sent with the admin key.
import type { Gateway } from "../../src/gateway/mod.ts";

/** The status of a chat completion for `echo` sent with `secret` (its body is discarded). */
export async function chatStatus(
  gateway: Gateway,
  secret: string,
): Promise<number> {
  const response = await gateway(
    new Request("http://localhost/v1/chat/completions", {
      method: "POST",
      headers: { authorization: `Bearer ${secret}` },
      body: JSON.stringify({
        model: "echo",
        messages: [{ role: "user", content: "hi" }],
      }),
    }),
  );
  await response.body?.cancel();
  return response.status;
}

/** A request to the admin API at `path`, sent with the admin key `adminKey`. */
export function adminRequest(
  adminKey: string,
  method: string,
  path: string,
  body?: unknown,
): Request {
  return new Request(`http://localhost${path}`, {
    method,
    headers: { authorization: `Bearer ${adminKey}` },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}

// The demo app behind serveGateway (as `deno task start` serves it): broken
// chunked framing on either API gets a 400 over a raw loopback socket.
import assert from "node:assert/strict";
import { createApp } from "../../examples/_app.ts";
import { createGateway, serveGateway } from "../../src/gateway/mod.ts";
import { localBackends } from "./_server.ts";
import { shutdownBounded } from "../_bounded.ts";

async function rawExchange(port: number, text: string): Promise<string> {
  const conn = await Deno.connect({ hostname: "127.0.0.1", port });
  const timer = setTimeout(() => conn.close(), 10_000); // bound
  let answer = "";
  try {
    await conn.write(new TextEncoder().encode(text));
    const buffer = new Uint8Array(16 * 1024);
    for (;;) {
      const n = await conn.read(buffer);
      if (n === null) break;
      answer += new TextDecoder().decode(buffer.subarray(0, n));
    }
    conn.close();
  } catch {
    // Closed by the bound.
  } finally {
    clearTimeout(timer);
  }
  return answer;
}

Deno.test("demo server: broken chunked framing is a 400 on /api/convert and /v1/chat/completions", async () => {
  const gateway = createGateway({ backends: localBackends() });
  const server = await serveGateway(createApp({ gateway, page: "<p>x</p>" }), {
    port: 0,
  });
  try {
    for (const path of ["/api/convert", "/v1/chat/completions"]) {
      const answer = await rawExchange(
        server.addr.port,
        `POST ${path} HTTP/1.1\r\nhost: x\r\ntransfer-encoding: chunked\r\n\r\n` +
          '4\r\n{"in\r\nnot-a-size\r\n',
      );
      assert.match(answer, /^HTTP\/1\.1 400 Bad Request\r\n/, path);
    }
  } finally {
    await shutdownBounded(server);
    gateway.dispose();
  }
});

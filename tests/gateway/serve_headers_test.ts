// serveGateway on the wire with a repeated header: its values reach the
// handler joined, trimmed of SP/HTAB only, whatever the names' letter case;
// one with a bare CR at a value's start or end is answered 400 and never
// reaches the handler (it is not turned into a header line of its own).
import assert from "node:assert/strict";
import { serveGateway } from "../../src/gateway/mod.ts";
import { shutdownBounded, withTimeout } from "../_bounded.ts";

async function exchange(port: number, text: string): Promise<string> {
  const conn = await Deno.connect({ hostname: "127.0.0.1", port });
  try {
    await conn.write(new TextEncoder().encode(text));
    let answer = "";
    const buffer = new Uint8Array(4096);
    await withTimeout(
      (async () => {
        for (;;) {
          const n = await conn.read(buffer);
          if (n === null) return;
          answer += new TextDecoder().decode(buffer.subarray(0, n));
        }
      })(),
      10_000,
      "the answer never ended",
    );
    return answer;
  } finally {
    conn.close();
  }
}

Deno.test("serveGateway: a repeated header reaches the handler joined; a bare CR at a value's start or end is a 400 the handler never sees", async () => {
  const seen: Array<Record<string, string>> = [];
  const server = await serveGateway((request) => {
    seen.push(Object.fromEntries(request.headers));
    return new Response("ok");
  }, { port: 0 });
  const port = server.addr.port;
  try {
    const ok = await exchange(
      port,
      "GET / HTTP/1.1\r\nHost: a\r\nX-Tag: one \t\r\nx-tag:\ttwo\r\nConnection: close\r\n\r\n",
    );
    assert.match(ok, /^HTTP\/1\.1 200 /);
    assert.equal(seen.length, 1);
    assert.equal(seen[0]["x-tag"], "one, two");
    for (
      const lines of [
        "X-Tag: one\r\nx-tag: \rInjected: yes\r\n",
        "X-Tag: one\r\nx-tag: two\r\r\nInjected: yes\r\n",
        "X-Tag: one\r\nx-tag:\r\n Injected: yes\r\n",
      ]
    ) {
      const refused = await exchange(
        port,
        `GET / HTTP/1.1\r\nHost: a\r\n${lines}Connection: close\r\n\r\n`,
      );
      assert.match(refused, /^HTTP\/1\.1 400 /, JSON.stringify(lines));
    }
    assert.equal(seen.length, 1, "no refused request reached the handler");
  } finally {
    await shutdownBounded(server);
  }
});

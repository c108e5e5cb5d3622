// The Deno listener's answer bodies (src/serve/_write_body.ts): a body a
// handler builds at once from several pieces goes whole, every piece of it,
// with its Content-Length; one that arrives over time goes chunked, every
// piece too. Checked on the wire, over a raw socket.
import assert from "node:assert/strict";
import { serve } from "../../src/serve/mod.ts";
import { shutdownBounded } from "../_bounded.ts";
import { bodyOf, rawClient } from "./_raw_client.ts";

const utf8 = new TextEncoder();

function pieces(parts: string[], apart: boolean): ReadableStream<Uint8Array> {
  let i = 0;
  return new ReadableStream({
    async pull(controller) {
      if (apart && i > 0) await new Promise((r) => setTimeout(r, 10));
      if (i < parts.length) controller.enqueue(utf8.encode(parts[i++]));
      else controller.close();
    },
  });
}

Deno.test("serve on Deno: a body built at once from several pieces goes whole with its length; one produced over time goes chunked", async () => {
  const server = await serve((request) => {
    const apart = new URL(request.url).pathname === "/apart";
    return new Response(pieces(["ab", "cd", "ef"], apart));
  }, { port: 0, hostname: "127.0.0.1" });
  try {
    for (
      const [path, framing] of [["/once", "content-length: 6"], [
        "/apart",
        "transfer-encoding: chunked",
      ]]
    ) {
      const client = await rawClient(server.addr.port);
      try {
        await client.write(`GET ${path} HTTP/1.1\r\nHost: x\r\n\r\n`);
        const answer = await client.response();
        const head = answer.slice(0, answer.indexOf("\r\n\r\n")).toLowerCase();
        assert.ok(head.split("\r\n").includes(framing), `${path}: ${head}`);
        assert.equal(bodyOf(answer), "abcdef", path);
      } finally {
        await client.destroy();
      }
    }
  } finally {
    await shutdownBounded(server);
  }
});

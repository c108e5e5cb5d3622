// Survivors of seed 20261164 in the Deno listener, each test naming the
// bug in src/serve/ it catches.
import assert from "node:assert/strict";
import { bodyOf } from "./_raw_client.ts";
import { withServer } from "./_with_server.ts";

// Bug (`_deno_server.ts:290`, the 400 dropped): a request whose target
// makes no URL (`*` outside OPTIONS' sense, a broken absolute-form) is
// closed on without an answer, where node:http and this package's Node
// listener answer 400. With a body still coming, the close lingers so the
// client reads its 400 before the connection goes.
Deno.test("serve: a request whose target makes no URL gets a 400, with or without a body still coming", async () => {
  const handled: string[] = [];
  await withServer((request) => {
    handled.push(request.url);
    return new Response("handled");
  }, async (connect) => {
    for (
      const request of [
        "GET * HTTP/1.1\r\nHost: x\r\n\r\n",
        "get http://[::1/ HTTP/1.1\r\nHost: x\r\n\r\n",
        "POST * HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\n\r\nhello",
        // The body is still coming: the 400 goes out while bytes of it wait
        // unread, and the rest comes after.
        "POST * HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n" +
        `4000\r\n${"x".repeat(0x4000)}\r\n`,
      ]
    ) {
      const client = await connect();
      await client.write(request);
      const answer = await client.response();
      assert.match(answer, /^HTTP\/1\.1 400 /, request);
      assert.match(answer, /\r\nconnection: close\r\n/i, request);
      await client.write("5\r\nhello\r\n0\r\n\r\n");
      await client.closedByServer();
    }
    assert.deepEqual(handled, []);
  });
});

// Bug (`_http1.ts:321`, `length > 0`→`> 1`): a body of one byte is read as
// none, its byte taken for the start of the next request.
Deno.test("serve: a one-byte body reaches the handler, with its head or after it, and the connection goes on", async () => {
  await withServer(async (request) => {
    const text = await request.text();
    return new Response(`${request.method} ${JSON.stringify(text)}`);
  }, async (connect) => {
    const client = await connect();
    await client.write(
      "POST /a HTTP/1.1\r\nHost: x\r\nContent-Length: 1\r\n\r\nx",
    );
    assert.equal(bodyOf(await client.response()), 'POST "x"');
    // The byte apart from its head, as a client that writes the body
    // second sends it.
    await client.write(
      "PUT /b HTTP/1.1\r\nHost: x\r\nContent-Length: 1\r\n\r\n",
    );
    await client.write("y");
    assert.equal(bodyOf(await client.response()), 'PUT "y"');
    await client.write("GET /c HTTP/1.1\r\nHost: x\r\n\r\n");
    assert.equal(bodyOf(await client.response()), 'GET ""');
  });
});

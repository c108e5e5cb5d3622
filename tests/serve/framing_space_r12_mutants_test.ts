// The framing headers' values lose only SP and HTAB around them (RFC 9110
// §5.5), as every other value does: a no-break space (byte 0xA0) or another
// character String#trim counts as white space is part of the value, so
// `chunked<NBSP>` is not `chunked` and `5<NBSP>` is no length. Node's
// parser refuses both; a listener that read them as `chunked` or 5 would
// frame the body differently from a proxy in front that does not.
import assert from "node:assert/strict";
import { bodyOf } from "./_raw_client.ts";
import { withServer } from "./_with_server.ts";

/** The request's bytes as written, one byte per character (latin1). */
function latin1(text: string): Uint8Array {
  return Uint8Array.from(text, (c) => c.charCodeAt(0));
}

// Bugs (planted by hand, `_http1.ts`, `.trim()` on the joined
// Transfer-Encoding and on each Content-Length value): a value ending in a
// no-break space was read as `chunked`, or as the length before it.
Deno.test("serve: chunked or a length followed by a no-break space is refused, not read as the framing", async () => {
  const handled: string[] = [];
  await withServer(async (request) => {
    handled.push(await request.text());
    return new Response("handled");
  }, async (connect) => {
    for (
      const [request, status] of [
        [
          "POST /te HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\xa0\r\n\r\n" +
          "5\r\nhello\r\n0\r\n\r\n",
          501,
        ],
        [
          "POST /cl HTTP/1.1\r\nHost: x\r\nContent-Length: 5\xa0\r\n\r\nhello",
          400,
        ],
        [
          "POST /cl2 HTTP/1.1\r\nHost: x\r\nContent-Length: 5,\xa05\r\n\r\nhello",
          400,
        ],
      ] as const
    ) {
      const client = await connect();
      await client.write(latin1(request));
      const answer = await client.response();
      assert.match(answer, new RegExp(`^HTTP/1\\.1 ${status} `), request);
    }
    assert.deepEqual(handled, []);
    // SP and HTAB around a value, and letter case, are still nothing.
    const client = await connect();
    await client.write(
      latin1(
        "POST /a HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: \t Chunked \t\r\n\r\n" +
          "5\r\nhello\r\n0\r\n\r\n" +
          "POST /b HTTP/1.1\r\nHost: x\r\nContent-Length: 5 ,\t5 \r\n\r\nworld",
      ),
    );
    assert.equal(bodyOf(await client.response()), "handled");
    assert.equal(bodyOf(await client.response()), "handled");
    assert.deepEqual(handled, ["hello", "world"]);
  });
});

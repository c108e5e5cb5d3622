// A chunked request body's lines (chunk sizes, the end of each chunk's data,
// trailers) end with CRLF only: a bare LF anywhere in the framing makes the
// body unreadable, as Node 20's parser refuses it (HPE_CR_EXPECTED, or an
// invalid header token in the trailers). Reading a bare LF as a line end
// there, where a proxy in front may not, lets the two frame one body two
// ways. The head may still use bare LF line ends (RFC 9112 §2.2). A line
// split across reads is read on, one past its bound is refused at once, and
// a body read in many pieces is preceded by one 100 Continue, not one each.
import assert from "node:assert/strict";
import { bodyOf, headOf } from "./_raw_client.ts";
import { HttpWireError } from "../../src/serve/_http1.ts";
import { bodyText, source } from "./_wire_source.ts";
import { withServer } from "./_with_server.ts";

const HEAD =
  "POST /upload HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n";

// Fault (found planting `at >= 0`→`> 0` in `_http1.ts` readLine by hand,
// which no test told apart): the listener read each of these bodies as
// "hello", where Node answers 400. Now the same mutant would hold a body
// whose last byte is a bare LF until its timeout.
Deno.test("serve: a chunked body with a bare LF in its framing cannot be read; the same with CRLF can", async () => {
  await withServer(
    async (request) => {
      try {
        return new Response(`read ${await request.text()}`);
      } catch {
        return new Response("unreadable", { status: 400 });
      }
    },
    async (connect) => {
      const cases: [string, string][] = [
        ["5\r\nhello\r\n0\r\n\r\n", "read hello"],
        ["5\nhello\r\n0\r\n\r\n", "unreadable"], // after a chunk size
        ["5\r\nhello\n0\r\n\r\n", "unreadable"], // after a chunk's data
        ["5\r\nhello\r\n0\r\n\n", "unreadable"], // the trailers' end
        ["5\r\nhello\r\n0\r\nX-T: 1\n\r\n", "unreadable"], // a trailer
        ["5\nhello\n0\n\n", "unreadable"], // all of them
        // A bare LF as the last byte sent: refused at once, not held for
        // bytes that may never come.
        ["5\r\nhello\n", "unreadable"],
        ["5\r\nhello\r\n\n", "unreadable"],
        // No CRLF where one must be, and nothing more sent: refused once
        // the line is longer than it may be (two bytes after a chunk's
        // data, 4096 for a size line), not held.
        ["5\r\nhelloXY", "unreadable"],
        ["1;" + "x".repeat(4094), "unreadable"],
      ];
      for (const [body, expected] of cases) {
        const client = await connect();
        await client.write(HEAD + body);
        const answer = await client.response();
        assert.equal(bodyOf(answer), expected, JSON.stringify(body));
        if (expected === "unreadable") {
          // Broken framing: the next request's start is unknown.
          assert.ok(headOf(answer).includes("connection: close"), answer);
        }
      }
    },
  );
});

// Bugs (planted by hand, `_http1.ts` readLine: the length check inverted,
// or the end-of-input check's `!` dropped): a chunk line that arrived in
// more than one read, as a slow client sends it, was refused as too long or
// cut off instead of read on.
Deno.test("WireReader: a chunked body whose lines arrive split across reads is read whole", async () => {
  const reader = source("5", "\r", "\nhel", "lo\r", "\n", "0\r", "\n\r", "\n");
  assert.equal(await bodyText(reader, { kind: "chunked" }), "hello");
});

// Bug (planted by hand, `_http1.ts` bodyStream, `started = true`→`false`):
// the body's start hook ran at every read, so a client that asked for
// `100 Continue` got one before each piece of its body was read, and the
// answer it waited for came after interim answers it never asked for.
Deno.test("serve: Expect: 100-continue gets one 100 Continue however many reads its body takes", async () => {
  await withServer(
    async (request) => new Response(`read ${await request.text()}`),
    async (connect) => {
      const client = await connect();
      await client.write(
        "POST / HTTP/1.1\r\nHost: x\r\nExpect: 100-continue\r\n" +
          "Transfer-Encoding: chunked\r\n\r\n",
      );
      assert.match(await client.response(), /^HTTP\/1\.1 100 /);
      await client.write("2\r\nhe\r\n3\r\nllo\r\n0\r\n\r\n");
      const answer = await client.response();
      assert.match(answer, /^HTTP\/1\.1 200 /, answer);
      assert.equal(bodyOf(answer), "read hello");
    },
  );
});

// Bugs (planted by hand, `_http1.ts` bodyStream, the trailer count's
// `i >= 64` as `> 64` or `>= 65`): the bound on trailer lines let a 65th
// through. 64 are read; one more is refused.
Deno.test("WireReader: a chunked body's trailers are read up to 64 lines; a 65th makes the body unreadable", async () => {
  const trailers = (n: number) => "X-T: 1\r\n".repeat(n);
  const body = (n: number) => source(`2\r\nhi\r\n0\r\n${trailers(n)}\r\n`);
  assert.equal(await bodyText(body(64), { kind: "chunked" }), "hi");
  await assert.rejects(
    bodyText(body(65), { kind: "chunked" }),
    (error) => error instanceof HttpWireError && error.status === 400,
  );
});

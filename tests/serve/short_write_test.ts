// A socket whose send buffer is nearly full takes part of a write (a large
// answer to a client far away, or one reading slowly): the Deno listener
// must go on from the first byte not taken, on every write path (an answer
// of declared length sent whole with its head, a streamed chunk, the head
// sent alone, the last chunk).
import assert from "node:assert/strict";
import { shutdownBounded } from "../_bounded.ts";
import { type FakeConn, fakeConn, serveFake } from "./_fake_conn.ts";
import { bodyOf } from "./_raw_client.ts";

const utf8 = new TextEncoder();
const TAKEN = 7; // bytes each write of the fake socket takes at most

/** Everything the listener wrote on `wire`, in order. */
function written(wire: FakeConn): string {
  return wire.events.map((e) => "write" in e ? e.write : "").join("");
}

/** One request on a connection whose writes are short; what was written. */
async function answerOf(
  handler: () => Response,
): Promise<{ text: string; writes: number }> {
  const wire = fakeConn(
    "GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n",
    { writeAtMost: TAKEN },
  );
  const server = await serveFake(
    handler,
    { port: 0, hostname: "127.0.0.1" },
    [wire],
  );
  try {
    await wire.until(
      () => wire.events.some((e) => "close" in e),
      "the connection's close after the answer",
    );
  } finally {
    await shutdownBounded(server);
  }
  const writes = wire.events.filter((e) => "write" in e).length;
  return { text: written(wire), writes };
}

// Bug (`_deno_server.ts`, `writeAll`: a short write's rest dropped): the
// client gets the first bytes of the answer and then the next write's, a
// corrupt answer; a JSON body of declared length loses its end.
Deno.test("serve on Deno: an answer of declared length, written to a socket that takes part of each write, arrives whole", async () => {
  const json = JSON.stringify({ id: "chatcmpl-1", choices: [{ text: "hi" }] });
  const { text, writes } = await answerOf(() =>
    new Response(json, {
      headers: {
        "content-type": "application/json",
        "content-length": String(utf8.encode(json).byteLength),
      },
    })
  );
  assert.match(text, /^HTTP\/1\.1 200 OK\r\n/);
  assert.match(text, new RegExp(`\\r\\ncontent-length: ${json.length}\\r\\n`));
  assert.equal(bodyOf(text), json);
  assert.ok(writes > text.length / TAKEN - 1, `${writes} writes`);
});

// Bug: the same, for a streamed answer: a chunk's frame is cut, so the
// client reads a wrong size line and the stream's end ("0\r\n\r\n") too
// early or never.
Deno.test("serve on Deno: a streamed answer, written to a socket that takes part of each write, arrives whole, chunk by chunk", async () => {
  const events = [
    'data: {"delta":"Hello"}\n\n',
    'data: {"delta":" there, a longer event than one write takes"}\n\n',
    "data: [DONE]\n\n",
  ];
  const { text } = await answerOf(() => {
    let next = 0;
    return new Response(
      new ReadableStream({
        type: "bytes",
        async pull(controller) {
          // Each event in a turn of its own, as a model's tokens come.
          await new Promise((resolve) => setTimeout(resolve, 0));
          if (next === events.length) {
            controller.close();
            controller.byobRequest?.respond(0);
            return;
          }
          controller.enqueue(utf8.encode(events[next++]));
        },
      }),
      { headers: { "content-type": "text/event-stream" } },
    );
  });
  assert.match(text, /^HTTP\/1\.1 200 OK\r\n/);
  assert.match(text, /\r\ntransfer-encoding: chunked\r\n/);
  assert.equal(bodyOf(text), events.join(""));
  assert.ok(text.endsWith("\r\n0\r\n\r\n"), JSON.stringify(text.slice(-20)));
  // Every event framed with its own size line, in order.
  const body = text.slice(text.indexOf("\r\n\r\n") + 4);
  assert.equal(
    body,
    events.map((e) => `${utf8.encode(e).byteLength.toString(16)}\r\n${e}\r\n`)
      .join("") + "0\r\n\r\n",
  );
});

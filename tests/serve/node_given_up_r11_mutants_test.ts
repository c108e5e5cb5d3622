// The node:http listener run by Node itself (skipped outside CI when Node is
// missing), at the spots the listener's fresh mutation draws left open: an
// answer the listener gives up has its body cancelled, a client that left
// gives its connection slot back, a bodiless POST's body, and an answer that
// names its own framing. Each step names the bug in
// src/serve/_node_server.ts it catches.
import assert from "node:assert/strict";
import { needs } from "../_programs.ts";
import { waitUntil } from "../_timeout.ts";
import {
  assertAnswersNext,
  holdWait,
  leaveWait,
  withBundledNodeServe,
} from "./_node_serve.ts";
import { ask, bodyOf, headOf, rawClient } from "./_raw_client.ts";

const FIXTURE = new URL("./fixtures/node_given_up_serve.ts", import.meta.url);
const ignore = needs("serve on Node", "node").ignore;

Deno.test({
  name:
    "serve on Node: a given-up answer's body is cancelled, a bodiless POST has an empty body, a handler's framing header is not doubled",
  ignore,
  async fn(t) {
    await withBundledNodeServe(FIXTURE, {}, async ({ port, printed }) => {
      // Bug: the 413 given for a chunked upload past the bound leaves the
      // handler's answer unread and uncancelled, so the stream it relays
      // from an upstream is never told to stop.
      await t.step(
        "the answer given up for a 413 has its body cancelled",
        async () => {
          const client = await rawClient(port);
          try {
            await client.write(
              "POST /relay HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n",
            );
            const piece = `200\r\n${"x".repeat(512)}\r\n`;
            for (let i = 0; i < 3; i++) await client.write(piece);
            assert.match(await client.response(), /^HTTP\/1\.1 413 /);
          } finally {
            await client.destroy();
          }
          await printed("read failed BodyTooLarge");
          await printed("cancelled /relay");
        },
      );

      // As node:http and Deno.serve give it: a POST's body is a stream,
      // empty when Content-Length is 0 or absent; a GET has none.
      await t.step(
        "a POST with Content-Length: 0 or none has an empty body stream, a GET none",
        async () => {
          for (
            const [request, expected] of [
              [
                "POST /body HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\n\r\n",
                "stream 0",
              ],
              ["POST /body HTTP/1.1\r\nHost: x\r\n\r\n", "stream 0"],
              ["GET /body HTTP/1.1\r\nHost: x\r\n\r\n", "null 0"],
            ]
          ) {
            const answer = await ask(port, request);
            assert.match(answer, /^HTTP\/1\.1 200 /);
            assert.equal(bodyOf(answer), expected, request);
          }
        },
      );

      // Bug: `res.flushHeaders()` dropped: the head of an answer whose
      // first chunk is not ready waits for that chunk.
      await t.step(
        "the head of a streamed answer goes out before its first chunk is ready",
        async () => {
          const client = await rawClient(port);
          try {
            await client.write("GET /gated HTTP/1.1\r\nHost: x\r\n\r\n");
            await waitUntil(
              () => client.received.includes("\r\n\r\n"),
              "the head was held back until the first chunk",
            );
            assert.match(client.received, /^HTTP\/1\.1 200 /);
            assert.ok(client.received.endsWith("\r\n\r\n"), client.received);
            assert.equal(
              bodyOf(
                await ask(port, "GET /release HTTP/1.1\r\nHost: x\r\n\r\n"),
              ),
              "released",
            );
            assert.equal(bodyOf(await client.response()), "data: x\n\n");
          } finally {
            await client.destroy();
          }
        },
      );

      // Bug: no 100 Continue for a body declared exactly at the bound (a
      // body the listener accepts): a client waiting for it never sends
      // the body.
      await t.step(
        "Expect: 100-continue for a body exactly at the bound gets its 100",
        async () => {
          const client = await rawClient(port);
          try {
            await client.write(
              "POST /body HTTP/1.1\r\nHost: x\r\nExpect: 100-continue\r\nContent-Length: 1024\r\n\r\n",
            );
            assert.match(await client.response(), /^HTTP\/1\.1 100 /);
            await client.write("x".repeat(1024));
            assert.equal(bodyOf(await client.response()), "stream 1024");
          } finally {
            await client.destroy();
          }
        },
      );

      // Bug: a handler's own Transfer-Encoding header copied beside the
      // length the listener writes: the client then reads "hello" as a
      // chunk size.
      await t.step(
        "a whole answer that names a transfer coding goes with its length only",
        async () => {
          const answer = await ask(
            port,
            "GET /framed HTTP/1.1\r\nHost: x\r\n\r\n",
          );
          const head = headOf(answer);
          assert.ok(head.includes("content-length: 5"), head.join("\n"));
          assert.ok(
            !head.some((line) => line.startsWith("transfer-encoding:")),
            head.join("\n"),
          );
          assert.equal(bodyOf(answer), "hello");
        },
      );
    });
  },
});

// Bug (seed 20261161, `_node_server.ts:250`, the check inverted): the count
// of a connection's requests in progress is stored only for sockets no
// longer tracked, so a socket whose client left mid-request is put back
// after its close and holds a connection slot for good: with a cap of one,
// every later client gets a 503.
Deno.test({
  name:
    "serve on Node: a client that leaves mid-request gives its connection slot back",
  ignore,
  async fn() {
    await withBundledNodeServe(
      FIXTURE,
      { MAX_CONNECTIONS: "1" },
      async (serve) => {
        await leaveWait(await holdWait(serve), serve);
        await assertAnswersNext(serve.port);
      },
    );
  },
});

// Bug (planted by hand, `_node_server.ts`, the Connection: close set when a
// request is answered during shutdown dropped): an answer the listener
// writes itself then (a 500 for a handler that failed) does not tell the
// client that its connection closes, though it does.
Deno.test({
  name:
    "serve on Node: a 500 answered during shutdown says Connection: close, and the server finishes",
  ignore,
  async fn() {
    await withBundledNodeServe(
      FIXTURE,
      {},
      async ({ port, printed, ended }) => {
        const client = await rawClient(port);
        try {
          await client.write("GET /hold-throw HTTP/1.1\r\nHost: x\r\n\r\n");
          await printed("holding /hold-throw");
          const status = ended();
          const answer = await client.response();
          assert.match(answer, /^HTTP\/1\.1 500 /);
          assert.ok(
            headOf(answer).includes("connection: close"),
            JSON.stringify(answer),
          );
          await client.closedByServer();
          assert.equal((await status).code, 0);
        } finally {
          await client.destroy();
        }
      },
    );
  },
});

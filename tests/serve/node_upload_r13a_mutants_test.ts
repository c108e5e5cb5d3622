// Uploads on the node:http listener run by Node itself (skipped outside CI
// when Node is missing), at spots no test reached: a chunked upload that
// asks `Expect: 100-continue` (curl's `-T -` sends one), a client that
// leaves halfway through its body, a request sent on a connection refused
// past the cap, an upload the handler leaves unread, and the connection
// after a 413 whose handler answered anyway. Each case names
// the bug in src/serve/_node_server.ts it catches; the Deno listener's
// answer to the first is checked beside it.
import assert from "node:assert/strict";
import { needs } from "../_programs.ts";
import {
  assertAnswersNext,
  FIXTURE as NODE_SERVE,
  holdWait,
  leaveWait,
  withBundledNodeServe,
} from "./_node_serve.ts";
import { ask, bodyOf, type RawClient, rawClient } from "./_raw_client.ts";
import { withServer } from "./_with_server.ts";

const FIXTURE = new URL("./fixtures/node_given_up_serve.ts", import.meta.url);
const ignore = needs("serve on Node", "node").ignore;

/** A chunked upload asking for 100 Continue, letter case as given. */
const chunkedAsking = (path: string, expect: string) =>
  `POST ${path} HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\nExpect: ${expect}\r\n\r\n`;

// Bug (`_node_server.ts`, checkContinue's `?? "0"` dropped): a chunked
// upload declares no length, `Number(undefined)` is NaN, NaN is not within
// the bound, so no 100 Continue: a client that waits for it (curl waits a
// second, others for ever) holds its body back.
Deno.test({
  name:
    "serve on Node: a chunked upload asking for 100 Continue gets it, the second on a connection too, and its body is read",
  ignore,
  async fn() {
    await withBundledNodeServe(FIXTURE, {}, async ({ port }) => {
      const client = await rawClient(port);
      try {
        for (const expect of ["100-continue", "100-Continue"]) {
          await client.write(chunkedAsking("/body", expect));
          assert.match(await client.response(), /^HTTP\/1\.1 100 /, expect);
          await client.write("5\r\nhello\r\n3\r\nabc\r\n0\r\n\r\n");
          const answer = await client.response();
          assert.match(answer, /^HTTP\/1\.1 200 /, expect);
          assert.equal(bodyOf(answer), "stream 8", expect);
        }
      } finally {
        await client.destroy();
      }
    });
  },
});

// On Deno too, where the bug was the 100 written again before each chunk is
// read (`_http1.ts`, bodyStream's `started = true` made false): the client
// reads a second 100 where its answer should be.
Deno.test("serve on Deno: a chunked upload asking for 100 Continue gets it once, the second on a connection too", async () => {
  await withServer(
    async (request) => new Response(`read ${(await request.text()).length}`),
    async (connect) => {
      const client = await connect();
      for (const expect of ["100-continue", "100-Continue"]) {
        await client.write(chunkedAsking("/", expect));
        assert.match(await client.response(), /^HTTP\/1\.1 100 /, expect);
        await client.write("5\r\nhello\r\n3\r\nabc\r\n0\r\n\r\n");
        assert.equal(bodyOf(await client.response()), "read 8", expect);
      }
    },
  );
});

// Bug (`_node_server.ts`, the body's `fail` with its check inverted): a
// client that leaves halfway through its upload never errors the request
// body, so a handler reading it waits for ever (its memory, and whatever it
// holds open, with it) instead of seeing the read fail.
Deno.test({
  name:
    "serve on Node: a client that leaves halfway through its upload fails the handler's read",
  ignore,
  async fn() {
    await withBundledNodeServe(FIXTURE, {}, async ({ port, printed }) => {
      const client = await rawClient(port);
      try {
        // The 100 Continue comes once the handler is called (it reads the
        // body at once): the upload then starts, and stops.
        await client.write(
          "POST /relay HTTP/1.1\r\nHost: x\r\nExpect: 100-continue\r\nContent-Length: 100\r\n\r\n",
        );
        assert.match(await client.response(), /^HTTP\/1\.1 100 /);
        await client.write("0123456789");
      } finally {
        await client.destroy();
      }
      await printed("read failed Error");
      // The server goes on: a next client is answered.
      const after = await ask(port, "GET /after HTTP/1.1\r\nHost: x\r\n\r\n");
      assert.equal(bodyOf(after), "GET /after");
    });
  },
});

// Bug (`_node_server.ts`, the early `return` for a refused socket dropped):
// a request sent on a connection refused past the cap (its 503 already on
// the way) reaches the handler, and the socket is counted as open again,
// for good: with a cap of one, every later client is refused.
Deno.test({
  name:
    "serve on Node: a request sent on a refused connection never reaches the handler, and the slot frees",
  ignore,
  async fn() {
    await withBundledNodeServe(
      FIXTURE,
      { MAX_CONNECTIONS: "1" },
      async (serve) => {
        const port = serve.port;
        const holding = await holdWait(serve);
        let refused: RawClient | undefined;
        try {
          refused = await rawClient(port);
          // Written as the connection opens, before the client can have
          // read the 503 and closed its side: the server reads it.
          assert.ok(
            await refused.write("GET /refused HTTP/1.1\r\nHost: x\r\n\r\n"),
          );
          await refused.closedByServer();
          assert.match(refused.received, /^HTTP\/1\.1 503 /);
          await leaveWait(holding, serve);
          await assertAnswersNext(port);
        } finally {
          await holding.destroy();
          await refused?.destroy();
        }
      },
    );
  },
});

// Bug (seed 20261166, `_node_server.ts:150`, the body's backpressure check
// inverted): node:http is no longer paused while the handler leaves the
// body's queue full, so an upload the handler does not read is taken whole
// into memory (up to maxBodyBytes, without end under serveGateway), and the
// documented bodyTimeoutMs, "until the handler has the whole body", never
// ends it: the handler holds the connection and the upload for ever.
Deno.test({
  name:
    "serve on Node: an upload the handler leaves unread is not taken whole, and gets its 408 at bodyTimeoutMs",
  ignore,
  async fn() {
    await withBundledNodeServe(NODE_SERVE, {
      MAX_BODY_BYTES: String(64 * 1024 * 1024),
      HEADERS_TIMEOUT_MS: "300",
      // Long enough for the bug to take the whole upload under any load
      // (16 MiB over loopback); with 300 ms a loaded machine sent it too
      // slowly, so the 408 came anyway and the bug went unseen.
      BODY_TIMEOUT_MS: "3000",
    }, async ({ port, printed }) => {
      const client = await rawClient(port);
      try {
        const size = 16 * 1024 * 1024;
        await client.write(
          `POST /wait HTTP/1.1\r\nHost: x\r\nContent-Length: ${size}\r\n\r\n`,
        );
        await printed("handling /wait");
        // Not awaited: with backpressure it ends only with the connection.
        void client.write(new Uint8Array(size).fill(120));
        assert.match(await client.response(), /^HTTP\/1\.1 408 /);
        await printed("aborted /wait");
      } finally {
        await client.destroy();
      }
    });
  },
});

// Bug (seed 20261166, `_node_server.ts:314`, the `return` after the 413 that
// stands for a handler's answer dropped): that answer is then written too,
// over the 413 already sent; node:http refuses it and the connection is
// destroyed, where it is documented to be kept (the rest of the body read
// and dropped) for the client's next request.
Deno.test({
  name:
    "serve on Node: after the 413 for a chunked upload whose handler answered anyway, the connection serves the next request",
  ignore,
  async fn() {
    await withBundledNodeServe(FIXTURE, {}, async ({ port, printed }) => {
      const client = await rawClient(port);
      try {
        // /relay reads its body, sees the read fail past the 1 KiB bound,
        // and answers with a stream all the same.
        await client.write(
          "POST /relay HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n",
        );
        const piece = `200\r\n${"x".repeat(512)}\r\n`;
        for (let i = 0; i < 3; i++) await client.write(piece);
        assert.match(await client.response(), /^HTTP\/1\.1 413 /);
        await printed("cancelled /relay");
        await client.write(piece + "0\r\n\r\n");
        await client.write("GET /after HTTP/1.1\r\nHost: x\r\n\r\n");
        const next = await client.response();
        assert.match(next, /^HTTP\/1\.1 200 /);
        assert.equal(bodyOf(next), "GET /after");
      } finally {
        await client.destroy();
      }
    });
  },
});

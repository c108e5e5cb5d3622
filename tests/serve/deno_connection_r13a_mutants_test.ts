// What becomes of a connection to the Deno listener after exchanges no test
// looked at: a small body the handler never reads, an HTTP/1.0 keep-alive
// client given an answer of no length, a HEAD answer whose body is a stream,
// a client that leaves before its answer, a declared body sent after its
// head, and an answer without a body. Each case names the bug in
// src/serve/_deno_server.ts or _http1.ts it catches; Deno.serve and
// node:http behave as asserted.
import assert from "node:assert/strict";
import { waitUntil, withTimeout } from "../_timeout.ts";
import { bodyOf, headOf, WAIT_MS } from "./_raw_client.ts";
import { withServer } from "./_with_server.ts";

const utf8 = new TextEncoder();

// Bug (the `!` before `head.expectContinue` dropped where the body that came
// with its head is taken): a small body is then read through the stream,
// which a handler that never reads it (a refusal, a redirect) leaves
// unread, so the answer says `Connection: close` and the client must open a
// new connection for its next request.
Deno.test("serve: a small body the handler never reads leaves the connection open for the next request", async () => {
  await withServer(
    (request) =>
      new Response(`${request.method} ${new URL(request.url).pathname}`),
    async (connect) => {
      const client = await connect();
      for (const path of ["/first", "/second"]) {
        await client.write(
          `POST ${path} HTTP/1.1\r\nHost: x\r\nContent-Length: 13\r\n\r\n{"model":"m"}`,
        );
        const answer = await client.response();
        assert.equal(bodyOf(answer), `POST ${path}`);
        assert.ok(!headOf(answer).includes("connection: close"), answer);
      }
      assert.ok(!client.closed, "the connection stays open");
    },
  );
});

// Bug (`reusable = true` for an answer that ends with its connection): an
// HTTP/1.0 client asking for keep-alive gets an answer of no length, which
// only the connection's end can end, and the connection is kept: the client
// waits for the end of the body until the idle timeout.
Deno.test("serve: an HTTP/1.0 keep-alive client given an answer of no length gets it ended by the close", async () => {
  const pieces = ["data: a\n\n", "data: b\n\n"];
  await withServer(
    () =>
      new Response(
        new ReadableStream<Uint8Array>({
          pull(controller) {
            const next = pieces.shift();
            if (next === undefined) controller.close();
            else controller.enqueue(utf8.encode(next));
          },
        }),
      ),
    async (connect) => {
      const client = await connect();
      await client.write(
        "GET /stream HTTP/1.0\r\nHost: x\r\nConnection: Keep-Alive\r\n\r\n",
      );
      await client.closedByServer();
      const answer = client.received;
      assert.match(answer, /^HTTP\/1\.1 200 /);
      assert.ok(headOf(answer).includes("connection: close"), answer);
      assert.equal(bodyOf(answer), "data: a\n\ndata: b\n\n");
    },
  );
});

// Bug (the body's cancel dropped where an answer goes without one): a HEAD
// answer's stream is never read nor cancelled, so what it relays (an
// upstream call, a file) stays open.
Deno.test("serve: a HEAD answer's body stream is cancelled, and the connection serves the next request", async () => {
  let cancelled = Promise.withResolvers<void>();
  await withServer(
    (request) =>
      request.method === "HEAD"
        ? new Response(
          new ReadableStream<Uint8Array>({ cancel: () => cancelled.resolve() }),
          { headers: { "content-type": "text/plain" } },
        )
        : new Response("got"),
    async (connect) => {
      const client = await connect();
      // The second HEAD on the connection too.
      for (let i = 0; i < 2; i++) {
        cancelled = Promise.withResolvers<void>();
        await client.write("HEAD /file HTTP/1.1\r\nHost: x\r\n\r\n");
        await withTimeout(
          cancelled.promise,
          WAIT_MS,
          "the HEAD answer's body was never cancelled",
        );
        await client.write("GET /next HTTP/1.1\r\nHost: x\r\n\r\n");
        // No body after the HEAD answer's head: the next answer follows it.
        const answers = () => client.received.split(/(?=HTTP\/1\.1 )/);
        await waitUntil(
          () =>
            answers().length === 2 * (i + 1) &&
            client.received.endsWith("\r\n\r\ngot"),
          "the answer to the request after the HEAD",
        );
        assert.ok(answers().at(-2)!.endsWith("\r\n\r\n"), client.received);
      }
    },
  );
});

// Bug (`?? new Error(…)` dropped where `completed` rejects): an answer not
// delivered because its client left rejects `completed` with undefined, so
// a handler that logs `error.message` throws.
Deno.test("serve: completed rejects with an Error when the client left before its answer", async () => {
  const working = Promise.withResolvers<void>();
  const outcome = Promise.withResolvers<unknown>();
  await withServer(async (request, info) => {
    info.completed?.then(() => outcome.resolve("delivered"), outcome.resolve);
    working.resolve();
    return await new Promise<Response>((resolve) =>
      request.signal.addEventListener(
        "abort",
        () => resolve(new Response("too late")),
      )
    );
  }, async (connect) => {
    const client = await connect();
    await client.write("GET /wait HTTP/1.1\r\nHost: x\r\n\r\n");
    await withTimeout(working.promise, WAIT_MS, "the handler to start");
    await client.destroy();
    const reason = await withTimeout(
      outcome.promise,
      WAIT_MS,
      "completed to settle",
    );
    assert.ok(reason instanceof Error, String(reason));
    assert.match(reason.message, /not delivered/);
  });
});

// Bug (`_http1.ts`, bodyStream's `return` after a declared body's last
// piece dropped): the body ends, and its stream goes on to read a chunk's
// CRLF from the bytes after it, the next request's: that request is lost
// or garbled. A body read through the stream is one that came after its
// head (a client that sends the head first).
Deno.test("serve: a declared body sent after its head is read, and the next request on the connection answered", async () => {
  const handling = Promise.withResolvers<void>();
  await withServer(async (request) => {
    handling.resolve();
    return new Response(`${request.method} ${await request.text()}`);
  }, async (connect) => {
    const client = await connect();
    await client.write(
      "POST /a HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\n\r\n",
    );
    await withTimeout(handling.promise, WAIT_MS, "the handler to start");
    await client.write("hello");
    assert.equal(bodyOf(await client.response()), "POST hello");
    await client.write("GET /b HTTP/1.1\r\nHost: x\r\n\r\n");
    assert.equal(bodyOf(await client.response()), "GET ");
  });
});

// Bug (`_http1.ts`, responseHead's `response.body !== null && …` with `||`):
// an answer without a body (`new Response(null)`) is framed chunked, and no
// chunk follows: the client waits for a body that never ends.
Deno.test("serve: an answer without a body goes with Content-Length: 0, and the connection serves the next request", async () => {
  await withServer(
    (request) =>
      new URL(request.url).pathname === "/none"
        ? new Response(null)
        : new Response("next"),
    async (connect) => {
      const client = await connect();
      await client.write("GET /none HTTP/1.1\r\nHost: x\r\n\r\n");
      const none = await client.response();
      assert.match(none, /^HTTP\/1\.1 200 /);
      assert.ok(headOf(none).includes("content-length: 0"), none);
      assert.ok(
        !headOf(none).some((line) => line.startsWith("transfer-encoding")),
        none,
      );
      await client.write("GET /next HTTP/1.1\r\nHost: x\r\n\r\n");
      assert.equal(bodyOf(await client.response()), "next");
    },
  );
});

// Bug (`_deno_server.ts`, the lingering close after an answer that left the
// body unread made to happen only while shutting down, or `"close"` chosen
// for it by `||` when nothing of the body was buffered yet): the connection
// is closed with the client's body bytes unread, the kernel resets it, and a
// client that sends its whole body before reading (Python's http.client,
// curl) loses the answer.
Deno.test("serve: a client that sends its whole upload before reading gets the answer its handler gave without reading it", async () => {
  // More than the kernel's buffers on both ends take: the upload can end
  // only if the server reads (and drops) it.
  const size = 4 * 1024 * 1024;
  const handling = Promise.withResolvers<void>();
  const answering = Promise.withResolvers<void>();
  await withServer(
    async () => {
      handling.resolve();
      await answering.promise;
      return new Response("no key", { status: 401 });
    },
    async (_connect, server) => {
      const conn = await Deno.connect({
        hostname: "127.0.0.1",
        port: server.addr.port,
      });
      const writeAll = async (bytes: Uint8Array) => {
        for (let at = 0; at < bytes.byteLength;) {
          at += await conn.write(bytes.subarray(at));
        }
      };
      try {
        // The head alone first: nothing of the body is buffered when the
        // handler answers; the body is on its way (unread) by then.
        await writeAll(utf8.encode(
          `POST /v1/chat/completions HTTP/1.1\r\nHost: x\r\nContent-Length: ${size}\r\n\r\n`,
        ));
        await withTimeout(handling.promise, WAIT_MS, "the handler to start");
        // A first part of the body taken by the kernel (the server reads
        // none of it yet), the rest sent while the handler answers.
        const body = new Uint8Array(size).fill(120);
        await withTimeout(
          writeAll(body.subarray(0, 64 * 1024)),
          WAIT_MS,
          "the body's first part was not taken",
        );
        const upload = writeAll(body.subarray(64 * 1024));
        answering.resolve();
        await withTimeout(upload, WAIT_MS, "the upload was not taken");
        const buffer = new Uint8Array(4096);
        let answer = "";
        for (;;) {
          const n = await withTimeout(conn.read(buffer), WAIT_MS, "no end");
          if (n === null) break;
          answer += new TextDecoder().decode(buffer.subarray(0, n));
        }
        assert.match(answer, /^HTTP\/1\.1 401 /);
        assert.ok(answer.endsWith("\r\n\r\nno key"), answer);
      } finally {
        answering.resolve();
        conn.close();
      }
    },
    // Within the bound: the handler answers, not the listener's 413.
    { maxBodyBytes: 2 * size },
  );
});

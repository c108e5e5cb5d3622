// `serve` on Node itself (Node 20 on PATH; skipped outside CI when it is
// missing): the module bundled as the npm package ships it and run by node,
// driven from here over raw sockets. Deno's node:http cannot stand in for
// these: it does not enforce `headersTimeout`, and `serve` must pick the
// node:http listener on Node. Beside them, the node:http options checked
// against the documented timeout tolerance (no clock needed).
import assert from "node:assert/strict";
import { nodeServerOptions } from "../../src/serve/_node_server.ts";
import { resolveServeOptions } from "../../src/serve/mod.ts";
import { fetchSignal, run } from "../_bounded.ts";
import { needs, programPath } from "../_programs.ts";
import {
  bundle,
  FIXTURE,
  holdWait,
  leaveWait,
  withBundledNodeServe,
} from "./_node_serve.ts";
import { ask, bodyOf, headOf, rawClient } from "./_raw_client.ts";

/** The portable listener tests, which the npm build runs under Node. */
const PORTABLE = new URL("./serve_app_test.ts", import.meta.url);
const ignore = needs("serve on Node", "node").ignore;

// The same scenarios as on Deno (408, 413 declared and chunked, 503 past the
// cap, keep-alive, serveGateway's bound), run by node:test against the
// node:http listener: a Deno run of the suite reaches that listener too.
Deno.test({
  name: "serve on Node: the portable listener tests pass under node --test",
  ignore,
  async fn() {
    const dir = await Deno.makeTempDir();
    try {
      const script = await bundle(dir, PORTABLE);
      const result = await run(programPath("node"), {
        args: ["--test", "--test-reporter=tap", script],
        cwd: dir,
      });
      assert.equal(result.code, 0, result.out.slice(-4000) + result.err);
      assert.match(result.out, /^# pass [1-9]/m);
      assert.match(result.out, /^# fail 0$/m);
    } finally {
      await Deno.remove(dir, { recursive: true });
    }
  },
});

Deno.test({
  name:
    "serve on Node: a chunked upload past the bound is a 413, and the same connection serves the next request",
  ignore,
  async fn() {
    await withBundledNodeServe(FIXTURE, {}, async ({ port }) => {
      const client = await rawClient(port);
      try {
        // 2 KiB in 512-byte chunks against a 1 KiB bound: the 413 comes
        // while the client is still sending.
        await client.write(
          "POST /upload HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n",
        );
        const piece = `200\r\n${"x".repeat(512)}\r\n`;
        for (let i = 0; i < 3; i++) await client.write(piece);
        const refused = await client.response();
        assert.match(refused, /^HTTP\/1\.1 413 /);
        // The rest of the body, then a second request on the connection.
        await client.write(piece + "0\r\n\r\n");
        await client.write(
          "POST /after HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\n\r\nhello",
        );
        const next = await client.response();
        assert.match(next, /^HTTP\/1\.1 200 /);
        assert.match(next, /POST read 5$/);
      } finally {
        await client.destroy();
      }
    });
  },
});

Deno.test({
  name:
    "serve on Node: a head that never ends gets a 408 and the connection is closed",
  ignore,
  async fn() {
    await withBundledNodeServe(
      FIXTURE,
      { HEADERS_TIMEOUT_MS: "300" },
      async ({ port }) => {
        const client = await rawClient(port);
        try {
          await client.write("GET / HTTP/1.1\r\nHost: x\r\nX-Slow: ");
          const answer = await client.response();
          assert.match(answer, /^HTTP\/1\.1 408 /);
          await client.closedByServer();
        } finally {
          await client.destroy();
        }
      },
    );
  },
});

// What a handler gets and what its client gets, through node:http: each
// step names the bug in src/serve/_node_server.ts it catches.
Deno.test({
  name:
    "serve on Node: headers in and out, whole and streamed bodies, failures, aborts, 100-continue and shutdown",
  ignore,
  async fn(t) {
    await withBundledNodeServe(
      FIXTURE,
      {},
      async (serve) => {
        const { port, printed, ended } = serve;
        const get = (path: string, extra = "") =>
          ask(port, `GET ${path} HTTP/1.1\r\nHost: x\r\n${extra}\r\n`);

        // Bug: the request's headers dropped or paired wrongly on the way
        // to the handler (pairsOf).
        await t.step("the request's headers reach the handler", async () => {
          const answer = await get("/headers", "X-One: 1\r\nx-two: Two\r\n");
          assert.match(answer, /^HTTP\/1\.1 200 /);
          assert.deepEqual(JSON.parse(bodyOf(answer)), {
            one: "1",
            two: "Two",
          });
        });

        // Bug: Set-Cookie lines folded into one, or lost, or the other
        // headers lost when they are copied to node:http.
        await t.step(
          "each Set-Cookie goes on its own line, beside the other headers",
          async () => {
            const head = headOf(await get("/cookies"));
            assert.deepEqual(head.filter((l) => l.startsWith("set-cookie:")), [
              "set-cookie: a=1",
              "set-cookie: b=2",
            ]);
            assert.ok(head.includes("x-extra: yes"), head.join("\n"));
            const one = headOf(await get("/cookie"));
            assert.ok(one.includes("set-cookie: c=3; path=/"), one.join("\n"));
          },
        );

        // Bug: a body given in several pieces at once written as its first
        // piece, or as zeros, instead of whole with its length.
        await t.step(
          "a body built at once goes whole, with its Content-Length",
          async () => {
            const answer = await get("/pieces");
            assert.ok(headOf(answer).includes("content-length: 6"), answer);
            assert.equal(bodyOf(answer), "abcdef");
          },
        );

        // Bug: a body of exactly 64 KiB (the documented "within 64 KiB")
        // sent chunked instead of whole with its length.
        await t.step(
          "a body of exactly 64 KiB built at once still goes whole",
          async () => {
            const answer = await get("/exact");
            assert.ok(
              headOf(answer).includes("content-length: 65536"),
              headOf(answer).join("\n"),
            );
            assert.equal(
              bodyOf(answer),
              "a".repeat(32 * 1024) + "b".repeat(32 * 1024),
            );
          },
        );

        // Bug: past 64 KiB, the pieces read so far or the rest dropped.
        await t.step(
          "a body past 64 KiB goes chunked, every piece of it",
          async () => {
            const answer = await get("/big");
            assert.ok(headOf(answer).includes("transfer-encoding: chunked"));
            const body = bodyOf(answer);
            assert.equal(body.length, 80_000);
            assert.equal(body, "x".repeat(40_000) + "y".repeat(40_000));
          },
        );

        // Bug: a streamed body ended after its first piece, or the answer
        // not counted as delivered.
        await t.step(
          "a body still being produced goes out as it comes, and completes",
          async () => {
            const answer = await get("/stream");
            assert.ok(headOf(answer).includes("transfer-encoding: chunked"));
            assert.equal(bodyOf(answer), "first second");
            await printed("completed /stream ok");
          },
        );

        // Bug: a body that fails midway ends like a whole answer, or
        // `completed` does not say the body failed.
        await t.step(
          "a body that fails midway cuts the answer, and completed rejects with BodyFailed",
          async () => {
            const client = await rawClient(port);
            try {
              await client.write("GET /cut HTTP/1.1\r\nHost: x\r\n\r\n");
              await client.closedByServer();
              assert.match(client.received, /^HTTP\/1\.1 200 /);
              assert.match(client.received, /partial/);
              assert.doesNotMatch(client.received, /\r\n0\r\n\r\n$/);
            } finally {
              await client.destroy();
            }
            await printed("completed /cut BodyFailed");
          },
        );

        // Bug: a handler that throws leaves the client without an answer.
        await t.step("a handler that throws is a 500", async () => {
          assert.match(await get("/throw"), /^HTTP\/1\.1 500 /);
        });

        // Bug: answers without a body (null, or 204) sent with one, or not
        // at all.
        await t.step("an answer without a body, and a 204", async () => {
          const none = await get("/nobody");
          assert.match(none, /^HTTP\/1\.1 200 /);
          assert.equal(bodyOf(none), "");
          const empty = await fetch(`http://127.0.0.1:${port}/empty`, {
            signal: fetchSignal(),
          });
          assert.equal(empty.status, 204);
          assert.equal(await empty.text(), "");
        });

        // Bug: a client that leaves does not abort the handler's request,
        // or `completed` resolves as if the answer was delivered.
        await t.step(
          "a client that leaves aborts the request, and completed rejects",
          async () => {
            await leaveWait(await holdWait(serve), serve);
            await printed("aborted /wait");
          },
        );

        // Bug: a client that leaves after its whole body was read makes the
        // body stream fail a second time (it is already closed), which
        // throws inside node:http's event and takes the process down.
        await t.step(
          "a client that leaves after its whole body was read: the request aborts, the server goes on",
          async () => {
            const client = await rawClient(port);
            await client.write(
              "POST /read-then-wait HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\n\r\nhello",
            );
            await printed("read 5 /read-then-wait");
            await client.destroy();
            await printed("aborted /read-then-wait");
            const after = await get("/pieces");
            assert.equal(bodyOf(after), "abcdef");
          },
        );

        // Bug: 100 Continue sent for a body past the bound, or not sent
        // for one within it (the client then waits before sending).
        await t.step(
          "Expect: 100-continue within the bound gets 100, past it a 413",
          async () => {
            const client = await rawClient(port);
            try {
              await client.write(
                "POST /echo HTTP/1.1\r\nHost: x\r\nExpect: 100-continue\r\nContent-Length: 5\r\n\r\n",
              );
              assert.match(await client.response(), /^HTTP\/1\.1 100 /);
              await client.write("hello");
              const answer = await client.response();
              assert.match(answer, /^HTTP\/1\.1 200 /);
              assert.equal(bodyOf(answer), "POST read 5");
            } finally {
              await client.destroy();
            }
            const over = await ask(
              port,
              "POST /echo HTTP/1.1\r\nHost: x\r\nExpect: 100-continue\r\nContent-Length: 5000\r\n\r\n",
            );
            assert.match(over, /^HTTP\/1\.1 413 /);
          },
        );

        // Bug: shutdown leaves an idle keep-alive connection open (the
        // server never finishes, the process never exits), or an answer
        // in flight does not say `Connection: close` and its connection
        // stays open.
        await t.step(
          "shutdown closes idle connections, and the one answering after its answer",
          async () => {
            const idle = await rawClient(port);
            const busy = await rawClient(port);
            try {
              await idle.write("GET /pieces HTTP/1.1\r\nHost: x\r\n\r\n");
              assert.equal(bodyOf(await idle.response()), "abcdef");
              await busy.write("GET /hold HTTP/1.1\r\nHost: x\r\n\r\n");
              await printed("holding /hold");
              const status = ended();
              await idle.closedByServer();
              const answer = await busy.response();
              assert.equal(bodyOf(answer), "held");
              assert.ok(headOf(answer).includes("connection: close"), answer);
              await busy.closedByServer();
              assert.equal((await status).code, 0);
            } finally {
              await idle.destroy();
              await busy.destroy();
            }
          },
        );
      },
    );
  },
});

// Bug (seed 20261160, `_node_server.ts:158`, the pull's `req.resume()`
// dropped): a handler that reads its body more slowly than it arrives lets
// the body's queue fill, node:http is paused, and nothing resumes it: the
// upload stalls.
Deno.test({
  name:
    "serve on Node: a handler that reads its body slowly still gets all of it",
  ignore,
  async fn() {
    await withBundledNodeServe(
      FIXTURE,
      { MAX_BODY_BYTES: String(1024 * 1024) },
      async ({ port }) => {
        const size = 256 * 1024;
        const client = await rawClient(port);
        try {
          await client.write(
            `POST /slow-reader HTTP/1.1\r\nHost: x\r\nContent-Length: ${size}\r\n\r\n`,
          );
          for (let sent = 0; sent < size; sent += 16 * 1024) {
            await client.write(new Uint8Array(16 * 1024).fill(120));
          }
          const answer = await client.response();
          assert.match(answer, /^HTTP\/1\.1 200 /);
          assert.equal(bodyOf(answer), `slowly read ${size}`);
        } finally {
          await client.destroy();
        }
      },
    );
  },
});

// Node checks its headers and request timeouts only every
// connectionsCheckingInterval: that interval is how late they can be met.
Deno.test("serve on Node: the timeouts are checked often enough to be met at most 5% or 250 ms late", () => {
  const cases = [
    {},
    { headersTimeoutMs: 2_000 },
    { headersTimeoutMs: 10_000, bodyTimeoutMs: 1_000 },
    { idleTimeoutMs: 400 },
    { headersTimeoutMs: 300, bodyTimeoutMs: 300, idleTimeoutMs: 300 },
    { headersTimeoutMs: 40 },
  ];
  for (const given of cases) {
    const limits = resolveServeOptions(given);
    const options = nodeServerOptions(limits);
    assert.equal(options.headersTimeout, limits.headersTimeoutMs);
    assert.equal(
      options.requestTimeout,
      limits.headersTimeoutMs + limits.bodyTimeoutMs,
    );
    assert.equal(options.keepAliveTimeout, limits.idleTimeoutMs);
    assert.equal(options.maxHeaderSize, limits.maxHeaderBytes);
    const every = options.connectionsCheckingInterval;
    assert.ok(every >= 5, "not a busy loop");
    for (const timeout of [options.headersTimeout, options.requestTimeout]) {
      const tolerance = Math.max(5, Math.min(250, timeout * 0.05));
      assert.ok(
        every <= tolerance,
        `${
          JSON.stringify(given)
        }: checked every ${every} ms, a ${timeout} ms timeout allows ${tolerance}`,
      );
    }
  }
});

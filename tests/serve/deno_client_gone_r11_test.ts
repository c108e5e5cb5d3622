// A client that leaves the Deno listener while its answer is being made.
// The listener read nothing once a request was whole, so it never saw the
// client go: the handler's signal stayed unaborted while it waited on a
// model call, and an answer whose body waited for its first byte (a relay
// before its upstream's first byte) was never cancelled, so the gateway's
// upstream call went on until it answered. Deno.serve and node:http notice
// the client's end and abort; the listener now reads on once the request is
// whole, and keeps what it reads (a next request) for the next head.
import assert from "node:assert/strict";
import { serve } from "../../src/serve/mod.ts";
import net from "node:net";
import { serveGateway } from "../../src/gateway/serve.ts";
import { createGateway } from "../../src/gateway/gateway.ts";
import { createOpenAIAdapter } from "../../src/models/adapters/openai.ts";
import { shutdownBounded, withTimeout } from "../_bounded.ts";
import { waitUntil } from "../_timeout.ts";
import { bodyOf, rawClient } from "./_raw_client.ts";
import { withServer } from "./_with_server.ts";

const BOUND_MS = 10_000;

/** A promise and its resolver. */
function event<T = void>(): { seen: Promise<T>; see: (value: T) => void } {
  let see!: (value: T) => void;
  const seen = new Promise<T>((resolve) => see = resolve);
  return { seen, see };
}

const FRAMINGS = [
  "Content-Length: 5\r\n\r\nhello",
  "Transfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n0\r\n\r\n",
];

// Bug: nothing reads the connection while the handler works (the watch
// dropped), so the client's leaving is never seen.
Deno.test("serve: a client that leaves while the handler works aborts its signal, on the second request of a connection", async () => {
  let now = { working: event(), aborted: event(), outcome: event<string>() };
  await withServer(async (request, info) => {
    const body = await request.text(); // whole first, as the gateway reads it
    if (new URL(request.url).pathname === "/first") {
      return new Response(`read ${body.length}`);
    }
    const { working, aborted, outcome } = now;
    info?.completed?.then(
      () => outcome.see("delivered"),
      () => outcome.see("not delivered"),
    );
    working.see();
    return await new Promise<Response>((resolve) =>
      request.signal.addEventListener("abort", () => {
        aborted.see();
        resolve(new Response("too late"));
      })
    );
  }, async (connect) => {
    for (const framing of FRAMINGS) {
      now = { working: event(), aborted: event(), outcome: event<string>() };
      const client = await connect();
      await client.write(`POST /first HTTP/1.1\r\nHost: x\r\n${framing}`);
      assert.equal(bodyOf(await client.response()), "read 5");
      await client.write(`POST /work HTTP/1.1\r\nHost: x\r\n${framing}`);
      await withTimeout(now.working.seen, BOUND_MS, "the handler to start");
      await client.destroy();
      await withTimeout(now.aborted.seen, BOUND_MS, `abort after ${framing}`);
      assert.equal(
        await withTimeout(now.outcome.seen, BOUND_MS, "completed to settle"),
        "not delivered",
      );
    }
  });
});

// Bug: a read that fails (the client reset the connection) is taken for
// bytes that came, so the handler is never aborted.
Deno.test("serve: a client that resets the connection while the handler works aborts the handler", async () => {
  const working = event();
  const aborted = event();
  const server = await serve(async (request) => {
    if (new URL(request.url).pathname === "/fast") return new Response("fast");
    working.see();
    return await new Promise<Response>((resolve) =>
      request.signal.addEventListener("abort", () => {
        aborted.see();
        resolve(new Response("too late"));
      })
    );
  }, { port: 0, hostname: "127.0.0.1" });
  const socket = net.connect({ host: "127.0.0.1", port: server.addr.port });
  socket.on("error", () => {});
  const gone = new Promise((resolve) => socket.once("close", resolve));
  try {
    // A first answer, then the second request, which the client abandons
    // with a reset (RST), not a close.
    socket.write(
      "GET /fast HTTP/1.1\r\nHost: x\r\n\r\n" +
        "GET /work HTTP/1.1\r\nHost: x\r\n\r\n",
    );
    await withTimeout(working.seen, BOUND_MS, "the second handler");
    socket.resetAndDestroy();
    await withTimeout(aborted.seen, BOUND_MS, "the handler's signal to abort");
  } finally {
    socket.destroy();
    await withTimeout(gone, BOUND_MS, "the client socket to close");
    await shutdownBounded(server);
  }
});

// Bug: the answer's body is cancelled only at its next piece (the cancel
// on the connection's end dropped), which a silent upstream never sends.
Deno.test("serve: a client that leaves before the answer's first byte cancels its body", async () => {
  const cancelled = event();
  await withServer(() =>
    new Response(
      new ReadableStream<Uint8Array>({
        pull: () => new Promise<void>(() => {}),
        cancel: () => cancelled.see(),
      }),
    ), async (connect) => {
    const client = await connect();
    await client.write("GET /silent HTTP/1.1\r\nHost: x\r\n\r\n");
    await waitUntil(
      () => /^HTTP\/1\.1 200 [^]*\r\n\r\n/.test(client.received),
      "the answer's head",
    );
    await client.destroy();
    await withTimeout(cancelled.seen, BOUND_MS, "the body to be cancelled");
  });
});

// Bug: what the listener reads while an answer is made is dropped, or read
// twice: requests sent while the first is being answered, each after the
// last one's body, must each be answered, in order.
Deno.test("serve: requests sent while an answer is being made are each answered, in order", async () => {
  const started = event();
  const release = event();
  await withServer(async (request) => {
    const body = await request.text();
    const path = new URL(request.url).pathname;
    if (path === "/0") {
      started.see();
      await release.seen;
    }
    return new Response(`${path} ${body}`);
  }, async (connect) => {
    const client = await connect();
    await client.write(`POST /0 HTTP/1.1\r\nHost: x\r\n${FRAMINGS[1]}`);
    await withTimeout(started.seen, BOUND_MS, "the first handler");
    await client.write(
      `POST /1 HTTP/1.1\r\nHost: x\r\n${FRAMINGS[0]}` +
        "GET /last HTTP/1.1\r\nHost: x\r\n\r\n",
    );
    // A request of its own turn, then the first answer may go.
    await client.write(`POST /2 HTTP/1.1\r\nHost: x\r\n${FRAMINGS[1]}`);
    release.see();
    assert.equal(bodyOf(await client.response()), "/0 hello");
    assert.equal(bodyOf(await client.response()), "/1 hello");
    assert.equal(bodyOf(await client.response()), "/last ");
    assert.equal(bodyOf(await client.response()), "/2 hello");
    await client.write("GET /after HTTP/1.1\r\nHost: x\r\n\r\n");
    assert.equal(bodyOf(await client.response()), "/after ");
  });
});

// The gateway's user meets it so: a streamed chat relayed from an upstream
// that sent its head and nothing yet, whose client leaves.
Deno.test("serveGateway: a client that leaves a relayed stream before the upstream's first byte ends the upstream call", async () => {
  const called = event();
  const ended = event();
  const upstream = Deno.serve(
    { hostname: "127.0.0.1", port: 0, onListen() {} },
    () => {
      called.see();
      return new Response(
        new ReadableStream<Uint8Array>({
          pull: () => new Promise<void>(() => {}),
          cancel: () => ended.see(),
        }),
        { headers: { "content-type": "text/event-stream" } },
      );
    },
  );
  const gateway = createGateway({
    backends: [[
      "up",
      createOpenAIAdapter({
        name: "up",
        apiKey: "upstream-key",
        baseURL: `http://127.0.0.1:${upstream.addr.port}/v1`,
        defaultModel: "m",
      }),
    ]],
  });
  const server = await serveGateway(gateway, {
    port: 0,
    hostname: "127.0.0.1",
  });
  try {
    const body = JSON.stringify({
      model: "m",
      stream: true,
      messages: [{ role: "user", content: "hi" }],
    });
    const client = await rawClient(server.addr.port);
    await client.write(
      "POST /v1/chat/completions HTTP/1.1\r\nHost: x\r\n" +
        "Content-Type: application/json\r\n" +
        `Content-Length: ${body.length}\r\n\r\n${body}`,
    );
    await withTimeout(called.seen, BOUND_MS, "the upstream call");
    await waitUntil(
      () => /^HTTP\/1\.1 200 [^]*\r\n\r\n/.test(client.received),
      "the relayed stream's head",
    );
    await client.destroy();
    await withTimeout(ended.seen, BOUND_MS, "the upstream call to end");
  } finally {
    await shutdownBounded(server);
    gateway.dispose();
    await shutdownBounded(upstream);
  }
});

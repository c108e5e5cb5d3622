// serveGateway on loopback with raw TCP clients: slow heads and bodies get a
// 408 and a closed connection while others are served, the connection cap
// answers 503, broken chunked framing gets a 400 (never a 500), and a client
// that stops reading is dropped after the idle timeout, ending its stream.
import { describe, it } from "../_harness.ts";
import assert from "node:assert/strict";
import {
  createGateway,
  type RequestLogEntry,
  serveGateway,
} from "../../src/gateway/mod.ts";
import { createEchoAdapter } from "../../src/models/testing.ts";
import { countingBackend } from "./_counting.ts";
import { shutdownBounded } from "../_bounded.ts";

const utf8 = new TextEncoder();
const BOUND_MS = 10_000;

/** Reads until the peer closes (or resets); closes it past BOUND_MS. */
async function readToEnd(
  conn: Deno.Conn,
): Promise<{ text: string; timedOut: boolean }> {
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    conn.close();
  }, BOUND_MS);
  const buffer = new Uint8Array(16 * 1024);
  let text = "";
  try {
    for (;;) {
      const n = await conn.read(buffer);
      if (n === null) break;
      text += new TextDecoder().decode(buffer.subarray(0, n));
    }
  } catch {
    // Reset by the server, or closed by the timer.
  } finally {
    clearTimeout(timer);
  }
  if (!timedOut) conn.close();
  return { text, timedOut };
}

async function send(port: number, text: string): Promise<Deno.Conn> {
  const conn = await Deno.connect({ hostname: "127.0.0.1", port });
  await conn.write(utf8.encode(text));
  return conn;
}

/** Polls `ok` every 20 ms, at most BOUND_MS. */
async function until(ok: () => boolean, what: string): Promise<void> {
  for (let waited = 0; !ok(); waited += 20) {
    if (waited > BOUND_MS) throw new Error(`never happened: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const CLOSE_GET =
  "GET /v1/models HTTP/1.1\r\nhost: 127.0.0.1\r\nconnection: close\r\n\r\n";

function chatRequest(stream: boolean): string {
  const body = JSON.stringify({
    model: "b",
    stream,
    messages: [{ role: "user", content: "one two three" }],
  });
  return `POST /v1/chat/completions HTTP/1.1\r\nhost: 127.0.0.1\r\ncontent-length: ${body.length}\r\n\r\n${body}`;
}

/** A backend streaming 16 KiB chunks, many more than any socket holds. */
function endless() {
  const chunk = "x".repeat(16 * 1024);
  return countingBackend(() => chunk, 100_000);
}

describe("serveGateway on loopback", () => {
  it("closes slow-header connections after headersTimeoutMs with a 408, serving a normal client meanwhile", async () => {
    const gateway = createGateway({ backends: [["b", createEchoAdapter()]] });
    const server = await serveGateway(gateway, {
      port: 0,
      headersTimeoutMs: 1000,
    });
    const { port } = server.addr;
    const slow: Deno.Conn[] = [];
    for (let i = 0; i < 20; i++) {
      slow.push(await send(port, "GET /v1/models HTTP/1.1\r\nhost: x\r\n"));
    }
    // Each keeps sending a header line now and then, never the empty line.
    const dribble = setInterval(() => {
      for (const conn of slow) {
        conn.write(utf8.encode("x-slow: 1\r\n")).catch(() => {});
      }
    }, 50);
    const order: string[] = [];
    const closings = slow.map((conn) =>
      readToEnd(conn).then((result) => {
        order.push("slow closed");
        return result;
      })
    );
    const normal = await readToEnd(await send(port, CLOSE_GET));
    order.push("normal answered");
    const results = await Promise.all(closings);
    clearInterval(dribble);
    assert.match(normal.text, /^HTTP\/1\.1 200 OK\r\n/);
    assert.equal(order[0], "normal answered");
    for (const result of results) {
      assert.equal(result.timedOut, false);
      assert.match(result.text, /^HTTP\/1\.1 408 Request Timeout\r\n/);
    }
    await until(() => server.connections === 0, "all connections closed");
    await shutdownBounded(server);
    gateway.dispose();
  });

  it("answers a connection that sends nothing with 408 after headersTimeoutMs", async () => {
    const gateway = createGateway({ backends: [["b", createEchoAdapter()]] });
    const server = await serveGateway(gateway, {
      port: 0,
      headersTimeoutMs: 300,
    });
    const silent = await Deno.connect({
      hostname: "127.0.0.1",
      port: server.addr.port,
    });
    const result = await readToEnd(silent);
    assert.equal(result.timedOut, false);
    assert.match(result.text, /^HTTP\/1\.1 408 Request Timeout\r\n/);
    await shutdownBounded(server);
    gateway.dispose();
  });

  it("answers a slow body with 408 and closes the connection", async () => {
    const gateway = createGateway({ backends: [["b", createEchoAdapter()]] });
    const server = await serveGateway(gateway, { port: 0, bodyTimeoutMs: 300 });
    const conn = await send(
      server.addr.port,
      'POST /v1/chat/completions HTTP/1.1\r\nhost: x\r\ncontent-length: 100\r\n\r\n{"model"',
    );
    const result = await readToEnd(conn);
    assert.equal(result.timedOut, false);
    assert.match(result.text, /^HTTP\/1\.1 408 Request Timeout\r\n/);
    await shutdownBounded(server);
    gateway.dispose();
  });

  it("refuses connections beyond maxConnections with 503 + Retry-After, and serves again once one closes", async () => {
    const gateway = createGateway({ backends: [["b", createEchoAdapter()]] });
    const server = await serveGateway(gateway, {
      port: 0,
      maxConnections: 3,
    });
    const { port } = server.addr;
    const held: Deno.Conn[] = [];
    for (let i = 0; i < 3; i++) {
      held.push(await Deno.connect({ hostname: "127.0.0.1", port }));
    }
    await until(() => server.connections === 3, "3 connections open");
    const extra = await readToEnd(
      await Deno.connect({ hostname: "127.0.0.1", port }),
    );
    assert.equal(extra.timedOut, false);
    assert.match(extra.text, /^HTTP\/1\.1 503 Service Unavailable\r\n/);
    assert.match(extra.text, /\r\nretry-after: 1\r\n/);
    held.pop()!.close();
    await until(() => server.connections === 2, "one connection released");
    const served = await readToEnd(await send(port, CLOSE_GET));
    assert.match(served.text, /^HTTP\/1\.1 200 OK\r\n/);
    for (const conn of held) conn.close();
    await shutdownBounded(server);
    gateway.dispose();
  });

  it("answers broken chunked framing mid-body with a 400, logged as 400", async () => {
    const logged: RequestLogEntry[] = [];
    const gateway = createGateway({
      backends: [["b", createEchoAdapter()]],
      logger: (entry) => logged.push(entry),
    });
    const server = await serveGateway(gateway, { port: 0 });
    const conn = await send(
      server.addr.port,
      "POST /v1/chat/completions HTTP/1.1\r\nhost: x\r\ntransfer-encoding: chunked\r\n\r\n" +
        '9\r\n{"model":\r\nnot-hex\r\n"b"}\r\n0\r\n\r\n',
    );
    const result = await readToEnd(conn);
    assert.equal(result.timedOut, false);
    assert.match(result.text, /^HTTP\/1\.1 400 Bad Request\r\n/);
    assert.match(result.text, /\r\nconnection: close\r\n/);
    assert.match(result.text, /"code":"invalid_body"/);
    assert.deepEqual(logged.map((entry) => entry.status), [400]);
    await shutdownBounded(server);
    gateway.dispose();
  });

  it("keeps a connection alive between requests, and closes it after idleTimeoutMs", async () => {
    const gateway = createGateway({ backends: [["b", createEchoAdapter()]] });
    const server = await serveGateway(gateway, {
      port: 0,
      idleTimeoutMs: 300,
    });
    const conn = await send(
      server.addr.port,
      chatRequest(false) + chatRequest(true),
    );
    const result = await readToEnd(conn);
    assert.equal(result.timedOut, false);
    assert.equal(result.text.match(/HTTP\/1\.1 200 OK\r\n/g)?.length, 2);
    assert.match(result.text, /data: \[DONE\]/);
    await shutdownBounded(server);
    gateway.dispose();
  });

  it("writes a small answer whole, with Content-Length, declared or whole at once; a large declared body with its length; streams go chunked", async () => {
    const big = "y".repeat(70 * 1024);
    const handler = (request: Request): Response => {
      const path = new URL(request.url).pathname;
      if (path === "/wrong") {
        // Declares 3 bytes, has 5: the 5 are sent, with their true length.
        return new Response("hello", { headers: { "content-length": "3" } });
      }
      if (path === "/big") {
        return new Response(big, {
          headers: { "content-length": String(big.length) },
        });
      }
      if (path === "/plain") return new Response("no length");
      if (path === "/broken") {
        const failing = new ReadableStream<Uint8Array>({
          pull(controller) {
            controller.error(new Error("the handler's body failed"));
          },
        });
        return new Response(failing, { headers: { "content-length": "10" } });
      }
      return Response.json({ ok: true }); // the gateway's answers declare theirs
    };
    const gateway = createGateway({ backends: [["b", createEchoAdapter()]] });
    const both = async (request: Request): Promise<Response> =>
      new URL(request.url).pathname.startsWith("/v1/")
        ? await gateway(request)
        : handler(request);
    const server = await serveGateway(both, { port: 0 });
    try {
      const get = (path: string, method = "GET") =>
        `${method} ${path} HTTP/1.1\r\nhost: 127.0.0.1\r\nconnection: close\r\n\r\n`;
      const answer = async (text: string) =>
        (await readToEnd(await send(server.addr.port, text))).text;

      // The gateway's JSON, streamed or not: length declared, no chunks.
      const json = await answer(
        chatRequest(false).replace("\r\n\r\n", "\r\nconnection: close\r\n\r\n"),
      );
      const [head, body] = json.split("\r\n\r\n");
      assert.match(head, /^HTTP\/1\.1 200 OK\r\n/);
      assert.doesNotMatch(head, /transfer-encoding/i);
      const length = Number(/\r\ncontent-length: (\d+)/i.exec(head)?.[1]);
      assert.equal(utf8.encode(body).byteLength, length);
      assert.equal(
        JSON.parse(body).choices[0].message.content,
        "one two three",
      );

      const wrong = await answer(get("/wrong"));
      assert.match(wrong, /\r\ncontent-length: 5\r\n/i);
      assert.ok(wrong.endsWith("\r\n\r\nhello"), wrong);

      const headOnly = await answer(get("/wrong", "HEAD"));
      assert.match(headOnly, /\r\ncontent-length: 5\r\n/i);
      assert.ok(headOnly.endsWith("\r\n\r\n"), headOnly);

      // A declared body that fails before anything was sent: a 500.
      const broken = await answer(get("/broken"));
      assert.match(broken, /^HTTP\/1\.1 500 Internal Server Error\r\n/);

      // A large declared body: its length, as Deno.serve sends it, unframed.
      const big = await answer(get("/big"));
      assert.match(
        big,
        new RegExp(`\r\ncontent-length: ${70 * 1024}\r\n`, "i"),
      );
      assert.doesNotMatch(big, /transfer-encoding/i);
      assert.ok(big.endsWith("\r\n\r\n" + "y".repeat(70 * 1024)));
      // A body of no declared length but whole at once: its length, unframed.
      const plain = await answer(get("/plain"));
      assert.match(plain, /\r\ncontent-length: 9\r\n/i, plain);
      assert.doesNotMatch(plain, /transfer-encoding/i);
      assert.ok(plain.endsWith("\r\n\r\nno length"), plain);
      const stream = await answer(
        chatRequest(true).replace("\r\n\r\n", "\r\nconnection: close\r\n\r\n"),
      );
      assert.match(stream, /\r\ntransfer-encoding: chunked\r\n/i);
      assert.match(stream, /data: \[DONE\]/);
    } finally {
      await shutdownBounded(server);
      gateway.dispose();
    }
  });

  it("reads a body whether it came with its head or later, and keeps the connection in step", async () => {
    const gateway = createGateway({ backends: [["b", createEchoAdapter()]] });
    const server = await serveGateway(gateway, { port: 0 });
    try {
      // The body in two writes, the second after a pause: read as a stream.
      const whole = chatRequest(false).replace(
        "\r\n\r\n",
        "\r\nconnection: close\r\n\r\n",
      );
      const cut = whole.length - 20;
      const conn = await send(server.addr.port, whole.slice(0, cut));
      await new Promise((resolve) => setTimeout(resolve, 50));
      await conn.write(utf8.encode(whole.slice(cut)));
      const late = (await readToEnd(conn)).text;
      assert.match(late, /^HTTP\/1\.1 200 OK\r\n/);
      assert.match(late, /one two three/);

      // A GET carrying a body, then a POST on the same connection: the
      // body is skipped exactly, so the second request is read right.
      const getWithBody =
        "GET /v1/models HTTP/1.1\r\nhost: 127.0.0.1\r\ncontent-length: 5\r\n\r\nabcde";
      const both = (await readToEnd(
        await send(
          server.addr.port,
          getWithBody +
            chatRequest(false).replace(
              "\r\n\r\n",
              "\r\nconnection: close\r\n\r\n",
            ),
        ),
      )).text;
      assert.equal(both.match(/HTTP\/1\.1 200 OK\r\n/g)?.length, 2, both);
      assert.match(both, /one two three/);
    } finally {
      await shutdownBounded(server);
      gateway.dispose();
    }
  });

  it("drops a client that stops reading a stream after idleTimeoutMs, ending the model stream", async () => {
    const backend = endless();
    const logged: RequestLogEntry[] = [];
    const gateway = createGateway({
      backends: [["b", backend]],
      logger: (entry) => logged.push(entry),
    });
    const server = await serveGateway(gateway, {
      port: 0,
      idleTimeoutMs: 300,
    });
    const conn = await send(server.addr.port, chatRequest(true));
    const first = new Uint8Array(64);
    const n = await conn.read(first);
    assert.match(
      new TextDecoder().decode(first.subarray(0, n!)),
      /^HTTP\/1\.1 200/,
    );
    await until(() => logged.length === 1, "the stream's log line");
    assert.equal(logged[0].error_code, "ABORTED");
    const produced = backend.produced();
    assert.ok(produced < 100_000, `produced ${produced}`);
    assert.equal(
      gateway.metrics.render().includes("switchyard_open_streams 0"),
      true,
    );
    conn.close();
    await shutdownBounded(server);
    gateway.dispose();
  });

  it("refuses bad options naming the field", async () => {
    const gateway = createGateway({ backends: [["b", createEchoAdapter()]] });
    await assert.rejects(
      serveGateway(gateway, { port: 0, headersTimeoutMs: 0 }),
      (error) => {
        // Still a RangeError, as before the listener had its own error type.
        assert.ok(error instanceof RangeError);
        assert.equal(error.name, "ServeError");
        assert.equal((error as { code?: string }).code, "INVALID_OPTION");
        assert.equal(
          error.message,
          "headersTimeoutMs must be a positive integer",
        );
        return true;
      },
    );
    gateway.dispose();
  });
});

Deno.test("serveGateway: a Host header cannot change the path the handler sees", async () => {
  const seen: string[] = [];
  const server = await serveGateway((request) => {
    seen.push(new URL(request.url).pathname);
    return new Response("ok");
  }, { port: 0 });
  const result = await readToEnd(
    await send(
      server.addr.port,
      "GET /v1/models HTTP/1.1\r\nhost: evil.example/other?\r\nconnection: close\r\n\r\n",
    ),
  );
  assert.match(result.text, /^HTTP\/1\.1 200 OK\r\n/);
  assert.deepEqual(seen, ["/v1/models"]);
  await shutdownBounded(server);
});

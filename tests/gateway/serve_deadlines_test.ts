// serveGateway's deadlines: how late the sweeper may meet one, and the
// headers timeout of a keep-alive connection's second request, which counts
// from that request's first byte (not from the first answer), however its
// head arrives in pieces.
import assert from "node:assert/strict";
import { createGateway, serveGateway } from "../../src/gateway/mod.ts";
import { sweepEvery } from "../../src/serve/_sweep_every.ts";
import { createEchoAdapter } from "../../src/models/testing.ts";
import { shutdownBounded, withTimeout } from "../_bounded.ts";

const utf8 = new TextEncoder();
const BOUND_MS = 10_000;

Deno.test("sweepEvery: a deadline is met at most 5% of its timeout or 250 ms late, whichever is less (5 ms floor)", () => {
  const cases = [
    { headersTimeoutMs: 10_000, bodyTimeoutMs: 60_000, idleTimeoutMs: 30_000 },
    { headersTimeoutMs: 2_000, bodyTimeoutMs: 60_000, idleTimeoutMs: 30_000 },
    { headersTimeoutMs: 10_000, bodyTimeoutMs: 1_000, idleTimeoutMs: 30_000 },
    { headersTimeoutMs: 10_000, bodyTimeoutMs: 60_000, idleTimeoutMs: 400 },
    { headersTimeoutMs: 300, bodyTimeoutMs: 300, idleTimeoutMs: 300 },
    { headersTimeoutMs: 40, bodyTimeoutMs: 60_000, idleTimeoutMs: 30_000 },
  ];
  for (const limits of cases) {
    const tick = sweepEvery(limits);
    assert.ok(tick >= 5, "not a busy loop");
    for (const timeout of Object.values(limits)) {
      const tolerance = Math.max(5, Math.min(250, timeout * 0.05));
      assert.ok(
        tick <= tolerance,
        `${
          JSON.stringify(limits)
        }: checked every ${tick} ms, a ${timeout} ms timeout allows ${tolerance}`,
      );
    }
  }
});

/** Reads one answer of declared length from `conn`. */
async function readAnswer(
  conn: Deno.Conn,
): Promise<{ status: number; headers: string; body: string }> {
  let bytes = new Uint8Array(0);
  const buffer = new Uint8Array(16 * 1024);
  for (;;) {
    const text = new TextDecoder().decode(bytes);
    const end = text.indexOf("\r\n\r\n");
    if (end >= 0) {
      const head = text.slice(0, end);
      const length = Number(/content-length: (\d+)/i.exec(head)?.[1] ?? 0);
      const body = bytes.subarray(utf8.encode(head).byteLength + 4);
      if (body.byteLength >= length) {
        return {
          status: Number(head.slice(9, 12)),
          headers: head,
          body: new TextDecoder().decode(body),
        };
      }
    }
    const n = await conn.read(buffer);
    if (n === null) {
      throw new Error(`closed before an answer: ${JSON.stringify(text)}`);
    }
    const grown = new Uint8Array(bytes.byteLength + n);
    grown.set(bytes);
    grown.set(buffer.subarray(0, n), bytes.byteLength);
    bytes = grown;
  }
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function write(conn: Deno.Conn, text: string): Promise<void> {
  const bytes = utf8.encode(text);
  for (let at = 0; at < bytes.byteLength;) {
    at += await conn.write(bytes.subarray(at));
  }
}

Deno.test("serveGateway: a keep-alive connection's second head, arriving late and in pieces, is answered; its headers timeout counts from its first byte", async () => {
  const HEADERS_MS = 400;
  const gateway = createGateway({ backends: [["echo", createEchoAdapter()]] });
  const server = await serveGateway(gateway, {
    port: 0,
    headersTimeoutMs: HEADERS_MS,
    idleTimeoutMs: 10_000,
  });
  const conn = await Deno.connect({
    hostname: "127.0.0.1",
    port: server.addr.port,
  });
  try {
    await withTimeout(
      (async () => {
        await write(conn, "GET /v1/models HTTP/1.1\r\nHost: a\r\n\r\n");
        const first = await readAnswer(conn);
        assert.equal(first.status, 200);
        // The client thinks for longer than the headers timeout: idle time
        // between requests is the idle timeout's, not the headers timeout's.
        await pause(HEADERS_MS * 1.5);
        const body = JSON.stringify({
          model: "echo",
          messages: [{ role: "user", content: "second" }],
        });
        const pieces = [
          "PO",
          "ST /v1/chat/completions HT",
          "TP/1.1\r\nhost: a\r",
          `\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n`,
          "\r",
          `\n${body}`,
        ];
        for (const piece of pieces) {
          await write(conn, piece);
          await pause(20);
        }
        const second = await readAnswer(conn);
        assert.equal(second.status, 200, second.body);
        assert.match(second.body, /"content":"second"/);
        assert.doesNotMatch(second.headers, /connection: close/i);

        // A third head started and then stalled: 408 once the headers
        // timeout has passed since its first byte, and not before.
        const started = performance.now();
        await write(conn, "GET /v1/models HTTP/1.1\r\n");
        const third = await readAnswer(conn);
        const waited = performance.now() - started;
        assert.equal(third.status, 408);
        assert.ok(
          waited >= HEADERS_MS - 5,
          `408 after ${waited} ms, before the ${HEADERS_MS} ms timeout`,
        );
      })(),
      BOUND_MS,
      "keep-alive exchange",
    );
  } finally {
    conn.close();
    await shutdownBounded(server);
    gateway.dispose();
  }
});

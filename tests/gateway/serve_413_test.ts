// An over-limit upload answered before its body is read (the gateway's 413
// from Content-Length) must reach every client, including those that write
// the whole body before reading the answer. Closing at once with unread
// bytes makes the kernel reset the connection, and such a client then sees
// the reset instead of the 413; serveGateway closes in stages (half-close,
// drain, close). Repeated, since a reset is a race the client can win.
import assert from "node:assert/strict";
import { createGateway, serveGateway } from "../../src/gateway/mod.ts";
import { createEchoAdapter } from "../../src/models/testing.ts";
import { fetchSignal, run, shutdownBounded, withTimeout } from "../_bounded.ts";
import { needs, programPath } from "../_programs.ts";

const LIMIT = 1024 * 1024;
const BODY_BYTES = 8 * 1024 * 1024;
const TRIES = 30;
const BOUND_MS = 20_000;

async function withServer(
  work: (port: number) => Promise<void>,
): Promise<void> {
  const gateway = createGateway({
    backends: [["echo", createEchoAdapter()]],
    maxBodyBytes: LIMIT,
  });
  const server = await serveGateway(gateway, { port: 0 });
  try {
    await work(server.addr.port);
  } finally {
    await shutdownBounded(server);
    gateway.dispose();
  }
}

/** Writes `head` and `body` whole, then reads the answer to its end. */
async function writeAllThenRead(
  port: number,
  head: string,
  body: Uint8Array,
): Promise<string> {
  const conn = await Deno.connect({ hostname: "127.0.0.1", port });
  try {
    return await withTimeout(
      (async () => {
        const out = new TextEncoder().encode(head);
        for (let at = 0; at < out.byteLength;) {
          at += await conn.write(out.subarray(at));
        }
        for (let at = 0; at < body.byteLength;) {
          at += await conn.write(body.subarray(at));
        }
        let text = "";
        const buffer = new Uint8Array(16 * 1024);
        for (;;) {
          const n = await conn.read(buffer);
          if (n === null) return text;
          text += new TextDecoder().decode(buffer.subarray(0, n));
        }
      })(),
      BOUND_MS,
      "the answer never ended",
    );
  } catch (error) {
    return `error: ${(error as Error).name}: ${(error as Error).message}`;
  } finally {
    conn.close();
  }
}

Deno.test("serveGateway: a client that writes its whole over-limit body before reading gets the 413, every time", async () => {
  await withServer(async (port) => {
    const body = new Uint8Array(BODY_BYTES).fill(120);
    const head =
      `POST /v1/chat/completions HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${BODY_BYTES}\r\n\r\n`;
    for (let i = 0; i < 10; i++) {
      const text = await writeAllThenRead(port, head, body);
      assert.match(text, /^HTTP\/1\.1 413 /, `try ${i}: ${text.slice(0, 120)}`);
      assert.match(text, /\r\nconnection: close\r\n/);
    }
    // A head refused for its size, followed by more bytes: the 431 arrives.
    const bigHead = `GET /v1/models HTTP/1.1\r\nx-big: ${
      "a".repeat(70 * 1024)
    }\r\n\r\n`;
    const text = await writeAllThenRead(port, bigHead, body.subarray(0, LIMIT));
    assert.match(text, /^HTTP\/1\.1 431 /, text.slice(0, 120));
  });
});

Deno.test("serveGateway: fetch sees the 413 of an over-limit upload, every time", async () => {
  await withServer(async (port) => {
    const body = "x".repeat(BODY_BYTES);
    for (let i = 0; i < 10; i++) {
      const response = await fetch(
        `http://127.0.0.1:${port}/v1/chat/completions`,
        { method: "POST", body, signal: fetchSignal() },
      );
      assert.equal(response.status, 413, `try ${i}`);
      assert.equal((await response.json()).error.type, "invalid_request_error");
    }
  });
});

// Node's fetch (undici) and Python's http.client: each ran on the wire
// TRIES times, counting what it saw. Before the staged close, Node's fetch
// saw the 413 in about a third of the tries and Python's never (EPIPE /
// BrokenPipeError: the reset).
const NODE = `
// With -e, the arguments follow the program path.
const [url, size, tries] = process.argv.slice(1);
const body = "x".repeat(Number(size));
const seen = {};
for (let i = 0; i < Number(tries); i++) {
  let key;
  try {
    const response = await fetch(url, { method: "POST", body });
    await response.arrayBuffer();
    key = String(response.status);
  } catch (error) {
    key = String(error.cause?.code ?? error.message);
  }
  seen[key] = (seen[key] ?? 0) + 1;
}
console.log(JSON.stringify(seen));
`;

const PYTHON = `
import http.client, json, sys
port, size, tries, framing = int(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3]), sys.argv[4]
body = b"x" * size
def pieces():
    for at in range(0, size, 65536):
        yield body[at:at + 65536]
seen = {}
for _ in range(tries):
    try:
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=15)
        if framing == "chunked":
            connection.request("POST", "/v1/chat/completions", body=pieces(), encode_chunked=True, headers={"Transfer-Encoding": "chunked"})
        else:
            connection.request("POST", "/v1/chat/completions", body=body)
        response = connection.getresponse()
        response.read()
        key = str(response.status)
        connection.close()
    except Exception as error:
        key = type(error).__name__
    seen[key] = seen.get(key, 0) + 1
print(json.dumps(seen))
`;

const NODE_NAME =
  "serveGateway: Node's fetch sees the 413 of an over-limit upload, every time";
Deno.test(NODE_NAME, needs(NODE_NAME, "node"), async () => {
  await withServer(async (port) => {
    const result = await run(programPath("node"), {
      args: [
        "--input-type=module",
        "-e",
        NODE,
        `http://127.0.0.1:${port}/v1/chat/completions`,
        String(BODY_BYTES),
        String(TRIES),
      ],
      timeoutMs: 60_000,
    });
    assert.equal(result.code, 0, result.err);
    assert.deepEqual(JSON.parse(result.out), { "413": TRIES });
  });
});

const PYTHON_NAME =
  "serveGateway: Python's http.client (whole body, then the answer) sees the 413, every time";
Deno.test(PYTHON_NAME, needs(PYTHON_NAME, "python3"), async () => {
  await withServer(async (port) => {
    // Content-Length (refused before a byte of the body is read) and
    // chunked (refused once 1 MiB of it was read).
    for (const framing of ["length", "chunked"]) {
      const result = await run(programPath("python3"), {
        args: [
          "-c",
          PYTHON,
          String(port),
          String(BODY_BYTES),
          String(TRIES),
          framing,
        ],
        timeoutMs: 60_000,
      });
      assert.equal(result.code, 0, result.err);
      assert.deepEqual(JSON.parse(result.out), { "413": TRIES }, framing);
    }
  });
});

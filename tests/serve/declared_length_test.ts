// An answer whose handler declares a Content-Length above the 64 KiB a
// listener reads whole: both listeners send that length, as Deno.serve and
// node:http do, never chunked framing in its place; a body longer than
// declared is cut there (the rest would start the next answer), one
// shorter closes the connection; a HEAD answer keeps the length. Checked
// with a raw socket and with curl, on both listeners, over a kept-alive
// connection.
import assert from "node:assert/strict";
import { run, withTimeout } from "../_bounded.ts";
import { needs, programPath } from "../_programs.ts";
import { waitUntil } from "../_timeout.ts";
import { DECLARED, declaredAnswers, FULL_BODY } from "./_declared_answers.ts";
import { withBundledNodeServe } from "./_node_serve.ts";
import {
  bodyOf,
  headOf,
  type RawClient,
  rawClient,
  WAIT_MS,
} from "./_raw_client.ts";
import { withServer } from "./_with_server.ts";

const utf8 = new TextEncoder();
const FIXTURE = new URL("./fixtures/node_declared_serve.ts", import.meta.url);

async function answerOf(client: RawClient, path: string): Promise<string> {
  await client.write(`GET ${path} HTTP/1.1\r\nHost: x\r\n\r\n`);
  return await client.response();
}

/** The head says the declared length, and no chunked framing. */
function assertDeclaredHead(answer: string): void {
  const head = headOf(answer);
  assert.match(head[0], /^http\/1\.1 200 /);
  assert.ok(head.includes(`content-length: ${DECLARED}`), head.join("\n"));
  assert.ok(
    !head.some((line) => line.startsWith("transfer-encoding")),
    head.join("\n"),
  );
}

/**
 * The raw-socket checks both listeners must pass, on `port`; `printed`
 * resolves once the handler has said a line (bounded).
 */
async function assertKeepsDeclaredLength(
  port: number,
  printed: (line: string) => Promise<void>,
): Promise<void> {
  const client = await rawClient(port);
  try {
    // A body produced over time, the same bytes whole at once, one longer
    // than declared, one that never ends after the declared length: each
    // on the same connection, each exact.
    for (const path of ["/paced", "/bytes", "/longer", "/held-open"]) {
      const answer = await answerOf(client, path);
      assertDeclaredHead(answer);
      assert.equal(bodyOf(answer).length, DECLARED, path);
      assert.equal(bodyOf(answer), FULL_BODY, path);
    }
    // What the body would give past its length is not waited for: it is
    // cancelled (a relayed upstream is let go).
    await printed("cancelled /held-open");
    // A length that is no number is not passed on: the body is framed.
    const framed = await answerOf(client, "/not-a-number");
    assert.ok(headOf(framed).includes("transfer-encoding: chunked"));
    assert.ok(!headOf(framed).some((line) => line.includes("abc")));
    assert.equal(bodyOf(framed), FULL_BODY);
    // No body on a GET: its length is 0, whatever was declared.
    const none = await answerOf(client, "/none");
    assert.ok(headOf(none).includes("content-length: 0"), none);
    // The connection still frames: a HEAD answer has the length (its body
    // given, or none) and no body, and the next starts right after it.
    await client.write(
      "HEAD /paced HTTP/1.1\r\nHost: x\r\n\r\n" +
        "HEAD /none HTTP/1.1\r\nHost: x\r\n\r\n" +
        "GET /after HTTP/1.1\r\nHost: x\r\n\r\n",
    );
    await waitUntil(
      () => client.received.endsWith("GET /after"),
      "the answer after the HEADs",
    );
    const [paced, empty, next] = client.received.split("\r\n\r\n");
    assertDeclaredHead(paced + "\r\n\r\n");
    assertDeclaredHead(empty + "\r\n\r\n");
    assert.match(next, /^HTTP\/1\.1 200 /);
  } finally {
    await client.destroy();
  }
  const short = await rawClient(port);
  try {
    await short.write("GET /shorter HTTP/1.1\r\nHost: x\r\n\r\n");
    // One byte short: the client cannot be given it, the close says so.
    await short.closedByServer();
    assertDeclaredHead(short.received);
    assert.equal(bodyOf(short.received), FULL_BODY.slice(0, -1));
    // The handler learns the body failed, not that the client left.
    await printed("completed /shorter BodyFailed");
  } finally {
    await short.destroy();
  }
}

/** curl fetches `/paced` twice over one connection, each with its length. */
async function assertCurlKeepsDeclaredLength(port: number): Promise<void> {
  const url = `http://127.0.0.1:${port}`;
  const result = await run(programPath("curl"), {
    args: [
      "--raw",
      "-sv",
      "--max-time",
      "20",
      "-o",
      "/dev/null",
      "-o",
      "/dev/null",
      "-w",
      "%{http_code} %{size_download} %{num_connects}\\n",
      `${url}/paced`,
      `${url}/longer`,
    ],
    timeoutMs: 30_000,
  });
  assert.equal(result.code, 0, result.err);
  // The second transfer made no new connection: the first ended cleanly.
  assert.equal(result.out, `200 ${DECLARED} 1\n200 ${DECLARED} 0\n`);
  assert.match(result.err, /Re-using existing connection/);
  const lengths = result.err.match(/^< content-length: (\d+)\r?$/gim) ?? [];
  assert.deepEqual(lengths.map((line) => line.trim().toLowerCase()), [
    `< content-length: ${DECLARED}`,
    `< content-length: ${DECLARED}`,
  ]);
  assert.doesNotMatch(result.err, /transfer-encoding/i);
  // A body short of its length: curl reports the transfer cut (18).
  const short = await run(programPath("curl"), {
    args: [
      "--raw",
      "-s",
      "--max-time",
      "20",
      "-o",
      "/dev/null",
      `${url}/shorter`,
    ],
    timeoutMs: 30_000,
  });
  assert.equal(short.code, 18, short.err);
}

Deno.test("serve: an answer's declared Content-Length above 64 KiB goes on the wire, on a kept-alive connection", async () => {
  const said: string[] = [];
  const handler = declaredAnswers((line) => said.push(line));
  await withServer(handler, async (_connect, server) => {
    await assertKeepsDeclaredLength(
      server.addr.port,
      (line) => waitUntil(() => said.includes(line), `the line "${line}"`),
    );
  });
});

const CURL = "serve: curl reads answers of declared length over one connection";
Deno.test(CURL, needs(CURL, "curl"), async () => {
  await withServer(declaredAnswers(() => {}), async (_connect, server) => {
    await assertCurlKeepsDeclaredLength(server.addr.port);
  });
});

const NODE =
  "serveNode: an answer's declared Content-Length above 64 KiB goes on the wire, raw and with curl";
Deno.test(NODE, needs(NODE, "node", "curl"), async () => {
  await withBundledNodeServe(FIXTURE, {}, async ({ port, printed }) => {
    await assertKeepsDeclaredLength(port, printed);
    await assertCurlKeepsDeclaredLength(port);
  });
});

// The declared length changes the framing, not the bounds: a client that
// stops reading is closed at the idle timeout, and the body cancelled.
Deno.test("serve: a client that stops reading an answer of declared length is closed at the idle timeout", async () => {
  let cancelled!: () => void;
  const gone = new Promise<void>((resolve) => cancelled = resolve);
  const endless = () =>
    new Response(
      new ReadableStream<Uint8Array>({
        pull(controller) {
          controller.enqueue(new Uint8Array(64 * 1024).fill(120));
        },
        cancel: () => cancelled(),
      }),
      { headers: { "content-length": String(2 ** 40) } },
    );
  await withServer(endless, async (_connect, server) => {
    // A client that never reads: the socket buffers fill and the write waits.
    const conn = await Deno.connect({ port: server.addr.port });
    try {
      await conn.write(utf8.encode("GET / HTTP/1.1\r\nHost: x\r\n\r\n"));
      await withTimeout(gone, WAIT_MS, "the body's cancel");
      await waitUntil(() => server.connections === 0, "the connection's close");
    } finally {
      conn.close();
    }
  }, { idleTimeoutMs: 300 });
});

// Up to 64 KiB the body is read whole before its head is written, so the
// length sent is the one read: a handler's wrong count (a string whose
// UTF-8 length it took for its characters') is corrected, not cut, up to
// and at the bound. A body that goes on past the bound is longer than any
// small declared length: it is cut there, and what it gives after is not
// read (a body that never ends is not held in memory). Past the bound, the
// declared length stands (above).
Deno.test("serve: an answer declaring up to 64 KiB is sent whole with the length of its body, cut at that length past 64 KiB", async () => {
  const bound = 64 * 1024;
  let cancelled!: () => void;
  const endlessCancelled = new Promise<void>((resolve) => cancelled = resolve);
  const answers: Record<string, () => Response> = {
    // 2 bytes short of the bound in UTF-8, declared as the bound.
    "/short": () =>
      new Response("é".repeat(bound / 2 - 1), {
        headers: { "content-length": String(bound) },
      }),
    // Declared as 10 bytes, exactly 64 KiB whole: read whole, its length.
    "/at-bound": () =>
      new Response("y".repeat(bound), { headers: { "content-length": "10" } }),
    // An empty body declared as 10 bytes: 0, or the client waits for 10.
    "/empty": () => new Response("", { headers: { "content-length": "10" } }),
    // Declared as 10 bytes: 1 MiB, then nothing, never ending.
    "/endless": () => {
      let given = 0;
      return new Response(
        new ReadableStream<Uint8Array>({
          pull(controller) {
            if (given++ === 64) return new Promise<void>(() => {});
            controller.enqueue(utf8.encode("x".repeat(16 * 1024)));
          },
          cancel: () => cancelled(),
        }),
        { headers: { "content-length": "10" } },
      );
    },
  };
  await withServer(
    (request) => answers[new URL(request.url).pathname]?.() ?? new Response(""),
    async (connect) => {
      const client = await connect();
      const short = await answerOf(client, "/short");
      assert.ok(
        headOf(short).includes(`content-length: ${bound - 2}`),
        headOf(short).join("\n"),
      );
      const atBound = await answerOf(client, "/at-bound");
      assert.ok(headOf(atBound).includes(`content-length: ${bound}`), atBound);
      const empty = await answerOf(client, "/empty");
      assert.ok(headOf(empty).includes("content-length: 0"), empty);
      const endless = await answerOf(client, "/endless");
      assert.ok(headOf(endless).includes("content-length: 10"), endless);
      assert.equal(bodyOf(endless), "x".repeat(10));
      await withTimeout(endlessCancelled, WAIT_MS, "the endless body's cancel");
      assert.match(await answerOf(client, "/again"), /^HTTP\/1\.1 200 /);
    },
  );
});

// A small declared body is read whole before its head goes out; while it
// is, a client that leaves cancels it (a relayed upstream stops), and a
// body that gives something other than bytes is a 500, and cancelled.
Deno.test("serve: a small declared body being read whole is cancelled when its client leaves, or when it gives no bytes", async () => {
  const cancelled: string[] = [];
  let asked!: () => void;
  const handled = new Promise<void>((resolve) => asked = resolve);
  await withServer((request) => {
    const path = new URL(request.url).pathname;
    asked();
    return new Response(
      new ReadableStream<unknown>({
        pull(controller) {
          // `/stalled` never gives a byte; `/text` gives a string.
          if (path === "/text") controller.enqueue("text");
          else return new Promise<void>(() => {});
        },
        cancel: () => void cancelled.push(path),
      }) as ReadableStream<Uint8Array>,
      { headers: { "content-length": "10" } },
    );
  }, async (connect) => {
    const leaving = await connect();
    await leaving.write("GET /stalled HTTP/1.1\r\nHost: x\r\n\r\n");
    await withTimeout(handled, WAIT_MS, "the handler's call");
    await leaving.destroy();
    await waitUntil(() => cancelled.includes("/stalled"), "the body's cancel");
    const client = await connect();
    assert.match(await answerOf(client, "/text"), /^HTTP\/1\.1 500 /);
    await waitUntil(() => cancelled.includes("/text"), "the text's cancel");
  });
});

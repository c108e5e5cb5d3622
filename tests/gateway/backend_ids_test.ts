// The gateway's error answers and log lines name backends by their ids
// ("primary", "backup"), not by the provider two backends share ("openai"),
// and a network failure says its cause and host, on every wire, streamed or
// not: what an operator greps for when a backend goes away.
import assert from "node:assert/strict";
import net from "node:net";
import type { RequestLogEntry } from "../../src/gateway/mod.ts";
import { createOpenAIAdapter } from "../../src/models/adapters/openai.ts";
import { fetchSignal } from "../_bounded.ts";
import { serve, type Served, serveGateway } from "./_serve.ts";

const KEY = "sk-backend-ids-secret-0123456789";
const QUERY_SECRET = "qs-backend-ids-secret-42";

/** A gateway over two OpenAI backends, `primary` then `backup`. */
function twoBackends(primary: string, backup: string) {
  const entries: RequestLogEntry[] = [];
  const adapter = (baseURL: string) =>
    createOpenAIAdapter({ apiKey: KEY, baseURL, defaultModel: "m" });
  const served = serveGateway({
    backends: [["primary", adapter(primary)], ["backup", adapter(backup)]],
    logger: (entry) => entries.push(entry),
  });
  return { ...served, entries };
}

/** A port nothing listens on. */
function closedPort(): number {
  const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const { port } = listener.addr as Deno.NetAddr;
  listener.close();
  return port;
}

type Wire = "openai" | "anthropic";

/** One chat call on `wire`; the status and the error message it carries. */
async function call(
  origin: string,
  wire: Wire,
  stream: boolean,
): Promise<{ status: number; message: string }> {
  const path = wire === "openai" ? "/v1/chat/completions" : "/v1/messages";
  const response = await fetch(`${origin}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      model: "m",
      max_tokens: 16,
      stream,
      messages: [{ role: "user", content: "hi" }],
    }),
    signal: fetchSignal(),
  });
  const body = await response.json();
  return { status: response.status, message: body.error.message };
}

function assertNoSecret(text: string): void {
  assert.doesNotMatch(text, new RegExp(`${KEY}|${QUERY_SECRET}`));
  assert.doesNotMatch(text, /openai:/);
}

const cases: Array<[Wire, boolean]> = [
  ["openai", false],
  ["openai", true],
  ["anthropic", false],
  ["anthropic", true],
];

Deno.test("a 429 from two backends of one provider names both backend ids", async () => {
  const upstream = serve(() =>
    Response.json(
      { error: { message: "Rate limit reached", type: "rate_limit" } },
      { status: 429, headers: { "retry-after": "7" } },
    )
  );
  try {
    for (const [wire, stream] of cases) {
      // A new gateway each time: the 429 cools both backends down.
      const gateway = twoBackends(
        `${upstream.origin}/v1`,
        `${upstream.origin}/v1`,
      );
      try {
        const { status, message } = await call(gateway.origin, wire, stream);
        const label = `${wire}${stream ? " streamed" : ""}`;
        assert.equal(status, 429, label);
        assert.equal(
          message,
          'All backends failed: backend "primary" rate limited: HTTP 429: Rate limit reached; ' +
            'backend "backup" rate limited: HTTP 429: Rate limit reached',
          label,
        );
        assert.equal(gateway.entries.at(-1)?.error_message, message, label);
        assertNoSecret(JSON.stringify(gateway.entries));
      } finally {
        await gateway.close();
      }
    }
  } finally {
    await upstream.close();
  }
});

Deno.test("refused and DNS failures name each backend, its cause and host, in the answer and the log line", async () => {
  const port = closedPort();
  const primary = `http://127.0.0.1:${port}/v1?key=${QUERY_SECRET}`;
  const backup = `http://switchyard-test.invalid/v1?key=${QUERY_SECRET}`;
  const expected =
    `All backends failed: backend "primary" unreachable: connection refused (127.0.0.1:${port}); ` +
    'backend "backup" unreachable: DNS lookup failed (switchyard-test.invalid:80)';
  const gateway = twoBackends(primary, backup);
  try {
    // Every wire, and each a second request to the same gateway.
    for (const [wire, stream] of cases) {
      const { status, message } = await call(gateway.origin, wire, stream);
      const label = `${wire}${stream ? " streamed" : ""}`;
      assert.equal(status, 502, label);
      assert.equal(message, expected, label);
      const entry = gateway.entries.at(-1)!;
      assert.equal(entry.error_message, expected, label);
      assert.equal(entry.error_code, "ALL_BACKENDS_FAILED", label);
    }
    assertNoSecret(JSON.stringify(gateway.entries));
  } finally {
    await gateway.close();
  }
});

Deno.test("one backend refused: one sentence naming it", async () => {
  const port = closedPort();
  const entries: RequestLogEntry[] = [];
  const gateway = serveGateway({
    backends: [[
      "only",
      createOpenAIAdapter({
        apiKey: KEY,
        baseURL: `http://127.0.0.1:${port}/v1`,
        defaultModel: "m",
      }),
    ]],
    logger: (entry) => entries.push(entry),
  });
  try {
    const { status, message } = await call(gateway.origin, "openai", false);
    assert.equal(status, 502);
    assert.equal(
      message,
      `Backend "only" unreachable: connection refused (127.0.0.1:${port})`,
    );
    assert.equal(entries[0].error_message, message);
  } finally {
    await gateway.close();
  }
});

/** An upstream that streams one content chunk, then resets the connection. */
async function resetMidStream(): Promise<Served> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.once("data", () => {
      const chunk = {
        id: "c",
        object: "chat.completion.chunk",
        created: 0,
        model: "m",
        choices: [{
          index: 0,
          delta: { role: "assistant", content: "partial" },
          finish_reason: null,
        }],
      };
      socket.write(
        "HTTP/1.1 200 OK\r\ncontent-type: text/event-stream\r\n" +
          "transfer-encoding: chunked\r\n\r\n",
      );
      const event = `data: ${JSON.stringify(chunk)}\n\n`;
      socket.write(
        `${
          new TextEncoder().encode(event).length.toString(16)
        }\r\n${event}\r\n`,
        () => socket.resetAndDestroy(),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

Deno.test("a stream reset after its first output: the error event and the log line name the backend and the cause", async () => {
  const upstream = await resetMidStream();
  const entries: RequestLogEntry[] = [];
  const gateway = serveGateway({
    backends: [[
      "primary",
      createOpenAIAdapter({
        apiKey: KEY,
        baseURL: `${upstream.origin}/v1`,
        defaultModel: "m",
      }),
    ]],
    logger: (entry) => entries.push(entry),
  });
  try {
    // The Anthropic wire: translated chunk by chunk (an OpenAI client's
    // stream from an OpenAI backend is relayed byte for byte instead).
    const response = await fetch(`${gateway.origin}/v1/messages`, {
      method: "POST",
      body: JSON.stringify({
        model: "m",
        max_tokens: 16,
        stream: true,
        messages: [{ role: "user", content: "hi" }],
      }),
      signal: fetchSignal(),
    });
    assert.equal(response.status, 200);
    const text = await response.text();
    assert.match(text, /"partial"/);
    const expected = `Backend "primary" unreachable: connection reset (${
      upstream.origin.slice("http://".length)
    })`;
    assert.match(
      text,
      new RegExp(
        `"message":"${RegExp.escape(JSON.stringify(expected).slice(1, -1))}"`,
      ),
    );
    assert.equal(entries.at(-1)?.status, 200);
    assert.equal(entries.at(-1)?.error_message, expected);
    assertNoSecret(text + JSON.stringify(entries));
  } finally {
    await gateway.close();
    await upstream.close();
  }
});

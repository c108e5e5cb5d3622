// Streams in process (no Deno API, so the npm build runs this under Node):
// a stream is pulled by its reader and nothing is produced ahead of it, and
// the stream cap answers 503 + Retry-After before any backend is called.
import { describe, it } from "../_harness.ts";
import assert from "node:assert/strict";
import { createGateway, type Gateway } from "../../src/gateway/mod.ts";
import { AdapterError, ErrorCode } from "../../src/models/mod.ts";
import { createEchoAdapter } from "../../src/models/testing.ts";
import { countingBackend } from "./_counting.ts";

function counting() {
  return countingBackend((i) => `piece ${i} `, 10_000);
}

function streamRequest(path = "/v1/chat/completions"): Request {
  return new Request(`http://localhost${path}`, {
    method: "POST",
    body: JSON.stringify({
      model: "b",
      stream: true,
      max_tokens: 16,
      messages: [{ role: "user", content: "hi" }],
    }),
  });
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

describe("gateway streams", () => {
  it("produce nothing ahead of their reader: one chunk per read past the head", async () => {
    const backend = counting();
    const gateway = createGateway({ backends: [["b", backend]] });
    const response = await gateway(streamRequest());
    assert.equal(response.status, 200);
    await settle();
    // The head: the first content chunk, read before the 200 is committed.
    assert.equal(backend.produced(), 1);
    const reader = response.body!.getReader();
    for (let read = 1; read <= 5; read++) {
      await reader.read();
      await settle();
      assert.ok(
        backend.produced() <= read + 1,
        `after ${read} reads: ${backend.produced()} produced`,
      );
    }
    await reader.cancel();
    gateway.dispose();
  });

  it("stream word by word from the echo backend, made as they are read", async () => {
    const gateway = createGateway({ backends: [["b", createEchoAdapter()]] });
    const words = Array.from({ length: 50 }, (_, i) => `w${i}`).join(" ");
    const response = await gateway(
      new Request("http://localhost/v1/chat/completions", {
        method: "POST",
        body: JSON.stringify({
          model: "b",
          stream: true,
          messages: [{ role: "user", content: words }],
        }),
      }),
    );
    const text = await response.text();
    const deltas = text.split("\n").filter((line) => line.startsWith("data: {"))
      .map((line) => JSON.parse(line.slice(6)).choices[0]?.delta?.content)
      .filter((delta) => typeof delta === "string" && delta !== "");
    assert.equal(deltas.join(""), words);
    assert.equal(deltas.length, 50);
    gateway.dispose();
  });

  it("answer 503 + Retry-After past maxStreams, in both wire formats, until one ends", async () => {
    const backend = counting();
    const gateway = createGateway({
      backends: [["b", backend]],
      maxStreams: 2,
    });
    const open = [
      await gateway(streamRequest()),
      await gateway(streamRequest("/v1/messages")),
    ];
    assert.deepEqual(open.map((r) => r.status), [200, 200]);
    const calls = backend.calls.length;
    const refused = await gateway(streamRequest());
    assert.equal(refused.status, 503);
    assert.equal(refused.headers.get("retry-after"), "1");
    assert.equal((await refused.json()).error.code, "too_many_streams");
    const anthropic = await gateway(streamRequest("/v1/messages"));
    assert.equal(anthropic.status, 503);
    assert.equal((await anthropic.json()).error.type, "overloaded_error");
    assert.equal(backend.calls.length, calls, "no backend call when refused");
    // Non-streamed requests are not streams.
    const plain = await gateway(
      new Request("http://localhost/v1/chat/completions", {
        method: "POST",
        body: JSON.stringify({
          model: "b",
          messages: [{ role: "user", content: "x" }],
        }),
      }),
    );
    assert.notEqual(plain.status, 503);
    await plain.body?.cancel();
    await open[0].body!.cancel();
    const again = await gateway(streamRequest());
    assert.equal(again.status, 200);
    await again.body!.cancel();
    await open[1].body!.cancel();
    gateway.dispose();
  });

  // A slot given back twice would let one stream more than maxStreams in
  // after it: each way a stream ends must give it back once.
  it("give their slot back once however they end: read to the end, cancelled, or failed before the head", async () => {
    const echo = createEchoAdapter();
    const down = {
      metadata: { ...echo.metadata, name: "down" },
      execute: echo.execute.bind(echo),
      // deno-lint-ignore require-yield
      async *executeStream(): AsyncGenerator<never> {
        throw new AdapterError({
          code: ErrorCode.PROVIDER_ERROR,
          message: "down",
          provider: "down",
        });
      },
    };
    const ends: Array<[string, (gateway: Gateway) => Promise<void>]> = [
      ["read to the end", async (gateway) => {
        const response = await gateway(chat("b"));
        assert.equal(response.status, 200);
        assert.match(await response.text(), /\[DONE\]/);
      }],
      ["cancelled by the client", async (gateway) => {
        const response = await gateway(chat("b"));
        assert.equal(response.status, 200);
        await response.body!.cancel();
      }],
      ["failed before the head", async (gateway) => {
        const response = await gateway(chat("down"));
        assert.ok(response.status >= 500, String(response.status));
        await response.body?.cancel();
      }],
    ];
    for (const [how, end] of ends) {
      const gateway = createGateway({
        backends: [["b", createEchoAdapter()], ["down", down]],
        routerConfig: { maxRetries: 0, fallbackStrategy: "none" },
        maxStreams: 1,
      });
      try {
        await end(gateway);
        await end(gateway);
        const open = await gateway(chat("b"));
        assert.equal(open.status, 200, how);
        const refused = await gateway(chat("b"));
        assert.equal(refused.status, 503, `${how}: the bound still holds`);
        await refused.body?.cancel();
        await open.body!.cancel();
      } finally {
        gateway.dispose();
      }
    }
  });
});

function chat(model: string): Request {
  return new Request("http://localhost/v1/chat/completions", {
    method: "POST",
    body: JSON.stringify({
      model,
      stream: true,
      messages: [{ role: "user", content: "one two three" }],
    }),
  });
}

// A relayed stream the upstream cuts mid-way (two chunks, then its socket
// closes inside the chunked body): the gateway records the failure (log
// line, metrics, the backend's statistics) and the client sees the stream
// break as the provider's own would, without `data: [DONE]`, whether the
// gateway reads the stream's tokens or pipes it untouched, under Deno.serve
// and under serveGateway.
import assert from "node:assert/strict";
import OpenAI from "npm:openai@7.57.0";
import {
  createGateway,
  type Gateway,
  type RequestLogEntry,
  serveGateway as listen,
} from "../../src/gateway/mod.ts";
import { fetchSignal, shutdownBounded } from "../_bounded.ts";
import { waitUntil, withTimeout } from "../_timeout.ts";
import { openAIClient } from "./_openai_client.ts";
import { serveGateway, upstreamAdapter } from "./_serve.ts";

const CHUNK_ONE = 'data: {"id":"c1","object":"chat.completion.chunk",' +
  '"choices":[{"index":0,"delta":{"content":"one"}}]}\n\n';
const CHUNK_TWO = 'data: {"id":"c1","object":"chat.completion.chunk",' +
  '"choices":[{"index":0,"delta":{"content":" two"}}]}\n\n';

/**
 * An OpenAI-wire upstream over raw TCP: answers every request with a
 * chunked SSE head and two chunks, then closes the socket without the
 * terminating chunk, the way a reset connection ends a stream.
 */
function cuttingUpstream() {
  const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const tasks: Promise<void>[] = [];
  let requests = 0;
  const serveOne = async (conn: Deno.Conn): Promise<void> => {
    try {
      // The request head and body: enough when the body's end is read.
      const buffer = new Uint8Array(65536);
      let text = "";
      for (let i = 0; i < 64; i++) {
        const n = await conn.read(buffer);
        if (n === null) return;
        text += new TextDecoder().decode(buffer.subarray(0, n));
        const head = text.indexOf("\r\n\r\n");
        const length = /content-length: *(\d+)/i.exec(text);
        if (
          head >= 0 && length &&
          new TextEncoder().encode(text.slice(head + 4)).byteLength >=
            Number(length[1])
        ) break;
      }
      requests++;
      const chunk = (s: string) => {
        const bytes = new TextEncoder().encode(s);
        return `${bytes.byteLength.toString(16)}\r\n${s}\r\n`;
      };
      await conn.write(
        new TextEncoder().encode(
          "HTTP/1.1 200 OK\r\ncontent-type: text/event-stream\r\n" +
            "transfer-encoding: chunked\r\n\r\n" + chunk(CHUNK_ONE) +
            chunk(CHUNK_TWO),
        ),
      );
    } catch {
      // the gateway went away first
    } finally {
      try {
        conn.close();
      } catch {
        // closed already
      }
    }
  };
  const accepting = (async () => {
    for await (const conn of listener) tasks.push(serveOne(conn));
  })();
  return {
    origin: `http://127.0.0.1:${(listener.addr as Deno.NetAddr).port}`,
    get requests() {
      return requests;
    },
    async close() {
      listener.close();
      await accepting.catch(() => {});
      await Promise.all(tasks);
    },
  };
}

/** What the client read: the text before the break, and whether it broke. */
async function readAll(
  response: Response,
): Promise<{ text: string; broke: boolean }> {
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let text = "";
  for (;;) {
    try {
      const next = await reader.read();
      if (next.done) return { text, broke: false };
      text += decoder.decode(next.value, { stream: true });
    } catch {
      return { text, broke: true };
    }
  }
}

for (const server of ["Deno.serve", "serveGateway"] as const) {
  for (const tapped of [false, true]) {
    const reading = tapped ? "tokens read" : "tokens not read";
    const seen = server === "Deno.serve" && !tapped
      ? "the client's stream breaks without [DONE] (piped natively: not seen)"
      : "logged NETWORK_ERROR, counted as the backend's error, the client's stream breaks without [DONE]";
    Deno.test(`relayed stream cut by the upstream under ${server} (${reading}): ${seen}`, async () => {
      const upstream = cuttingUpstream();
      const logs: RequestLogEntry[] = [];
      const options = {
        backends: [["oa", upstreamAdapter(upstream.origin, "oa")]] as const,
        logger: (entry: RequestLogEntry) => logs.push(entry),
        ...(tapped ? { passthroughTokens: "all" as const } : {}),
      };
      let origin: string;
      let gateway: Gateway;
      let close: () => Promise<void>;
      if (server === "Deno.serve") {
        const served = serveGateway(options);
        ({ origin, gateway } = served);
        close = served.close;
      } else {
        gateway = createGateway(options);
        const listener = await listen(gateway, { port: 0 });
        origin = `http://127.0.0.1:${listener.addr.port}`;
        close = async () => {
          await shutdownBounded(listener);
          gateway.dispose();
        };
      }
      try {
        const response = await fetch(`${origin}/v1/chat/completions`, {
          method: "POST",
          body: JSON.stringify({
            model: "gpt-test",
            messages: [{ role: "user", content: "hi" }],
            stream: true,
          }),
          signal: fetchSignal(),
        });
        assert.equal(response.status, 200);
        const { text, broke } = await withTimeout(
          readAll(response),
          10_000,
          "the client's read",
        );
        assert.equal(text, CHUNK_ONE + CHUNK_TWO, "the chunks before the cut");
        assert.ok(broke, "the client's stream breaks, it does not end clean");
        await waitUntil(() => logs.length === 1, "the stream's log line");
        assert.equal(upstream.requests, 1, "no second upstream call");
        if (server === "Deno.serve" && !tapped) {
          // Deno.serve pipes the upstream's body natively and resolves
          // `completed` either way: nothing reaches JavaScript to tell the
          // cut (docs/gateway/operations.md). The client still sees it.
          return;
        }
        const [line] = logs;
        assert.equal(line.status, 200);
        assert.equal(line.backend, "oa");
        assert.equal(line.error_code, "NETWORK_ERROR");
        assert.match(
          line.error_message ?? "",
          /^Backend "oa" unreachable: connection reset \(127\.0\.0\.1:\d+\) after the stream began$/,
        );
        const metrics = gateway.metrics.render();
        assert.match(
          metrics,
          /switchyard_errors_total\{[^}]*backend="oa"[^}]*code="NETWORK_ERROR"[^}]*\} 1/,
        );
        assert.match(metrics, /switchyard_open_streams 0/);
        // The backend's record: its head a success, the cut a failure.
        const stats = gateway.router.getBackendStats("oa")!;
        assert.equal(stats.failedRequests, 1);
      } finally {
        await close();
        await upstream.close();
      }
    });
  }
}

Deno.test("relayed stream cut by the upstream (tokens read): the openai SDK gets the two chunks, then throws, as from the provider itself", async () => {
  const upstream = cuttingUpstream();
  const gateway = serveGateway({
    backends: [["oa", upstreamAdapter(upstream.origin, "oa")]],
    passthroughTokens: "all",
  });
  try {
    const stream = await openAIClient(gateway.origin).chat.completions.create({
      model: "gpt-test",
      messages: [{ role: "user", content: "hi" }],
      stream: true,
    });
    const contents: string[] = [];
    // The SDK ends a stream that closes cleanly without `[DONE]` as if it
    // were complete: only a broken connection makes it throw.
    await assert.rejects(
      withTimeout(
        (async () => {
          for await (const chunk of stream) {
            contents.push(chunk.choices[0]?.delta.content ?? "");
          }
        })(),
        10_000,
        "the SDK's iteration",
      ),
      (error: Error) => !(error instanceof OpenAI.APIError),
    );
    assert.deepEqual(contents, ["one", " two"]);
  } finally {
    await gateway.close();
    await upstream.close();
  }
});

Deno.test("relayed stream cut by the upstream, gateway called without a server's `completed` (legacy completions): logged NETWORK_ERROR, the body breaks", async () => {
  const upstream = cuttingUpstream();
  const logs: RequestLogEntry[] = [];
  const gateway = createGateway({
    backends: [["oa", upstreamAdapter(upstream.origin, "oa")]],
    logger: (entry) => logs.push(entry),
  });
  try {
    const response = await gateway(
      new Request("http://gateway.test/v1/completions", {
        method: "POST",
        body: JSON.stringify({ model: "gpt-test", prompt: "hi", stream: true }),
      }),
    );
    assert.equal(response.status, 200);
    const { text, broke } = await withTimeout(
      readAll(response),
      10_000,
      "the body's read",
    );
    assert.equal(text, CHUNK_ONE + CHUNK_TWO);
    assert.ok(broke, "the body breaks, it does not end clean");
    await waitUntil(() => logs.length === 1, "the stream's log line");
    assert.equal(logs[0].error_code, "NETWORK_ERROR");
    assert.match(logs[0].error_message ?? "", /^Backend "oa" unreachable: /);
  } finally {
    gateway.dispose();
    await upstream.close();
  }
});

Deno.test("a relayed stream cut by the upstream counts against the backend's breaker: a threshold of one opens it", async () => {
  const upstream = cuttingUpstream();
  const gateway = createGateway({
    backends: [["oa", upstreamAdapter(upstream.origin, "oa")]],
    // The head's success resets the failure streak, so the cut is one
    // failure after it: a threshold of one shows the breaker was told.
    routerConfig: {
      enableCircuitBreaker: true,
      circuitBreakerThreshold: 1,
      circuitBreakerTimeout: 60_000,
    },
  });
  const listener = await listen(gateway, { port: 0 });
  const origin = `http://127.0.0.1:${listener.addr.port}`;
  try {
    const response = await fetch(`${origin}/v1/chat/completions`, {
      method: "POST",
      body: JSON.stringify({
        model: "gpt-test",
        messages: [{ role: "user", content: "hi" }],
        stream: true,
      }),
      signal: fetchSignal(),
    });
    assert.equal(response.status, 200);
    const { broke } = await withTimeout(readAll(response), 10_000, "read");
    assert.ok(broke);
    await waitUntil(
      () => gateway.router.getBackendStats("oa")!.failedRequests === 1,
      "the cut recorded",
    );
    assert.equal(gateway.router.isCircuitBreakerOpen("oa"), true);
    // The next request finds the backend out of routing.
    const next = await fetch(`${origin}/v1/chat/completions`, {
      method: "POST",
      body: JSON.stringify({
        model: "gpt-test",
        messages: [{ role: "user", content: "hi" }],
        stream: true,
      }),
      signal: fetchSignal(),
    });
    assert.equal(next.status, 503);
    await next.body?.cancel();
    assert.equal(upstream.requests, 1);
  } finally {
    await shutdownBounded(listener);
    gateway.dispose();
    await upstream.close();
  }
});

// Passthrough in the shipped server: examples/serve.ts as `deno task start`
// runs it (the gateway mounted in the template router, under serveGateway),
// with an OpenAI-compatible upstream on loopback. A stream passes through only
// when the gateway gets the server's `completed`; the template router hands
// it on. Deno only (subprocess, Deno.serve upstream, sanitizers on).
import assert from "node:assert/strict";
import { fetchSignal } from "../_bounded.ts";
import { waitUntil } from "../_timeout.ts";
import { type Serve, startServe } from "./_serve_process.ts";
import { serveUpstream, tickingSse } from "../gateway/_serve.ts";

// Spacing and fields the gateway's own encoder would not write (it would
// also put its own id on every chunk): only a byte-for-byte relay gives them
// back.
function event(n: number, delta: string, finish: string | null): string {
  return `data: {"id":"chatcmpl-upstream", "object":"chat.completion.chunk",` +
    `"created":1700000000,"model":"gpt-up-2024","system_fingerprint":"fp_up",` +
    `"choices":[{"index":0,"delta":${delta},"logprobs":null,"finish_reason":${
      finish === null ? "null" : `"${finish}"`
    }}], "n":${n}}\n\n`;
}

const SSE = event(1, '{"role":"assistant","content":""}', null) +
  event(2, '{"content":"a b"}', null) + event(3, '{"content":" c"}', null) +
  event(4, "{}", "stop") + "data: [DONE]\n\n";

function streamRequest(origin: string, requestId: string): Promise<Response> {
  return fetch(`${origin}/v1/chat/completions`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-request-id": requestId },
    body: JSON.stringify({
      model: "openai/gpt-up",
      messages: [{ role: "user", content: "hi" }],
      stream: true,
    }),
    signal: fetchSignal(),
  });
}

/** The JSON request log line serve.ts printed for `requestId`, once printed. */
async function logLine(
  serve: Serve,
  requestId: string,
): Promise<Record<string, unknown>> {
  const find = () =>
    serve.stdout().split("\n").find((line) =>
      line.includes(`"request_id":"${requestId}"`)
    );
  await waitUntil(() => find() !== undefined, `the log line of ${requestId}`);
  return JSON.parse(find()!);
}

async function openStreams(origin: string): Promise<string | undefined> {
  const text = await (await fetch(`${origin}/metrics`, {
    signal: fetchSignal(),
  })).text();
  return /^switchyard_open_streams (\d+)$/m.exec(text)?.[1];
}

function upstreamEnv(origin: string): Record<string, string> {
  return { OPENAI_API_KEY: "sk-upstream", OPENAI_BASE_URL: `${origin}/v1` };
}

Deno.test("deno task start: a stream to an OpenAI-compatible backend passes through byte for byte; its count and log line end", async () => {
  const upstream = serveUpstream(() =>
    new Response(SSE, { headers: { "content-type": "text/event-stream" } })
  );
  try {
    const serve = await startServe(upstreamEnv(upstream.origin));
    try {
      const response = await streamRequest(serve.origin, "pass-1");
      assert.equal(response.status, 200);
      assert.equal(response.headers.get("x-request-id"), "pass-1");
      assert.equal(await response.text(), SSE);
      // The relay asks for no usage chunk the client did not ask for (the
      // translated path would, to count tokens).
      assert.equal(upstream.calls.length, 1);
      assert.equal(upstream.calls[0].body.model, "gpt-up");
      assert.equal(upstream.calls[0].body.stream_options, undefined);

      const entry = await logLine(serve, "pass-1");
      assert.equal(entry.status, 200);
      assert.equal(entry.backend, "openai");
      assert.equal(entry.error_code, undefined);
      assert.equal(typeof entry.ttft_ms, "number");
      assert.equal(await openStreams(serve.origin), "0");
    } finally {
      const status = await serve.stop();
      assert.equal(status.code, 0, `serve.ts stderr: ${serve.stderr()}`);
    }
  } finally {
    await upstream.close();
  }
});

Deno.test("deno task start: a client leaving a passed-through stream closes the upstream stream; the count ends, the log says ABORTED", async () => {
  let cancelled = false;
  // One event at once, then one every 20 ms until cancelled (at most 500).
  const upstream = serveUpstream(() =>
    tickingSse((n) => event(n, `{"content":"t${n}"}`, null), () => {
      cancelled = true;
    })
  );
  try {
    const serve = await startServe(upstreamEnv(upstream.origin));
    try {
      const response = await streamRequest(serve.origin, "pass-2");
      assert.equal(response.status, 200);
      const reader = response.body!.getReader();
      const expected = event(1, '{"content":"t1"}', null);
      let text = "";
      const decoder = new TextDecoder();
      for (
        let reads = 0;
        reads < 20 && text.length < expected.length;
        reads++
      ) {
        const { done, value } = await reader.read();
        if (done) break;
        text += decoder.decode(value, { stream: true });
      }
      // The upstream's own bytes, not a re-encoded chunk.
      assert.ok(text.startsWith(expected), text);
      assert.equal(await openStreams(serve.origin), "1");
      await reader.cancel();
      await waitUntil(() => cancelled, "the upstream stream's cancel");
      const entry = await logLine(serve, "pass-2");
      // serveGateway's `completed` rejects for an answer not delivered.
      assert.equal(entry.error_code, "ABORTED");
      assert.equal(await openStreams(serve.origin), "0");
    } finally {
      await serve.stop();
    }
  } finally {
    await upstream.close();
  }
});

// An upstream 408 through the gateway: a timeout, not a client error. It is
// fallen back from (the next backend answers), and when every backend timed
// out the client gets the gateway's 504 in its wire shape, plain, streamed
// and relayed.
import assert from "node:assert/strict";
import { fetchSignal } from "../_bounded.ts";
import type { RequestLogEntry } from "../../src/gateway/mod.ts";
import {
  openAICompletion,
  serveGateway,
  serveUpstream,
  upstreamAdapter,
} from "./_serve.ts";

function timedOut(): Response {
  return Response.json(
    { error: { message: "timed out", type: "timeout", code: null } },
    { status: 408 },
  );
}

async function ask(
  origin: string,
  path: string,
  stream: boolean,
): Promise<{ status: number; body: Record<string, unknown>; text: string }> {
  const response = await fetch(`${origin}${path}`, {
    signal: fetchSignal(),
    method: "POST",
    body: JSON.stringify({
      model: "any",
      stream,
      max_tokens: 16,
      messages: [{ role: "user", content: "hi" }],
    }),
  });
  const text = await response.text();
  let body: Record<string, unknown> = {};
  try {
    body = JSON.parse(text);
  } catch {
    // An SSE answer.
  }
  return { status: response.status, body, text };
}

for (const passthrough of [true, false]) {
  for (const stream of [false, true]) {
    Deno.test(`every backend answering 408 is a 504 on both wires (stream: ${stream}, passthrough: ${passthrough})`, async () => {
      const upstream = serveUpstream(timedOut);
      const logs: RequestLogEntry[] = [];
      const gateway = serveGateway({
        backends: [
          ["a", upstreamAdapter(upstream.origin, "a")],
          ["b", upstreamAdapter(upstream.origin, "b")],
        ],
        passthrough,
        logger: (entry) => logs.push(entry),
      });
      try {
        const openai = await ask(
          gateway.origin,
          "/v1/chat/completions",
          stream,
        );
        assert.equal(openai.status, 504, openai.text);
        const error = openai.body.error as Record<string, unknown>;
        assert.equal(error.type, "server_error");
        const anthropic = await ask(gateway.origin, "/v1/messages", stream);
        assert.equal(anthropic.status, 504, anthropic.text);
        assert.equal(anthropic.body.type, "error");
        // Anthropic's own type for a 504 (its SDK's GatewayTimeoutError).
        assert.equal(
          (anthropic.body.error as Record<string, unknown>).type,
          "timeout_error",
        );
        // Both backends were tried for each request: a 408 is not final.
        assert.equal(upstream.calls.length, 4);
        const chats = logs.filter((entry) => entry.api !== null);
        assert.deepEqual(chats.map((e) => [e.status, e.backend]), [
          [504, "b"],
          [504, "b"],
        ]);
      } finally {
        await gateway.close();
        await upstream.close();
      }
    });
  }
}

for (const stream of [false, true]) {
  Deno.test(`a 408 from the first backend falls back to the second, which answers (stream: ${stream})`, async () => {
    const slow = serveUpstream(timedOut);
    const fine = serveUpstream((call) =>
      call.body.stream
        ? new Response(
          'data: {"id":"x","object":"chat.completion.chunk","created":0,"model":"m","choices":[{"index":0,"delta":{"content":"ok"},"finish_reason":null}]}\n\n' +
            'data: {"id":"x","object":"chat.completion.chunk","created":0,"model":"m","choices":[{"index":0,"delta":{},"finish_reason":"stop"}]}\n\ndata: [DONE]\n\n',
          { headers: { "content-type": "text/event-stream" } },
        )
        : Response.json(openAICompletion("ok"))
    );
    const logs: RequestLogEntry[] = [];
    const gateway = serveGateway({
      backends: [
        ["a", upstreamAdapter(slow.origin, "a")],
        ["b", upstreamAdapter(fine.origin, "b")],
      ],
      logger: (entry) => logs.push(entry),
    });
    try {
      for (const path of ["/v1/chat/completions", "/v1/messages"]) {
        const answer = await ask(gateway.origin, path, stream);
        assert.equal(answer.status, 200, answer.text);
        assert.match(answer.text, /ok/);
      }
      const chats = logs.filter((entry) => entry.api !== null);
      assert.deepEqual(chats.map((e) => [e.status, e.backend, e.fallbacks]), [
        [200, "b", 1],
        [200, "b", 1],
      ]);
    } finally {
      await gateway.close();
      await slow.close();
      await fine.close();
    }
  });
}

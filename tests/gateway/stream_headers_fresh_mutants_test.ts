// What planting the mutation rules by hand in the stream answers showed the
// suite did not check: every streamed answer, whichever way it is made
// (translated, relayed byte for byte, replayed from the response cache), is
// an event stream that no cache may keep and no proxy may buffer:
// `cache-control: no-cache` and `x-accel-buffering: no` (nginx holds a
// response back until its buffer fills unless told not to, which turns a
// stream into one late answer).
import { describe, it } from "../_harness.ts";
import assert from "node:assert/strict";
import { openAIUpstream } from "./_in_process.ts";
import {
  createGateway,
  type Gateway,
  MemoryResponseCache,
  type RequestLogEntry,
} from "../../src/gateway/mod.ts";
import { createEchoAdapter } from "../../src/models/testing.ts";

const SSE =
  'data: {"id":"c1","object":"chat.completion.chunk","created":0,"model":"gpt-test","choices":[{"index":0,"delta":{"role":"assistant","content":"hi"},"finish_reason":null}]}\n\n' +
  'data: {"id":"c1","object":"chat.completion.chunk","created":0,"model":"gpt-test","choices":[{"index":0,"delta":{},"finish_reason":"stop"}]}\n\n' +
  "data: [DONE]\n\n";

function streamed(model: string): Request {
  return new Request("http://localhost/v1/chat/completions", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      model,
      stream: true,
      messages: [{ role: "user", content: "hi" }],
    }),
  });
}

async function assertStreamHeaders(
  gateway: Gateway,
  model: string,
  label: string,
): Promise<Headers> {
  const response = await gateway(streamed(model));
  assert.equal(response.status, 200, label);
  await response.text();
  assert.match(
    response.headers.get("content-type") ?? "",
    /^text\/event-stream/,
    label,
  );
  assert.equal(response.headers.get("cache-control"), "no-cache", label);
  assert.equal(response.headers.get("x-accel-buffering"), "no", label);
  return response.headers;
}

describe("a streamed answer's headers", () => {
  it("translated, relayed, and replayed from the cache: no-cache, never buffered", async () => {
    const logs: RequestLogEntry[] = [];
    const gateway = createGateway({
      backends: [
        ["echo", createEchoAdapter()],
        [
          "oa",
          openAIUpstream("gpt-test", () =>
            Promise.resolve(
              new Response(SSE, {
                headers: { "content-type": "text/event-stream" },
              }),
            )),
        ],
      ],
      cache: { cache: new MemoryResponseCache() },
      logger: (entry) => void logs.push(entry),
    });
    try {
      await assertStreamHeaders(gateway, "echo", "translated");
      await assertStreamHeaders(gateway, "oa", "relayed");
      const cached = await assertStreamHeaders(gateway, "echo", "cached");
      assert.equal(cached.get("x-switchyard-cache"), "hit");
    } finally {
      gateway.dispose();
    }
  });
});

// A same-wire backend in a mixed fleet answers with the upstream's own
// stream; when that stream fails after its first output, the client's
// stream ends with an error event in the client's wire (the gateway writes
// it, as on the translated path) and the log line names the failure.
import assert from "node:assert/strict";
import { createAnthropicAdapter } from "../../src/models/adapters/anthropic.ts";
import { createOpenAIAdapter } from "../../src/models/adapters/openai.ts";
import type { BackendAdapter } from "../../src/models/types.ts";
import type { RequestLogEntry } from "../../src/gateway/mod.ts";
import { fetchSignal } from "../_bounded.ts";
import { serveGateway, serveUpstream } from "./_serve.ts";

interface Case {
  wire: string;
  route: string;
  headers: Record<string, string>;
  body: Record<string, unknown>;
  same(origin: string): BackendAdapter;
  other(origin: string): BackendAdapter;
  /** The upstream's first output, then its error event. */
  events: string;
  failed: string;
  /** The client's last event: the gateway's error, in the client's wire. */
  error: RegExp;
}

const CASES: Case[] = [{
  wire: "openai",
  route: "/v1/chat/completions",
  headers: {},
  body: {
    model: "m",
    stream: true,
    messages: [{ role: "user", content: "hi" }],
  },
  same: (origin) =>
    createOpenAIAdapter({ apiKey: "k", baseURL: `${origin}/v1` }),
  other: (origin) => createAnthropicAdapter({ apiKey: "k", baseURL: origin }),
  events:
    'data: {"id":"c","object":"chat.completion.chunk","created":0,"model":"m","x_up":1,"choices":[{"index":0,"delta":{"content":"hi"},"finish_reason":null}]}\n\n',
  failed:
    'data: {"error":{"message":"overloaded","type":"server_error","code":"overloaded"}}\n\n',
  error: /^data: \{"error":\{"message":"Backend \\"up\\": overloaded"/,
}, {
  wire: "anthropic",
  route: "/v1/messages",
  headers: { "anthropic-version": "2023-06-01" },
  body: {
    model: "m",
    max_tokens: 16,
    stream: true,
    messages: [{ role: "user", content: "hi" }],
  },
  same: (origin) => createAnthropicAdapter({ apiKey: "k", baseURL: origin }),
  other: (origin) =>
    createOpenAIAdapter({ apiKey: "k", baseURL: `${origin}/v1` }),
  events:
    'event: message_start\ndata: {"type":"message_start","message":{"id":"msg_1","type":"message","role":"assistant","model":"m","content":[],"usage":{"input_tokens":3,"output_tokens":0},"x_up":1}}\n\n' +
    'event: content_block_start\ndata: {"type":"content_block_start","index":0,"content_block":{"type":"text","text":""}}\n\n' +
    'event: content_block_delta\ndata: {"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"hi"}}\n\n',
  failed:
    'event: error\ndata: {"type":"error","error":{"type":"overloaded_error","message":"overloaded"}}\n\n',
  error:
    /^event: error\ndata: \{"type":"error","error":\{"type":"api_error","message":"Backend \\"up\\": overloaded"/,
}];

for (const c of CASES) {
  Deno.test(`mixed fleet (${c.wire} client): a same-wire stream that fails after its first output ends with the gateway's error event in the client's wire`, async () => {
    const upstream = serveUpstream(() =>
      new Response(c.events + c.failed, {
        headers: { "content-type": "text/event-stream" },
      })
    );
    const other = serveUpstream(() => new Response(null, { status: 500 }));
    const logs: RequestLogEntry[] = [];
    const gateway = serveGateway({
      backends: [["up", c.same(upstream.origin)], [
        "other",
        c.other(other.origin),
      ]],
      logger: (entry) => logs.push(entry),
    });
    try {
      const response = await fetch(`${gateway.origin}${c.route}`, {
        method: "POST",
        headers: { "content-type": "application/json", ...c.headers },
        body: JSON.stringify(c.body),
        signal: fetchSignal(),
      });
      assert.equal(response.status, 200);
      const text = await response.text();
      // The upstream's output as it came, then the gateway's error event.
      assert.ok(text.startsWith(c.events), text);
      const last = text.slice(c.events.length);
      assert.match(last, c.error);
      assert.equal(last.split("\n\n").filter((e) => e !== "").length, 1);
      assert.equal(other.calls.length, 0);
      assert.equal(logs.length, 1);
      assert.equal(logs[0].backend, "up");
      assert.equal(logs[0].error_code, "PROVIDER_ERROR");
    } finally {
      await gateway.close();
      await upstream.close();
      await other.close();
    }
  });
}

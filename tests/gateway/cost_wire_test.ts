// Prices from a real adapter's usage: an Anthropic-wire upstream on loopback
// reports cache reads and writes, and the gateway prices each at Claude
// Sonnet 4's own rate from the built-in table, whether the client's call is
// translated (OpenAI wire) or relayed as is (Anthropic wire).
import assert from "node:assert/strict";
import { fetchSignal } from "../_bounded.ts";
import { inPieces, serveUpstream } from "./_serve.ts";
import { anthropicBackend, withUpstreamGateway } from "./_upstream_gateway.ts";
import { waitUntil } from "../_timeout.ts";

const MODEL = "claude-sonnet-4-20250514";
const ANSWER = {
  id: "msg_01",
  type: "message",
  role: "assistant",
  model: MODEL,
  content: [{ type: "text", text: "Hello!" }],
  stop_reason: "end_turn",
  stop_sequence: null,
  usage: {
    input_tokens: 600,
    cache_read_input_tokens: 400,
    cache_creation_input_tokens: 100,
    output_tokens: 50,
  },
};
// Sonnet 4, USD per million: 600 × 3 + 400 read × 0.3 + 100 written × 3.75
// + 50 out × 15.
const COST = (600 * 3 + 400 * 0.3 + 100 * 3.75 + 50 * 15) / 1_000_000;

/** The one question of these tests, on either wire. */
function ask(url: string, extra: Record<string, unknown> = {}) {
  return fetch(url, {
    signal: fetchSignal(),
    method: "POST",
    headers: { "anthropic-version": "2023-06-01" },
    body: JSON.stringify({
      model: `claude/${MODEL}`,
      max_tokens: 100,
      ...extra,
      messages: [{ role: "user", content: "Hi" }],
    }),
  });
}

Deno.test("cost: an Anthropic answer's cache reads and writes are priced at their own rates, translated or relayed", async () => {
  await withUpstreamGateway(
    serveUpstream(() => Response.json(ANSWER)),
    anthropicBackend(),
    {},
    async ({ upstream, origin, logs }) => {
      for (const path of ["/v1/chat/completions", "/v1/messages"]) {
        const response = await ask(`${origin}${path}`);
        const text = await response.text();
        assert.equal(response.status, 200, text);
        const cost = Number(response.headers.get("x-switchyard-cost-usd"));
        assert.ok(Math.abs(cost - COST) < 1e-12, `${path}: ${cost} vs ${COST}`);
      }
      assert.equal(upstream.calls.length, 2);
      for (const entry of logs) {
        assert.ok(Math.abs(entry.cost_usd! - COST) < 1e-12);
        assert.equal(entry.cost_source, "usage");
      }
    },
  );
});

const event = (name: string, data: unknown) =>
  `event: ${name}\ndata: ${JSON.stringify(data)}\n\n`;
// Anthropic's stream: the input side of the usage in message_start, the
// output total in message_delta.
const STREAM = event("message_start", {
  type: "message_start",
  message: {
    ...ANSWER,
    content: [],
    stop_reason: null,
    usage: { ...ANSWER.usage, output_tokens: 1 },
  },
}) +
  event("content_block_start", {
    type: "content_block_start",
    index: 0,
    content_block: { type: "text", text: "" },
  }) +
  event("content_block_delta", {
    type: "content_block_delta",
    index: 0,
    delta: { type: "text_delta", text: "Hello!" },
  }) +
  event("content_block_stop", { type: "content_block_stop", index: 0 }) +
  event("message_delta", {
    type: "message_delta",
    delta: { stop_reason: "end_turn", stop_sequence: null },
    usage: { output_tokens: 50 },
  }) +
  event("message_stop", { type: "message_stop" });

Deno.test("cost: a relayed Anthropic stream's cache reads and writes are priced at their own rates", async () => {
  await withUpstreamGateway(
    serveUpstream(() => inPieces(STREAM, 11, "text/event-stream")),
    anthropicBackend(),
    { passthroughTokens: "all" },
    async ({ origin, logs }) => {
      const response = await ask(`${origin}/v1/messages`, { stream: true });
      assert.equal(await response.text(), STREAM, "relayed unchanged");
      await waitUntil(() => logs.length === 1, "the stream's log line");
      assert.equal(logs[0].tokens_in, 1100);
      assert.equal(logs[0].tokens_out, 50);
      assert.equal(logs[0].cost_source, "usage");
      assert.ok(
        Math.abs(logs[0].cost_usd! - COST) < 1e-12,
        `${logs[0].cost_usd}`,
      );
    },
  );
});

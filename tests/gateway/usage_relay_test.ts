// The usage the gateway counts (log line tokens, cost, hence budgets) is the
// same whether a backend's answer was relayed as is (the client speaks its
// wire) or translated (the client speaks the other): cache reads, cache
// writes and reasoning tokens, each priced at its own rate, plain and
// streamed, from an OpenAI-wire and from an Anthropic-wire backend.
import assert from "node:assert/strict";
import { createAnthropicAdapter } from "../../src/models/adapters/anthropic.ts";
import type { RequestLogEntry } from "../../src/gateway/mod.ts";
import { fetchSignal } from "../_bounded.ts";
import { waitUntil } from "../_timeout.ts";
import {
  inPieces,
  serveGateway,
  serveUpstream,
  upstreamAdapter,
} from "./_serve.ts";

const MODEL = "wire-test-model";
// Every rate apart, so a count read into the wrong bucket changes the price.
const PRICE = {
  input: 1,
  cachedInput: 0.1,
  cacheWrite: 2,
  output: 4,
  reasoning: 8,
};
// The whole prompt is 1100 tokens: 600 plain, 400 read from the cache, 100
// written to it; 50 generated, 30 of them reasoning.
const COST = (600 * 1 + 400 * 0.1 + 100 * 2 + 20 * 4 + 30 * 8) / 1_000_000;

const OPENAI_USAGE = {
  prompt_tokens: 1100,
  completion_tokens: 50,
  total_tokens: 1150,
  prompt_tokens_details: { cached_tokens: 400, cache_write_tokens: 100 },
  completion_tokens_details: { reasoning_tokens: 30 },
};
const OPENAI_ANSWER = {
  id: "chatcmpl-up",
  object: "chat.completion",
  created: 0,
  model: MODEL,
  choices: [{
    index: 0,
    message: { role: "assistant", content: "Hello!" },
    finish_reason: "stop",
  }],
  usage: OPENAI_USAGE,
};
const chunk = (rest: Record<string, unknown>) =>
  `data: ${
    JSON.stringify({
      id: "chatcmpl-up",
      object: "chat.completion.chunk",
      created: 0,
      model: MODEL,
      ...rest,
    })
  }\n\n`;
const OPENAI_STREAM = chunk({
  choices: [{
    index: 0,
    delta: { role: "assistant", content: "Hello!" },
    finish_reason: null,
  }],
}) +
  chunk({ choices: [{ index: 0, delta: {}, finish_reason: "stop" }] }) +
  chunk({ choices: [], usage: OPENAI_USAGE }) + "data: [DONE]\n\n";

const ANTHROPIC_USAGE = {
  input_tokens: 600,
  cache_read_input_tokens: 400,
  cache_creation_input_tokens: 100,
  output_tokens: 50,
  output_tokens_details: { thinking_tokens: 30 },
};
const ANTHROPIC_ANSWER = {
  id: "msg_01",
  type: "message",
  role: "assistant",
  model: MODEL,
  content: [{ type: "text", text: "Hello!" }],
  stop_reason: "end_turn",
  stop_sequence: null,
  usage: ANTHROPIC_USAGE,
};
const event = (name: string, data: unknown) =>
  `event: ${name}\ndata: ${JSON.stringify(data)}\n\n`;
// The input side in message_start; the output total, thinking tokens
// included, in message_delta.
const ANTHROPIC_STREAM = event("message_start", {
  type: "message_start",
  message: {
    ...ANTHROPIC_ANSWER,
    content: [],
    stop_reason: null,
    usage: {
      input_tokens: 600,
      cache_read_input_tokens: 400,
      cache_creation_input_tokens: 100,
      output_tokens: 1,
    },
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
    usage: {
      output_tokens: 50,
      output_tokens_details: { thinking_tokens: 30 },
    },
  }) +
  event("message_stop", { type: "message_stop" });

const BACKENDS = {
  openai: (origin: string) => upstreamAdapter(origin, "up"),
  anthropic: (origin: string) =>
    createAnthropicAdapter({ name: "up", apiKey: "k", baseURL: origin }),
};

for (const wire of ["openai", "anthropic"] as const) {
  for (const stream of [false, true]) {
    Deno.test(
      `usage: an ${wire} backend's cache reads, writes and reasoning count alike relayed and translated (${
        stream ? "streamed" : "plain"
      })`,
      async () => {
        const upstream = serveUpstream(() => {
          if (!stream) {
            return Response.json(
              wire === "openai" ? OPENAI_ANSWER : ANTHROPIC_ANSWER,
            );
          }
          return inPieces(
            wire === "openai" ? OPENAI_STREAM : ANTHROPIC_STREAM,
            13,
            "text/event-stream",
          );
        });
        const logs: RequestLogEntry[] = [];
        const gateway = serveGateway({
          backends: [["up", BACKENDS[wire](upstream.origin)]],
          prices: { [MODEL]: PRICE },
          passthroughTokens: "all",
          logger: (entry) => logs.push(entry),
        });
        try {
          // The backend's own wire first (relayed), then the other (translated).
          const paths = wire === "openai"
            ? ["/v1/chat/completions", "/v1/messages"]
            : ["/v1/messages", "/v1/chat/completions"];
          for (const path of paths) {
            const response = await fetch(`${gateway.origin}${path}`, {
              signal: fetchSignal(),
              method: "POST",
              headers: { "anthropic-version": "2023-06-01" },
              body: JSON.stringify({
                model: `up/${MODEL}`,
                max_tokens: 100,
                messages: [{ role: "user", content: "Hi" }],
                ...(stream ? { stream: true } : {}),
                ...(stream && path === "/v1/chat/completions"
                  ? { stream_options: { include_usage: true } }
                  : {}),
              }),
            });
            const text = await response.text();
            assert.equal(response.status, 200, text);
            await waitUntil(
              () => logs.length === paths.indexOf(path) + 1,
              "the call's log line",
            );
          }
          assert.equal(upstream.calls.length, 2);
          const [relayed, translated] = logs;
          for (
            const [name, entry] of [["relayed", relayed], [
              "translated",
              translated,
            ]] as const
          ) {
            assert.equal(entry.tokens_in, 1100, name);
            assert.equal(entry.tokens_out, 50, name);
            assert.equal(entry.cost_source, "usage", name);
            assert.ok(
              Math.abs(entry.cost_usd! - COST) < 1e-12,
              `${name}: ${entry.cost_usd} vs ${COST}`,
            );
          }
          assert.equal(relayed.cost_usd, translated.cost_usd);
        } finally {
          await gateway.close();
          await upstream.close();
        }
      },
    );
  }
}

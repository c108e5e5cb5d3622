// What the eighteenth round's second fresh draw of the gateway (seed
// 20261180) showed no test checked:
// - an embeddings token array holds non-negative integers: a negative token
//   or a fraction is a 400 naming `input`, as OpenAI answers;
// - a streamed Responses answer's items carry OpenAI's id prefixes: `msg_`
//   for a message, `fc_` for a function call (clients match them);
// - `formatUsd` rounds to the decimals asked, as `toFixed` does: its fast
//   path (the number's shortest text) holds up to ten decimals only, past
//   which the shortest text can differ in the last digit;
// - a chat request's `top_p: null` means "not set", like the other
//   numeric parameters: nothing reaches a Gemini or Anthropic backend
//   (Anthropic refuses a null `top_p`).
// Portable: the harness only.
import { describe, it } from "../_harness.ts";
import assert from "node:assert/strict";
import { formatUsd } from "../../src/gateway/mod.ts";
import { createAnthropicAdapter } from "../../src/models/adapters/anthropic.ts";
import { createGeminiAdapter } from "../../src/models/adapters/gemini.ts";
import type { BackendAdapter, IRStreamChunk } from "../../src/models/mod.ts";
import {
  jsonPost,
  mockBackend,
  openAIUpstream,
  withGateway,
} from "./_in_process.ts";

describe("draw 20261180: an embeddings token array", () => {
  it("of a negative token or a fraction is a 400 naming input; of naturals is relayed", async () => {
    const sent: unknown[] = [];
    await withGateway({
      backends: [[
        "oa",
        openAIUpstream("text-embedding-3-small", (_url, init) => {
          sent.push(JSON.parse(String(init?.body)).input);
          return Promise.resolve(Response.json({
            object: "list",
            data: [{ object: "embedding", index: 0, embedding: [0.5] }],
            model: "text-embedding-3-small",
            usage: { prompt_tokens: 2, total_tokens: 2 },
          }));
        }),
      ]],
    }, async (gateway) => {
      for (const input of [[-1], [1.5], [[3, 4], [-2]], [[0.5]]]) {
        const response = await gateway(
          jsonPost("/v1/embeddings", { model: "oa", input }),
        );
        assert.equal(response.status, 400, JSON.stringify(input));
        assert.equal((await response.json()).error.param, "input");
      }
      assert.deepEqual(sent, []);
      const ok = await gateway(
        jsonPost("/v1/embeddings", { model: "oa", input: [0, 7] }),
      );
      assert.equal(ok.status, 200, await ok.clone().text());
      await ok.body?.cancel();
      assert.deepEqual(sent, [[0, 7]]);
    });
  });
});

describe("draw 20261180: a streamed Responses answer's item ids", () => {
  it("are msg_ for a message and fc_ for a function call", async () => {
    const chunks: IRStreamChunk[] = [
      { type: "content", sequence: 0, delta: "Hi" },
      {
        type: "tool_use",
        sequence: 1,
        id: "call_1",
        name: "f",
        inputDelta: "{}",
      },
      { type: "done", sequence: 2, finishReason: "tool_calls" },
    ];
    await withGateway({
      backends: [mockBackend({ chunks })],
    }, async (gateway) => {
      const response = await gateway(jsonPost("/v1/responses", {
        model: "mock",
        input: "hi",
        stream: true,
        tools: [{
          type: "function",
          name: "f",
          parameters: { type: "object" },
        }],
      }));
      assert.equal(response.status, 200);
      const added = (await response.text()).split("\n")
        .filter((line) => line.startsWith("data: "))
        .map((line) => JSON.parse(line.slice(6)))
        .filter((event) => event.type === "response.output_item.added")
        .map((event) => [event.item.type, event.item.id.slice(0, 3)]);
      assert.deepEqual(added, [["message", "msg"], ["function_call", "fc_"]]);
    });
  });
});

describe("draw 20261180: formatUsd", () => {
  it("rounds to the decimals asked, as toFixed does, past ten decimals too", () => {
    const trimmed = (value: number, digits: number) =>
      value.toFixed(digits).replace(/\.?0+$/, "");
    // Below 2^18, each with a shortest text of 11 decimals that differs
    // from its rounding to 11 decimals in the last digit.
    for (
      const value of [68568.8686946803, 243986.7043720774, 112645.8730356494]
    ) {
      for (const digits of [6, 10, 11, 12]) {
        assert.equal(
          formatUsd(value, digits),
          trimmed(value, digits),
          `${value} to ${digits}`,
        );
      }
    }
    assert.equal(formatUsd(68568.8686946803, 11), "68568.86869468031");
  });
});

describe("draw 20261180: top_p null in a chat request", () => {
  it("is not set: neither Gemini nor Anthropic is sent a top_p", async () => {
    const bodies: Record<string, unknown>[] = [];
    const record = (answer: unknown) => (_url: unknown, init?: RequestInit) => {
      bodies.push(JSON.parse(String(init?.body)));
      return Promise.resolve(Response.json(answer));
    };
    const backends: [string, BackendAdapter][] = [
      [
        "gem",
        createGeminiAdapter({
          apiKey: "k",
          fetch: record({
            candidates: [{
              content: { role: "model", parts: [{ text: "ok" }] },
              finishReason: "STOP",
            }],
          }),
        }),
      ],
      [
        "ant",
        createAnthropicAdapter({
          apiKey: "k",
          fetch: record({
            id: "msg_1",
            type: "message",
            role: "assistant",
            model: "claude-x",
            content: [{ type: "text", text: "ok" }],
            stop_reason: "end_turn",
            usage: { input_tokens: 1, output_tokens: 1 },
          }),
        }),
      ],
    ];
    for (const [name, adapter] of backends) {
      await withGateway({ backends: [[name, adapter]] }, async (gateway) => {
        const response = await gateway(jsonPost("/v1/chat/completions", {
          model: name,
          messages: [{ role: "user", content: "hi" }],
          top_p: null,
          temperature: null,
        }));
        assert.equal(response.status, 200, await response.clone().text());
        await response.body?.cancel();
        assert.equal(response.headers.get("x-switchyard-dropped"), null);
      });
    }
    const [gemini, anthropic] = bodies;
    assert.equal(
      (gemini.generationConfig as Record<string, unknown> | undefined)?.topP,
      undefined,
    );
    assert.equal("generationConfig" in gemini, false);
    assert.equal("top_p" in anthropic, false);
    assert.equal("temperature" in anthropic, false);
  });
});

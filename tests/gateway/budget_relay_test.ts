// A stream relayed byte for byte (passthrough) from an OpenAI-wire upstream
// on loopback, for a key with a budget and no tpm limit: the gateway reads
// the stream's tokens because the budget needs them, prices the upstream's
// usage (or, when it sends none, its own count, labelled `estimate`),
// charges the budget as the stream ends and refuses the key's next request.
import assert from "node:assert/strict";
import { createOpenAIAdapter } from "../../src/models/adapters/openai.ts";
import { hashKey, type RequestLogEntry } from "../../src/gateway/mod.ts";
import { fetchSignal } from "../_bounded.ts";
import { waitUntil } from "../_timeout.ts";
import { inPieces, serveGateway, serveUpstream } from "./_serve.ts";

const HEAD =
  '"id":"chatcmpl-b1","object":"chat.completion.chunk","created":1700000000,"model":"gpt-test"';
const chunk = (delta: string, finish: string, usage = "") =>
  `data: {${HEAD},"choices":[{"index":0,"delta":${delta},"finish_reason":${finish}}]${usage}}\n\n`;
// 1000 prompt and 200 generated tokens, on the last content chunk.
const WITH_USAGE = chunk('{"role":"assistant","content":"Hi"}', "null") +
  chunk(
    '{"content":"!"}',
    '"stop"',
    ',"usage":{"prompt_tokens":1000,"completion_tokens":200,"total_tokens":1200}',
  ) + "data: [DONE]\n\n";
const WITHOUT_USAGE = chunk('{"role":"assistant","content":"Hi"}', "null") +
  chunk('{"content":"!"}', '"stop"') + "data: [DONE]\n\n";
// USD per million: 1000 × 2 + 200 × 10 = 0.004.
const PRICES = { "gpt-test": { input: 2, output: 10 } };

for (const usage of [true, false]) {
  Deno.test(`budget on a relayed stream (${usage ? "upstream usage" : "no usage"}): priced, charged as it ends, next request refused`, async () => {
    const upstream = serveUpstream(() =>
      inPieces(usage ? WITH_USAGE : WITHOUT_USAGE, 7, "text/event-stream")
    );
    const logs: RequestLogEntry[] = [];
    const gateway = serveGateway({
      backends: [[
        "oa",
        createOpenAIAdapter({
          name: "oa",
          apiKey: "upstream-key",
          baseURL: `${upstream.origin}/v1`,
          defaultModel: "gpt-test",
        }),
      ]],
      keys: [{
        id: "team",
        sha256: await hashKey("sk-team"),
        budget: { usd: 0.000001, period: "month" },
      }],
      prices: PRICES,
      logger: (entry) => logs.push(entry),
    });
    const post = () =>
      fetch(`${gateway.origin}/v1/chat/completions`, {
        signal: fetchSignal(),
        method: "POST",
        headers: { authorization: "Bearer sk-team" },
        body: JSON.stringify({
          model: "gpt-test",
          stream: true,
          messages: [{ role: "user", content: "Say hi" }],
        }),
      });
    try {
      const first = await post();
      assert.equal(first.status, 200);
      // Relayed unchanged.
      assert.equal(await first.text(), usage ? WITH_USAGE : WITHOUT_USAGE);
      await waitUntil(() => logs.length === 1, "the stream's log line");
      const [entry] = logs;
      if (usage) {
        assert.equal(entry.cost_usd, 0.004);
        assert.equal(entry.cost_source, "usage");
      } else {
        // "Hi!": 3 characters, 1 token; the prompt as admission estimated it.
        assert.equal(entry.cost_source, "estimate");
        assert.equal(entry.tokens_out, 1);
        assert.equal(entry.cost_usd, (entry.tokens_in! * 2 + 10) / 1_000_000);
      }
      const second = await post();
      assert.equal(second.status, 429);
      assert.match(await second.text(), /monthly budget of 0\.000001 USD/);
      assert.equal(upstream.calls.length, 1);
    } finally {
      await gateway.close();
      await upstream.close();
    }
  });
}

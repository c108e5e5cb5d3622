// A spent budget as the official SDKs meet it over loopback: the OpenAI SDK
// raises its RateLimitError with `insufficient_quota` / `budget_exceeded`,
// the Anthropic SDK its RateLimitError, and neither retries (their default
// is two retries of a 429): the gateway says `x-should-retry: false` when
// the budget resets more than a minute later.
import assert from "node:assert/strict";
import OpenAI from "npm:openai@7.57.0";
import Anthropic from "npm:@anthropic-ai/sdk@1.14.0";
import { hashKey, type RequestLogEntry } from "../../src/gateway/mod.ts";
import { createEchoAdapter } from "../../src/models/testing.ts";
import { serveGateway } from "./_serve.ts";

Deno.test("budget: the OpenAI and Anthropic SDKs get their RateLimitError for a spent budget and do not retry it", async () => {
  const entries: RequestLogEntry[] = [];
  const server = serveGateway({
    backends: [["echo", createEchoAdapter()]],
    keys: [{
      id: "sdk",
      sha256: await hashKey("sk-sdk"),
      budget: { usd: 0.000001, period: "day" },
    }],
    prices: { echo: { input: 1, output: 1 } },
    now: () => Date.parse("2026-11-28T12:00:00Z"),
    logger: (entry) => entries.push(entry),
  });
  try {
    const openai = new OpenAI({
      baseURL: `${server.origin}/v1`,
      apiKey: "sk-sdk",
      maxRetries: 2,
      timeout: 10_000,
    });
    const anthropic = new Anthropic({
      baseURL: server.origin,
      apiKey: "sk-sdk",
      maxRetries: 2,
      timeout: 10_000,
    });
    const ask = () =>
      openai.chat.completions.create({
        model: "echo",
        messages: [{ role: "user", content: "spend it" }],
      });
    const first = await ask();
    assert.equal(first.choices[0].message.content, "spend it");

    const before = entries.length;
    const refused = await ask().catch((error) => error);
    assert.ok(refused instanceof OpenAI.RateLimitError, String(refused));
    assert.equal(refused.status, 429);
    assert.equal(refused.type, "insufficient_quota");
    assert.equal(refused.code, "budget_exceeded");
    assert.match(refused.message, /the daily budget of 0\.000001 USD is spent/);
    assert.equal(entries.length - before, 1, "the OpenAI SDK did not retry");

    const message = await anthropic.messages.create({
      model: "echo",
      max_tokens: 5,
      messages: [{ role: "user", content: "again" }],
    }).catch((error) => error);
    assert.ok(message instanceof Anthropic.RateLimitError, String(message));
    assert.match(message.message, /resets at 2026-11-29T00:00:00Z/);
    assert.equal(entries.length - before, 2, "the Anthropic SDK did not retry");
  } finally {
    await server.close();
  }
});

// Cost accounting: each kind of token at its own price, every provider the
// registry knows priced (or said to be unpriced, never 0), and the cost of
// every answer on the log line, in /metrics and in a response header,
// whole or streamed, on both client wires.
import assert from "node:assert/strict";
import { createGateway, type RequestLogEntry } from "../../src/gateway/mod.ts";
import {
  LOCAL_PROVIDERS,
  type ModelPrice,
  PRICE_SOURCES,
  priceFor,
  PRICES,
  priceUsage,
} from "../../src/models/adapters/_prices.ts";
import { PROVIDERS } from "../../src/models/adapters/registry.ts";
import {
  createEchoAdapter,
  createMockAdapter,
} from "../../src/models/testing.ts";
import type {
  IRChatResponse,
  IRStreamChunk,
  IRUsage,
} from "../../src/models/types.ts";
import { parseGatewayConfig } from "../../src/gateway/config.ts";

/** A price whose five rates all differ, so each token kind is told apart. */
const FIVE: ModelPrice = {
  input: 1,
  output: 2,
  cachedInput: 0.1,
  cacheWrite: 1.25,
  reasoning: 3,
};

Deno.test("priceUsage: cache reads, cache writes and reasoning each at their own rate", () => {
  const usage = {
    promptTokens: 1300,
    completionTokens: 500,
    cacheReadTokens: 200,
    cacheCreationTokens: 100,
    reasoningTokens: 300,
  };
  // 1000 uncached × 1 + 200 read × 0.1 + 100 written × 1.25
  // + 200 plain output × 2 + 300 reasoning × 3, per million.
  assert.equal(priceUsage(usage, FIVE), 2445 / 1_000_000);
  // Without the details every prompt token is input, every output token output.
  assert.equal(
    priceUsage({ promptTokens: 1300, completionTokens: 500 }, FIVE),
    (1300 + 1000) / 1_000_000,
  );
  // A price without the optional rates bills them as input and output.
  assert.equal(
    priceUsage(usage, { input: 1, output: 2 }),
    (1300 + 1000) / 1_000_000,
  );
  // Each detail alone moves the price by its own rate's difference.
  const base = { promptTokens: 1000, completionTokens: 1000 };
  const plain = priceUsage(base, FIVE);
  const cases: Array<[Partial<IRUsage> & Record<string, number>, number]> = [
    [{ cacheReadTokens: 1000 }, (0.1 - 1) * 1000],
    [{ cacheCreationTokens: 1000 }, (1.25 - 1) * 1000],
    [{ reasoningTokens: 1000 }, (3 - 2) * 1000],
  ];
  for (const [detail, delta] of cases) {
    const priced = priceUsage({ ...base, ...detail }, FIVE);
    assert.ok(
      Math.abs(priced - plain - delta / 1_000_000) < 1e-15,
      `${Object.keys(detail)[0]}: ${priced} vs ${plain}`,
    );
  }
  // Counts that make no sense cost nothing rather than a negative amount.
  assert.equal(
    priceUsage({
      promptTokens: 10,
      completionTokens: 5,
      cacheReadTokens: 50,
      reasoningTokens: 40,
    }, FIVE),
    (50 * 0.1 + 5 * 3) / 1_000_000,
  );
});

Deno.test("price table: every provider in the registry is priced, local ones at 0, unknown models unpriced", () => {
  for (const name of Object.keys(PROVIDERS)) {
    if (LOCAL_PROVIDERS.has(name)) {
      assert.deepEqual(priceFor(name, "any-local-model"), {
        input: 0,
        output: 0,
      });
      continue;
    }
    if (name === "openrouter") continue; // vendor/model names, below
    assert.ok(Object.hasOwn(PRICES, name), `${name} has a price table`);
    assert.ok(Object.hasOwn(PRICE_SOURCES, name), `${name} names its source`);
    const [model, price] = Object.entries(PRICES[name])[0];
    assert.equal(priceFor(name, model), price, `${name}/${model}`);
  }
  // Dated snapshots price as their family; OpenRouter's names as the vendor's.
  assert.equal(
    priceFor("anthropic", "claude-sonnet-4-20250514"),
    PRICES.anthropic["claude-sonnet-4"],
  );
  assert.equal(
    priceFor("openrouter", "anthropic/claude-3.5-sonnet"),
    PRICES.anthropic["claude-3-5-sonnet"],
  );
  assert.equal(
    priceFor("openrouter", "google/gemini-2.5-flash"),
    PRICES.gemini["gemini-2.5-flash"],
  );
  // The longest listed prefix wins, whether the name is listed or dated.
  assert.equal(priceFor("openai", "gpt-4o-mini"), PRICES.openai["gpt-4o-mini"]);
  assert.equal(
    priceFor("openai", "gpt-4o-mini-2024-07-18"),
    PRICES.openai["gpt-4o-mini"],
  );
  assert.equal(
    priceFor("openai", "gpt-4o-2024-08-06"),
    PRICES.openai["gpt-4o"],
  );
  assert.equal(priceFor("openai", "my-finetune"), undefined);
  assert.equal(priceFor("openai", "constructor"), undefined);
  // The config's prices win, also over a local provider's 0.
  const own = { input: 9, output: 9 };
  assert.equal(priceFor("openai", "gpt-4o", { "gpt-4o": own }), own);
  assert.equal(priceFor("vllm", "llama", { llama: own }), own);
});

function reply(model: string, usage?: IRUsage): IRChatResponse {
  return {
    message: { role: "assistant", content: "hello there" },
    finishReason: "stop",
    metadata: { provider: "anthropic", model },
    ...(usage ? { usage } : {}),
  };
}

function post(
  path: string,
  model: string,
  stream: boolean,
): Request {
  return new Request(`http://localhost${path}`, {
    method: "POST",
    body: JSON.stringify({
      model,
      max_tokens: 100,
      stream,
      messages: [{ role: "user", content: "hi" }],
    }),
  });
}

const WIRES = ["/v1/chat/completions", "/v1/messages"];
// Sonnet's rates: 600 uncached × 3, 400 cache reads × 0.3, 100 out × 15.
const SONNET_USAGE = {
  promptTokens: 1000,
  completionTokens: 100,
  totalTokens: 1100,
  cacheReadTokens: 400,
};
const SONNET_COST = (600 * 3 + 400 * 0.3 + 100 * 15) / 1_000_000;

Deno.test("gateway: a whole answer's cost is in its header, its log line and /metrics, on both wires", async () => {
  const entries: RequestLogEntry[] = [];
  const gateway = createGateway({
    backends: [[
      "claude",
      createMockAdapter({
        metadata: { provider: "anthropic" },
        responses: reply("claude-sonnet-4-20250514", SONNET_USAGE),
      }),
    ]],
    logger: (entry) => entries.push(entry),
  });
  try {
    for (const path of WIRES) {
      const response = await gateway(post(path, "claude", false));
      assert.equal(response.status, 200);
      await response.body?.cancel();
      assert.equal(
        Number(response.headers.get("x-switchyard-cost-usd")),
        SONNET_COST,
      );
    }
    assert.deepEqual(
      entries.map((e) => [e.cost_usd, e.cost_source]),
      [[SONNET_COST, "usage"], [SONNET_COST, "usage"]],
    );
    const line = gateway.metrics.render().split("\n").find((l) =>
      l.startsWith("switchyard_cost_usd_total{")
    );
    assert.equal(
      line,
      `switchyard_cost_usd_total{key="anonymous",model="claude",backend="claude"} ${
        2 * SONNET_COST
      }`,
    );
  } finally {
    gateway.dispose();
  }
});

function streamed(usage: IRUsage | undefined): IRStreamChunk[] {
  return [
    {
      type: "start",
      sequence: 0,
      metadata: { provider: "anthropic", model: "claude-sonnet-4" },
    },
    { type: "content", sequence: 1, delta: "hello " },
    { type: "content", sequence: 2, delta: "there" },
    {
      type: "done",
      sequence: 3,
      finishReason: "stop",
      ...(usage ? { usage } : {}),
    },
  ];
}

Deno.test("gateway: a stream is priced from its final usage, else from the gateway's count marked as an estimate", async () => {
  for (const usage of [SONNET_USAGE, undefined]) {
    const entries: RequestLogEntry[] = [];
    const gateway = createGateway({
      backends: [[
        "claude",
        createMockAdapter({
          metadata: { provider: "anthropic" },
          chunks: () => streamed(usage),
        }),
      ]],
      logger: (entry) => entries.push(entry),
    });
    try {
      for (const path of WIRES) {
        const response = await gateway(post(path, "claude", true));
        assert.equal(response.status, 200);
        // Sent before the usage existed: a stream's price is not a header.
        assert.equal(response.headers.get("x-switchyard-cost-usd"), null);
        await response.text();
      }
      // The log line is written as the stream closes.
      for (let i = 0; i < 100 && entries.length < 2; i++) {
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      assert.equal(entries.length, 2, "one log line per stream");
      for (const entry of entries) {
        if (usage) {
          assert.equal(entry.cost_usd, SONNET_COST);
          assert.equal(entry.cost_source, "usage");
        } else {
          // The prompt estimate (characters / 4) and 11 generated
          // characters, 3 tokens, at Sonnet's rates.
          const prompt = entry.tokens_in!;
          assert.ok(prompt > 0);
          assert.equal(entry.tokens_out, 3);
          assert.equal(entry.tokens_estimated, true);
          assert.equal(entry.cost_source, "estimate");
          assert.equal(entry.cost_usd, (prompt * 3 + 3 * 15) / 1_000_000);
        }
      }
    } finally {
      gateway.dispose();
    }
  }
});

Deno.test("gateway: an unpriced model's cost is null on the log line, with no header and no metric, never 0", async () => {
  const entries: RequestLogEntry[] = [];
  const gateway = createGateway({
    backends: [["echo", createEchoAdapter()]],
    logger: (entry) => entries.push(entry),
  });
  try {
    const response = await gateway(
      post("/v1/chat/completions", "echo", false),
    );
    assert.equal(response.status, 200);
    await response.body?.cancel();
    assert.equal(response.headers.get("x-switchyard-cost-usd"), null);
    assert.equal(entries[0].cost_usd, null);
    assert.equal(entries[0].cost_source, undefined);
    assert.doesNotMatch(
      gateway.metrics.render(),
      /^switchyard_cost_usd_total\{/m,
    );
  } finally {
    gateway.dispose();
  }
});

Deno.test("gateway: config prices price a custom model; cost: false turns pricing off", async () => {
  const config = await parseGatewayConfig(
    JSON.stringify({
      prices: { "ECHO": { input: 2, output: 4, cachedInput: 1 } },
    }),
    () => undefined,
  );
  assert.deepEqual(config.prices, {
    ECHO: { input: 2, output: 4, cachedInput: 1 },
  });
  for (
    const [prices, error] of [
      [{ m: { input: -1, output: 1 } }, "prices.m.input"],
      [{ m: { input: 1 } }, "prices.m.output"],
      [{ m: { input: 1, output: 1, cached: 1 } }, "prices.m.cached"],
      [[], "prices"],
    ] as const
  ) {
    await assert.rejects(
      parseGatewayConfig(JSON.stringify({ prices }), () => undefined),
      (e: Error) => e.message.startsWith(`config: ${error} `),
    );
  }
  for (const cost of [true, false]) {
    const entries: RequestLogEntry[] = [];
    const gateway = createGateway({
      backends: [["echo", createEchoAdapter()]],
      // Letter case is the model's own: "ECHO" prices only "ECHO".
      prices: config.prices,
      cost,
      logger: (entry) => entries.push(entry),
    });
    try {
      for (const model of ["ECHO", "echo"]) {
        const response = await gateway(
          post("/v1/chat/completions", model, false),
        );
        await response.body?.cancel();
      }
      if (cost) {
        const [upper, lower] = entries;
        assert.equal(upper.cost_source, "estimate");
        assert.equal(
          upper.cost_usd,
          (upper.tokens_in! * 2 + upper.tokens_out! * 4) / 1_000_000,
        );
        assert.equal(lower.cost_usd, null);
      } else {
        assert.ok(entries.every((e) => !("cost_usd" in e)));
      }
    } finally {
      gateway.dispose();
    }
  }
});

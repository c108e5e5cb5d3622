// The overhead of cost accounting on a plain non-streamed chat completion,
// in process: three gateways over the same zero-latency adapter, whose
// answers carry usage for a priced model:
//   off:     `cost: false` (no pricing at all)
//   priced:  the default (each answer priced: header, log field, metric)
//   budget:  priced, and the key has a daily and a monthly budget (a read of
//            the totals before the call, an atomic add after it, in memory)
// Besides `deno bench`'s figures, the file times sequential calls of each,
// interleaved so drift (CPU frequency, GC) hits every side alike, and prints
// the medians and their ratios to `off` once.
//
// Run: deno bench -A --unstable-no-legacy-abort bench/cost_bench.ts
import { createGateway, type Gateway, hashKey } from "../src/gateway/mod.ts";
import { createMockAdapter } from "../src/models/testing.ts";
import type { IRChatResponse } from "../src/models/types.ts";

const REPLY: IRChatResponse = {
  message: { role: "assistant", content: "Hello! How can I help you today?" },
  finishReason: "stop",
  usage: { promptTokens: 12, completionTokens: 9, totalTokens: 21 },
  metadata: { provider: "openai", model: "gpt-4o-mini" },
};
const SECRET = "sk-bench";
const sha256 = await hashKey(SECRET);

function gateway(cost: boolean, budget: boolean): Gateway {
  return createGateway({
    backends: [[
      "openai",
      createMockAdapter({
        responses: REPLY,
        metadata: { provider: "openai" },
      }),
    ]],
    keys: [{
      id: "bench",
      sha256,
      ...(budget
        ? {
          budget: [{ usd: 1e9, period: "day" as const }, {
            usd: 1e9,
            period: "month" as const,
          }],
        }
        : {}),
    }],
    cost,
  });
}

const sides = {
  off: gateway(false, false),
  priced: gateway(true, false),
  budget: gateway(true, true),
};
const body = JSON.stringify({
  model: "gpt-4o-mini",
  messages: [{ role: "user", content: "Hello!" }],
});

async function call(gw: Gateway): Promise<void> {
  const response = await gw(
    new Request("http://localhost/v1/chat/completions", {
      method: "POST",
      headers: {
        authorization: `Bearer ${SECRET}`,
        "content-type": "application/json",
        "content-length": String(body.length),
      },
      body,
    }),
  );
  await response.arrayBuffer();
  if (response.status !== 200) throw new Error(`status ${response.status}`);
}

const names = Object.keys(sides) as Array<keyof typeof sides>;
for (let i = 0; i < 2000; i++) {
  for (const name of names) await call(sides[name]);
}
const SAMPLES = 20_000;
const times = Object.fromEntries(
  names.map((name) => [name, new Float64Array(SAMPLES)]),
) as Record<keyof typeof sides, Float64Array>;
for (let i = 0; i < SAMPLES; i++) {
  for (const name of names) {
    const start = performance.now();
    await call(sides[name]);
    times[name][i] = performance.now() - start;
  }
}
const median = (name: keyof typeof sides) =>
  times[name].sort()[SAMPLES >> 1] * 1000;
const off = median("off");
console.log(
  names.map((name) =>
    `${name} ${median(name).toFixed(1)} µs (${
      (median(name) / off).toFixed(3)
    }× off)`
  ).join(", "),
);

for (const name of names) {
  Deno.bench({
    name: `POST /v1/chat/completions, cost accounting ${name}`,
    group: "cost",
    baseline: name === "off",
    fn: () => call(sides[name]),
  });
}

// Gateway overhead per non-streamed chat completion, in process:
//   baseline: adapter.execute(irRequest) on a zero-latency local adapter
//   gateway:  app(new Request(POST /v1/chat/completions)) → template router →
//             OpenAI JSON → IR → model router → the same adapter → IR →
//             OpenAI JSON → Response, body read by the caller
// The difference of the two medians is the gateway overhead (target < 0.2 ms).
// `deno bench` reports means and percentiles but no median, so the file also
// times 20 000 calls of each after a warm-up and prints the medians once.
// Requests carry Content-Length, as every HTTP client sends it.
//
// Run: deno bench -A bench/gateway_bench.ts
import { createApp } from "../examples/_app.ts";
import { createGatewayModelRouter } from "../examples/_backends.ts";
import { createMockAdapter } from "../src/models/testing.ts";
import type {
  BackendAdapter,
  IRChatRequest,
  IRChatResponse,
} from "../src/models/types.ts";

const REPLY: IRChatResponse = {
  message: { role: "assistant", content: "Hello! How can I help you today?" },
  finishReason: "stop",
  usage: { promptTokens: 12, completionTokens: 9, totalTokens: 21 },
  metadata: { provider: "local", model: "local-1" },
};

// A zero-latency adapter: a resolved promise, nothing recorded, so both sides
// pay the same backend cost.
const adapter: BackendAdapter = {
  metadata: createMockAdapter().metadata,
  execute(): Promise<IRChatResponse> {
    return Promise.resolve(REPLY);
  },
  executeStream(): never {
    throw new Error("not used");
  },
};

const modelRouter = createGatewayModelRouter([["local", adapter]]);
const app = createApp({ modelRouter, page: "<!doctype html>" });

const body = JSON.stringify({
  model: "local",
  messages: [
    { role: "system", content: "You are a helpful assistant." },
    { role: "user", content: "Hello!" },
  ],
  temperature: 0.2,
  max_tokens: 64,
});
const irRequest: IRChatRequest = {
  messages: [
    { role: "system", content: "You are a helpful assistant." },
    { role: "user", content: "Hello!" },
  ],
  parameters: { temperature: 0.2, maxTokens: 64 },
};

const length = String(new TextEncoder().encode(body).byteLength);
function gatewayRequest(): Request {
  return new Request("http://127.0.0.1/v1/chat/completions", {
    method: "POST",
    headers: { "content-type": "application/json", "content-length": length },
    body,
  });
}

async function viaGateway(): Promise<void> {
  await (await app(gatewayRequest())).text();
}

async function direct(): Promise<void> {
  await adapter.execute(irRequest);
}

// Fail loudly rather than measure an error path.
const check = await app(gatewayRequest());
const checked = await check.json();
if (
  check.status !== 200 ||
  checked.choices[0].message.content !== REPLY.message.content
) {
  throw new Error(
    `gateway answered ${check.status}: ${JSON.stringify(checked)}`,
  );
}

async function median(
  fn: () => Promise<void>,
  samples: number,
): Promise<number> {
  const times = new Float64Array(samples);
  for (let i = 0; i < samples; i++) {
    const start = performance.now();
    await fn();
    times[i] = performance.now() - start;
  }
  times.sort();
  return times[samples >> 1];
}

for (let i = 0; i < 3000; i++) await viaGateway();
const gatewayMedian = await median(viaGateway, 20_000);
const directMedian = await median(direct, 20_000);
console.log(
  `median per request: gateway ${
    (gatewayMedian * 1000).toFixed(1)
  } µs, adapter ${(directMedian * 1000).toFixed(1)} µs, ` +
    `overhead ${
      ((gatewayMedian - directMedian) * 1000).toFixed(1)
    } µs (target < 200 µs)`,
);

Deno.bench({
  name: "adapter.execute (direct)",
  group: "gateway-overhead",
  baseline: true,
  fn: direct,
});

Deno.bench({
  name: "gateway: POST /v1/chat/completions in process",
  group: "gateway-overhead",
  fn: viaGateway,
});

Deno.bench({
  name: "model router only: modelRouter.execute",
  group: "gateway-overhead",
  async fn() {
    await modelRouter.execute(irRequest);
  },
});

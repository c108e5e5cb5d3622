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
// The in-process figure leaves out the socket, which proxies such as litellm
// or Portkey cannot avoid; so the file also measures over a real socket:
// Deno.serve(app) and a bare Deno.serve that reads the same request body and
// answers the same response bytes without the gateway, both on 127.0.0.1
// port 0, driven by fetch() from this process over keep-alive connections,
// sequential requests alternating between the two servers. The socket, HTTP
// parsing and fetch costs are the same on both sides, so the difference of
// the medians is what the gateway adds per request over HTTP.
//
// Run: deno bench -A --unstable-no-legacy-abort bench/gateway_bench.ts
// For the gateway over a real upstream, beside a bare relay and Portkey, see
// bench/gateway_peers.sh.
import { createApp } from "../examples/_app.ts";
import { createRouter as createModelRouter } from "../src/models/mod.ts";
import { createGateway } from "../src/gateway/mod.ts";
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

// The router the gateway builds from `backends`, built here so the bench
// holds it.
const modelRouter = createModelRouter({
  fallbackStrategy: "sequential",
  defaultBackend: "local",
  modelTranslation: { strategy: "default" },
});
modelRouter.register("local", adapter);
const app = createApp({
  gateway: createGateway({ router: modelRouter }),
  page: "<!doctype html>",
});

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

// Over a real socket. The bare server answers exactly the gateway's response
// bytes and headers' content type, after reading the request body as the
// gateway does.
const fixedBody = JSON.stringify(checked);
const servers = [
  Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, app),
  Deno.serve(
    { hostname: "127.0.0.1", port: 0, onListen() {} },
    async (request) => {
      await request.arrayBuffer();
      return new Response(fixedBody, {
        headers: { "content-type": "application/json" },
      });
    },
  ),
];
const [gatewayURL, bareURL] = servers.map((server) =>
  `http://127.0.0.1:${(server.addr as Deno.NetAddr).port}/v1/chat/completions`
);

async function post(url: string): Promise<void> {
  const response = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body,
  });
  // Reading the body to its end returns the connection to fetch's pool.
  const text = await response.text();
  if (response.status !== 200) throw new Error(`${url}: ${text}`);
}

async function socketMedians(
  samples: number,
): Promise<{ gateway: number; bare: number }> {
  const gateway = new Float64Array(samples);
  const bare = new Float64Array(samples);
  for (let i = 0; i < samples; i++) {
    // Alternating cancels drift (CPU frequency, GC) between the two sides.
    let start = performance.now();
    await post(gatewayURL);
    gateway[i] = performance.now() - start;
    start = performance.now();
    await post(bareURL);
    bare[i] = performance.now() - start;
  }
  gateway.sort();
  bare.sort();
  return { gateway: gateway[samples >> 1], bare: bare[samples >> 1] };
}

try {
  const first = await fetch(gatewayURL, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body,
  });
  if ((await first.text()) === "") throw new Error("empty gateway answer");
  for (let i = 0; i < 1000; i++) {
    await post(gatewayURL);
    await post(bareURL);
  }
  const socket = await socketMedians(10_000);
  console.log(
    `median over a loopback socket (fetch, keep-alive, sequential): gateway ${
      (socket.gateway * 1000).toFixed(1)
    } µs, bare Deno.serve ${(socket.bare * 1000).toFixed(1)} µs, ` +
      `overhead ${((socket.gateway - socket.bare) * 1000).toFixed(1)} µs`,
  );
} finally {
  await Promise.all(servers.map((server) => server.shutdown()));
}

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

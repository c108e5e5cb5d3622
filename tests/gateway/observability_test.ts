// GET /metrics read back by an independent Prometheus text parser, the
// per-request JSON log line, and x-request-id.
import assert from "node:assert/strict";
import { fetchSignal } from "../_bounded.ts";
import parsePrometheus from "npm:parse-prometheus-text-format@1.1.1";
import {
  createEchoAdapter,
  createFailingAdapter,
  createFlakyAdapter,
  createMockAdapter,
} from "../../src/models/testing.ts";
import {
  createGateway,
  hashKey,
  type RequestLogEntry,
} from "../../src/gateway/mod.ts";
import type { BackendAdapter } from "../../src/models/types.ts";
import { serveGateway } from "./_serve.ts";

interface Family {
  name: string;
  type: string;
  metrics: Array<{
    value?: string;
    labels?: Record<string, string>;
    buckets?: Record<string, string>;
    count?: string;
    sum?: string;
  }>;
}

async function scrape(origin: string): Promise<Map<string, Family>> {
  const response = await fetch(`${origin}/metrics`, { signal: fetchSignal() });
  assert.equal(response.status, 200);
  assert.match(
    response.headers.get("content-type") ?? "",
    /^text\/plain; version=0\.0\.4/,
  );
  const families = parsePrometheus(await response.text()) as Family[];
  return new Map(families.map((family) => [family.name, family]));
}

function value(
  families: Map<string, Family>,
  name: string,
  labels: Record<string, string>,
): number | undefined {
  const metric = families.get(name)?.metrics.find((m) =>
    Object.entries(labels).every(([k, v]) => m.labels?.[k] === v)
  );
  return metric?.value === undefined ? undefined : Number(metric.value);
}

/** Streams one word, then waits until its call is aborted. */
function midStream(): BackendAdapter {
  return {
    metadata: {
      name: "slow",
      provider: "test",
      version: "1",
      capabilities: {
        streaming: true,
        tools: false,
        vision: false,
        systemMessages: true,
      },
    },
    execute: () => Promise.reject(new Error("not used")),
    async *executeStream(_request, signal) {
      yield { type: "start", sequence: 0, metadata: {} };
      yield { type: "content", sequence: 1, delta: "first " };
      await new Promise<never>((_, reject) => {
        if (signal?.aborted) reject(signal.reason);
        signal?.addEventListener("abort", () => reject(signal.reason), {
          once: true,
        });
      });
    },
  };
}

/** A labelled histogram's buckets, checked cumulative, and its count. */
function histogram(
  text: string,
  name: string,
  labels: string,
): { count: number } {
  const lines = text.split("\n").filter((line) => line.includes(labels));
  const buckets = lines.filter((line) => line.startsWith(`${name}_bucket{`))
    .map((line) => Number(line.slice(line.lastIndexOf(" ") + 1)));
  assert.ok(buckets.length > 1, `${name}{${labels}} has buckets`);
  for (let i = 1; i < buckets.length; i++) {
    assert.ok(buckets[i] >= buckets[i - 1]);
  }
  const count = lines.find((line) => line.startsWith(`${name}_count{`));
  assert.ok(count, `${name}_count{${labels}}`);
  const total = Number(count.slice(count.lastIndexOf(" ") + 1));
  assert.equal(buckets.at(-1), total, "+Inf bucket equals _count");
  return { count: total };
}

const USAGE = { promptTokens: 11, completionTokens: 7, totalTokens: 18 };

Deno.test("/metrics: requests, latency, errors, tokens, fallbacks and open streams, parsed", async () => {
  const entries: RequestLogEntry[] = [];
  const server = serveGateway({
    backends: [
      ["broken", createFailingAdapter()],
      [
        "mock",
        createMockAdapter({
          responses: {
            message: { role: "assistant", content: "ok" },
            finishReason: "stop",
            usage: USAGE,
            metadata: {},
          },
        }),
      ],
      ["echo", createEchoAdapter()],
      ["slow", midStream()],
    ],
    keys: [{ id: "team-a", sha256: await hashKey("sk-secret-a") }],
    logger: (entry) => entries.push(entry),
  });
  const post = (
    body: Record<string, unknown>,
    headers: Record<string, string> = {},
  ) =>
    fetch(`${server.origin}/v1/chat/completions`, {
      method: "POST",
      headers: { authorization: "Bearer sk-secret-a", ...headers },
      body: JSON.stringify({
        messages: [{ role: "user", content: "one two" }],
        ...body,
      }),
    });
  try {
    const ok = await post({ model: "mock" }, {
      "x-request-id": "req-from-client-1",
    });
    assert.equal(ok.status, 200);
    assert.equal(ok.headers.get("x-request-id"), "req-from-client-1");
    await ok.body?.cancel();
    // Fallback: "broken" fails, the chain answers.
    const fellBack = await post({ model: "broken" });
    assert.equal(fellBack.status, 200);
    assert.match(fellBack.headers.get("x-request-id") ?? "", /^[0-9a-f-]{36}$/);
    await fellBack.body?.cancel();
    // A request the gateway refuses.
    const bad = await post({ model: "mock", n: 3 });
    assert.equal(bad.status, 400);
    await bad.body?.cancel();
    // A model name that needs escaping in a label.
    const odd = await post({ model: 'odd"name\\x\ny' });
    assert.equal(odd.status, 200);
    await odd.body?.cancel();

    const models = await fetch(`${server.origin}/v1/models`, {
      headers: { authorization: "Bearer sk-secret-a" },
      signal: fetchSignal(),
    });
    assert.equal(models.status, 200);
    await models.body?.cancel();

    // An open stream, read to its first bytes only.
    const stream = await post({ model: "slow", stream: true });
    assert.equal(stream.status, 200);
    const reader = stream.body!.getReader();
    await reader.read();
    let families = await scrape(server.origin);
    assert.equal(value(families, "switchyard_open_streams", {}), 1);
    await reader.cancel();
    for (let i = 0; i < 100; i++) {
      families = await scrape(server.origin);
      if (value(families, "switchyard_open_streams", {}) === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    assert.equal(value(families, "switchyard_open_streams", {}), 0);

    assert.equal(families.get("switchyard_requests_total")?.type, "COUNTER");
    assert.equal(
      value(families, "switchyard_requests_total", {
        api: "openai",
        model: "mock",
        backend: "mock",
        status: "200",
        key: "team-a",
      }),
      1,
    );
    assert.equal(
      value(families, "switchyard_requests_total", {
        model: "broken",
        backend: "mock",
        status: "200",
      }),
      1,
      "the fallback answer is counted under the backend that answered",
    );
    assert.equal(
      value(families, "switchyard_requests_total", {
        model: "mock",
        status: "400",
      }),
      1,
    );
    assert.equal(
      value(families, "switchyard_requests_total", { model: 'odd"name\\x\ny' }),
      1,
    );
    assert.equal(
      value(families, "switchyard_fallbacks_total", {
        model: "broken",
        backend: "mock",
      }),
      1,
      "labelled with the backend that ended the chain",
    );
    // Only chat calls are counted: not the scrape, not /v1/models.
    const counted = families.get("switchyard_requests_total")!.metrics
      .reduce((sum, metric) => sum + Number(metric.value), 0);
    assert.equal(counted, 5);
    assert.equal(
      value(families, "switchyard_errors_total", {
        model: "mock",
        code: "invalid_value",
        key: "team-a",
      }),
      1,
    );
    assert.equal(
      value(families, "switchyard_tokens_total", {
        direction: "in",
        model: "mock",
      }),
      11,
    );
    assert.equal(
      value(families, "switchyard_tokens_total", {
        direction: "out",
        model: "mock",
      }),
      7,
    );
    // parse-prometheus-text-format flattens labelled histograms, so they
    // are read line by line here: cumulative buckets, +Inf equal to _count.
    const text =
      await (await fetch(`${server.origin}/metrics`, { signal: fetchSignal() }))
        .text();
    assert.equal(
      families.get("switchyard_request_duration_seconds")?.type,
      "HISTOGRAM",
    );
    const mock = histogram(
      text,
      "switchyard_request_duration_seconds",
      'model="mock",backend="mock",key="team-a"',
    );
    assert.equal(mock.count, 1, "the 200");
    const refused = histogram(
      text,
      "switchyard_request_duration_seconds",
      'model="mock",backend="none"',
    );
    assert.equal(refused.count, 1, "the 400, answered by no backend");
    assert.equal(
      histogram(text, "switchyard_time_to_first_token_seconds", 'model="slow"')
        .count,
      1,
    );
    assert.match(
      text,
      /^switchyard_time_to_first_token_seconds_count\{api="openai",model="slow",backend="slow",key="team-a"\} 1$/m,
      "latency histograms carry the key",
    );

    // One log line per request, the key's id and never its secret.
    const chats = entries.filter((entry) =>
      entry.path === "/v1/chat/completions"
    );
    assert.equal(chats.length, 5);
    const first = chats[0];
    assert.equal(first.request_id, "req-from-client-1");
    assert.equal(first.key_id, "team-a");
    assert.equal(first.model, "mock");
    assert.equal(first.backend, "mock");
    assert.equal(first.status, 200);
    assert.equal(first.tokens_in, 11);
    assert.equal(first.tokens_out, 7);
    assert.equal(typeof first.latency_ms, "number");
    assert.equal(chats[1].fallbacks, 1);
    assert.equal(chats[2].error_code, "invalid_value");
    assert.equal(typeof chats[4].ttft_ms, "number");
    assert.equal(chats[4].error_code, "ABORTED", "the client left mid-stream");
    assert.equal(chats[4].backend, "slow", "named before the stream's end");
    assert.ok(
      !JSON.stringify(entries).includes("sk-secret"),
      "no key secret in logs",
    );
    for (const entry of entries) JSON.parse(JSON.stringify(entry));
  } finally {
    await server.close();
  }
});

Deno.test("x-request-id: a malformed incoming id is replaced, and a throwing logger fails nothing", async () => {
  const gateway = createGateway({
    backends: [["echo", createEchoAdapter()]],
    logger: () => {
      throw new Error("logger down");
    },
  });
  try {
    const response = await gateway(
      new Request("http://localhost/v1/models", {
        headers: { "x-request-id": "a b\u00e9" },
      }),
    );
    assert.equal(response.status, 200);
    assert.match(response.headers.get("x-request-id") ?? "", /^[0-9a-f-]{36}$/);
    await response.body?.cancel();
    const missing = await gateway(new Request("http://localhost/nope"));
    assert.equal(missing.status, 404);
    assert.equal((await missing.json()).error.code, "unknown_url");
    const method = await gateway(
      new Request("http://localhost/v1/chat/completions"),
    );
    assert.equal(method.status, 405);
    assert.equal(method.headers.get("allow"), "POST");
    await method.body?.cancel();
  } finally {
    gateway.dispose();
  }
});

Deno.test("/metrics: switchyard_retries_total counts a backend's retries, from the router's stats", async () => {
  // Served on loopback: the router waits out its retry backoff on unref'd
  // timers, which alone would let the test's event loop end.
  const server = serveGateway({
    backends: [
      // Fails every other call: each request's first attempt, then its retry answers.
      [
        "flaky",
        createFlakyAdapter(createEchoAdapter(), { pattern: [true, false] }),
      ],
      ["steady", createEchoAdapter()],
    ],
    routerConfig: {
      maxRetries: 1,
      retryBaseDelay: 1,
      fallbackStrategy: "none",
    },
  });
  try {
    for (let i = 0; i < 2; i++) {
      const response = await fetch(`${server.origin}/v1/chat/completions`, {
        method: "POST",
        body: JSON.stringify({
          model: "flaky",
          messages: [{ role: "user", content: "hi" }],
        }),
        signal: fetchSignal(),
      });
      assert.equal(response.status, 200);
      await response.body?.cancel();
    }
    const families = await scrape(server.origin);
    assert.equal(families.get("switchyard_retries_total")?.type, "COUNTER");
    assert.equal(
      value(families, "switchyard_retries_total", { backend: "flaky" }),
      2,
    );
    assert.equal(
      value(families, "switchyard_retries_total", { backend: "steady" }),
      0,
    );
    assert.equal(
      families.get("switchyard_fallbacks_total")?.metrics.length ?? 0,
      0,
      "retries are not fallbacks",
    );
  } finally {
    await server.close();
  }
});

Deno.test("/metrics: a backend whose breaker opened shows circuit state 2", async () => {
  const gateway = createGateway({
    backends: [["down", createFailingAdapter()]],
    routerConfig: {
      fallbackStrategy: "none",
      enableCircuitBreaker: true,
      circuitBreakerThreshold: 1,
    },
  });
  try {
    const failed = await gateway(
      new Request("http://localhost/v1/chat/completions", {
        method: "POST",
        body: JSON.stringify({
          model: "down",
          messages: [{ role: "user", content: "hi" }],
        }),
      }),
    );
    assert.equal(failed.status, 502);
    await failed.body?.cancel();
    const text = await (await gateway(new Request("http://localhost/metrics")))
      .text();
    assert.match(
      text,
      /^switchyard_backend_circuit_state\{backend="down"\} 2$/m,
    );
  } finally {
    gateway.dispose();
  }
});

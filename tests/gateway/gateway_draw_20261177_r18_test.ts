// What the seventeenth round's draw of the gateway (seed 20261177) showed no
// test checked:
// - a relayed stream whose client leaves at any moment around the
//   upstream's answer gives its `maxStreams` slot back. One such moment is
//   narrow: the router has handed the answer over and the gateway has not
//   taken its body yet (the body is then cancelled, not handed on). A slot
//   kept there stays taken for ever and every later stream is refused. The
//   client here leaves after 0 to 40 turns of the microtask queue from the
//   upstream's answer, which covers that moment and the ones around it;
// - `/v1/embeddings` takes a token array of one token (`[[5]]`, or beside
//   longer ones), as OpenAI does, and relays it as sent; an empty one is
//   still refused;
// - `/metrics` writes a backend's breaker state as 0 closed, 1 half-open,
//   2 open, each state read at its own moment (the clock moved by hand).
import assert from "node:assert/strict";
import type { RequestLogEntry } from "../../src/gateway/mod.ts";
import type { BackendAdapter } from "../../src/models/mod.ts";
import {
  createEchoAdapter,
  createFailingAdapter,
} from "../../src/models/testing.ts";
import { createGateway } from "../../src/gateway/mod.ts";
import { jsonPost, openAIUpstream, withGateway } from "./_in_process.ts";
import { waitUntil, withTimeout } from "../_timeout.ts";

const WAIT_MS = 10_000;
const encoder = new TextEncoder();

Deno.test("a relayed stream whose client leaves around its upstream's answer gives its maxStreams slot back", async () => {
  let leave = new AbortController();
  let turns = 0;
  const adapter: BackendAdapter = {
    ...createEchoAdapter(),
    operations: { completions: "native" },
    operate(request) {
      if ((request.body as { prompt?: string }).prompt === "leave") {
        // The client goes away `turns` microtasks after the answer.
        const gone = leave;
        let later = Promise.resolve();
        for (let i = 0; i < turns; i++) later = later.then(() => {});
        later.then(() => gone.abort(new Error("the client left")));
      }
      return Promise.resolve(
        new Response(
          new ReadableStream<Uint8Array>({
            start(controller) {
              controller.enqueue(encoder.encode(
                'data: {"id":"cmpl-1","object":"text_completion","created":1,"model":"m","choices":[{"text":"Hi","index":0,"finish_reason":"stop"}]}\n\ndata: [DONE]\n\n',
              ));
              controller.close();
            },
          }),
          { headers: { "content-type": "text/event-stream" } },
        ),
      );
    },
  };
  const logged: RequestLogEntry[] = [];
  await withGateway({
    backends: [["b", adapter]],
    routerConfig: { maxRetries: 0 },
    maxStreams: 1,
    logger: (entry) => logged.push(entry),
  }, async (gateway) => {
    for (turns = 0; turns <= 40; turns++) {
      leave = new AbortController();
      const what = `left after ${turns} turns`;
      const left = await withTimeout(
        gateway(
          new Request(
            jsonPost("/v1/completions", {
              model: "m",
              prompt: "leave",
              stream: true,
            }),
            { signal: leave.signal },
          ),
        ),
        WAIT_MS,
        what,
      );
      await withTimeout(
        left.body?.cancel() ?? Promise.resolve(),
        WAIT_MS,
        what,
      );
      // Its log line is written once it has ended, slot given back or not.
      await waitUntil(() => logged.length === 2 * turns + 1, `${what}: ended`);
      const next = await withTimeout(
        gateway(
          jsonPost("/v1/completions", {
            model: "m",
            prompt: "hi",
            stream: true,
          }),
        ),
        WAIT_MS,
        `${what}: the next stream`,
      );
      assert.equal(next.status, 200, `${what}: the next stream`);
      assert.match(
        await withTimeout(next.text(), WAIT_MS, `${what}: its body`),
        /\[DONE\]/,
      );
      await waitUntil(
        () => logged.length === 2 * turns + 2,
        `${what}: the next stream ended`,
      );
    }
  });
});

Deno.test("embeddings: a token array of one token is relayed as sent, an empty one refused", async () => {
  const sent: unknown[] = [];
  await withGateway({
    backends: [[
      "oa",
      openAIUpstream("text-embedding-3-small", (_url, init) => {
        const body = JSON.parse(String(init?.body));
        sent.push(body.input);
        return Promise.resolve(Response.json({
          object: "list",
          data: body.input.map((_: unknown, index: number) => ({
            object: "embedding",
            index,
            embedding: [0.5],
          })),
          model: "text-embedding-3-small",
          usage: { prompt_tokens: 3, total_tokens: 3 },
        }));
      }),
    ]],
  }, async (gateway) => {
    const post = (input: unknown) =>
      gateway(
        jsonPost("/v1/embeddings", {
          model: "text-embedding-3-small",
          input,
        }),
      );
    for (const input of [[[5]], [[5], [1, 2]], [[0]]]) {
      const response = await post(input);
      const body = await response.json();
      assert.equal(response.status, 200, JSON.stringify(body));
      assert.equal(body.data.length, input.length);
    }
    assert.deepEqual(sent, [[[5]], [[5], [1, 2]], [[0]]]);
    for (const input of [[[]], [[5], []]]) {
      const refused = await post(input);
      assert.equal(refused.status, 400, JSON.stringify(input));
      assert.equal((await refused.json()).error.param, "input");
    }
    assert.equal(sent.length, 3, "no upstream call for a refused input");
  });
});

Deno.test("/metrics: a backend's breaker state is 0 closed, 2 open, then 1 half-open once its timeout passed", async () => {
  let clock = 1_000_000;
  const gateway = createGateway({
    backends: [["down", createFailingAdapter()]],
    now: () => clock,
    routerConfig: {
      fallbackStrategy: "none",
      enableCircuitBreaker: true,
      circuitBreakerThreshold: 1,
      circuitBreakerTimeout: 30_000,
    },
  });
  const state = async () => {
    const text = await (await gateway(new Request("http://localhost/metrics")))
      .text();
    const line = /^switchyard_backend_circuit_state\{backend="down"\} (\S+)$/m
      .exec(text);
    assert.ok(line, text);
    return Number(line[1]);
  };
  try {
    assert.equal(await state(), 0);
    const failed = await gateway(
      jsonPost("/v1/chat/completions", {
        model: "down",
        messages: [{ role: "user", content: "hi" }],
      }),
    );
    assert.equal(failed.status, 502);
    await failed.body?.cancel();
    assert.equal(await state(), 2);
    clock += 30_001;
    assert.equal(await state(), 1);
  } finally {
    gateway.dispose();
  }
});

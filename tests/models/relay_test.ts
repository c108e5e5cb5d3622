// Router.relayResponse: execute()'s selection, breaker, stats and fallback,
// ending at the upstream's head with its raw Response.
import { describe, it } from "../_harness.ts";
import assert from "node:assert/strict";
import { AdapterError, createRouter, ErrorCode } from "../../src/models/mod.ts";
import { createOpenAIAdapter } from "../../src/models/adapters/openai.ts";
import { createEchoAdapter } from "../../src/models/testing.ts";
import { req } from "./_helpers.ts";

const BODY = '{"id":"c1", "object":"chat.completion","choices":[]}';

/** An OpenAI adapter whose fetch answers `answer` and records each body. */
function upstream(name: string, answer: () => Response) {
  const bodies: Record<string, unknown>[] = [];
  const adapter = createOpenAIAdapter({
    name,
    apiKey: "sk-upstream-example",
    defaultModel: "m",
    fetch: (_url, init) => {
      bodies.push(JSON.parse(String(init?.body)));
      return Promise.resolve(answer());
    },
  });
  return { adapter, bodies };
}

describe("Router.relayResponse", () => {
  it("resolves with the upstream's unread body and records the success", async () => {
    const up = upstream("up", () => new Response(BODY));
    const router = createRouter().register("up", up.adapter);
    try {
      assert.equal(router.canRelay(), true);
      const { response, routing } = await router.relayResponse(
        req("hi", { stream: true }),
      );
      assert.equal(await response.text(), BODY);
      assert.equal(routing.backend, "up");
      assert.equal(up.bodies[0].stream, true);
      // A relay adds no usage request: the client's answer is sent as is.
      assert.equal(up.bodies[0].stream_options, undefined);
      assert.equal(router.getStats().backendStats.up.successfulRequests, 1);
    } finally {
      router.dispose();
    }
  });

  it("falls back on a 5xx head and counts the failure against the first backend", async () => {
    const down = upstream("down", () => new Response("busy", { status: 503 }));
    const up = upstream("up", () => new Response(BODY));
    const router = createRouter({ fallbackStrategy: "sequential" })
      .register("down", down.adapter)
      .register("up", up.adapter);
    try {
      const { response, routing } = await router.relayResponse(req());
      assert.equal(await response.text(), BODY);
      assert.equal(routing.backend, "up");
      assert.equal(routing.fallbacks, 1);
      const stats = router.getStats().backendStats;
      assert.equal(stats.down.failedRequests, 1);
      assert.equal(stats.up.successfulRequests, 1);
    } finally {
      router.dispose();
    }
  });

  it("rejects a client error with its status and does not fall back", async () => {
    const bad = upstream(
      "bad",
      () =>
        Response.json({ error: { message: "no", code: "invalid_value" } }, {
          status: 400,
        }),
    );
    const up = upstream("up", () => new Response(BODY));
    const router = createRouter({ fallbackStrategy: "sequential" })
      .register("bad", bad.adapter)
      .register("up", up.adapter);
    try {
      const error = await router.relayResponse(req()).then(
        () => undefined,
        (e) => e,
      );
      assert.ok(error instanceof AdapterError);
      assert.equal(error.statusCode, 400);
      assert.equal(up.bodies.length, 0);
    } finally {
      router.dispose();
    }
  });

  it("canRelay is false when one backend cannot relay; relaying there fails the attempt", async () => {
    const router = createRouter().register("echo", createEchoAdapter());
    try {
      assert.equal(router.canRelay(), false);
      assert.equal(createRouter().canRelay(), false);
      const error = await router.relayResponse(req()).then(
        () => undefined,
        (e) => e,
      );
      assert.ok(error instanceof AdapterError);
      assert.equal(error.code, ErrorCode.ALL_BACKENDS_FAILED);
      assert.equal(router.getStats().backendStats.echo.failedRequests, 1);
    } finally {
      router.dispose();
    }
  });
  it("builds no AbortSignal.any() per call: it leaks on Node 20 when one source lives long", async () => {
    const up = upstream("up", () => new Response(BODY));
    const router = createRouter().register("up", up.adapter);
    const any = AbortSignal.any;
    let calls = 0;
    AbortSignal.any = (signals) => {
      calls++;
      return any.call(AbortSignal, signals);
    };
    try {
      // The router's lifetime signal lives as long as the router; a caller's
      // may too. Neither may gain a dependent signal per call.
      const caller = new AbortController();
      for (const signal of [caller.signal, undefined]) {
        const { response } = await router.relayResponse(req("hi"), signal);
        assert.equal(await response.text(), BODY);
      }
      assert.equal(calls, 0);
    } finally {
      AbortSignal.any = any;
      router.dispose();
    }
  });
});

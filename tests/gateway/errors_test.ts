// Error semantics with the official openai SDK as the client, the real OpenAI
// adapter as the gateway's backend and a scripted OpenAI-wire upstream on
// loopback: an upstream client error reaches the client with its status, and
// the SDK (which retries 408/409/429/5xx) calls the upstream once. (An
// upstream 401/403 is the operator's, not the client's: misconfigured_test.ts.)
import assert from "node:assert/strict";
import { fetchSignal } from "../_bounded.ts";
import OpenAI from "npm:openai@7.57.0";
import Anthropic from "npm:@anthropic-ai/sdk@1.14.0";
import { createOpenAIAdapter } from "../../src/models/adapters/openai.ts";
import { AdapterError } from "../../src/models/errors.ts";
import { createFailingAdapter } from "../../src/models/testing.ts";
import { resolveError } from "../../src/gateway/mod.ts";
import { serveGateway, serveUpstream, type UpstreamCall } from "./_serve.ts";

function client(origin: string, maxRetries = 2): OpenAI {
  // maxRetries 2 is the SDK default: a 5xx would cost 3 upstream calls.
  return new OpenAI({
    baseURL: `${origin}/v1`,
    apiKey: "client-key",
    maxRetries,
    timeout: 10_000,
  });
}

function upstreamError(status: number, code: string): () => Response {
  return () =>
    Response.json({
      error: {
        message: `upstream says ${status}`,
        type: status === 401 ? "authentication_error" : "invalid_request_error",
        param: status === 422 ? "messages" : null,
        code,
      },
    }, { status });
}

function openai(origin: string, name = "oa") {
  return createOpenAIAdapter({
    name,
    apiKey: "upstream-key",
    baseURL: `${origin}/v1`,
    defaultModel: "gpt-test",
  });
}

// deno-lint-ignore no-explicit-any
const CASES: Array<[number, string, new (...args: any[]) => Error]> = [
  [400, "invalid_value", OpenAI.BadRequestError],
  [404, "model_not_found", OpenAI.NotFoundError],
  [422, "unprocessable", OpenAI.UnprocessableEntityError],
];

for (const stream of [false, true]) {
  Deno.test(`upstream 400/404/422 reach the openai SDK with their status, one upstream call each (stream: ${stream})`, async () => {
    for (const [status, code, ErrorClass] of CASES) {
      const upstream = serveUpstream(upstreamError(status, code));
      const gateway = serveGateway({
        backends: [["oa", openai(upstream.origin)]],
      });
      try {
        const error = await client(gateway.origin).chat.completions.create({
          model: "oa/gpt-nope",
          messages: [{ role: "user", content: "hi" }],
          stream,
        }).catch((e) => e);
        assert.ok(error instanceof ErrorClass, `${status}: ${error}`);
        assert.ok(error instanceof OpenAI.APIError);
        assert.equal(error.status, status);
        assert.equal(error.code, code, "the upstream's own code is kept");
        assert.match(error.message, new RegExp(`upstream says ${status}`));
        assert.equal(upstream.calls.length, 1, `${status}: upstream calls`);
      } finally {
        await gateway.close();
        await upstream.close();
      }
    }
  });
}

for (const fallbackOnClientError of [false, true]) {
  Deno.test(`fallback where every backend returns a client error answers that error, not 502 (fallbackOnClientError: ${fallbackOnClientError})`, async () => {
    const upstream = serveUpstream(upstreamError(400, "invalid_value"));
    const gateway = serveGateway({
      backends: [["a", openai(upstream.origin, "a")], [
        "b",
        openai(upstream.origin, "b"),
      ]],
      routerConfig: { fallbackOnClientError },
    });
    try {
      const error = await client(gateway.origin).chat.completions.create({
        model: "a",
        messages: [{ role: "user", content: "hi" }],
      }).catch((e) => e);
      assert.ok(error instanceof OpenAI.BadRequestError, String(error));
      assert.equal(error.status, 400);
      assert.equal(error.code, "invalid_value");
      // By default the router answers the first backend's client error
      // without asking another; with the option every backend is asked.
      assert.equal(
        upstream.calls.length,
        fallbackOnClientError ? 2 : 1,
        "upstream calls (no SDK retry)",
      );
    } finally {
      await gateway.close();
      await upstream.close();
    }
  });

  Deno.test(`a client error on one backend and an outage on the other (fallbackOnClientError: ${fallbackOnClientError})`, async () => {
    const upstream = serveUpstream(upstreamError(400, "invalid_value"));
    const outage = createFailingAdapter();
    const gateway = serveGateway({
      backends: [["a", openai(upstream.origin, "a")], ["b", outage]],
      routerConfig: { fallbackOnClientError },
    });
    try {
      const response = await fetch(`${gateway.origin}/v1/chat/completions`, {
        signal: fetchSignal(),
        method: "POST",
        body: JSON.stringify({
          model: "a",
          messages: [{ role: "user", content: "hi" }],
        }),
      });
      const body = await response.json();
      assert.equal(upstream.calls.length, 1);
      if (fallbackOnClientError) {
        // Some backend failed for a reason the client cannot fix: 502.
        assert.equal(response.status, 502);
        assert.equal(body.error.code, "ALL_BACKENDS_FAILED");
        assert.equal(outage.calls.length, 1);
      } else {
        // The client's error is final: the outage is never asked.
        assert.equal(response.status, 400);
        assert.equal(body.error.code, "invalid_value");
        assert.equal(outage.calls.length, 0);
      }
    } finally {
      await gateway.close();
      await upstream.close();
    }
  });
}

Deno.test("a streamed request hit by 429 Retry-After: 7 gets what a non-streamed one gets, also while the backend cools down", async () => {
  const upstream = serveUpstream(() =>
    Response.json({
      error: {
        message: "slow down",
        type: "rate_limit_error",
        param: null,
        code: "rate_limit_exceeded",
      },
    }, { status: 429, headers: { "retry-after": "7" } })
  );
  let now = 1_000_000;
  const gateway = serveGateway({
    backends: [["oa", openai(upstream.origin)]],
    now: () => now,
  });
  try {
    const answers: Array<
      { status: number; retryAfter: string | null; type: string }
    > = [];
    for (const stream of [false, true]) {
      const response = await fetch(`${gateway.origin}/v1/chat/completions`, {
        signal: fetchSignal(),
        method: "POST",
        body: JSON.stringify({
          model: "oa",
          stream,
          messages: [{ role: "user", content: "hi" }],
        }),
      });
      const body = await response.json();
      answers.push({
        status: response.status,
        retryAfter: response.headers.get("retry-after"),
        type: body.error.type,
      });
    }
    assert.deepEqual(answers[0], {
      status: 429,
      retryAfter: "7",
      type: "rate_limit_error",
    });
    // The streamed request arrives while the backend cools down for the 7 s
    // the upstream asked: no upstream call, the same answer.
    assert.deepEqual(answers[1], answers[0]);
    assert.equal(upstream.calls.length, 1);

    now += 2_500;
    for (const stream of [true, false]) {
      const error = await client(gateway.origin, 0).chat.completions.create({
        model: "oa",
        messages: [{ role: "user", content: "hi" }],
        stream,
      }).catch((e) => e);
      assert.ok(error instanceof OpenAI.RateLimitError, String(error));
      assert.equal(error.headers.get("retry-after"), "5");
      assert.equal(error.headers.get("retry-after-ms"), "4500");
    }
    assert.equal(upstream.calls.length, 1, "the cooldown spares the upstream");

    now += 4_500;
    const error = await client(gateway.origin, 0).chat.completions.create({
      model: "oa",
      messages: [{ role: "user", content: "hi" }],
      stream: true,
    }).catch((e) => e);
    assert.ok(error instanceof OpenAI.RateLimitError, String(error));
    assert.equal(error.headers.get("retry-after-ms"), "7000");
    assert.equal(upstream.calls.length, 2, "after the cooldown: one probe");
  } finally {
    await gateway.close();
    await upstream.close();
  }
});

Deno.test("every breaker open after failures: 503 with Retry-After and retry-after-ms until the half-open probe, streamed or not, OpenAI and Anthropic", async () => {
  const upstream = serveUpstream(() =>
    Response.json({
      error: { message: "boom", type: "server_error", param: null, code: null },
    }, { status: 500 })
  );
  let now = 1_000_000;
  const gateway = serveGateway({
    backends: [["oa", openai(upstream.origin)]],
    routerConfig: {
      enableCircuitBreaker: true,
      circuitBreakerThreshold: 1,
      circuitBreakerTimeout: 20_000,
    },
    now: () => now,
  });
  const openaiCall = (stream: boolean) =>
    client(gateway.origin, 0).chat.completions.create({
      model: "oa",
      messages: [{ role: "user", content: "hi" }],
      stream,
    }).catch((e) => e);
  const anthropic = new Anthropic({
    baseURL: gateway.origin,
    apiKey: "client-key",
    maxRetries: 0,
    timeout: 10_000,
  });
  try {
    const first = await openaiCall(false);
    assert.ok(first instanceof OpenAI.InternalServerError, String(first));
    assert.equal(first.status, 502);
    assert.equal(first.headers.get("retry-after"), null);

    now += 5_500;
    for (const stream of [false, true]) {
      const error = await openaiCall(stream);
      assert.ok(error instanceof OpenAI.InternalServerError, String(error));
      assert.equal(error.status, 503);
      assert.equal(error.headers.get("retry-after"), "15");
      assert.equal(error.headers.get("retry-after-ms"), "14500");
      assert.equal(
        (error.error as { code?: string }).code,
        "NO_BACKEND_AVAILABLE",
      );
      const refused = await anthropic.messages.create({
        model: "oa",
        max_tokens: 8,
        messages: [{ role: "user", content: "hi" }],
        stream,
      }).catch((e) => e);
      assert.ok(refused instanceof Anthropic.APIError, String(refused));
      assert.equal(refused.status, 503);
      assert.equal(
        (refused.error as { error?: { type?: string } }).error?.type,
        "overloaded_error",
      );
      assert.equal(refused.headers?.get("retry-after"), "15");
      assert.equal(refused.headers?.get("retry-after-ms"), "14500");
    }
    assert.equal(
      upstream.calls.length,
      1,
      "the open breaker spares the upstream",
    );

    // At the half-open time the probe reaches the upstream; its failure
    // re-opens the breaker for a fresh 20 s, which the next answer names.
    now += 14_500;
    const probe = await openaiCall(false);
    assert.equal(probe.status, 502);
    assert.equal(upstream.calls.length, 2);
    const again = await openaiCall(true);
    assert.equal(again.status, 503);
    assert.equal(again.headers.get("retry-after"), "20");
    assert.equal(again.headers.get("retry-after-ms"), "20000");
  } finally {
    await gateway.close();
    await upstream.close();
  }
});

Deno.test("the client's Authorization and x-api-key never reach the upstream", async () => {
  const seen: UpstreamCall[] = [];
  const upstream = serveUpstream((call) => {
    seen.push(call);
    return Response.json({
      id: "x",
      object: "chat.completion",
      created: 0,
      model: "m",
      choices: [{
        index: 0,
        message: { role: "assistant", content: "ok" },
        finish_reason: "stop",
      }],
    });
  });
  const gateway = serveGateway({ backends: [["oa", openai(upstream.origin)]] });
  try {
    const response = await fetch(`${gateway.origin}/v1/chat/completions`, {
      signal: fetchSignal(),
      method: "POST",
      headers: {
        authorization: "Bearer client-secret",
        "x-api-key": "client-secret-2",
      },
      body: JSON.stringify({
        model: "oa",
        messages: [{ role: "user", content: "hi" }],
      }),
    });
    assert.equal(response.status, 200);
    await response.body?.cancel();
    assert.equal(seen.length, 1);
    assert.equal(seen[0].headers.get("authorization"), "Bearer upstream-key");
    assert.equal(seen[0].headers.get("x-api-key"), null);
    for (const [, value] of seen[0].headers) {
      assert.ok(!value.includes("client-secret"), value);
    }
  } finally {
    await gateway.close();
    await upstream.close();
  }
});

Deno.test("resolveError: every backend rate limited is a 429 with the shortest wait; a lone timeout a 504", () => {
  const limited = (ms: number) =>
    new AdapterError({
      code: "RATE_LIMITED",
      message: "slow",
      retryAfter: ms,
      statusCode: 429,
    });
  const resolved = resolveError(limited(9000), [limited(9000), limited(2500)]);
  assert.equal(resolved.status, 429);
  assert.equal(resolved.headers["retry-after"], "3");
  assert.equal(
    resolveError(new AdapterError({ code: "TIMEOUT", message: "slow" })).status,
    504,
  );
  const bug = resolveError(new TypeError("secret detail"));
  assert.equal(bug.status, 500);
  assert.ok(!bug.message.includes("secret"));
});

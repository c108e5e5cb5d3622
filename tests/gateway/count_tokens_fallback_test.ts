// A relayed count_tokens that fails upstream in passing (Anthropic's
// counting endpoint is rate limited on its own; it can be overloaded or
// unreachable while the gateway can still count): the gateway's estimate
// answers, marked `x-switchyard-estimate: true`, and the log line says why.
// A failure an estimate would hide (the client's bad body, the operator's
// key refused) and a body the gateway cannot read (a document) get the
// error, in Anthropic's shape.
import assert from "node:assert/strict";
import type Anthropic from "npm:@anthropic-ai/sdk@1.14.0";
import { createAnthropicAdapter } from "../../src/models/adapters/anthropic.ts";
import type { RequestLogEntry } from "../../src/gateway/mod.ts";
import { createEchoAdapter } from "../../src/models/testing.ts";
import { serveGateway, serveUpstream } from "./_serve.ts";
import { anthropicClient as client } from "./_anthropic_client.ts";

const PLAIN: Anthropic.MessageCountTokensParams = {
  model: "up/claude-real",
  messages: [{ role: "user", content: "word ".repeat(80) }],
};

/** An upstream whose count fails with `status` while `failing.status` is set. */
function flaky() {
  const failing: { status: number | undefined } = { status: undefined };
  const upstream = serveUpstream(() => {
    const status = failing.status;
    if (status === undefined) return Response.json({ input_tokens: 81 });
    return Response.json({
      type: "error",
      error: {
        type: status === 429 ? "rate_limit_error" : "overloaded_error",
        message: `upstream says ${status}`,
      },
    }, { status, headers: { "retry-after": "7" } });
  });
  return { upstream, failing };
}

function gatewayFor(origin: string, log: RequestLogEntry[]) {
  return serveGateway({
    backends: [[
      "up",
      createAnthropicAdapter({
        name: "up",
        apiKey: "sk-ant-backend",
        baseURL: origin,
      }),
    ]],
    logger: (entry) => log.push(entry),
  });
}

async function count(origin: string, body: unknown) {
  const response = await fetch(`${origin}/v1/messages/count_tokens`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      "anthropic-version": "2023-06-01",
    },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(10_000),
  });
  return {
    status: response.status,
    estimate: response.headers.get("x-switchyard-estimate"),
    body: await response.json() as Record<string, unknown>,
  };
}

// 408: the provider timed out, the gateway's 504.
for (const status of [529, 500, 429, 408]) {
  Deno.test(`count_tokens relayed, upstream ${status}: the estimate answers, marked, with one log line naming the failure; once the upstream counts again, its count`, async () => {
    const { upstream, failing } = flaky();
    const log: RequestLogEntry[] = [];
    const server = gatewayFor(upstream.origin, log);
    try {
      failing.status = status;
      const estimated = await count(server.origin, PLAIN);
      assert.equal(estimated.status, 200, JSON.stringify(estimated.body));
      assert.equal(estimated.estimate, "true");
      const tokens = estimated.body.input_tokens as number;
      assert.ok(tokens >= 100 && tokens !== 81, String(tokens));
      assert.ok(upstream.calls.length >= 1, "the count was tried");
      assert.equal(log.length, 1, JSON.stringify(log));
      assert.equal(log[0].status, 200);
      assert.match(String(log[0].error_message), new RegExp(`${status}`));
      if (status === 429) return; // the backend now cools down, as told
      // The SDK reads the same answer.
      assert.deepEqual(
        await client(server.origin).messages.countTokens(PLAIN),
        { input_tokens: tokens },
      );
      failing.status = undefined;
      const counted = await count(server.origin, PLAIN);
      assert.deepEqual(counted, {
        status: 200,
        estimate: null,
        body: { input_tokens: 81 },
      });
      assert.equal(log.length, 3, JSON.stringify(log));
      assert.equal(log[2].error_message, undefined);
    } finally {
      await server.close();
      await upstream.close();
    }
  });
}

Deno.test("count_tokens relayed to an unreachable backend: the estimate, marked", async () => {
  const { upstream } = flaky();
  const origin = upstream.origin;
  await upstream.close();
  const log: RequestLogEntry[] = [];
  const server = gatewayFor(origin, log);
  try {
    const estimated = await count(server.origin, PLAIN);
    assert.equal(estimated.status, 200, JSON.stringify(estimated.body));
    assert.equal(estimated.estimate, "true");
    assert.equal(log.length, 1);
  } finally {
    await server.close();
  }
});

Deno.test("count_tokens relayed: the client's own error, the operator's refused key and an unreadable body are passed on, never estimated", async () => {
  const cases: Array<[number, unknown, number, RegExp]> = [
    // The upstream refuses the body: the client must fix it.
    [400, PLAIN, 400, /upstream says 400/],
    // The provider refused the gateway's key: the operator's to fix.
    [401, PLAIN, 502, /misconfigured/],
    // Rate limited, but the gateway cannot count a document.
    [
      429,
      {
        ...PLAIN,
        messages: [{
          role: "user",
          content: [{
            type: "document",
            source: { type: "text", media_type: "text/plain", data: "fee" },
          }],
        }],
      },
      429,
      /upstream says 429/,
    ],
  ];
  for (const [upstreamStatus, body, expected, message] of cases) {
    const upstream = serveUpstream(() =>
      Response.json({
        type: "error",
        error: {
          type: "invalid_request_error",
          message: `upstream says ${upstreamStatus}`,
        },
      }, { status: upstreamStatus })
    );
    const log: RequestLogEntry[] = [];
    const server = gatewayFor(upstream.origin, log);
    try {
      const answer = await count(server.origin, body);
      assert.equal(answer.status, expected, JSON.stringify(answer.body));
      assert.equal(answer.estimate, null);
      assert.equal(answer.body.type, "error");
      assert.match(
        String((answer.body.error as { message: string }).message),
        message,
      );
      assert.ok(
        !JSON.stringify(answer.body).includes("sk-ant-backend"),
        "no secret in the answer",
      );
      assert.equal(log.length, 1, JSON.stringify(log));
      assert.equal(log[0].status, expected);
    } finally {
      await server.close();
      await upstream.close();
    }
  }
});

Deno.test("x-switchyard-estimate marks every count of the gateway's own (a backend that cannot count, passthrough: false) and never the provider's", async () => {
  const { upstream } = flaky();
  const anthropic = (origin: string) =>
    createAnthropicAdapter({ name: "up", apiKey: "k", baseURL: origin });
  const mixed = serveGateway({
    backends: [
      ["up", anthropic(upstream.origin)],
      ["local", createEchoAdapter()],
    ],
  });
  const translated = serveGateway({
    passthrough: false,
    backends: [["up", anthropic(upstream.origin)]],
  });
  try {
    // Named: relayed, the provider's count, unmarked.
    assert.deepEqual(await count(mixed.origin, PLAIN), {
      status: 200,
      estimate: null,
      body: { input_tokens: 81 },
    });
    // Either backend may answer: the estimate, marked.
    for (const origin of [mixed.origin, translated.origin]) {
      const estimated = await count(origin, { ...PLAIN, model: "any" });
      assert.equal(estimated.status, 200, JSON.stringify(estimated.body));
      assert.equal(estimated.estimate, "true", origin);
    }
    assert.equal(upstream.calls.length, 1);
  } finally {
    await mixed.close();
    await translated.close();
    await upstream.close();
  }
});

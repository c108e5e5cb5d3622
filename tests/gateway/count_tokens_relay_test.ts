// count_tokens on Anthropic's own wire: when the backends a call may reach
// all speak Anthropic's Messages API, the client's body goes to the
// backend's `/v1/messages/count_tokens` as sent (model routed), since the
// real API counts what the gateway cannot read (a `document` block among
// them), and its answer comes back. Toward a backend that cannot count it,
// the gateway's estimate answers and such a block is refused, as a chat call
// would be.
import assert from "node:assert/strict";
import Anthropic from "npm:@anthropic-ai/sdk@1.14.0";
import { createAnthropicAdapter } from "../../src/models/adapters/anthropic.ts";
import { createMockAdapter } from "../../src/models/testing.ts";
import { hashKey } from "../../src/gateway/mod.ts";
import type { GatewayOptions } from "../../src/gateway/mod.ts";
import { serveGateway, serveUpstream } from "./_serve.ts";
import { anthropicClient as client } from "./_anthropic_client.ts";

const WITH_DOCUMENT: Anthropic.MessageCountTokensParams = {
  model: "up/claude-real",
  system: [{ type: "text", text: "Cite the file." }],
  messages: [{
    role: "user",
    content: [
      {
        type: "document",
        source: {
          type: "text",
          media_type: "text/plain",
          data: "The fee is 4 kr.",
        },
        title: "fees.txt",
      },
      { type: "text", text: "What is the fee?" },
    ],
  }],
};

function counting(inputTokens: number) {
  return serveUpstream((call) =>
    call.path === "/v1/messages/count_tokens"
      ? Response.json({ input_tokens: inputTokens })
      : Response.json({
        id: "msg_up",
        type: "message",
        role: "assistant",
        model: "claude-real",
        content: [{ type: "text", text: "4 kr." }],
        stop_reason: "end_turn",
        stop_sequence: null,
        usage: { input_tokens: 9, output_tokens: 3 },
      })
  );
}

function anthropicBackend(origin: string) {
  return createAnthropicAdapter({
    name: "up",
    apiKey: "sk-ant-backend",
    baseURL: origin,
  });
}

function mock() {
  return createMockAdapter({
    responses: {
      message: { role: "assistant", content: "ok" },
      finishReason: "stop",
      metadata: {},
    },
  });
}

Deno.test("count_tokens → anthropic backend: a body with a document is relayed as sent and the API's count comes back, twice, with no rpm taken", async () => {
  const upstream = counting(1234);
  const server = serveGateway({
    backends: [["up", anthropicBackend(upstream.origin)]],
    keys: [{ id: "team", sha256: await hashKey("sk-team"), rpm: 1 }],
    now: () => 0,
  });
  try {
    const anthropic = client(server.origin, "sk-team");
    for (const round of [1, 2]) {
      const counted = await anthropic.messages.countTokens(WITH_DOCUMENT);
      assert.deepEqual(counted, { input_tokens: 1234 }, `round ${round}`);
      const call = upstream.calls.at(-1)!;
      assert.equal(call.path, "/v1/messages/count_tokens");
      assert.equal(call.headers.get("x-api-key"), "sk-ant-backend");
      assert.deepEqual(call.body, { ...WITH_DOCUMENT, model: "claude-real" });
    }
    // The key's one request a minute is still there.
    const message = await anthropic.messages.create({
      ...WITH_DOCUMENT,
      max_tokens: 16,
    });
    assert.equal(message.usage.input_tokens, 9);
    assert.equal(upstream.calls.length, 3);
  } finally {
    await server.close();
    await upstream.close();
  }
});

Deno.test("count_tokens in a mixed fleet: the anthropic backend named counts the document; a backend that cannot count answers with the estimate and refuses it", async () => {
  const upstream = counting(77);
  const options: GatewayOptions = {
    backends: [["up", anthropicBackend(upstream.origin)], ["local", mock()]],
  };
  const server = serveGateway(options);
  try {
    const anthropic = client(server.origin);
    assert.deepEqual(
      await anthropic.messages.countTokens(WITH_DOCUMENT),
      { input_tokens: 77 },
    );
    const refused = await anthropic.messages.countTokens({
      ...WITH_DOCUMENT,
      model: "local/any",
    }).catch((e) => e);
    assert.ok(refused instanceof Anthropic.BadRequestError, String(refused));
    assert.match(
      (refused.error as { error: { message: string } }).error.message,
      /document/,
    );
    // Without a named backend the call may reach the mock too: estimated.
    const plain = {
      ...WITH_DOCUMENT,
      model: "any",
      messages: [{ role: "user" as const, content: "word ".repeat(80) }],
    };
    const estimated = await anthropic.messages.countTokens(plain);
    assert.ok(estimated.input_tokens >= 100, String(estimated.input_tokens));
    assert.equal(upstream.calls.length, 1, "only the named count was relayed");
  } finally {
    await server.close();
    await upstream.close();
  }
});

Deno.test("count_tokens with passthrough: false: the estimate, even on an anthropic backend", async () => {
  const upstream = counting(5);
  const server = serveGateway({
    passthrough: false,
    backends: [["up", anthropicBackend(upstream.origin)]],
  });
  try {
    const counted = await client(server.origin).messages.countTokens({
      model: "up/claude-real",
      messages: [{ role: "user", content: "word ".repeat(80) }],
    });
    assert.ok(counted.input_tokens >= 100, String(counted.input_tokens));
    assert.equal(upstream.calls.length, 0);
  } finally {
    await server.close();
    await upstream.close();
  }
});

Deno.test("count_tokens → anthropic backend: the client's anthropic-beta reaches the counting endpoint, merged with the configured betas, on every call", async () => {
  const upstream = counting(42);
  const server = serveGateway({
    backends: [[
      "up",
      createAnthropicAdapter({
        name: "up",
        apiKey: "sk-ant-backend",
        baseURL: upstream.origin,
        beta: ["configured-2025-01-01"],
      }),
    ]],
  });
  try {
    // A newer tool type is counted only with its beta.
    const body = {
      model: "up/claude-real",
      messages: [{ role: "user", content: "What is 2+2?" }],
      tools: [{ type: "code_execution_20250825", name: "code_execution" }],
    };
    const sent = [
      "code-execution-2025-08-25",
      "Code-Execution-2025-08-25, context-1m-2025-08-07",
    ];
    for (const beta of sent) {
      const response = await fetch(
        `${server.origin}/v1/messages/count_tokens`,
        {
          method: "POST",
          headers: {
            "content-type": "application/json",
            "anthropic-version": "2023-06-01",
            "Anthropic-Beta": beta,
          },
          body: JSON.stringify(body),
        },
      );
      assert.equal(response.status, 200, await response.clone().text());
      assert.deepEqual(await response.json(), { input_tokens: 42 });
      const call = upstream.calls.at(-1)!;
      assert.equal(call.path, "/v1/messages/count_tokens");
      assert.equal(
        call.headers.get("anthropic-beta"),
        ["configured-2025-01-01", ...beta.split(",").map((b) => b.trim())]
          .join(","),
      );
    }
    // Without the client's, the configured betas alone, as before.
    await client(server.origin).messages.countTokens({
      model: "up/claude-real",
      messages: [{ role: "user", content: "hi" }],
    });
    assert.equal(
      upstream.calls.at(-1)!.headers.get("anthropic-beta"),
      "configured-2025-01-01",
    );
  } finally {
    await server.close();
    await upstream.close();
  }
});

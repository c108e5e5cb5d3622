// POST /v1/messages/count_tokens with the official Anthropic SDK's
// `messages.countTokens` (Claude Code calls it too), toward backends that
// cannot count (an Anthropic one is relayed the body: count_tokens_relay_test.ts):
// the gateway's own estimate, the one a key's `tpm` bucket is charged at admission, behind the
// same key and body checks as /v1/messages, with Anthropic-shaped errors.
import assert from "node:assert/strict";
import Anthropic from "npm:@anthropic-ai/sdk@1.14.0";
import { fetchSignal } from "../_bounded.ts";
import { createMockAdapter } from "../../src/models/testing.ts";
import { hashKey } from "../../src/gateway/mod.ts";
import { serveGateway } from "./_serve.ts";
import { anthropicClient as client } from "./_anthropic_client.ts";

function mock() {
  return createMockAdapter({
    responses: {
      message: { role: "assistant", content: "ok" },
      finishReason: "stop",
      metadata: {},
    },
  });
}

const TOOL = {
  name: "weather",
  description: "Current weather in a city",
  input_schema: {
    type: "object" as const,
    properties: { city: { type: "string" } },
  },
};
const COUNTED: Anthropic.MessageCountTokensParams = {
  model: "claude",
  system: "Answer in Norwegian.",
  tools: [TOOL],
  messages: [{
    role: "user",
    content: [
      {
        type: "image",
        source: { type: "base64", media_type: "image/png", data: "iVBORw0K" },
      },
      { type: "text", text: "What is the weather where this was taken?" },
    ],
  }],
};

/** The `error.type` of an Anthropic error body the SDK kept. */
function errorType(error: InstanceType<typeof Anthropic.APIError>): unknown {
  const body = error.error as { type?: string; error?: { type?: string } };
  assert.equal(body.type, "error", "Anthropic's error shape");
  return body.error?.type;
}

Deno.test("count_tokens: countTokens gets the estimate a key's tpm is charged at admission, calls no backend and uses no rpm", async () => {
  const backend = mock();
  const server = serveGateway({
    backends: [["claude", backend]],
    keys: [{
      id: "team",
      sha256: await hashKey("sk-team"),
      rpm: 1,
      tpm: 100_000,
    }],
    now: () => 0, // buckets do not refill during the test
  });
  try {
    const anthropic = client(server.origin, "sk-team");
    const counted = await anthropic.messages.countTokens(COUNTED);
    assert.deepEqual(Object.keys(counted), ["input_tokens"]);
    const tokens = counted.input_tokens;
    assert.ok(Number.isInteger(tokens) && tokens > 0, String(tokens));
    // Counting again gives the same number and spends nothing.
    assert.deepEqual(await anthropic.messages.countTokens(COUNTED), counted);
    assert.equal(backend.calls.length, 0, "counting calls no backend");

    // The one request rpm 1 allows is still there, and is charged the count.
    const { response } = await anthropic.messages.create({
      ...COUNTED,
      max_tokens: 16,
    }).withResponse();
    assert.equal(backend.calls.length, 1);
    assert.equal(
      response.headers.get("x-ratelimit-remaining-tokens"),
      String(100_000 - tokens),
    );

    // What is counted: the system prompt and the tools too, and text at
    // about 4 characters a token.
    const bare = await anthropic.messages.countTokens({
      model: "claude",
      messages: COUNTED.messages,
    });
    assert.ok(bare.input_tokens < tokens, `${bare.input_tokens} < ${tokens}`);
    const long = await anthropic.messages.countTokens({
      model: "claude",
      messages: [{ role: "user", content: "word ".repeat(800) }],
    });
    assert.ok(
      long.input_tokens >= 1000 && long.input_tokens < 1050,
      String(long.input_tokens),
    );
  } finally {
    await server.close();
  }
});

Deno.test("count_tokens: a bad body, a missing or wrong key and a model outside the key are Anthropic errors the SDK types", async () => {
  const backend = mock();
  const server = serveGateway({
    backends: [["claude", backend], ["other", mock()]],
    keys: [
      { id: "team", sha256: await hashKey("sk-team") },
      { id: "narrow", sha256: await hashKey("sk-narrow"), backends: ["other"] },
    ],
    maxBodyBytes: 4096,
  });
  try {
    const anthropic = client(server.origin, "sk-team");
    const cases: Array<[unknown, RegExp]> = [
      [{ model: "claude" }, /^messages: /],
      [{ messages: COUNTED.messages }, /^model: /],
      [{ ...COUNTED, system: 42 }, /^system: /],
      [{ ...COUNTED, tools: [{ description: "no name" }] }, /tools/],
      // Anthropic's API counts a document, and an Anthropic backend is
      // relayed the body (count_tokens_relay_test.ts); these mock backends
      // cannot take one, so the count refuses it as a chat call would.
      [{
        model: "claude",
        messages: [{
          role: "user",
          content: [{ type: "document", source: {} }],
        }],
      }, /document/],
    ];
    for (const [body, message] of cases) {
      const error = await anthropic.messages.countTokens(
        body as Anthropic.MessageCountTokensParams,
      ).catch((e) => e);
      assert.ok(error instanceof Anthropic.BadRequestError, String(error));
      assert.equal(errorType(error), "invalid_request_error");
      assert.match(
        (error.error as { error: { message: string } }).error.message,
        message,
      );
    }

    const wrong = await client(server.origin, "sk-wrong").messages
      .countTokens(COUNTED).catch((e) => e);
    assert.ok(wrong instanceof Anthropic.AuthenticationError, String(wrong));
    assert.equal(errorType(wrong), "authentication_error");

    const narrow = await client(server.origin, "sk-narrow").messages
      .countTokens(COUNTED).catch((e) => e);
    assert.ok(
      narrow instanceof Anthropic.PermissionDeniedError,
      String(narrow),
    );
    assert.equal(errorType(narrow), "permission_error");

    // Without any key, from a client that sends no anthropic-version: the
    // route alone picks Anthropic's shape.
    const url = `${server.origin}/v1/messages/count_tokens`;
    const anonymous = await fetch(url, {
      method: "POST",
      body: JSON.stringify(COUNTED),
      signal: fetchSignal(),
    });
    assert.equal(anonymous.status, 401);
    assert.equal((await anonymous.json()).error.type, "authentication_error");
    const big = await fetch(url, {
      method: "POST",
      headers: { "x-api-key": "sk-team" },
      body: JSON.stringify({ ...COUNTED, system: "x".repeat(5000) }),
      signal: fetchSignal(),
    });
    assert.equal(big.status, 413);
    assert.equal((await big.json()).error.type, "request_too_large");
    const get = await fetch(url, {
      headers: { "x-api-key": "sk-team" },
      signal: fetchSignal(),
    });
    assert.equal(get.status, 405);
    assert.equal(get.headers.get("allow"), "POST");
    assert.equal((await get.json()).type, "error");
    assert.equal(backend.calls.length, 0);
  } finally {
    await server.close();
  }
});

Deno.test("routes under /v1/messages the gateway lacks: Anthropic's 404 for Anthropic clients, OpenAI's for the rest", async () => {
  const server = serveGateway({ backends: [["claude", mock()]] });
  try {
    // The SDK's batches API, which the gateway does not serve.
    const missing = await client(server.origin, "unused").messages.batches
      .list().catch((e) => e);
    assert.ok(missing instanceof Anthropic.NotFoundError, String(missing));
    assert.equal(errorType(missing), "not_found_error");

    const plain = await fetch(`${server.origin}/v1/messages/batches`, {
      signal: fetchSignal(),
    });
    assert.equal(plain.status, 404);
    assert.equal((await plain.json()).error.code, "unknown_url");
  } finally {
    await server.close();
  }
});

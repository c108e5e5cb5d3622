// A key's `backends` list holds through routing and fallback: two OpenAI-wire
// upstreams on loopback behind the real OpenAI adapter, the official openai
// and Anthropic SDKs as clients, and each upstream's call count as the proof
// of where a request went: served by serveGateway, so OpenAI JSON and streams
// take the passthrough path (relayResponse) and Anthropic's the translated
// execute and executeStream.
import assert from "node:assert/strict";
import OpenAI from "npm:openai@7.57.0";
import Anthropic from "npm:@anthropic-ai/sdk@1.14.0";
import { createGateway, hashKey, serveGateway } from "../../src/gateway/mod.ts";
import {
  openAICompletion,
  serveUpstream,
  upstreamAdapter,
  type UpstreamCall,
} from "./_serve.ts";
import { shutdownBounded } from "../_bounded.ts";

/** An upstream answering `text`, as JSON or as an SSE stream. */
function answering(text: string): (call: UpstreamCall) => Response {
  return (call) => {
    if (call.body.stream !== true) return Response.json(openAICompletion(text));
    const chunk = (delta: string, finish: string | null) =>
      `data: ${
        JSON.stringify({
          id: "chatcmpl-up",
          object: "chat.completion.chunk",
          created: 0,
          model: "gpt-test",
          choices: [{
            index: 0,
            delta: JSON.parse(delta),
            finish_reason: finish,
          }],
        })
      }\n\n`;
    return new Response(
      chunk(`{"role":"assistant","content":${JSON.stringify(text)}}`, null) +
        chunk("{}", "stop") + "data: [DONE]\n\n",
      { headers: { "content-type": "text/event-stream" } },
    );
  };
}

/** An upstream that always fails with a 500. */
function failing(): Response {
  return Response.json(
    { error: { message: "upstream down", type: "server_error" } },
    { status: 500 },
  );
}

/**
 * "primary" (the default backend, first in the fallback order) and
 * "secondary" on loopback; keys: "any" (no list), "second" (secondary only),
 * "first" (primary only), "none" (a backend that is not registered).
 */
async function setup(primaryAnswer: (call: UpstreamCall) => Response) {
  const primary = serveUpstream(primaryAnswer);
  const secondary = serveUpstream(answering("from secondary"));
  const gateway = createGateway({
    backends: [
      ["primary", upstreamAdapter(primary.origin, "primary")],
      ["secondary", upstreamAdapter(secondary.origin, "secondary")],
    ],
    aliases: { fast: "primary/gpt-test", slow: "secondary", plain: "gpt-test" },
    keys: [
      { id: "any", sha256: await hashKey("sk-any") },
      {
        id: "second",
        sha256: await hashKey("sk-second"),
        backends: ["secondary"],
      },
      { id: "first", sha256: await hashKey("sk-first"), backends: ["primary"] },
      { id: "none", sha256: await hashKey("sk-none"), backends: ["elsewhere"] },
    ],
  });
  const server = await serveGateway(gateway, { port: 0 });
  const origin = `http://127.0.0.1:${server.addr.port}`;
  return {
    primary,
    secondary,
    gateway,
    origin,
    openai: (key: string) =>
      new OpenAI({
        baseURL: `${origin}/v1`,
        apiKey: key,
        maxRetries: 0,
        timeout: 10_000,
      }),
    anthropic: (key: string) =>
      new Anthropic({
        baseURL: origin,
        apiKey: key,
        maxRetries: 0,
        timeout: 10_000,
      }),
    async close() {
      await shutdownBounded(server);
      gateway.dispose();
      await primary.close();
      await secondary.close();
    },
  };
}

const MESSAGES = [{ role: "user" as const, content: "hi" }];

/** The answer's text over every path: OpenAI JSON and stream (passthrough), Anthropic JSON and stream (translated). */
async function everyPath(
  env: Awaited<ReturnType<typeof setup>>,
  key: string,
  model = "gpt-test",
): Promise<string[]> {
  const texts: string[] = [];
  const openai = env.openai(key);
  const json = await openai.chat.completions.create({
    model,
    messages: MESSAGES,
  });
  texts.push(json.choices[0].message.content ?? "");
  let streamed = "";
  for await (
    const chunk of await openai.chat.completions.create({
      model,
      messages: MESSAGES,
      stream: true,
    })
  ) streamed += chunk.choices[0]?.delta?.content ?? "";
  texts.push(streamed);
  const anthropic = env.anthropic(key);
  const message = await anthropic.messages.create({
    model,
    max_tokens: 16,
    messages: MESSAGES,
  });
  texts.push(
    message.content.map((b) => b.type === "text" ? b.text : "").join(""),
  );
  const final = await anthropic.messages.stream({
    model,
    max_tokens: 16,
    messages: MESSAGES,
  }).finalMessage();
  texts.push(
    final.content.map((b) => b.type === "text" ? b.text : "").join(""),
  );
  return texts;
}

const FOUR_FROM_SECONDARY = Array(4).fill("from secondary");

Deno.test("key backends: a key limited to secondary is answered by it; the preferred primary gets no call", async () => {
  const env = await setup(answering("from primary"));
  try {
    // Without a list the default backend answers: the setup prefers primary.
    assert.deepEqual(
      await everyPath(env, "sk-any"),
      Array(4).fill("from primary"),
    );
    const before = env.primary.calls.length;
    assert.equal(before, 4);
    // A model naming no backend, and one naming secondary.
    assert.deepEqual(await everyPath(env, "sk-second"), FOUR_FROM_SECONDARY);
    assert.deepEqual(
      await everyPath(env, "sk-second", "secondary/gpt-test"),
      FOUR_FROM_SECONDARY,
    );
    assert.equal(env.primary.calls.length, before, "primary got no call");
    assert.equal(env.secondary.calls.length, 8);
  } finally {
    await env.close();
  }
});

Deno.test("key backends: a key limited to secondary skips a failing primary first in the chain", async () => {
  const env = await setup(failing);
  try {
    // An unrestricted key tries primary first, then falls back.
    assert.deepEqual(await everyPath(env, "sk-any"), FOUR_FROM_SECONDARY);
    const tried = env.primary.calls.length;
    assert.ok(tried > 0, "primary is first in line for other keys");
    // The breaker's cooldown must not be what keeps primary out below.
    env.gateway.router.resetCircuitBreaker();
    assert.deepEqual(await everyPath(env, "sk-second"), FOUR_FROM_SECONDARY);
    assert.equal(env.primary.calls.length, tried, "primary got no call");
  } finally {
    await env.close();
  }
});

Deno.test("key backends: a key limited to a failing primary gets an error; secondary gets no call", async () => {
  const env = await setup(failing);
  try {
    const openai = env.openai("sk-first");
    for (const stream of [false, true]) {
      const error = await openai.chat.completions.create({
        model: "gpt-test",
        messages: MESSAGES,
        stream,
      }).then(() => undefined, (e) => e);
      assert.ok(error instanceof OpenAI.APIError, String(error));
      assert.ok(error.status !== undefined && error.status >= 500);
      assert.doesNotMatch(JSON.stringify(error.error), /secondary/);
    }
    const anthropic = env.anthropic("sk-first");
    const error = await anthropic.messages.create({
      model: "gpt-test",
      max_tokens: 16,
      messages: MESSAGES,
    }).then(() => undefined, (e) => e);
    assert.ok(error instanceof Anthropic.APIError, String(error));
    assert.ok(env.primary.calls.length >= 3, "primary was tried");
    // Primary's breaker open: no allowed backend is available, a 503 that
    // names no other backend.
    env.gateway.router.openCircuitBreaker("primary");
    const closed = await fetch(`${env.origin}/v1/chat/completions`, {
      method: "POST",
      headers: { authorization: "Bearer sk-first" },
      body: JSON.stringify({ model: "gpt-test", messages: MESSAGES }),
      signal: AbortSignal.timeout(10_000),
    });
    assert.equal(closed.status, 503);
    assert.doesNotMatch(await closed.text(), /secondary/);
    assert.equal(env.secondary.calls.length, 0, "secondary got no call");
  } finally {
    await env.close();
  }
});

Deno.test("key backends: a model naming a backend outside the list, or a list naming no backend, is 403 before any call", async () => {
  const env = await setup(answering("from primary"));
  try {
    const cases: [string, string][] = [
      ["sk-second", "primary/gpt-test"],
      ["sk-second", "primary"],
      ["sk-none", "gpt-test"],
    ];
    for (const [key, model] of cases) {
      const error = await env.openai(key).chat.completions.create({
        model,
        messages: MESSAGES,
      }).then(() => undefined, (e) => e);
      assert.ok(error instanceof OpenAI.PermissionDeniedError, String(error));
      assert.equal(error.code, "model_not_allowed");
      const anthropic = await env.anthropic(key).messages.create({
        model,
        max_tokens: 16,
        messages: MESSAGES,
      }).then(() => undefined, (e) => e);
      assert.ok(
        anthropic instanceof Anthropic.PermissionDeniedError,
        String(anthropic),
      );
    }
    assert.equal(env.primary.calls.length, 0);
    assert.equal(env.secondary.calls.length, 0);
  } finally {
    await env.close();
  }
});

Deno.test("key backends: GET /v1/models lists only what the key's list lets through", async () => {
  const env = await setup(answering("from primary"));
  try {
    const ids = async (key: string) => {
      const list: string[] = [];
      for await (const model of env.openai(key).models.list()) {
        list.push(model.id);
      }
      return list.sort();
    };
    assert.deepEqual(await ids("sk-second"), [
      "plain",
      "secondary",
      "secondary/gpt-test",
      "slow",
    ]);
    assert.deepEqual(await ids("sk-none"), []);
    assert.equal((await ids("sk-any")).length, 7);
  } finally {
    await env.close();
  }
});

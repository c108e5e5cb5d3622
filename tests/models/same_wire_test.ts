// The model router's side of "same wire is lossless": which backends speak
// a chat wire, a chat `invoke` in one wire reaching only those (the body
// sent as it is, model aside), and `execute` with the client's body beside
// the IR (`source`): sent as is to a backend of its wire, translated by the
// others, which name what the IR lost.
import assert from "node:assert/strict";
import { createRouter, RouterError } from "../../src/models/mod.ts";
import type { ChatSource, IRChatRequest } from "../../src/models/mod.ts";
import { createOpenAIAdapter } from "../../src/models/adapters/openai.ts";
import { createAnthropicAdapter } from "../../src/models/adapters/anthropic.ts";
import { createEchoAdapter } from "../../src/models/testing.ts";

type Json = Record<string, unknown>;

const OPENAI_ANSWER = {
  id: "c1",
  object: "chat.completion",
  created: 1,
  model: "m",
  choices: [{
    index: 0,
    message: { role: "assistant", content: "hi" },
    finish_reason: "stop",
  }],
};
const ANTHROPIC_ANSWER = {
  id: "msg_1",
  type: "message",
  role: "assistant",
  model: "m",
  content: [{ type: "text", text: "hi" }],
  stop_reason: "end_turn",
  stop_sequence: null,
  usage: { input_tokens: 1, output_tokens: 1 },
};

/** A fetch that records each body and answers `answer`. */
function recording(answer: Json) {
  const bodies: Json[] = [];
  const fetch = (_input: unknown, init?: RequestInit) => {
    bodies.push(JSON.parse(String(init?.body)));
    return Promise.resolve(Response.json(answer));
  };
  return { bodies, fetch };
}

function fleet(order: "openai-first" | "anthropic-first") {
  const oa = recording(OPENAI_ANSWER);
  const claude = recording(ANTHROPIC_ANSWER);
  const router = createRouter({ maxRetries: 0 });
  const openai = createOpenAIAdapter({
    apiKey: "k",
    baseURL: "http://oa.test/v1",
    defaultModel: "gpt-x",
    fetch: oa.fetch,
  });
  const anthropic = createAnthropicAdapter({
    apiKey: "k",
    baseURL: "http://claude.test",
    defaultModel: "claude-x",
    fetch: claude.fetch,
  });
  if (order === "openai-first") {
    router.register("oa", openai).register("claude", anthropic);
  } else router.register("claude", anthropic).register("oa", openai);
  return { router, oa, claude };
}

const CLIENT_BODY = {
  model: "claude-x",
  max_tokens: 64,
  system: [{ type: "text", text: "s", cache_control: { type: "ephemeral" } }],
  messages: [{ role: "user", content: "hi" }],
  future_field: { nested: [1, { deep: true }] },
};
const IR: IRChatRequest = {
  messages: [{ role: "system", content: "s" }, {
    role: "user",
    content: "hi",
  }],
  parameters: { maxTokens: 64 },
};

Deno.test("speaks: every allowed backend speaks the wire", () => {
  const { router } = fleet("openai-first");
  try {
    assert.equal(router.speaks("openai"), false);
    assert.equal(router.speaks("openai", ["oa"]), true);
    assert.equal(router.speaks("anthropic", ["claude"]), true);
    assert.equal(router.speaks("anthropic", ["claude", "oa"]), false);
    assert.equal(router.speaks("openai", ["nobody"]), false);
    router.register("echo", createEchoAdapter());
    assert.equal(router.speaks("openai", ["oa", "echo"]), false);
  } finally {
    router.dispose();
  }
});

Deno.test("invoke chat in one wire: only its backends serve, the body goes as is with the routed model", async () => {
  const { router, oa, claude } = fleet("openai-first");
  try {
    const { response, routing } = await router.invoke({
      operation: "chat",
      wire: "anthropic",
      body: CLIENT_BODY,
      model: "claude-y",
    });
    assert.equal(routing.backend, "claude");
    assert.deepEqual(await response.json(), ANTHROPIC_ANSWER);
    assert.deepEqual(oa.bodies, []);
    assert.deepEqual(claude.bodies, [{ ...CLIENT_BODY, model: "claude-y" }]);

    const openaiOnly = createRouter().register("oa", createEchoAdapter());
    const error = await openaiOnly.invoke({
      operation: "chat",
      wire: "anthropic",
      body: CLIENT_BODY,
    }).catch((e) => e);
    openaiOnly.dispose();
    assert.ok(error instanceof RouterError);
    assert.equal(error.code, "ROUTING_FAILED");
  } finally {
    router.dispose();
  }
});

Deno.test("execute with the client's body beside the IR: its wire's backend is sent it; the other wire translates and names what was lost", async () => {
  const source: ChatSource = {
    wire: "anthropic",
    body: CLIENT_BODY,
    lost: ["system[].cache_control"],
  };
  {
    const { router, oa, claude } = fleet("anthropic-first");
    try {
      const answer = await router.execute(IR, undefined, { source });
      assert.equal(answer.message.content, "hi");
      assert.equal(answer.metadata.dropped, undefined);
      assert.deepEqual(claude.bodies, [CLIENT_BODY]);
      assert.deepEqual(oa.bodies, []);
      // Streamed too (the JSON answer is no stream: only the body counts).
      for await (const _ of router.executeStream(IR, undefined, { source })) {
        // read to the end
      }
      assert.deepEqual(claude.bodies, [CLIENT_BODY, CLIENT_BODY]);
    } finally {
      router.dispose();
    }
  }
  {
    const { router, oa, claude } = fleet("openai-first");
    try {
      const answer = await router.execute(IR, undefined, { source });
      assert.deepEqual(answer.metadata.dropped, ["system[].cache_control"]);
      assert.deepEqual(claude.bodies, []);
      assert.equal(oa.bodies.length, 1);
      assert.equal("future_field" in oa.bodies[0], false);
      assert.deepEqual((oa.bodies[0].messages as Json[])[0], {
        role: "system",
        content: "s",
      });
    } finally {
      router.dispose();
    }
  }
});

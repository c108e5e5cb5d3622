// Body keys that name prototype machinery (`__proto__`, `constructor`,
// `prototype`) never become parameters. Portable: the npm build runs this
// file under Node, where `parameters.__proto__ = value` would replace the
// prototype (and inherited values would skip the gateway's checks); under
// Deno the same key would be forwarded literally.
import { describe, it } from "../_harness.ts";
import assert from "node:assert/strict";
import { createGateway } from "../../src/gateway/mod.ts";
import { createOpenAIAdapter } from "../../src/models/adapters/openai.ts";
import { createOllamaAdapter } from "../../src/models/adapters/ollama.ts";
import { createGeminiAdapter } from "../../src/models/adapters/gemini.ts";
import type { IRChatRequest } from "../../src/models/mod.ts";

/** A fetch that keeps each request body's raw text and answers `answer`. */
function capture(answer: () => Response) {
  const bodies: string[] = [];
  return {
    bodies,
    fetch: (_input: string | URL | Request, init?: RequestInit) => {
      bodies.push(typeof init?.body === "string" ? init.body : "");
      return Promise.resolve(answer());
    },
  };
}

const openAIAnswer = () =>
  Response.json({
    id: "c1",
    object: "chat.completion",
    created: 1,
    model: "m",
    choices: [{
      index: 0,
      message: { role: "assistant", content: "ok" },
      finish_reason: "stop",
    }],
  });

/** A gateway whose one backend, `up`, is an OpenAI adapter on `fetch`. */
function gatewayTo(fetch: ReturnType<typeof capture>["fetch"]) {
  return createGateway({
    backends: [[
      "up",
      createOpenAIAdapter({
        apiKey: "sk-x",
        baseURL: "http://upstream.test/v1",
        defaultModel: "m",
        fetch,
      }),
    ]],
  });
}

/** A raw JSON body: an object literal cannot hold an own `__proto__` key. */
function post(path: string, text: string): Request {
  return new Request(`http://localhost${path}`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      "anthropic-version": "2023-06-01",
    },
    body: text,
  });
}

const HOSTILE = '{"maxTokens":"lots","temperature":"hot","max_tokens":"lots"}';

describe("reserved request keys", () => {
  for (const key of ["__proto__", "constructor", "prototype"]) {
    for (
      const [path, head] of [
        [
          "/v1/chat/completions",
          '"model":"up","messages":[{"role":"user","content":"hi"}]',
        ],
        [
          "/v1/messages",
          '"model":"up","max_tokens":5,"messages":[{"role":"user","content":"hi"}]',
        ],
      ]
    ) {
      it(`${path} refuses "${key}" with a 400 naming it, before any upstream call`, async () => {
        const upstream = capture(openAIAnswer);
        const gateway = gatewayTo(upstream.fetch);
        try {
          const response = await gateway(
            post(path, `{${head},"${key}":${HOSTILE}}`),
          );
          assert.equal(response.status, 400);
          const error = (await response.json()).error;
          // OpenAI errors name the param; Anthropic's shape has no such field.
          if (path === "/v1/chat/completions") assert.equal(error.param, key);
          assert.equal(error.type, "invalid_request_error");
          assert.ok(error.message.includes(key), error.message);
          assert.deepEqual(upstream.bodies, []);
        } finally {
          gateway.dispose();
        }
      });
    }
  }

  it("still passes other unknown keys through, as own fields", async () => {
    const upstream = capture(openAIAnswer);
    const gateway = gatewayTo(upstream.fetch);
    try {
      const response = await gateway(post(
        "/v1/chat/completions",
        '{"model":"up","messages":[{"role":"user","content":"hi"}],"max_tokens":3,"response_format":{"type":"json_object"}}',
      ));
      assert.equal(response.status, 200);
      const sent = JSON.parse(upstream.bodies[0]);
      assert.deepEqual(sent.response_format, { type: "json_object" });
      assert.equal(sent.max_tokens, 3);
    } finally {
      gateway.dispose();
    }
  });
});

describe("adapters given parameters with a __proto__ key", () => {
  // What a library caller gets from JSON.parse: `__proto__` as an own key.
  // Ollama also unpacks `options`, so a nested one is dropped there too.
  const request = (): IRChatRequest => ({
    messages: [{ role: "user", content: "hi" }],
    parameters: JSON.parse(
      `{"temperature":0.5,"__proto__":${HOSTILE},"options":{"__proto__":${HOSTILE},"num_ctx":8}}`,
    ),
  });

  const flat = (): IRChatRequest => ({
    messages: [{ role: "user", content: "hi" }],
    parameters: JSON.parse(`{"temperature":0.5,"__proto__":${HOSTILE}}`),
  });
  /** Neither the key nor any value behind it reached the wire. */
  const assertClean = (body: string) => {
    assert.equal(body.includes("__proto__"), false, body);
    assert.equal(body.includes("lots"), false, body);
  };

  it("OpenAI: sends neither the key nor the values behind it", async () => {
    const upstream = capture(openAIAnswer);
    await createOpenAIAdapter({
      apiKey: "sk-x",
      baseURL: "http://upstream.test/v1",
      defaultModel: "m",
      fetch: upstream.fetch,
    }).execute(flat());
    assertClean(upstream.bodies[0]);
    const sent = JSON.parse(upstream.bodies[0]);
    assert.equal(sent.temperature, 0.5);
    assert.equal(Object.hasOwn(sent, "max_tokens"), false);
  });

  it("Ollama: the spread `options` keep their own fields only", async () => {
    const upstream = capture(() =>
      Response.json({
        model: "m",
        message: { role: "assistant", content: "ok" },
        done: true,
      })
    );
    await createOllamaAdapter({
      baseURL: "http://upstream.test",
      fetch: upstream.fetch,
    }).execute(request());
    assertClean(upstream.bodies[0]);
    const sent = JSON.parse(upstream.bodies[0]);
    assert.equal(sent.options.num_ctx, 8);
    assert.equal(sent.options.temperature, 0.5);
  });

  it("Gemini: generationConfig holds only the checked values", async () => {
    const upstream = capture(() =>
      Response.json({
        candidates: [{
          content: { role: "model", parts: [{ text: "ok" }] },
          finishReason: "STOP",
        }],
      })
    );
    await createGeminiAdapter({
      apiKey: "g-x",
      baseURL: "http://upstream.test/v1beta",
      fetch: upstream.fetch,
    }).execute(flat());
    assertClean(upstream.bodies[0]);
    assert.equal(
      JSON.parse(upstream.bodies[0]).generationConfig.temperature,
      0.5,
    );
  });
});

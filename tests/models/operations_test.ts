// Router.invoke: a non-chat operation through the same selection, breaker,
// fallback and statistics as chat, on the backends whose adapters serve
// it; embeddings relayed from an OpenAI-wire backend and translated for
// Gemini, Cohere and Ollama. The upstreams are fetch functions that check
// what each provider's API takes, as the real ones do.
import assert from "node:assert/strict";
import {
  createRouter,
  type OperationName,
  OPERATIONS,
  RouterError,
} from "../../src/models/mod.ts";
import { createOpenAIAdapter } from "../../src/models/adapters/openai.ts";
import { createGeminiAdapter } from "../../src/models/adapters/gemini.ts";
import { createCohereAdapter } from "../../src/models/adapters/cohere.ts";
import { createOllamaAdapter } from "../../src/models/adapters/ollama.ts";
import type { FetchFunction } from "../../src/models/adapters/_http.ts";
import { createEchoAdapter } from "../../src/models/testing.ts";

interface Seen {
  url: string;
  body: Record<string, unknown>;
}

/** A fetch that records each call and answers with `answer(call)`. */
function upstream(
  answer: (call: Seen) => Response,
): { fetch: FetchFunction; calls: Seen[] } {
  const calls: Seen[] = [];
  return {
    calls,
    fetch: (input, init) => {
      const call = {
        url: String(input),
        body: JSON.parse(String(init?.body ?? "{}")),
      };
      calls.push(call);
      return Promise.resolve(answer(call));
    },
  };
}

/** Refuses any key of `body` outside `allowed`, as the real APIs do. */
function refuseUnknown(
  body: Record<string, unknown>,
  allowed: string[],
): Response | undefined {
  const extra = Object.keys(body).filter((k) => !allowed.includes(k));
  if (extra.length === 0) return undefined;
  return Response.json({ error: { message: `unknown ${extra}` } }, {
    status: 400,
  });
}

const OPENAI_LIST = {
  object: "list",
  data: [{ object: "embedding", index: 0, embedding: [0.25, -1] }],
  model: "text-embedding-3-small",
  usage: { prompt_tokens: 2, total_tokens: 2 },
};

Deno.test("invoke embeddings: the OpenAI-wire upstream gets the client's body with the routed model, its bytes come back", async () => {
  const up = upstream(() =>
    new Response(JSON.stringify(OPENAI_LIST) + "\n", {
      headers: { "content-type": "application/json" },
    })
  );
  const router = createRouter()
    .register("chat-only", createEchoAdapter())
    .register(
      "oa",
      createOpenAIAdapter({ apiKey: "sk-test-key", fetch: up.fetch }),
    );
  try {
    assert.equal(router.serves("embeddings"), true);
    assert.equal(router.serves("embeddings", ["chat-only"]), false);
    const body = { input: [[1, 2, 3]], dimensions: 2, model: "alias" };
    const { response, routing } = await router.invoke({
      operation: "embeddings",
      model: "text-embedding-3-small",
      body,
    });
    // The echo backend is first in order but serves no embeddings: skipped.
    assert.equal(routing.backend, "oa");
    assert.equal(routing.attempts.length, 1);
    assert.equal(await response.text(), JSON.stringify(OPENAI_LIST) + "\n");
    assert.match(up.calls[0].url, /\/embeddings$/);
    assert.deepEqual(up.calls[0].body, {
      input: [[1, 2, 3]],
      dimensions: 2,
      model: "text-embedding-3-small",
    });
    assert.equal(body.model, "alias", "the caller's body is not mutated");
    assert.equal(router.getBackendStats("oa")?.totalRequests, 1);
  } finally {
    router.dispose();
  }
});

Deno.test("invoke: a failing first backend falls back to the second serving one; stats and the trace say so", async () => {
  const down = upstream(() =>
    Response.json({ error: { message: "overloaded" } }, { status: 503 })
  );
  const up = upstream(() => Response.json(OPENAI_LIST));
  const router = createRouter({ fallbackStrategy: "sequential" })
    .register("a", createOpenAIAdapter({ apiKey: "k", fetch: down.fetch }))
    .register("b", createOpenAIAdapter({ apiKey: "k", fetch: up.fetch }));
  try {
    const { response, routing } = await router.invoke({
      operation: "embeddings",
      model: "m",
      body: { input: "hi" },
    });
    await response.body?.cancel();
    assert.equal(routing.backend, "b");
    assert.deepEqual(routing.attempts.map((a) => [a.backend, a.ok]), [
      ["a", false],
      ["b", true],
    ]);
    assert.equal(router.getBackendStats("a")?.failedRequests, 1);
    assert.equal(router.getBackendStats("b")?.successfulRequests, 1);
  } finally {
    router.dispose();
  }
});

Deno.test("invoke: no backend that serves the operation is ROUTING_FAILED before any call; a named one outside them too", async () => {
  const up = upstream(() => Response.json(OPENAI_LIST));
  const router = createRouter().register("echo", createEchoAdapter());
  try {
    const error = await router.invoke({
      operation: "embeddings",
      body: { input: "x" },
    }).catch((e) => e);
    assert.ok(error instanceof RouterError);
    assert.equal(error.code, "ROUTING_FAILED");
    assert.match(error.message, /embeddings/);
    router.register(
      "oa",
      createOpenAIAdapter({ apiKey: "k", fetch: up.fetch }),
    );
    const named = await router.invoke({
      operation: "embeddings",
      body: { input: "x" },
      metadata: { custom: { backend: "echo" } },
    }).catch((e) => e);
    assert.equal(named.code, "ROUTING_FAILED");
    assert.match(named.message, /echo/);
    assert.equal(up.calls.length, 0);
  } finally {
    router.dispose();
  }
});

const VECTORS = [[0.5, 1.5], [-2, 0.125]];

Deno.test("invoke embeddings, translated: Gemini, Cohere and Ollama answer in OpenAI's list shape, base64 too", async () => {
  const gemini = upstream(({ body }) =>
    refuseUnknown(body, ["requests"]) ??
      Response.json({
        embeddings: (body.requests as unknown[]).map((_, i) => ({
          values: VECTORS[i],
        })),
      })
  );
  const cohere = upstream(({ body }) =>
    refuseUnknown(body, [
      "model",
      "texts",
      "input_type",
      "embedding_types",
      "output_dimension",
    ]) ??
      Response.json({
        id: "e1",
        embeddings: { float: VECTORS },
        meta: { billed_units: { input_tokens: 9 } },
      })
  );
  const ollama = upstream(({ body }) =>
    refuseUnknown(body, ["model", "input", "dimensions"]) ??
      Response.json({
        model: body.model,
        embeddings: VECTORS,
        prompt_eval_count: 7,
      })
  );
  const adapters = {
    gemini: createGeminiAdapter({ apiKey: "AIza-test", fetch: gemini.fetch }),
    cohere: createCohereAdapter({ apiKey: "co-test", fetch: cohere.fetch }),
    ollama: createOllamaAdapter({ fetch: ollama.fetch }),
  };
  for (const [name, adapter] of Object.entries(adapters)) {
    assert.equal(adapter.operations?.embeddings, "translated", name);
    const router = createRouter().register(name, adapter);
    try {
      for (const format of ["float", "base64"]) {
        const { response } = await router.invoke({
          operation: "embeddings",
          model: "embed-model",
          body: {
            input: ["one", "two"],
            encoding_format: format,
            dimensions: 2,
          },
        });
        const list = await response.json();
        assert.equal(list.object, "list", name);
        assert.equal(list.model, "embed-model");
        assert.deepEqual(list.data.map((d: { index: number }) => d.index), [
          0,
          1,
        ]);
        const vectors = list.data.map((d: { embedding: unknown }) =>
          format === "float" ? d.embedding : floatsOf(d.embedding as string)
        );
        assert.deepEqual(vectors, VECTORS, `${name} ${format}`);
        assert.equal(typeof list.usage.prompt_tokens, "number");
      }
    } finally {
      router.dispose();
    }
  }
  assert.deepEqual(gemini.calls[0].body, {
    requests: [
      {
        model: "models/embed-model",
        content: { parts: [{ text: "one" }] },
        outputDimensionality: 2,
      },
      {
        model: "models/embed-model",
        content: { parts: [{ text: "two" }] },
        outputDimensionality: 2,
      },
    ],
  });
  assert.match(
    gemini.calls[0].url,
    /\/models\/embed-model:batchEmbedContents$/,
  );
  assert.match(cohere.calls[0].url, /\/v2\/embed$/);
  assert.deepEqual(cohere.calls[0].body.texts, ["one", "two"]);
  assert.match(ollama.calls[0].url, /\/api\/embed$/);
  assert.deepEqual(ollama.calls[0].body, {
    model: "embed-model",
    input: ["one", "two"],
    dimensions: 2,
  });
});

Deno.test("invoke embeddings, translated: token arrays are a 400-class INVALID_REQUEST naming the provider, nothing sent", async () => {
  const gemini = upstream(() => Response.json({}));
  const router = createRouter().register(
    "g",
    createGeminiAdapter({ apiKey: "AIza-test", fetch: gemini.fetch }),
  );
  try {
    const error = await router.invoke({
      operation: "embeddings",
      model: "m",
      body: { input: [[1, 2]] },
    }).catch((e) => e);
    assert.equal(error.code, "INVALID_REQUEST");
    assert.match(error.message, /gemini.*token arrays/);
    assert.equal(gemini.calls.length, 0);
  } finally {
    router.dispose();
  }
});

/** The float32 little-endian values of OpenAI's base64 embedding. */
function floatsOf(base64: string): number[] {
  const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
  const view = new DataView(bytes.buffer);
  const out: number[] = [];
  for (let i = 0; i < bytes.length; i += 4) out.push(view.getFloat32(i, true));
  return out;
}

Deno.test("invoke: model translation is chat's — an embeddings model is not replaced by a backend's default chat model", async () => {
  const up = upstream(() => Response.json(OPENAI_LIST));
  const router = createRouter({ modelTranslation: { strategy: "default" } })
    .register(
      "oa",
      createOpenAIAdapter({
        apiKey: "k",
        fetch: up.fetch,
        defaultModel: "gpt-chat",
        capabilities: { models: ["gpt-chat"] },
      }),
    );
  try {
    const { response } = await router.invoke({
      operation: "embeddings",
      model: "text-embedding-3-small",
      body: { input: "x" },
    });
    await response.body?.cancel();
    assert.equal(up.calls[0].body.model, "text-embedding-3-small");
    // Chat on the same router still gets the substitution.
    const chat = upstream(() =>
      Response.json({
        id: "c",
        object: "chat.completion",
        created: 1,
        model: "gpt-chat",
        choices: [{
          index: 0,
          message: { role: "assistant", content: "ok" },
          finish_reason: "stop",
        }],
      })
    );
    router.replace(
      "oa",
      createOpenAIAdapter({
        apiKey: "k",
        fetch: chat.fetch,
        defaultModel: "gpt-chat",
        capabilities: { models: ["gpt-chat"] },
      }),
    );
    await router.execute({
      messages: [{ role: "user", content: "hi" }],
      parameters: { model: "text-embedding-3-small" },
    });
    assert.equal(chat.calls[0].body.model, "gpt-chat");
  } finally {
    router.dispose();
  }
});

Deno.test("OPERATIONS: chat, responses and completions are marked as streaming and a streamed invoke of each relays the upstream's event stream; embeddings (no stream in OpenAI's API) is not", async () => {
  const events = 'data: {"x":1}\n\ndata: [DONE]\n\n';
  const up = upstream((call) =>
    call.body.stream === true
      ? new Response(events, {
        headers: { "content-type": "text/event-stream" },
      })
      : Response.json(OPENAI_LIST)
  );
  const router = createRouter().register(
    "up",
    createOpenAIAdapter({ apiKey: "sk-test", fetch: up.fetch }),
  );
  const streaming = Object.entries(OPERATIONS)
    .filter(([, facts]) => facts.streams)
    .map(([name]) => name)
    .sort();
  assert.deepEqual(streaming, ["chat", "completions", "responses"]);
  for (const operation of streaming) {
    const { response } = await router.invoke({
      operation: operation as OperationName,
      model: "m",
      body: operation === "chat"
        ? { messages: [{ role: "user", content: "hi" }], stream: true }
        : { input: "hi", prompt: "hi", stream: true },
    });
    assert.equal(
      response.headers.get("content-type"),
      "text/event-stream",
      operation,
    );
    assert.equal(await response.text(), events, operation);
  }
  router.dispose();
});

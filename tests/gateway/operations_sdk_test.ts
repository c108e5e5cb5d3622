// The endpoints besides chat, with the official SDKs as clients and
// loopback upstreams that refuse body keys their API does not take:
// embeddings (relayed from an OpenAI-wire backend, translated for Ollama),
// legacy completions (relayed, or a 400 naming the backend), models.retrieve
// in both SDKs, and errors for unknown paths in the caller's wire shape.
import assert from "node:assert/strict";
import OpenAI from "npm:openai@7.57.0";
import Anthropic from "npm:@anthropic-ai/sdk@1.14.0";
import { fetchSignal } from "../_bounded.ts";
import { waitUntil } from "../_timeout.ts";
import { createOpenAIAdapter } from "../../src/models/adapters/openai.ts";
import { createOllamaAdapter } from "../../src/models/adapters/ollama.ts";
import { createEchoAdapter } from "../../src/models/testing.ts";
import type { RequestLogEntry } from "../../src/gateway/mod.ts";
import { openAIClient } from "./_openai_client.ts";
import { anthropicClient } from "./_anthropic_client.ts";
import { serveGateway, serveUpstream, type UpstreamCall } from "./_serve.ts";

const EMBEDDING_KEYS = [
  "model",
  "input",
  "dimensions",
  "encoding_format",
  "user",
];

function refuse(call: UpstreamCall, allowed: string[]): Response | undefined {
  const extra = Object.keys(call.body).filter((k) => !allowed.includes(k));
  if (extra.length === 0) return undefined;
  return Response.json({
    error: {
      message: `Unrecognized request argument supplied: ${extra}`,
      type: "invalid_request_error",
      param: null,
      code: null,
    },
  }, { status: 400 });
}

/** An OpenAI-wire upstream with embeddings and completions. */
function openAIUpstream() {
  return serveUpstream((call) => {
    if (call.path === "/v1/embeddings") {
      const input = call.body.input;
      const count = Array.isArray(input) && typeof input[0] !== "number"
        ? input.length
        : 1;
      return refuse(call, EMBEDDING_KEYS) ?? Response.json({
        object: "list",
        data: Array.from({ length: count }, (_, index) => ({
          object: "embedding",
          index,
          embedding: call.body.encoding_format === "base64"
            ? "AAAAPwAAgD8=" // [0.5, 1] as float32 little-endian
            : [0.5, 1],
        })),
        model: call.body.model,
        usage: { prompt_tokens: 5, total_tokens: 5 },
      });
    }
    if (call.path === "/v1/completions") {
      return refuse(call, ["model", "prompt", "max_tokens", "stream"]) ??
        (call.body.stream === true
          ? new Response(
            'data: {"id":"cmpl-1","object":"text_completion","created":1,"model":"m","choices":[{"text":"Hel","index":0,"finish_reason":null,"logprobs":null}]}\n\n' +
              'data: {"id":"cmpl-1","object":"text_completion","created":1,"model":"m","choices":[{"text":"lo","index":0,"finish_reason":"stop","logprobs":null}]}\n\n' +
              "data: [DONE]\n\n",
            { headers: { "content-type": "text/event-stream" } },
          )
          : Response.json({
            id: "cmpl-1",
            object: "text_completion",
            created: 1,
            model: call.body.model,
            choices: [{
              text: "Hello",
              index: 0,
              finish_reason: "stop",
              logprobs: null,
            }],
            usage: { prompt_tokens: 2, completion_tokens: 1, total_tokens: 3 },
          }));
    }
    return Response.json({ error: { message: "no such path" } }, {
      status: 404,
    });
  });
}

Deno.test("openai SDK: embeddings.create through the gateway — strings, arrays, token arrays, dimensions, base64, usage logged", async () => {
  const upstream = openAIUpstream();
  const lines: RequestLogEntry[] = [];
  const gateway = serveGateway({
    backends: [
      ["chat", createEchoAdapter()],
      [
        "oa",
        createOpenAIAdapter({
          apiKey: "upstream-key",
          baseURL: `${upstream.origin}/v1`,
        }),
      ],
    ],
    logger: (entry) => lines.push(entry),
  });
  try {
    const client = openAIClient(gateway.origin);
    const one = await client.embeddings.create({
      model: "oa/text-embedding-3-small",
      input: "hello",
      encoding_format: "float",
    });
    assert.deepEqual(one.data[0].embedding, [0.5, 1]);
    assert.equal(one.usage.prompt_tokens, 5);
    const many = await client.embeddings.create({
      model: "oa/text-embedding-3-small",
      input: ["a", "b", "c"],
      dimensions: 2,
      encoding_format: "float",
    });
    assert.equal(many.data.length, 3);
    const tokens = await client.embeddings.create({
      model: "oa/text-embedding-3-small",
      input: [1, 2, 3],
      encoding_format: "float",
    });
    assert.equal(tokens.data.length, 1);
    // The SDK's default asks for base64 and decodes it to floats.
    const decoded = await client.embeddings.create({
      model: "oa/text-embedding-3-small",
      input: "x",
    });
    assert.deepEqual(decoded.data[0].embedding, [0.5, 1]);
    // The upstream got the model without the backend prefix, the rest as sent.
    assert.deepEqual(upstream.calls[1].body, {
      model: "text-embedding-3-small",
      input: ["a", "b", "c"],
      dimensions: 2,
      encoding_format: "float",
    });
    assert.deepEqual(upstream.calls[2].body.input, [1, 2, 3]);
    const logged = lines.filter((l) => l.path === "/v1/embeddings");
    assert.equal(logged.length, 4);
    assert.equal(logged[0].backend, "oa");
    assert.equal(logged[0].tokens_in, 5);
    assert.equal(logged[0].status, 200);
  } finally {
    await gateway.close();
    await upstream.close();
  }
});

Deno.test("embeddings: translated for Ollama; a backend without embeddings is a 400 naming it; bad input a 400", async () => {
  const ollama = serveUpstream((call) =>
    refuse(call, ["model", "input", "dimensions"]) ??
      Response.json({
        model: call.body.model,
        embeddings: (call.body.input as string[]).map(() => [0.25]),
        prompt_eval_count: 4,
      })
  );
  const gateway = serveGateway({
    backends: [
      ["chat", createEchoAdapter()],
      ["local", createOllamaAdapter({ baseURL: ollama.origin })],
    ],
  });
  try {
    const client = openAIClient(gateway.origin);
    const answer = await client.embeddings.create({
      model: "local/all-minilm",
      input: ["one", "two"],
      encoding_format: "float",
    });
    assert.deepEqual(answer.data.map((d) => d.embedding), [[0.25], [0.25]]);
    assert.equal(answer.usage.prompt_tokens, 4);
    assert.deepEqual(ollama.calls[0].body, {
      model: "all-minilm",
      input: ["one", "two"],
    });
    const refused = await client.embeddings.create({
      model: "chat",
      input: "x",
    }).catch((e) => e);
    assert.ok(refused instanceof OpenAI.BadRequestError, String(refused));
    assert.match(refused.message, /backend "chat" does not serve embeddings/);
    const tokens = await client.embeddings.create({
      model: "local/all-minilm",
      input: [[1, 2]],
    }).catch((e) => e);
    assert.ok(tokens instanceof OpenAI.BadRequestError, String(tokens));
    assert.match(tokens.message, /token arrays/);
    const empty = await client.embeddings.create({
      model: "local/all-minilm",
      input: [],
    }).catch((e) => e);
    assert.ok(empty instanceof OpenAI.BadRequestError, String(empty));
    assert.equal(ollama.calls.length, 1, "no upstream call for refused input");
  } finally {
    await gateway.close();
    await ollama.close();
  }
});

Deno.test("openai SDK: completions.create relayed plain and streamed; a backend without them is a 400 naming it", async () => {
  const upstream = openAIUpstream();
  const gateway = serveGateway({
    backends: [
      [
        "oa",
        createOpenAIAdapter({
          apiKey: "upstream-key",
          baseURL: `${upstream.origin}/v1`,
        }),
      ],
      ["chat", createEchoAdapter()],
    ],
  });
  try {
    const client = openAIClient(gateway.origin);
    const plain = await client.completions.create({
      model: "oa/gpt-3.5-turbo-instruct",
      prompt: "Say hello",
      max_tokens: 5,
    });
    assert.equal(plain.choices[0].text, "Hello");
    const stream = await client.completions.create({
      model: "oa/gpt-3.5-turbo-instruct",
      prompt: "Say hello",
      stream: true,
    });
    let text = "";
    for await (const chunk of stream) text += chunk.choices[0].text;
    assert.equal(text, "Hello");
    const refused = await client.completions.create({
      model: "chat",
      prompt: "x",
    }).catch((e) => e);
    assert.ok(refused instanceof OpenAI.BadRequestError, String(refused));
    assert.match(refused.message, /backend "chat" does not serve completions/);
  } finally {
    await gateway.close();
    await upstream.close();
  }
});

Deno.test("models.retrieve in both SDKs; an unknown id is a 404 in the caller's shape", async () => {
  const gateway = serveGateway({
    backends: [["echo", createEchoAdapter()]],
    aliases: { fast: "echo" },
  });
  try {
    const openai = openAIClient(gateway.origin);
    const model = await openai.models.retrieve("fast");
    assert.equal(model.id, "fast");
    assert.equal(model.object, "model");
    const missing = await openai.models.retrieve("nope").catch((e) => e);
    assert.ok(missing instanceof OpenAI.NotFoundError, String(missing));

    const anthropic = anthropicClient(gateway.origin);
    const info = await anthropic.models.retrieve("echo");
    assert.equal(info.id, "echo");
    assert.equal(info.type, "model");
    const gone = await anthropic.models.retrieve("nope").catch((e) => e);
    assert.ok(gone instanceof Anthropic.NotFoundError, String(gone));
    assert.equal(
      (gone.error as { error?: { type?: string } })?.error?.type,
      "not_found_error",
    );
  } finally {
    await gateway.close();
  }
});

Deno.test("an unknown path answers in the caller's wire shape: Anthropic's for anthropic-version or x-api-key", async () => {
  const gateway = serveGateway({ backends: [["echo", createEchoAdapter()]] });
  try {
    for (
      const [headers, anthropic] of [
        [{}, false],
        [{ authorization: "Bearer k" }, false],
        [{ "anthropic-version": "2023-06-01" }, true],
        [{ "X-Api-Key": "k" }, true],
      ] as const
    ) {
      const response = await fetch(`${gateway.origin}/v1/files`, {
        signal: fetchSignal(),
        headers,
      });
      const body = await response.json();
      assert.equal(response.status, 404);
      if (anthropic) {
        assert.equal(body.type, "error", JSON.stringify(headers));
        assert.equal(body.error.type, "not_found_error");
      } else {
        assert.equal(body.error.code, "unknown_url", JSON.stringify(headers));
      }
    }
  } finally {
    await gateway.close();
  }
});

Deno.test("embeddings under a key: its tpm is charged the upstream's usage (429 once in debt), its backends list holds, the key is checked", async () => {
  const upstream = serveUpstream(() =>
    Response.json({
      object: "list",
      data: [{ object: "embedding", index: 0, embedding: [1] }],
      model: "e",
      usage: { prompt_tokens: 100, total_tokens: 100 },
    })
  );
  const { hashKey } = await import("../../src/gateway/mod.ts");
  let now = 0;
  const lines: RequestLogEntry[] = [];
  const gateway = serveGateway({
    backends: [
      [
        "oa",
        createOpenAIAdapter({
          apiKey: "upstream-key",
          baseURL: `${upstream.origin}/v1`,
        }),
      ],
      [
        "other",
        createOpenAIAdapter({
          apiKey: "upstream-key",
          baseURL: `${upstream.origin}/v1`,
        }),
      ],
    ],
    keys: [{
      id: "t",
      sha256: await hashKey("sk-team"),
      tpm: 120,
      backends: ["oa"],
    }],
    now: () => now,
    logger: (entry) => lines.push(entry),
  });
  try {
    const client = openAIClient(gateway.origin, "sk-team");
    const body = {
      model: "oa/e",
      input: "hi",
      encoding_format: "float" as const,
    };
    await client.embeddings.create(body);
    // 100 of 120 used: the next estimate fits, and its 100 put the bucket in debt.
    await client.embeddings.create(body);
    const refused = await client.embeddings.create(body).catch((e) => e);
    assert.ok(refused instanceof OpenAI.RateLimitError, String(refused));
    assert.equal(upstream.calls.length, 2);
    now += 60_000;
    const outside = await client.embeddings.create({
      ...body,
      model: "other/e",
    })
      .catch((e) => e);
    assert.ok(outside instanceof OpenAI.PermissionDeniedError, String(outside));
    const wrongKey = await openAIClient(gateway.origin, "sk-nope").embeddings
      .create(body).catch((e) => e);
    assert.ok(wrongKey instanceof OpenAI.AuthenticationError, String(wrongKey));
    assert.equal(upstream.calls.length, 2);
    const logged = lines.filter((l) => l.path === "/v1/embeddings");
    assert.deepEqual(logged.map((l) => [l.key_id, l.status]), [
      ["t", 200],
      ["t", 200],
      ["t", 429],
      ["t", 403],
      ["none", 401],
    ]);
    assert.ok(logged.every((l) => typeof l.request_id === "string"));
  } finally {
    await gateway.close();
    await upstream.close();
  }
});

Deno.test("completions streamed through a handler called without the server's delivery promise: the body tells its end (log line, open streams), a cancel is ABORTED", async () => {
  const upstream = openAIUpstream();
  const lines: RequestLogEntry[] = [];
  const { createGateway } = await import("../../src/gateway/mod.ts");
  const gateway = createGateway({
    backends: [[
      "oa",
      createOpenAIAdapter({
        apiKey: "upstream-key",
        baseURL: `${upstream.origin}/v1`,
      }),
    ]],
    logger: (entry) => lines.push(entry),
    maxStreams: 1,
  });
  const post = () =>
    gateway(
      new Request("http://gateway.test/v1/completions", {
        method: "POST",
        body: JSON.stringify({ model: "oa/m", prompt: "hi", stream: true }),
      }),
    );
  try {
    const read = await post();
    assert.equal(read.status, 200);
    assert.equal(lines.length, 0, "no log line before the stream ends");
    assert.match(await read.text(), /data: \[DONE\]/);
    await waitUntil(
      () => lines.length === 1,
      "the log line of the read stream",
    );
    assert.equal(lines.at(-1)?.status, 200);
    assert.equal(lines.at(-1)?.error_code, undefined);
    // The one stream allowed is closed again: the next is admitted.
    const cancelled = await post();
    assert.equal(cancelled.status, 200);
    await cancelled.body!.cancel();
    await waitUntil(
      () => lines.length === 2,
      "the log line of the cancelled one",
    );
    assert.equal(lines.at(-1)?.error_code, "ABORTED");
    const third = await post();
    assert.equal(third.status, 200, "the cancelled stream was counted closed");
    await third.body!.cancel();
  } finally {
    gateway.dispose();
    await upstream.close();
  }
});

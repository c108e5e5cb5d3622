// The native adapters against what each API defines today (docs/gateway/
// wires.md, "Sources"): the translations the field check corrected, each
// seen in the body the adapter sends or in the IR it reads back, and the
// nested fields each target has no place for, named in `metadata.dropped`.
import assert from "node:assert/strict";
import { createGeminiAdapter } from "../../../src/models/adapters/gemini.ts";
import { createCohereAdapter } from "../../../src/models/adapters/cohere.ts";
import { createOllamaAdapter } from "../../../src/models/adapters/ollama.ts";
import { towardNative } from "../../../src/models/adapters/_toward_native.ts";
import type {
  BackendAdapter,
  IRChatRequest,
  IRStreamChunk,
} from "../../../src/models/types.ts";
import { fakeFetch } from "./_fake.ts";

type Json = Record<string, unknown>;

const GEMINI_ANSWER = {
  candidates: [{
    content: { role: "model", parts: [{ text: "ok" }] },
    finishReason: "STOP",
  }],
};
const COHERE_ANSWER = {
  id: "c1",
  finish_reason: "COMPLETE",
  message: { role: "assistant", content: [{ type: "text", text: "ok" }] },
};
const OLLAMA_ANSWER = {
  model: "llama",
  message: { role: "assistant", content: "ok" },
  done: true,
  done_reason: "stop",
};

const NAMES = { maxTokens: "x", user: null };

async function collect(
  stream: AsyncIterable<IRStreamChunk>,
): Promise<IRStreamChunk[]> {
  const out: IRStreamChunk[] = [];
  for await (const chunk of stream) out.push(chunk);
  return out;
}

Deno.test("Gemini: the finish reasons the API added end as the IR says (images blocked → content_filter, tool-call trouble → error)", async () => {
  const cases = [
    ["IMAGE_PROHIBITED_CONTENT", "content_filter"],
    ["IMAGE_RECITATION", "content_filter"],
    ["UNEXPECTED_TOOL_CALL", "error"],
    ["TOO_MANY_TOOL_CALLS", "error"],
    ["OTHER", "stop"],
  ] as const;
  for (const [raw, expected] of cases) {
    const { fetch } = fakeFetch(() =>
      Response.json({
        candidates: [{ ...GEMINI_ANSWER.candidates[0], finishReason: raw }],
      })
    );
    const adapter = createGeminiAdapter({ apiKey: "k", fetch });
    const response = await adapter.execute({
      messages: [{ role: "user", content: "draw" }],
    });
    assert.equal(response.finishReason, expected, raw);
    assert.equal(response.metadata.providerFinishReason, raw);
  }
});

Deno.test("Gemini: the prompts of its own tool runs count as prompt tokens, so the IR counts add up to totalTokenCount (plain and streamed)", async () => {
  const usageMetadata = {
    promptTokenCount: 10,
    toolUsePromptTokenCount: 5,
    candidatesTokenCount: 3,
    thoughtsTokenCount: 2,
    totalTokenCount: 20,
  };
  const answer = { ...GEMINI_ANSWER, usageMetadata };
  const { fetch } = fakeFetch((seen) =>
    seen.url.includes("alt=sse")
      ? new Response(`data: ${JSON.stringify(answer)}\r\n\r\n`, {
        headers: { "content-type": "text/event-stream" },
      })
      : Response.json(answer)
  );
  const adapter = createGeminiAdapter({ apiKey: "k", fetch });
  const request: IRChatRequest = {
    messages: [{ role: "user", content: "search" }],
  };
  const expected = {
    promptTokens: 15,
    completionTokens: 5,
    totalTokens: 20,
    reasoningTokens: 2,
  };
  assert.deepEqual((await adapter.execute(request)).usage, expected);
  const done = (await collect(adapter.executeStream(request))).at(-1);
  assert.ok(done?.type === "done");
  assert.deepEqual(done.usage, expected);
});

Deno.test("thinking shapes toward each native API: adaptive thinking, the efforts OpenAI and Anthropic added (xhigh, max) and output_config.effort", () => {
  const cases: Array<[string, Json, Record<string, unknown>]> = [
    ["gemini", { thinking: { type: "adaptive" } }, {
      thinkingConfig: { thinkingBudget: -1 },
    }],
    ["cohere", { thinking: { type: "adaptive" } }, {
      thinking: { type: "enabled" },
    }],
    ["ollama", { thinking: { type: "adaptive" } }, { think: true }],
    ["gemini", { reasoning_effort: "xhigh" }, {
      thinkingConfig: { thinkingBudget: 24576 },
    }],
    ["cohere", { reasoning_effort: "max" }, {
      thinking: { type: "enabled", token_budget: 24576 },
    }],
    ["ollama", { reasoning_effort: "max" }, { think: "max" }],
    ["ollama", { reasoning_effort: "xhigh" }, { think: "high" }],
    ["ollama", { output_config: { effort: "medium" } }, { think: "medium" }],
    ["ollama", { output_config: { effort: "max" } }, { think: "max" }],
  ];
  for (const [target, parameters, expected] of cases) {
    const out = towardNative(
      parameters,
      target as "gemini" | "cohere" | "ollama",
      NAMES,
    );
    const label = `${JSON.stringify(parameters)} → ${target}`;
    assert.deepEqual(out.parameters, expected, label);
    assert.deepEqual(out.dropped, [], label);
  }
  // An effort no API knows is still named, never sent.
  const unknown = towardNative(
    { reasoning_effort: "extreme" },
    "ollama",
    NAMES,
  );
  assert.deepEqual(unknown.parameters, {});
  assert.deepEqual(unknown.dropped, ["reasoning_effort"]);
  // A name inherited from Object.prototype is not an effort either.
  const inherited = towardNative(
    { reasoning_effort: "constructor" },
    "gemini",
    NAMES,
  );
  assert.deepEqual(inherited.dropped, ["reasoning_effort"]);
});

Deno.test("Ollama: streamed log probabilities ride on the content chunk of their line", async () => {
  const lines = [
    {
      model: "llama",
      message: { role: "assistant", content: "Bon" },
      done: false,
      logprobs: [{ token: "Bon", logprob: -0.25, bytes: [66, 111, 110] }],
    },
    {
      model: "llama",
      message: { role: "assistant", content: "jour" },
      done: false,
      logprobs: [{
        token: "jour",
        logprob: -0.5,
        top_logprobs: [{ token: "jour", logprob: -0.5 }],
      }],
    },
    { ...OLLAMA_ANSWER, message: { role: "assistant", content: "" } },
  ];
  const { fetch, requests } = fakeFetch(() =>
    new Response(lines.map((line) => JSON.stringify(line) + "\n").join(""))
  );
  const adapter = createOllamaAdapter({ fetch });
  const chunks = await collect(adapter.executeStream({
    messages: [{ role: "user", content: "Hi" }],
    parameters: { logprobs: true, top_logprobs: 1 },
  }));
  const body = requests[0].body as Json;
  assert.equal(body.logprobs, true);
  assert.equal(body.top_logprobs, 1);
  assert.equal("options" in body, false);
  const content = chunks.filter((chunk) => chunk.type === "content");
  assert.deepEqual(
    content.map((chunk) => chunk.type === "content" && chunk.logprobs),
    [
      { content: [{ token: "Bon", logprob: -0.25, bytes: [66, 111, 110] }] },
      {
        content: [{
          token: "jour",
          logprob: -0.5,
          topLogprobs: [{ token: "jour", logprob: -0.5 }],
        }],
      },
    ],
  );
});

Deno.test("Cohere: an earlier refusal is not sent, an earlier turn's reasoning goes back as a thinking item, all-strict tools set strict_tools", async () => {
  const { fetch, requests } = fakeFetch(() => Response.json(COHERE_ANSWER));
  const adapter = createCohereAdapter({ apiKey: "k", fetch });
  const tool = { name: "find", parameters: { type: "object" }, strict: true };
  const response = await adapter.execute({
    messages: [
      { role: "user", content: "Help me" },
      { role: "assistant", content: "", refusal: "I can't help with that." },
      { role: "user", content: "Then add 2 and 2" },
      {
        role: "assistant",
        content: [
          { type: "thinking", thinking: "2 + 2 is 4.", signature: "sig" },
          { type: "text", text: "4" },
        ],
      },
      { role: "user", content: "Find it" },
    ],
    tools: [tool, { ...tool, name: "other" }],
  });
  const body = requests[0].body as { messages: Json[]; strict_tools?: true };
  assert.deepEqual(body.messages[1], { role: "assistant", content: "" });
  assert.deepEqual(body.messages[3], {
    role: "assistant",
    content: [
      { type: "thinking", thinking: "2 + 2 is 4." },
      { type: "text", text: "4" },
    ],
  });
  assert.equal(body.strict_tools, true);
  // The refusal has no field there; strict was emulated: nothing to name
  // but the refusal.
  assert.deepEqual(response.metadata.dropped, ["messages[].refusal"]);

  // One tool not strict: Cohere's switch would force it too, so it stays off.
  await adapter.execute({
    messages: [{ role: "user", content: "Find it" }],
    tools: [tool, { ...tool, name: "loose", strict: undefined }],
  });
  assert.equal("strict_tools" in (requests[1].body as Json), false);
});

Deno.test("Cohere: strict tools beside a loose one are named dropped; a caller's own strict_tools is kept", async () => {
  const { fetch, requests } = fakeFetch(() => Response.json(COHERE_ANSWER));
  const adapter = createCohereAdapter({ apiKey: "k", fetch });
  const strict = { name: "a", parameters: { type: "object" }, strict: true };
  const loose = { name: "b", parameters: { type: "object" } };
  const mixed = await adapter.execute({
    messages: [{ role: "user", content: "go" }],
    tools: [strict, loose],
  });
  assert.deepEqual(mixed.metadata.dropped, ["tools[].strict"]);
  // Every tool strict, yet the caller turned Cohere's switch off: it wins.
  const own = await adapter.execute({
    messages: [{ role: "user", content: "go" }],
    tools: [strict, { ...strict, name: "c" }],
    parameters: { strict_tools: false },
  });
  assert.equal((requests[1].body as Json).strict_tools, false);
  assert.equal(own.metadata.dropped, undefined);
});

Deno.test("Cohere: answer thinking items become the IR message's reasoning, plain and streamed", async () => {
  const answer = {
    ...COHERE_ANSWER,
    message: {
      role: "assistant",
      content: [
        { type: "thinking", thinking: "Think first." },
        { type: "text", text: "ok" },
      ],
    },
  };
  const events = [
    { type: "message-start", id: "c1" },
    {
      type: "content-delta",
      index: 0,
      delta: { message: { content: { thinking: "Think " } } },
    },
    {
      type: "content-delta",
      index: 0,
      delta: { message: { content: { thinking: "first." } } },
    },
    {
      type: "content-delta",
      index: 1,
      delta: { message: { content: { text: "ok" } } },
    },
    { type: "message-end", delta: { finish_reason: "COMPLETE" } },
  ];
  const { fetch } = fakeFetch((seen) =>
    (seen.body as Json).stream === true
      ? new Response(
        events.map((event) =>
          `event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`
        ).join(""),
        { headers: { "content-type": "text/event-stream" } },
      )
      : Response.json(answer)
  );
  const adapter = createCohereAdapter({ apiKey: "k", fetch });
  const request: IRChatRequest = {
    messages: [{ role: "user", content: "Hi" }],
  };
  const expected = {
    role: "assistant",
    content: [
      { type: "thinking", thinking: "Think first." },
      { type: "text", text: "ok" },
    ],
  };
  assert.deepEqual((await adapter.execute(request)).message, expected);
  const chunks = await collect(adapter.executeStream(request));
  assert.deepEqual(
    chunks.flatMap((chunk) =>
      chunk.type === "content" && chunk.thinking ? [chunk.thinking] : []
    ),
    ["Think ", "first."],
  );
  const done = chunks.at(-1);
  assert.ok(done?.type === "done");
  assert.deepEqual(done.message, expected);
});

/** A request holding every nested field the internal form carries. */
const NESTED: IRChatRequest = {
  messages: [
    {
      role: "system",
      content: [{
        type: "text",
        text: "Be brief.",
        cacheControl: { type: "ephemeral" },
      }],
    },
    {
      role: "user",
      name: "ada",
      content: [
        {
          type: "image",
          source: { type: "base64", mediaType: "image/png", data: "iVBOR" },
          detail: "low",
        },
        {
          type: "text",
          text: "What is it?",
          cacheControl: { type: "ephemeral" },
        },
      ],
    },
    {
      role: "assistant",
      refusal: "No.",
      content: [
        { type: "thinking", thinking: "Hmm.", signature: "sig" },
        { type: "redacted_thinking", data: "opaque" },
        { type: "tool_use", id: "t1", name: "look", input: {} },
      ],
    },
    {
      role: "tool",
      content: [{
        type: "tool_result",
        toolUseId: "t1",
        content: "failed",
        isError: true,
      }],
    },
  ],
  tools: [{
    name: "look",
    parameters: { type: "object" },
    strict: true,
    cacheControl: { type: "ephemeral" },
  }],
};

const NESTED_TARGETS: Array<{
  name: string;
  adapter: (fetch: ReturnType<typeof fakeFetch>["fetch"]) => BackendAdapter;
  answer: unknown;
  dropped: string[];
}> = [
  {
    name: "gemini",
    adapter: (fetch) => createGeminiAdapter({ apiKey: "k", fetch }),
    answer: GEMINI_ANSWER,
    dropped: [
      "messages[].name",
      "messages[].refusal",
      "messages[].content[].image_url.detail",
      "messages[].content[].thinking",
      "messages[].content[].redacted_thinking",
      "messages[].content[].cache_control",
      "system[].cache_control",
      "tools[].cache_control",
      "tools[].strict",
    ],
  },
  {
    name: "cohere",
    adapter: (fetch) => createCohereAdapter({ apiKey: "k", fetch }),
    answer: COHERE_ANSWER,
    dropped: [
      "messages[].name",
      "messages[].refusal",
      "messages[].content[].tool_result.is_error",
      "messages[].content[].redacted_thinking",
      "messages[].content[].cache_control",
      "system[].cache_control",
      "tools[].cache_control",
    ],
  },
  {
    name: "ollama",
    adapter: (fetch) => createOllamaAdapter({ fetch }),
    answer: OLLAMA_ANSWER,
    dropped: [
      "messages[].name",
      "messages[].refusal",
      "messages[].content[].image_url.detail",
      "messages[].content[].tool_result.is_error",
      "messages[].content[].redacted_thinking",
      "messages[].content[].cache_control",
      "system[].cache_control",
      "tools[].cache_control",
      "tools[].strict",
    ],
  },
];

for (const target of NESTED_TARGETS) {
  Deno.test(`${target.name}: the nested fields it has no place for are named dropped, and none of them is in the body it sends`, async () => {
    const { fetch, requests } = fakeFetch(() => Response.json(target.answer));
    const response = await target.adapter(fetch).execute(NESTED);
    assert.deepEqual(response.metadata.dropped, target.dropped);
    const sent = JSON.stringify(requests[0].body);
    for (
      const key of ["cacheControl", "cache_control", "signature", "opaque"]
    ) {
      assert.equal(sent.includes(key), false, `${key} in ${sent}`);
    }
    // A request without them names nothing.
    const plain = await target.adapter(fetch).execute({
      messages: [{ role: "user", content: "Hi" }],
    });
    assert.equal(plain.metadata.dropped, undefined);
  });
}

Deno.test("Gemini: OpenAI's logprobs switch asks for responseLogprobs, top_logprobs for that many alternatives, and the answer's logprobsResult comes back per token with its alternatives", async () => {
  const answer = {
    candidates: [{
      ...GEMINI_ANSWER.candidates[0],
      logprobsResult: {
        chosenCandidates: [
          { token: "o", tokenId: 7, logProbability: -0.1 },
          { token: "k", tokenId: 8, logProbability: -0.2 },
        ],
        topCandidates: [
          {
            candidates: [
              { token: "o", tokenId: 7, logProbability: -0.1 },
              { token: "O", tokenId: 9, logProbability: -2.5 },
            ],
          },
          { candidates: [{ token: "k", tokenId: 8, logProbability: -0.2 }] },
        ],
      },
    }],
  };
  const { fetch, requests } = fakeFetch(() => Response.json(answer));
  const adapter = createGeminiAdapter({ apiKey: "k", fetch });
  const response = await adapter.execute({
    messages: [{ role: "user", content: "Say ok" }],
    parameters: { logprobs: true },
  });
  assert.deepEqual((requests[0].body as Json).generationConfig, {
    responseLogprobs: true,
  });
  assert.deepEqual(response.logprobs, {
    content: [
      {
        token: "o",
        logprob: -0.1,
        topLogprobs: [{ token: "o", logprob: -0.1 }, {
          token: "O",
          logprob: -2.5,
        }],
      },
      {
        token: "k",
        logprob: -0.2,
        topLogprobs: [{ token: "k", logprob: -0.2 }],
      },
    ],
  });
  // Gemini's own count passes as it is; OpenAI's false asks for nothing.
  await adapter.execute({
    messages: [{ role: "user", content: "Say ok" }],
    parameters: { logprobs: 3, responseLogprobs: true },
  });
  assert.deepEqual((requests[1].body as Json).generationConfig, {
    logprobs: 3,
    responseLogprobs: true,
  });
  const off = await adapter.execute({
    messages: [{ role: "user", content: "Say ok" }],
    parameters: { logprobs: false },
  });
  assert.equal("generationConfig" in (requests[2].body as Json), false);
  assert.equal(off.metadata.dropped, undefined);
});

Deno.test("Ollama: a named tool choice offers that tool alone (Ollama cannot force a call); none offers no tool; required offers them all", async () => {
  const { fetch, requests } = fakeFetch(() => Response.json(OLLAMA_ANSWER));
  const adapter = createOllamaAdapter({ fetch });
  const tools = ["a", "b"].map((name) => ({
    name,
    parameters: { type: "object" },
  }));
  const names = async (toolChoice: IRChatRequest["toolChoice"]) => {
    await adapter.execute({
      messages: [{ role: "user", content: "go" }],
      tools,
      toolChoice,
    });
    const body = requests.at(-1)!.body as {
      tools?: { function: { name: string } }[];
    };
    return body.tools?.map((tool) => tool.function.name);
  };
  assert.deepEqual(await names({ name: "b" }), ["b"]);
  assert.equal(await names("none"), undefined);
  assert.deepEqual(await names("required"), ["a", "b"]);
  assert.deepEqual(await names(undefined), ["a", "b"]);
});

Deno.test("Cohere: sampling values past its ranges are sent as the nearest bound (top_p, top_k, penalties), values inside as they are", async () => {
  const { fetch, requests } = fakeFetch(() => Response.json(COHERE_ANSWER));
  const adapter = createCohereAdapter({ apiKey: "k", fetch });
  const send = async (parameters: IRChatRequest["parameters"]) => {
    await adapter.execute({
      messages: [{ role: "user", content: "Hi" }],
      parameters,
    });
    return requests.at(-1)!.body as Json;
  };
  const high = await send({
    topP: 1,
    topK: 1000,
    frequencyPenalty: 2,
    presencePenalty: 1.5,
  });
  assert.deepEqual(
    [high.p, high.k, high.frequency_penalty, high.presence_penalty],
    [0.99, 500, 1, 1],
  );
  const low = await send({
    topP: 0,
    frequencyPenalty: -2,
    presencePenalty: -0.5,
  });
  assert.deepEqual(
    [low.p, low.frequency_penalty, low.presence_penalty],
    [0.01, 0, 0],
  );
  const inside = await send({ topP: 0.5, topK: 40, frequencyPenalty: 0.3 });
  assert.deepEqual([inside.p, inside.k, inside.frequency_penalty], [
    0.5,
    40,
    0.3,
  ]);
});

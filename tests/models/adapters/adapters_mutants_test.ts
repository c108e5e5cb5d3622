// What the adapters' mutation survivors showed the suite did not check: the
// registry's key variable names, the price table's rounding and unknown
// models, an empty beta list, a null stop_sequence, a finish reason no table
// knows, and usage with only the prompt count. Portable: the harness only.
import { describe, it } from "../../_harness.ts";
import assert from "node:assert/strict";
import { createOpenAIAdapter } from "../../../src/models/adapters/openai.ts";
import { createAnthropicAdapter } from "../../../src/models/adapters/anthropic.ts";
import { createGeminiAdapter } from "../../../src/models/adapters/gemini.ts";
import { createOllamaAdapter } from "../../../src/models/adapters/ollama.ts";
import { createCohereAdapter } from "../../../src/models/adapters/cohere.ts";
import { providerEntry } from "../../../src/models/adapters/registry.ts";
import {
  createOpenAICompatibleAdapter,
  OPENAI_COMPATIBLE_PRESETS,
} from "../../../src/models/adapters/openai.ts";
import { writeOpenAILogprobs } from "../../../src/models/adapters/_openai_details.ts";
import {
  adapterFactory,
  collect,
  fakeFetch,
  fixture,
  jsonFixture,
  streamResponse,
} from "./_fake.ts";

type Json = Record<string, unknown>;
const ask = { messages: [{ role: "user" as const, content: "x" }] };

describe("provider registry: the key variable each provider documents", () => {
  // A deployment tool reads `keyVariable` to tell the operator which
  // variable to set: a wrong or empty name sends them looking for nothing.
  for (
    const [name, variable] of [
      ["openai", "OPENAI_API_KEY"],
      ["anthropic", "ANTHROPIC_API_KEY"],
      ["gemini", "GEMINI_API_KEY"],
      ["groq", "GROQ_API_KEY"],
      ["mistral", "MISTRAL_API_KEY"],
      ["deepseek", "DEEPSEEK_API_KEY"],
      ["openrouter", "OPENROUTER_API_KEY"],
      ["together", "TOGETHER_API_KEY"],
    ] as const
  ) {
    it(`${name} reads ${variable}`, () => {
      assert.equal(providerEntry(name)?.keyVariable, variable);
    });
  }
});

describe("estimateCost: the price table", () => {
  it("counts a partial token of prompt as a whole one (a 5-character prompt is 2 tokens)", async () => {
    const adapter = createOpenAIAdapter({
      apiKey: "k",
      defaultModel: "gpt-4o",
    });
    const cost = await adapter.estimateCost({
      messages: [{ role: "user", content: "abcde" }],
      parameters: { maxTokens: 0 },
    });
    // gpt-4o: $2.50 per million input tokens.
    assert.equal(cost, (2 * 2.5) / 1_000_000);
  });

  it("leaves a model no table row names unpriced, on every priced provider", async () => {
    // An emptied row name would be a prefix of every model and price them all.
    const unknown = [
      createOpenAIAdapter({ apiKey: "k", defaultModel: "zz-unknown" }),
      createAnthropicAdapter({ apiKey: "k", defaultModel: "zz-unknown" }),
      createGeminiAdapter({ apiKey: "k", defaultModel: "zz-unknown" }),
      createOpenAICompatibleAdapter("mistral", {
        apiKey: "k",
        defaultModel: "zz-unknown",
      }),
      createOpenAICompatibleAdapter("deepseek", {
        apiKey: "k",
        defaultModel: "zz-unknown",
      }),
      createOpenAICompatibleAdapter("groq", {
        apiKey: "k",
        defaultModel: "zz-unknown",
      }),
      createOpenAICompatibleAdapter("together", {
        apiKey: "k",
        defaultModel: "zz-unknown",
      }),
      createCohereAdapter({ apiKey: "k", defaultModel: "zz-unknown" }),
    ];
    for (const adapter of unknown) {
      assert.equal(await adapter.estimateCost(ask), null);
    }
  });

  it("prices each Anthropic family by its own row, not a neighbour's", async () => {
    const priced = async (model: string) =>
      await createAnthropicAdapter({ apiKey: "k", defaultModel: model })
        .estimateCost({ messages: [], parameters: { maxTokens: 1_000_000 } });
    assert.equal(await priced("claude-3-5-haiku-20241022"), 4);
    assert.equal(await priced("claude-3-haiku-20240307"), 1.25);
    assert.equal(await priced("claude-3-5-sonnet-20241022"), 15);
    assert.equal(await priced("claude-opus-4-1-20250805"), 75);
  });
});

describe("Anthropic adapter: answer details a client reads", () => {
  const anthropicWith = adapterFactory(createAnthropicAdapter, { apiKey: "k" });

  it("sends no anthropic-beta header for an empty beta list", async () => {
    const { adapter, requests } = anthropicWith(
      () => Response.json(jsonFixture("anthropic/message.json")),
      { beta: [] },
    );
    await adapter.execute(ask);
    assert.equal(requests[0].headers.has("anthropic-beta"), false);
  });

  it("a null stop_sequence leaves stopSequence out, answered and streamed", async () => {
    const { adapter } = anthropicWith(() =>
      Response.json(jsonFixture("anthropic/message.json"))
    );
    const response = await adapter.execute(ask);
    assert.equal("stopSequence" in response, false);
    const { adapter: streaming } = anthropicWith(() =>
      streamResponse(fixture("anthropic/stream_text.sse"))
    );
    const done = (await collect(streaming.executeStream(ask))).at(-1);
    assert.equal(done?.type, "done");
    assert.equal("stopSequence" in (done as object), false);
  });
});

describe("finish reasons no table knows", () => {
  const geminiWith = adapterFactory(createGeminiAdapter, { apiKey: "k" });

  for (
    const raw of ["FINISH_REASON_UNSPECIFIED", "SOMETHING_NEW", "constructor"]
  ) {
    it(`Gemini finishReason ${raw} ends as stop`, async () => {
      const body = jsonFixture("gemini/generate.json") as Json;
      const candidates = body.candidates as Json[];
      const answer = {
        ...body,
        candidates: [{ ...candidates[0], finishReason: raw }],
      };
      const { adapter } = geminiWith(() => Response.json(answer));
      assert.equal((await adapter.execute(ask)).finishReason, "stop");
    });
  }
});

describe("a finish reason named like an Object.prototype member", () => {
  // A plain lookup table answers "constructor" with Object itself: the
  // answer's finish reason would be a function, not one of the IR's names.
  it("OpenAI finish_reason constructor ends as stop", async () => {
    const body = jsonFixture("openai/chat_completion.json") as Json;
    const choices = body.choices as Json[];
    const answer = {
      ...body,
      choices: [{ ...choices[0], finish_reason: "constructor" }],
    };
    const { adapter } = adapterFactory(createOpenAIAdapter, { apiKey: "k" })(
      () => Response.json(answer),
    );
    const response = await adapter.execute(ask);
    assert.equal(response.finishReason, "stop");
    assert.equal(response.metadata.providerFinishReason, "constructor");
  });

  it("Anthropic stop_reason toString ends as stop", async () => {
    const body = jsonFixture("anthropic/message.json") as Json;
    const answer = { ...body, content: [], stop_reason: "toString" };
    const { adapter } = adapterFactory(createAnthropicAdapter, {
      apiKey: "k",
    })(() => Response.json(answer));
    assert.equal((await adapter.execute(ask)).finishReason, "stop");
  });

  it("Cohere finish_reason constructor ends as stop", async () => {
    const body = jsonFixture("cohere/chat.json") as Json;
    const answer = { ...body, finish_reason: "constructor" };
    const { adapter } = adapterFactory(createCohereAdapter, { apiKey: "k" })(
      () => Response.json(answer),
    );
    assert.equal((await adapter.execute(ask)).finishReason, "stop");
  });
});

describe("Ollama adapter: usage from one count or none", () => {
  const ollamaWith = adapterFactory(createOllamaAdapter);

  it("keeps the prompt count when eval_count is missing", async () => {
    const { eval_count: _, ...body } = jsonFixture("ollama/chat.json") as Json;
    const { adapter } = ollamaWith(() => Response.json(body));
    assert.deepEqual((await adapter.execute(ask)).usage, {
      promptTokens: 26,
      completionTokens: 0,
      totalTokens: 26,
    });
  });

  it("reports no usage when neither count is there (not zero tokens)", async () => {
    const {
      eval_count: _e,
      prompt_eval_count: _p,
      ...body
    } = jsonFixture("ollama/chat.json") as Json;
    const { adapter } = ollamaWith(() => Response.json(body));
    assert.equal((await adapter.execute(ask)).usage, undefined);
  });
});

describe("a fetch deaf to the abort", () => {
  // Its late answer is let go by a callback nobody awaits: a throw there is
  // an unhandled rejection, which ends a Deno or Node process.
  for (
    const [what, late] of [
      ["a bodiless answer", () => new Response(null, { status: 204 })],
      ["something that is not a Response", () => undefined],
      ["an answer with a body", () => new Response("late")],
    ] as const
  ) {
    it(`answering ${what} after the caller aborted is let go quietly`, async () => {
      let answer!: (value: unknown) => void;
      const pending = new Promise<unknown>((resolve) => answer = resolve);
      const adapter = createOpenAIAdapter({
        apiKey: "k",
        fetch: (() => pending) as unknown as typeof fetch,
      });
      const caller = new AbortController();
      const call = adapter.execute(ask, caller.signal);
      caller.abort(new Error("client left"));
      await assert.rejects(call, (error: { code?: string }) => {
        assert.equal(error.code, "ABORTED");
        return true;
      });
      const response = late();
      answer(response);
      // Callbacks on one promise run in the order they were added: once
      // this one has run, the adapter's has too.
      await pending.then(() => {});
      if (response instanceof Response && response.body !== null) {
        // Cancelled (disturbed, not locked by a reader), not left for GC:
        // reading it now finds it closed.
        assert.equal(response.bodyUsed, true);
        assert.equal(response.body.locked, false);
        const read = await response.body.getReader().read();
        assert.equal(read.done, true);
      }
    });
  }
});

describe("the sample's next survivors (seed 20261130)", () => {
  const anthropicWith = adapterFactory(createAnthropicAdapter, { apiKey: "k" });

  for (
    const [what, block] of [
      ["without a name", { type: "tool_use", id: "toolu_1", input: {} }],
      ["without an id", { type: "tool_use", name: "f", input: {} }],
    ] as const
  ) {
    it(`an Anthropic tool_use block ${what} is INVALID_RESPONSE, not a call to run`, async () => {
      const body = jsonFixture("anthropic/message.json") as Json;
      const { adapter } = anthropicWith(() =>
        Response.json({ ...body, content: [block] })
      );
      await assert.rejects(
        adapter.execute(ask),
        (error: { code?: string }) => {
          assert.equal(error.code, "INVALID_RESPONSE");
          return true;
        },
      );
    });
  }

  it("timeout 0 means no timeout: an answer that takes a turn of the event loop arrives", async () => {
    const adapter = createOpenAIAdapter({
      apiKey: "k",
      timeout: 0,
      fetch: async () => {
        // A macrotask later: a zero-length timer armed by mistake fires first.
        await new Promise((resolve) => setTimeout(resolve, 5));
        return Response.json(jsonFixture("openai/chat_completion.json"));
      },
    });
    const response = await adapter.execute(ask);
    assert.equal(response.finishReason, "stop");
  });

  it("a relayed answer leaves no timeout timer armed once its head came", async () => {
    // A short timeout has an exact timer of its own; the op sanitizer fails
    // the test if the answer leaves it behind.
    const adapter = createOpenAIAdapter({
      apiKey: "k",
      timeout: 5_000,
      fetch: () =>
        Promise.resolve(
          Response.json(jsonFixture("openai/chat_completion.json")),
        ),
    });
    assert.ok(adapter.relay !== undefined);
    const response = await adapter.relay(ask);
    assert.equal(response.status, 200);
    await response.body?.cancel();
  });

  it("a health probe answered 204 without a body is healthy", async () => {
    const { adapter } = adapterFactory(createOpenAIAdapter, { apiKey: "k" })(
      () => new Response(null, { status: 204 }),
    );
    assert.equal(await adapter.healthCheck(), true);
  });
});

describe("the fresh draw's last adapter survivors", () => {
  for (
    const [what, call] of [
      ["whose function is not an object", {
        id: "call_1",
        type: "function",
        function: "f",
      }],
      ["that is null", null],
    ] as const
  ) {
    it(`an OpenAI tool call ${what} is INVALID_RESPONSE`, async () => {
      const body = jsonFixture("openai/chat_completion.json") as Json;
      const choices = body.choices as Json[];
      const answer = {
        ...body,
        choices: [{
          ...choices[0],
          message: { role: "assistant", content: null, tool_calls: [call] },
          finish_reason: "tool_calls",
        }],
      };
      const { adapter } = adapterFactory(createOpenAIAdapter, { apiKey: "k" })(
        () => Response.json(answer),
      );
      await assert.rejects(
        adapter.execute(ask),
        (error: { code?: string }) => {
          assert.equal(error.code, "INVALID_RESPONSE");
          return true;
        },
      );
    });
  }

  it("log probabilities are written to the OpenAI wire when present, null when not", () => {
    assert.equal(writeOpenAILogprobs(undefined), null);
    assert.deepEqual(
      writeOpenAILogprobs({ content: [{ token: "Hi", logprob: -0.5 }] }),
      {
        content: [{
          token: "Hi",
          logprob: -0.5,
          bytes: null,
          top_logprobs: [],
        }],
        refusal: null,
      },
    );
  });
});

describe("OpenAI-compatible presets: a streamed answer's usage", () => {
  // The usage chunk is what a streamed call is priced and counted from; an
  // OpenAI-style server sends it only when the request asks
  // (`stream_options.include_usage`), while Mistral reports it unasked, so
  // its preset asks nothing (the module doc says both).
  const usageChunk = fixture("openai/stream_text.sse")
    .split("\n\n")
    .filter((event) => event.includes('"usage":{'));
  const withoutUsage = fixture("openai/stream_text.sse")
    .split("\n\n")
    .filter((event) => !event.includes('"usage":{'))
    .join("\n\n");
  const asksUsage = (body: unknown): boolean =>
    (body as { stream_options?: { include_usage?: boolean } })
      .stream_options?.include_usage === true;

  for (const preset of Object.keys(OPENAI_COMPATIBLE_PRESETS)) {
    const unasked = preset === "mistral";
    it(
      `${preset}: ${
        unasked
          ? "asks nothing and reads the usage sent unasked"
          : "asks for the usage chunk and reads it"
      }`,
      async () => {
        const fake = fakeFetch((seen) => {
          const sendUsage = unasked || asksUsage(seen.body);
          return streamResponse(
            sendUsage
              ? withoutUsage.replace(
                "data: [DONE]",
                `${usageChunk[0]}\n\ndata: [DONE]`,
              )
              : withoutUsage,
          );
        });
        const adapter = createOpenAICompatibleAdapter(
          preset as keyof typeof OPENAI_COMPATIBLE_PRESETS,
          { apiKey: "k", defaultModel: "m", fetch: fake.fetch },
        );
        const done = (await collect(adapter.executeStream(ask))).at(-1);
        assert.equal(done?.type, "done");
        if (done?.type !== "done") return;
        assert.equal(done.usage?.totalTokens, 20);
        assert.equal(asksUsage(fake.requests[0].body), !unasked);
      },
    );
  }
});

// What the fifteenth round's fresh draw of the adapters (seed 20261177)
// showed no test of the area checked: a failed fetch named by its runtime's
// error class alone (Deno's ConnectionRefused with a message that names
// nothing), a chat-wire field the internal form carries under another name
// (`max_tokens` beside `maxTokens`, or alone: it was neither sent nor named
// dropped) passed in a native adapter's parameters,
// and OpenAI's `response_format` written toward Anthropic's wire as
// `output_config.format`. Portable: the harness only.
import { describe, it } from "../../_harness.ts";
import assert from "node:assert/strict";
import { createCohereAdapter } from "../../../src/models/adapters/cohere.ts";
import { createGeminiAdapter } from "../../../src/models/adapters/gemini.ts";
import { createOllamaAdapter } from "../../../src/models/adapters/ollama.ts";
import { towardWire } from "../../../src/models/adapters/_toward_wire.ts";
import type { IRChatRequest } from "../../../src/models/mod.ts";
import { adapterFactory, jsonFixture } from "./_fake.ts";
import { failingWith } from "./_fetch_failure.ts";

const ask: IRChatRequest = { messages: [{ role: "user", content: "hi" }] };

describe("draw 20261177: network causes named by the error's class", () => {
  it("a Deno error class names the cause when its message names none, and over a message naming another", async () => {
    const cases: Array<[string, string, string]> = [
      ["ConnectionRefused", "os error 111", "refused"],
      ["ConnectionReset", "os error 104", "reset"],
      ["BrokenPipe", "os error 32", "reset"],
      ["TimedOut", "os error 110", "timeout"],
      ["NetworkUnreachable", "os error 101", "unreachable"],
      // The class is the runtime's own word; a message is only read when no
      // code or class says what happened.
      ["ConnectionRefused", "connection reset by peer", "refused"],
    ];
    for (const [name, message, expected] of cases) {
      const error = await failingWith(
        Object.assign(new Error(message), { name }),
      );
      assert.equal(error.details?.cause, expected, `${name}: ${message}`);
      assert.equal(
        error.code,
        expected === "timeout" ? "TIMEOUT" : "NETWORK_ERROR",
        name,
      );
    }
  });
});

describe("draw 20261177: chat-wire names among a native adapter's parameters", () => {
  // Each native adapter, an answer it takes, and where its body holds the
  // internal form's maxTokens.
  const natives = [
    {
      name: "gemini",
      wired: adapterFactory(createGeminiAdapter, { apiKey: "k" }),
      answer: () => Response.json(jsonFixture("gemini/generate.json")),
      maxOf: (body: Record<string, unknown>) =>
        (body.generationConfig as Record<string, unknown> | undefined)
          ?.maxOutputTokens,
    },
    {
      name: "cohere",
      wired: adapterFactory(createCohereAdapter, { apiKey: "k" }),
      answer: () => Response.json(jsonFixture("cohere/chat.json")),
      maxOf: (body: Record<string, unknown>) => body.max_tokens,
    },
    {
      name: "ollama",
      wired: adapterFactory(createOllamaAdapter, { defaultModel: "llama3" }),
      answer: () => Response.json(jsonFixture("ollama/chat.json")),
      maxOf: (body: Record<string, unknown>) =>
        (body.options as Record<string, unknown> | undefined)?.num_predict,
    },
  ];

  it("max_tokens, max_completion_tokens and stream_options beside maxTokens: the internal field is sent, once, and the call goes out", async () => {
    for (const native of natives) {
      const { adapter, requests } = native.wired(native.answer);
      const response = await adapter.execute({
        ...ask,
        parameters: {
          max_tokens: 50,
          maxTokens: 20,
          max_completion_tokens: 70,
          stream_options: { include_usage: true },
        },
      });
      assert.ok(response.message.content !== "", native.name);
      assert.equal(requests.length, 1, native.name);
      const body = requests[0].body as Record<string, unknown>;
      assert.equal(native.maxOf(body), 20, native.name);
      const text = JSON.stringify(body);
      for (const key of ["max_completion_tokens", "stream_options"]) {
        assert.ok(!text.includes(key), `${native.name}: ${key} sent`);
      }
      if (native.name !== "cohere") {
        assert.ok(!text.includes("max_tokens"), `${native.name}: max_tokens`);
      }
      // The internal field won, so the other values were not carried: named.
      assert.deepEqual(
        response.metadata.dropped,
        ["max_tokens", "max_completion_tokens", "stream_options"],
        native.name,
      );
    }
  });

  // A library caller who writes the chat wire's names, as LiteLLM's users
  // do, once lost them: neither sent nor named dropped.
  it("a chat-wire sampling parameter alone is carried as the internal field; a request-level one is named dropped", async () => {
    const where: Record<string, (body: Record<string, unknown>) => unknown> = {
      gemini: (body) => body.generationConfig,
      cohere: (body) => body,
      ollama: (body) => body.options,
    };
    const names: Record<string, [string, string, string]> = {
      gemini: ["topP", "stopSequences", "presencePenalty"],
      cohere: ["p", "stop_sequences", "presence_penalty"],
      ollama: ["top_p", "stop", "presence_penalty"],
    };
    // OpenAI's `stop` as one string, wrapped into the list; Ollama documents
    // `stop` itself (a list, sent as given), so Anthropic's name there.
    const stops: Record<string, Record<string, unknown>> = {
      gemini: { stop: "END" },
      cohere: { stop: "END" },
      ollama: { stop_sequences: ["END"] },
    };
    for (const native of natives) {
      const { adapter, requests } = native.wired(native.answer);
      const response = await adapter.execute({
        ...ask,
        parameters: {
          max_completion_tokens: 70,
          // The same value again under the other spelling is no conflict.
          max_tokens: 70,
          top_p: 0.5,
          ...stops[native.name],
          presence_penalty: 0.25,
          messages: [{ role: "user", content: "not here" }],
        },
      });
      const body = requests[0].body as Record<string, unknown>;
      assert.equal(native.maxOf(body), 70, native.name);
      const fields = where[native.name](body) as Record<string, unknown>;
      const [topP, stop, presence] = names[native.name];
      assert.equal(fields[topP], 0.5, `${native.name}: ${topP}`);
      assert.deepEqual(fields[stop], ["END"], `${native.name}: ${stop}`);
      assert.equal(fields[presence], 0.25, `${native.name}: ${presence}`);
      assert.ok(!JSON.stringify(body).includes("not here"), native.name);
      assert.deepEqual(response.metadata.dropped, ["messages"], native.name);
    }
  });
});

describe("draw 20261177: response_format toward Anthropic's wire", () => {
  it("a json_schema format becomes output_config.format of type json_schema, beside the effort already there", () => {
    const schema = { type: "object", properties: { n: { type: "number" } } };
    const body: Record<string, unknown> = {
      output_config: { effort: "low" },
      response_format: {
        type: "json_schema",
        json_schema: { name: "answer", schema, strict: true },
      },
    };
    const dropped = towardWire(body, "anthropic", "anthropic", true);
    assert.deepEqual(dropped, []);
    assert.deepEqual(body, {
      output_config: {
        effort: "low",
        format: { type: "json_schema", schema },
      },
    });
  });
});

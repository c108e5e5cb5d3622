// Every key a native API documents beside the internal form's fields reaches
// that API as the caller wrote it, and is not named dropped: Gemini's
// `generateContent` keys (four at the top level, the rest in
// `generationConfig`), Cohere's v2 chat keys, Ollama's `/api/chat` keys and
// each `options` entry its server still reads. The lists are written here
// from those APIs' own references, not read from the adapters' table, so a
// name lost or misspelt there is seen. A fresh mutation draw (seed 20261164)
// emptied `use_mmap` unseen. No Deno API: the harness only.
import { describe, it } from "../../_harness.ts";
import assert from "node:assert/strict";
import { createGeminiAdapter } from "../../../src/models/adapters/gemini.ts";
import { createCohereAdapter } from "../../../src/models/adapters/cohere.ts";
import { createOllamaAdapter } from "../../../src/models/adapters/ollama.ts";
import { adapterFactory, jsonFixture } from "./_fake.ts";

type Json = Record<string, unknown>;

const hi = [{ role: "user" as const, content: "Hi" }];

/** Gemini's keys that sit beside `contents`, not in `generationConfig`. */
const GEMINI_TOP: Json = {
  safetySettings: [{
    category: "HARM_CATEGORY_HARASSMENT",
    threshold: "BLOCK_NONE",
  }],
  cachedContent: "cachedContents/abc",
  labels: { team: "search" },
  serviceTier: "flex",
};
/** Gemini's `GenerationConfig` keys the internal form does not write. */
const GEMINI_CONFIG: Json = {
  responseMimeType: "application/json",
  responseSchema: { type: "OBJECT" },
  responseJsonSchema: { type: "object" },
  responseModalities: ["TEXT"],
  responseLogprobs: true,
  candidateCount: 1,
  thinkingConfig: { thinkingBudget: 128 },
  speechConfig: { languageCode: "en-US" },
  imageConfig: { aspectRatio: "16:9" },
  mediaResolution: "MEDIA_RESOLUTION_LOW",
  audioTranscriptionConfig: { languageCodes: ["en-US"] },
  enableEnhancedCivicAnswers: true,
};
/** Cohere v2 chat's keys beyond the internal form's. */
const COHERE: Json = {
  documents: [{ id: "d1", data: { text: "Paris is in France." } }],
  citation_options: { mode: "FAST" },
  response_format: { type: "json_object" },
  safety_mode: "STRICT",
  strict_tools: true,
  thinking: { type: "enabled", token_budget: 256 },
  priority: 1,
};
/** Ollama `/api/chat`'s top-level keys beyond the internal form's. */
const OLLAMA: Json = {
  format: "json",
  keep_alive: "5m",
  think: true,
  truncate: true,
  shift: false,
  logprobs: true,
  top_logprobs: 2,
};
/** Ollama's `Options` and `Runner` fields the server still reads. */
const OLLAMA_OPTIONS: Json = {
  num_keep: 4,
  seed: 7,
  num_predict: 64,
  top_k: 40,
  top_p: 0.9,
  min_p: 0.05,
  typical_p: 0.7,
  repeat_last_n: 64,
  temperature: 0.2,
  repeat_penalty: 1.1,
  presence_penalty: 0.5,
  frequency_penalty: 0.5,
  stop: ["\n\n"],
  num_ctx: 4096,
  num_batch: 512,
  num_gpu: 1,
  main_gpu: 0,
  use_mmap: false,
  num_thread: 8,
  draft_num_predict: 4,
};

describe("a native API's documented keys are sent as written", () => {
  it("Gemini: four at the top level, the rest in generationConfig", async () => {
    const { adapter, requests } = adapterFactory(createGeminiAdapter, {
      apiKey: "k",
    })(() => Response.json(jsonFixture("gemini/generate.json")));
    const answer = await adapter.execute({
      messages: hi,
      parameters: { ...GEMINI_TOP, ...GEMINI_CONFIG },
    });
    const body = requests[0].body as Json;
    for (const [key, value] of Object.entries(GEMINI_TOP)) {
      assert.deepEqual(body[key], value, key);
    }
    assert.deepEqual(body.generationConfig, GEMINI_CONFIG);
    assert.equal(answer.metadata.dropped, undefined);
  });

  it("Cohere", async () => {
    const { adapter, requests } = adapterFactory(createCohereAdapter, {
      apiKey: "k",
    })(() => Response.json(jsonFixture("cohere/chat.json")));
    const answer = await adapter.execute({ messages: hi, parameters: COHERE });
    const body = requests[0].body as Json;
    for (const [key, value] of Object.entries(COHERE)) {
      assert.deepEqual(body[key], value, key);
    }
    assert.equal(answer.metadata.dropped, undefined);
  });

  it("Ollama: its top-level keys and every option its server reads", async () => {
    const { adapter, requests } = adapterFactory(createOllamaAdapter, {})(
      () =>
        Response.json({
          model: "llama3.2",
          message: { role: "assistant", content: "{}" },
          done: true,
          done_reason: "stop",
        }),
    );
    const answer = await adapter.execute({
      messages: hi,
      parameters: { ...OLLAMA, options: OLLAMA_OPTIONS },
    });
    const body = requests[0].body as Json;
    for (const [key, value] of Object.entries(OLLAMA)) {
      assert.deepEqual(body[key], value, key);
    }
    assert.deepEqual(body.options, OLLAMA_OPTIONS);
    assert.equal(answer.metadata.dropped, undefined);
  });

  it("Ollama: an option passed at the top level reaches options too", async () => {
    const { adapter, requests } = adapterFactory(createOllamaAdapter, {})(
      () =>
        Response.json({
          model: "llama3.2",
          message: { role: "assistant", content: "ok" },
          done: true,
          done_reason: "stop",
        }),
    );
    const answer = await adapter.execute({
      messages: hi,
      parameters: { use_mmap: false, draft_num_predict: 4, num_batch: 256 },
    });
    assert.deepEqual((requests[0].body as Json).options, {
      use_mmap: false,
      draft_num_predict: 4,
      num_batch: 256,
    });
    assert.equal(answer.metadata.dropped, undefined);
  });
});

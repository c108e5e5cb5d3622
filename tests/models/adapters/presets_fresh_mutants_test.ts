// The OpenAI-compatible presets as docs/models.md documents them: each
// preset's base URL, default model and whether it needs a key, seen in the
// request its adapter sends; and `topK` sent as `top_k`, the name vLLM,
// llama.cpp and the other compatible servers read. Hand-planted mutants of
// the preset table survived the area's tests. No Deno API: the harness only.
import { describe, it } from "../../_harness.ts";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import {
  createOpenAICompatibleAdapter,
  OPENAI_COMPATIBLE_PRESETS,
  type OpenAICompatibleProvider,
} from "../../../src/models/adapters/openai.ts";
import { AdapterError } from "../../../src/models/errors.ts";
import { fakeFetch, jsonFixture, rejection } from "./_fake.ts";

type Json = Record<string, unknown>;

interface DocumentedPreset {
  name: OpenAICompatibleProvider;
  baseURL: string;
  defaultModel: string | undefined;
  key: "required" | "optional";
}

/** The rows of the "OpenAI-compatible presets" table in docs/models.md. */
function documentedPresets(): DocumentedPreset[] {
  const text = readFileSync(
    new URL("../../../docs/models.md", import.meta.url),
    "utf8",
  );
  const table = text.split("### OpenAI-compatible presets")[1] ?? "";
  const rows: DocumentedPreset[] = [];
  for (const line of table.split("\n")) {
    const match =
      /^\| `([a-z]+)` +\| `([^`]+)` +\| (?:`([^`]+)`|—) +\| (required|optional) +\|$/
        .exec(line.trim());
    if (match === null) continue;
    rows.push({
      name: match[1] as OpenAICompatibleProvider,
      baseURL: match[2],
      defaultModel: match[3],
      key: match[4] as "required" | "optional",
    });
  }
  return rows;
}

const ask = { messages: [{ role: "user" as const, content: "Hi" }] };

describe("the OpenAI-compatible presets, as documented", () => {
  const presets = documentedPresets();

  it("the table lists every preset", () => {
    assert.deepEqual(
      presets.map((preset) => preset.name).sort(),
      Object.keys(OPENAI_COMPATIBLE_PRESETS).sort(),
    );
  });

  for (const preset of presets) {
    it(`${preset.name}: ${preset.baseURL}, default model ${preset.defaultModel ?? "none"}, key ${preset.key}`, async () => {
      const fake = fakeFetch(() =>
        Response.json(jsonFixture("openai/chat_completion.json"))
      );
      if (preset.key === "required") {
        const error = await rejection(
          Promise.resolve().then(() =>
            createOpenAICompatibleAdapter(preset.name, { fetch: fake.fetch })
          ),
        );
        assert.ok(error instanceof AdapterError, String(error));
        assert.match(error.message, /needs an apiKey/);
      }
      // A preset whose key is optional works without one and sends none.
      const adapter = createOpenAICompatibleAdapter(preset.name, {
        fetch: fake.fetch,
        ...(preset.key === "required" ? { apiKey: "k" } : {}),
      });
      assert.equal(adapter.metadata.defaultModel, preset.defaultModel);
      await adapter.execute(
        preset.defaultModel === undefined
          ? { ...ask, parameters: { model: "served-model" } }
          : ask,
      );
      const seen = fake.requests[0];
      assert.equal(seen.url, `${preset.baseURL}/chat/completions`);
      assert.equal(
        (seen.body as Json).model,
        preset.defaultModel ?? "served-model",
      );
      assert.equal(
        seen.headers.get("authorization"),
        preset.key === "required" ? "Bearer k" : null,
      );
    });
  }
});

describe("sampling parameters on a compatible server", () => {
  it("topK is sent as top_k", async () => {
    const fake = fakeFetch(() =>
      Response.json(jsonFixture("openai/chat_completion.json"))
    );
    const adapter = createOpenAICompatibleAdapter("vllm", {
      fetch: fake.fetch,
      defaultModel: "m",
    });
    await adapter.execute({ ...ask, parameters: { topK: 40, topP: 0.9 } });
    const body = fake.requests[0].body as Json;
    assert.equal(body.top_k, 40);
    assert.equal(body.top_p, 0.9);
    assert.equal("" in body, false);
  });
});

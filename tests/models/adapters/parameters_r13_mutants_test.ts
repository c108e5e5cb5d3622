// The parameter table (`_parameters.ts`) at the edges bugs planted by hand
// there showed unguarded (not a measure). An IR field present but undefined,
// as `{ maxTokens: options.maxTokens, ...extra }` writes it when the option
// is unset, is not set at all. It neither supersedes the pass-through key
// the caller did send (`max_completion_tokens` toward OpenAI) nor takes the
// place of a wire key sent as is (`top_p`, `top_k` toward Anthropic, an
// Ollama option named both inside `options` and at the top level). And a
// pass-through key that is not an object, where the table built one
// (`metadata` beside `user` toward Anthropic), leaves that object whole. No
// Deno API: the harness only.
import { describe, it } from "../../_harness.ts";
import assert from "node:assert/strict";
import type { IRParameters } from "../../../src/models/types.ts";
import { toOpenAI } from "./_to_openai.ts";
import { anthropicRefusing, anthropicWith } from "./_anthropic_upstream.ts";
import { OLLAMA_ANSWER, OLLAMA_ASK, ollamaWith } from "./_ollama_upstream.ts";

const hi = [{ role: "user" as const, content: "Hi" }];

describe("an IR parameter present but undefined", () => {
  it("OpenAI: maxTokens undefined leaves the max_completion_tokens sent beside it", async () => {
    const parameters: IRParameters = {
      maxTokens: undefined,
      max_completion_tokens: 50,
    };
    const { body, dropped } = await toOpenAI({ messages: hi, parameters });
    assert.equal(body.max_completion_tokens, 50);
    assert.equal("max_tokens" in body, false);
    assert.equal(dropped, undefined);
  });

  it("Anthropic: topP and topK undefined leave the top_p and top_k sent as is", async () => {
    const { adapter, requests } = anthropicWith(anthropicRefusing());
    await adapter.execute({
      messages: hi,
      parameters: { topP: undefined, top_p: 0.5, topK: undefined, top_k: 3 },
    });
    const body = requests[0].body as Record<string, unknown>;
    assert.deepEqual([body.top_p, body.top_k], [0.5, 3]);
  });

  it("Ollama: an option undefined inside options leaves the same option sent at the top level", async () => {
    const { adapter, requests } = ollamaWith(() =>
      Response.json(OLLAMA_ANSWER)
    );
    await adapter.execute({
      ...OLLAMA_ASK,
      parameters: { options: { top_k: undefined, seed: 1 }, top_k: 5 },
    });
    const body = requests[0].body as { options?: Record<string, unknown> };
    assert.deepEqual(body.options, { seed: 1, top_k: 5 });
  });
});

describe("a pass-through key that is not an object where the table built one", () => {
  it("Anthropic: a metadata that is not an object, sent beside user, leaves metadata.user_id whole", async () => {
    // The API takes only an object there; the table keeps the one it built
    // rather than spreading a string's characters into it.
    for (const metadata of ["tag", 7, ["a"]]) {
      const { adapter, requests } = anthropicWith(anthropicRefusing());
      await adapter.execute({
        messages: hi,
        parameters: { user: "u1", metadata },
      });
      const body = requests[0].body as Record<string, unknown>;
      assert.deepEqual(
        body.metadata,
        { user_id: "u1" },
        JSON.stringify(metadata),
      );
    }
  });
});

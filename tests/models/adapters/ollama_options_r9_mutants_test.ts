// Edges a fresh models-adapters mutation draw (seed 20261163) found
// unguarded: every option Ollama documents reaches its `options` (here
// `num_thread`); a `__proto__` key in `options` is neither sent nor named,
// like one at the top level of `parameters`; a streamed answer's `start`
// chunk names the dropped fields as a whole answer's metadata does; and a
// failed fetch whose innermost cause has a blank message is told by its
// code. No Deno API: the harness only.
import { describe, it } from "../../_harness.ts";
import assert from "node:assert/strict";
import { createOpenAIAdapter } from "../../../src/models/adapters/openai.ts";
import { AdapterError, ErrorCode } from "../../../src/models/mod.ts";
import { collect, streamResponse } from "./_fake.ts";
import {
  OLLAMA_ANSWER,
  OLLAMA_ASK,
  ollamaAnswering,
  ollamaWith,
} from "./_ollama_upstream.ts";

type Json = Record<string, unknown>;

describe("Ollama options", () => {
  it("send every documented option, num_thread too, and name an unknown one dropped", async () => {
    const { adapter, requests } = ollamaAnswering();
    const response = await adapter.execute({
      ...OLLAMA_ASK,
      parameters: {
        options: { num_thread: 4, num_ctx: 2048, vendor_knob: 1 },
      },
    });
    const options = (requests[0].body as { options: Json }).options;
    assert.equal(options.num_thread, 4);
    assert.equal(options.num_ctx, 2048);
    assert.equal("vendor_knob" in options, false);
    assert.deepEqual(response.metadata?.dropped, ["options.vendor_knob"]);
  });

  it("neither send nor name a __proto__ key in options, as at the top level", async () => {
    const { adapter, requests } = ollamaAnswering();
    // JSON.parse makes `__proto__` an own key, as a gateway body would.
    const parameters = JSON.parse(
      '{"__proto__":{"polluted":true},"options":{"__proto__":{"polluted":true},"num_thread":2,"vendor_knob":1}}',
    ) as Json;
    const response = await adapter.execute({ ...OLLAMA_ASK, parameters });
    const options = (requests[0].body as { options: Json }).options;
    assert.equal(Object.hasOwn(options, "__proto__"), false);
    assert.equal(Object.getPrototypeOf(options), Object.prototype);
    assert.equal((options as { polluted?: unknown }).polluted, undefined);
    assert.equal(options.num_thread, 2);
    // Only the key a caller could mean to send is named.
    assert.deepEqual(response.metadata?.dropped, ["options.vendor_knob"]);
  });

  it("name the dropped fields on a streamed answer's start chunk", async () => {
    const line = (body: Json): string => `${JSON.stringify(body)}\n`;
    const { adapter } = ollamaWith(() =>
      streamResponse(
        line({
          model: "llama3.2",
          message: { role: "assistant", content: "ok" },
          done: false,
        }) +
          line({
            ...OLLAMA_ANSWER,
            message: { role: "assistant", content: "" },
          }),
        "application/x-ndjson",
      )
    );
    const chunks = await collect(adapter.executeStream({
      ...OLLAMA_ASK,
      parameters: { options: { num_thread: 2, vendor_knob: 1 } },
    }));
    const starts = chunks.filter((chunk) => chunk.type === "start");
    assert.equal(starts.length, 1);
    assert.deepEqual(
      (starts[0].metadata as { dropped?: string[] } | undefined)?.dropped,
      ["options.vendor_knob"],
    );
  });
});

describe("a failed fetch", () => {
  it("is told by its cause's code when the cause's message is blank", async () => {
    const adapter = createOpenAIAdapter({
      apiKey: "k",
      baseURL: "http://127.0.0.1:9/v1",
      defaultModel: "m",
      fetch: () =>
        Promise.reject(
          new TypeError("fetch failed", {
            cause: Object.assign(new Error(" \n"), { code: "EWHATEVER" }),
          }),
        ),
    });
    const error = await adapter.execute(OLLAMA_ASK).then(
      () => assert.fail("the call succeeded"),
      (error: unknown) => error,
    );
    assert.ok(error instanceof AdapterError);
    assert.equal(error.code, ErrorCode.NETWORK_ERROR);
    assert.match(error.message, /: EWHATEVER$/);
  });
});

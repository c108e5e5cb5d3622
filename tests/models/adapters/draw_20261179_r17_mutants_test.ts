// What the sixteenth round's fresh draw of the adapters (seed 20261179) showed
// no test of the area checked: an OpenAI-wire answer whose choice is there
// but holds no message (the check read `choice || message`, so either alone
// must refuse it), and Anthropic's `output_config.format` toward OpenAI when
// it is not a JSON schema with a schema (only both make a response_format).
// Portable: the harness only.
import { describe, it } from "../../_harness.ts";
import assert from "node:assert/strict";
import { AdapterError } from "../../../src/models/mod.ts";
import { createOpenAIAdapter } from "../../../src/models/adapters/openai.ts";
import { towardWire } from "../../../src/models/adapters/_toward_wire.ts";
import { adapterFactory } from "./_fake.ts";

const ask = { messages: [{ role: "user" as const, content: "hi" }] };

describe("draw 20261179: an OpenAI-wire choice without a message", () => {
  it("is INVALID_RESPONSE whether the choice or only its message is missing", async () => {
    const wired = adapterFactory(createOpenAIAdapter, { apiKey: "k" });
    const choices = [
      [{ index: 0, finish_reason: "stop" }],
      [{ index: 0, message: "hello", finish_reason: "stop" }],
      [null],
      ["text"],
    ];
    for (const list of choices) {
      const { adapter } = wired(() =>
        Response.json({ id: "c1", object: "chat.completion", choices: list })
      );
      await assert.rejects(
        adapter.execute(ask),
        (error: unknown) =>
          error instanceof AdapterError &&
          error.code === "INVALID_RESPONSE" &&
          /no choice with a message/.test(error.message),
        JSON.stringify(list),
      );
    }
  });
});

describe("draw 20261179: Anthropic's output_config.format toward OpenAI", () => {
  it("only a json_schema format with a schema becomes response_format; any other is named dropped", () => {
    const schema = { type: "object" };
    const cases: Array<[unknown, boolean]> = [
      [{ type: "json_schema", schema }, true],
      [{ type: "text", schema }, false],
      [{ type: "json_object", schema }, false],
      [{ type: "json_schema" }, false],
      [{ type: "json_schema", schema: "object" }, false],
    ];
    for (const [format, kept] of cases) {
      const body: Record<string, unknown> = {
        output_config: { format, effort: "low" },
      };
      const dropped = towardWire(body, "openai", "openai", true);
      const label = JSON.stringify(format);
      // The effort is carried either way.
      assert.equal(body.reasoning_effort, "low", label);
      if (kept) {
        assert.deepEqual(body.response_format, {
          type: "json_schema",
          json_schema: { name: "output", schema, strict: true },
        }, label);
        assert.ok(!dropped.includes("output_config.format"), label);
      } else {
        assert.equal(body.response_format, undefined, label);
        assert.ok(dropped.includes("output_config.format"), label);
      }
    }
  });
});

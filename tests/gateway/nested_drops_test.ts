// The nested fields a translated call loses are named as the translation
// table names them, including those the pinned SDKs added (OpenAI's
// explicit cache points, Anthropic's text citations and tool extras): the
// table's rows for them say dropped, so the header must say so too.
import assert from "node:assert/strict";
import {
  anthropicDrops,
  openAIDrops,
} from "../../src/gateway/_nested_drops.ts";
import { WIRE_FIELDS } from "../../src/models/adapters/_wire_fields.ts";

function dropsRow(wire: string, field: string): boolean {
  return WIRE_FIELDS.some((row) =>
    row.wire === wire && row.field === field && row.toward === "dropped"
  );
}

Deno.test("an OpenAI part's prompt_cache_breakpoint outside a user message is named dropped across wires (a user part's is carried), as its row says", () => {
  const point = { mode: "explicit", ttl: "30m" };
  const cached = (role: string) => ({
    messages: [{
      role,
      content: [
        { type: "text", text: "long prefix" },
        {
          type: "text",
          text: "cached up to here",
          prompt_cache_breakpoint: point,
        },
      ],
    }],
  });
  for (const role of ["system", "developer", "assistant", "tool"]) {
    const named = openAIDrops(cached(role));
    assert.deepEqual(named, ["messages[].content[].prompt_cache_breakpoint"]);
    assert.ok(
      WIRE_FIELDS.some((row) =>
        row.wire === "openai" && row.field === named[0]
      ),
    );
  }
  assert.deepEqual(openAIDrops(cached("user")), []);
  assert.deepEqual(
    openAIDrops({ messages: [{ role: "user", content: "plain" }] }),
    [],
  );
});

Deno.test("an Anthropic text block's citations and a tool's extras are named dropped across wires, as their rows say; null citations are nothing", () => {
  const named = anthropicDrops({
    messages: [{
      role: "user",
      content: [
        {
          type: "text",
          text: "As the paper says",
          citations: [{ type: "char_location", cited_text: "x" }],
        },
        { type: "text", text: "no citations", citations: null },
      ],
    }],
    tools: [{
      name: "find",
      input_schema: { type: "object" },
      input_examples: [{ q: "cat" }],
    }],
  });
  assert.deepEqual(named, [
    "messages[].content[].citations",
    "tools[].input_examples",
  ]);
  for (const field of named) assert.ok(dropsRow("anthropic", field), field);
  for (
    const key of ["defer_loading", "allowed_callers", "eager_input_streaming"]
  ) {
    assert.deepEqual(
      anthropicDrops({
        messages: [],
        tools: [{ name: "t", input_schema: {}, [key]: true }],
      }),
      ["tools[].input_examples"],
      key,
    );
  }
  assert.deepEqual(
    anthropicDrops({
      messages: [{
        role: "user",
        content: [{ type: "text", text: "x", citations: null }],
      }],
      tools: [{ name: "t", input_schema: {}, defer_loading: null }],
    }),
    [],
  );
});

// What the Chat Completions reader must keep that no test held it to:
// `stop` as a string or an array of strings (the SDK's type) reaches the
// backend as stop sequences and anything else is a 400 naming it; `n` other
// than 1 cannot be translated (one answer per request) while `n: 1` can;
// and `tool_choice` is one of the three modes exactly as spelt, or a named
// function: a mode in another letter case, or an unknown one, is a 400
// naming `tool_choice`, never a mode passed on or a crash. A text-only turn
// (system, assistant) reads text and refusal parts exactly: anything else,
// a null part included, is a 400 naming the part, not a crash.
import { describe, it } from "../_harness.ts";
import assert from "node:assert/strict";
import { parseChatRequest } from "../../src/gateway/mod.ts";
import { refusalOf } from "./_refusal.ts";

const resolve = (model: string) => ({ backend: model });
const base = { model: "m", messages: [{ role: "user", content: "hi" }] };
const parse = (body: Record<string, unknown>) =>
  parseChatRequest({ ...base, ...body }, resolve, "req-1");
const tools = [{
  type: "function",
  function: { name: "weather", parameters: { type: "object" } },
}];

describe("chat completions: stop", () => {
  it("a string is one stop sequence", () => {
    assert.deepEqual(parse({ stop: "###" }).ir.parameters?.stopSequences, [
      "###",
    ]);
  });

  it("an array of strings is kept in order", () => {
    assert.deepEqual(
      parse({ stop: ["\n\n", "END"] }).ir.parameters?.stopSequences,
      ["\n\n", "END"],
    );
  });

  for (const stop of [[1], ["END", null], 7, { seq: "END" }]) {
    it(`${JSON.stringify(stop)} is a 400 naming stop`, () => {
      const error = refusalOf(() => parse({ stop }));
      assert.equal(error.status, 400);
      assert.equal(error.param, "stop");
    });
  }
});

describe("chat completions: n", () => {
  for (const n of [1, null]) {
    it(`n: ${n} is translated`, () => {
      assert.equal(parse({ n }).ir.messages.length, 1);
    });
  }

  it("n: 2 is a 400 naming n, and set aside for a body relayed as is", () => {
    const error = refusalOf(() => parse({ n: 2 }));
    assert.equal(error.status, 400);
    assert.equal(error.param, "n");
    const skipped: unknown[] = [];
    parseChatRequest({ ...base, n: 2 }, resolve, "req-1", skipped);
    assert.equal(skipped.length, 1);
  });
});

describe("chat completions: tool_choice", () => {
  for (const mode of ["auto", "none", "required"]) {
    it(`${JSON.stringify(mode)} is that mode`, () => {
      assert.equal(parse({ tools, tool_choice: mode }).ir.toolChoice, mode);
    });
  }

  it("a named function is that function", () => {
    const { ir } = parse({
      tools,
      tool_choice: { type: "function", function: { name: "weather" } },
    });
    assert.deepEqual(ir.toolChoice, { name: "weather" });
  });

  for (
    const choice of [
      "Auto",
      "NONE",
      "any",
      { type: "Function", function: { name: "weather" } },
      { type: "function" },
      { type: "function", function: { name: 7 } },
    ]
  ) {
    it(`${JSON.stringify(choice)} is a 400 naming tool_choice`, () => {
      const error = refusalOf(() => parse({ tools, tool_choice: choice }));
      assert.equal(error.status, 400);
      assert.equal(error.param, "tool_choice");
    });
  }
});

describe("chat completions: a text-only turn's parts", () => {
  it("a replayed refusal part keeps its words", () => {
    const { ir } = parse({
      messages: [
        { role: "user", content: "hi" },
        {
          role: "assistant",
          content: [{ type: "refusal", refusal: "I can't help." }],
        },
      ],
    });
    assert.equal(ir.messages[1].content, "I can't help.");
  });

  for (
    const part of [
      null,
      7,
      { type: "Refusal", refusal: "I can't help." },
      { type: "image_url", refusal: "I can't help." },
      { type: "refusal", refusal: 7 },
    ]
  ) {
    it(`${JSON.stringify(part)} in a system turn is a 400 naming the part`, () => {
      const error = refusalOf(() =>
        parse({
          messages: [
            {
              role: "system",
              content: [{ type: "text", text: "Be brief." }, part],
            },
            { role: "user", content: "hi" },
          ],
        })
      );
      assert.equal(error.status, 400);
      assert.equal(error.param, "messages[0].content[1]");
    });
  }
});

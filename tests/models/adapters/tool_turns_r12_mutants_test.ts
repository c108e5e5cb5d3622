// Tool turns the adapters' tests never sent, found by a coverage run of the
// area's tests while a mutation draw ran: Gemini's `toolConfig` for each
// tool choice (only a named one was tried; "auto", "none" and "required"
// map to the API's AUTO, NONE and ANY modes), against a fake that refuses
// what the API refuses; and a tool call in a turn that cannot hold one (a
// user message), or a tool turn holding text or an image, which every adapter refuses
// with INVALID_REQUEST before anything is sent, rather than send the
// provider a turn it refuses or drop the call unseen. Portable: the harness
// only.
import { describe, it } from "../../_harness.ts";
import assert from "node:assert/strict";
import {
  createOpenAIAdapter,
  type IRChatRequest,
  type IRMessage,
  type IRToolChoice,
} from "../../../src/models/adapters/openai.ts";
import { createAnthropicAdapter } from "../../../src/models/adapters/anthropic.ts";
import { createGeminiAdapter } from "../../../src/models/adapters/gemini.ts";
import { createOllamaAdapter } from "../../../src/models/adapters/ollama.ts";
import { createCohereAdapter } from "../../../src/models/adapters/cohere.ts";
import { AdapterError } from "../../../src/models/errors.ts";
import { fakeFetch, rejection } from "./_fake.ts";
import { geminiRefusing, geminiWith } from "./_gemini_upstream.ts";

const tools = [
  {
    name: "weather",
    parameters: { type: "object", properties: { city: { type: "string" } } },
  },
  { name: "clock", parameters: { type: "object", properties: {} } },
];
const ask: IRMessage = { role: "user", content: "Weather in Oslo?" };

describe("Gemini's toolConfig for each tool choice", () => {
  const cases: Array<[IRToolChoice, Record<string, unknown>]> = [
    ["auto", { mode: "AUTO" }],
    ["none", { mode: "NONE" }],
    ["required", { mode: "ANY" }],
    [{ name: "clock" }, { mode: "ANY", allowedFunctionNames: ["clock"] }],
  ];
  for (const [choice, config] of cases) {
    it(`${JSON.stringify(choice)} is sent as ${JSON.stringify(config)}`, async () => {
      const { adapter, requests } = geminiWith(geminiRefusing());
      await adapter.execute({ messages: [ask], tools, toolChoice: choice });
      const body = requests[0].body as Record<string, unknown>;
      assert.deepEqual(body.toolConfig, { functionCallingConfig: config });
      // The choice never narrows the declarations (Gemini's allowed names do).
      const declared = (body.tools as Array<Record<string, unknown[]>>)[0]
        .functionDeclarations.map((d) => (d as { name: string }).name);
      assert.deepEqual(declared, ["weather", "clock"]);
    });
  }

  it("no choice sends no toolConfig (the API's default, AUTO)", async () => {
    const { adapter, requests } = geminiWith(geminiRefusing());
    await adapter.execute({ messages: [ask], tools });
    assert.equal(
      "toolConfig" in (requests[0].body as Record<string, unknown>),
      false,
    );
  });
});

const call = {
  type: "tool_use" as const,
  id: "call_1",
  name: "weather",
  input: { city: "Oslo" },
};

const ADAPTERS = {
  openai: (fetch: typeof globalThis.fetch) =>
    createOpenAIAdapter({ apiKey: "k", fetch }),
  anthropic: (fetch: typeof globalThis.fetch) =>
    createAnthropicAdapter({ apiKey: "k", fetch }),
  gemini: (fetch: typeof globalThis.fetch) =>
    createGeminiAdapter({ apiKey: "k", fetch }),
  ollama: (fetch: typeof globalThis.fetch) => createOllamaAdapter({ fetch }),
  cohere: (fetch: typeof globalThis.fetch) =>
    createCohereAdapter({ apiKey: "k", fetch }),
};

/** Asserts that `provider`'s adapter refuses `request` before any fetch. */
async function refusedUnsent(
  provider: keyof typeof ADAPTERS,
  request: IRChatRequest,
  message: RegExp,
): Promise<void> {
  const fake = fakeFetch(() => Response.json({}));
  const adapter = ADAPTERS[provider](fake.fetch);
  for (const attempt of ["execute", "executeStream"] as const) {
    const error = await rejection(
      attempt === "execute" ? adapter.execute(request) : (async () => {
        for await (const _ of adapter.executeStream(request)) {
          // The refusal comes before any chunk.
        }
      })(),
    );
    const label = `${provider} ${attempt}`;
    assert.ok(error instanceof AdapterError, `${label}: ${String(error)}`);
    assert.equal(error.code, "INVALID_REQUEST", label);
    assert.equal(error.provider, provider, label);
    assert.match(error.message, message, label);
  }
  assert.equal(fake.requests.length, 0, `${provider} sent the turn`);
}

describe("a tool call where the turn cannot hold one is refused before sending", () => {
  for (
    const provider of Object.keys(ADAPTERS) as Array<keyof typeof ADAPTERS>
  ) {
    it(`${provider}: a user message carrying a tool_use part, second in the turn`, async () => {
      await refusedUnsent(provider, {
        messages: [{
          role: "user",
          content: [{ type: "text", text: "Weather?" }, call],
        }],
      }, /a user message cannot carry a tool_use part/);
    });
  }

  // A tool turn takes only results, on every wire: those that merge it into
  // a user turn (Anthropic, Gemini) would otherwise send its text as the
  // user's own words.
  const extras: Array<[string, IRMessage["content"]]> = [
    ["text beside its result", [
      { type: "tool_result", toolUseId: "call_1", content: "12 C" },
      { type: "text", text: "and sunny" },
    ]],
    ["plain text content", "12 C and sunny"],
    ["an image beside its result", [
      { type: "tool_result", toolUseId: "call_1", content: "12 C" },
      {
        type: "image",
        source: {
          type: "base64",
          mediaType: "image/png",
          data: "iVBORw0KGgo=",
        },
      },
    ]],
  ];
  for (
    const provider of Object.keys(ADAPTERS) as Array<keyof typeof ADAPTERS>
  ) {
    for (const [what, content] of extras) {
      it(`${provider}: a tool message holding ${what}`, async () => {
        await refusedUnsent(provider, {
          messages: [
            ask,
            { role: "assistant", content: [call] },
            { role: "tool", content },
          ],
        }, /a tool message must hold only tool_result parts/);
      });
    }
  }
});

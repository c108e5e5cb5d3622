// OpenAI's `tool_choice: { type: "allowed_tools" }` on a translated call:
// the request offers only the allowed functions (in the order of `tools`)
// and the mode is the choice, so an Anthropic backend gets `any` for
// `required` and `auto` for `auto`, and the model can call exactly what
// OpenAI would let it call. Nothing is named dropped.
import assert from "node:assert/strict";
import { createGeminiAdapter } from "../../src/models/adapters/gemini.ts";
import { createCohereAdapter } from "../../src/models/adapters/cohere.ts";
import { createOllamaAdapter } from "../../src/models/adapters/ollama.ts";
import { NATIVE_NESTED } from "../../src/models/adapters/_native_fields.ts";
import type { BackendAdapter } from "../../src/models/types.ts";
import { fetchSignal } from "../_bounded.ts";
import {
  serveCohereWire,
  serveGeminiWire,
  serveOllamaWire,
} from "./_native_mocks.ts";
import { serveGateway } from "./_serve.ts";
import {
  anthropicBehindGateway,
  openAIBehindGateway,
} from "./_anthropic_upstream.ts";

type Json = Record<string, unknown>;

function fn(name: string) {
  return {
    type: "function",
    function: { name, parameters: { type: "object", properties: {} } },
  };
}
const TOOLS = [fn("weather"), fn("forecast"), fn("tides")];

function allowed(mode: string, names: string[]) {
  return {
    type: "allowed_tools",
    allowed_tools: {
      mode,
      tools: names.map((name) => ({ type: "function", function: { name } })),
    },
  };
}

async function chat(origin: string, extra: Json) {
  const response = await fetch(`${origin}/v1/chat/completions`, {
    signal: fetchSignal(),
    method: "POST",
    body: JSON.stringify({
      model: "up/real-model",
      messages: [{ role: "user", content: "Will it rain in Bergen?" }],
      tools: TOOLS,
      ...extra,
    }),
  });
  return {
    status: response.status,
    body: await response.json() as Json,
    dropped: response.headers.get("x-switchyard-dropped") ?? "",
  };
}

Deno.test("openai client → anthropic backend: allowed_tools narrows tools; required → any, auto → auto (with parallel_tool_calls: false kept)", async () => {
  const { upstream, gateway } = anthropicBehindGateway();
  try {
    const required = await chat(gateway.origin, {
      tool_choice: allowed("required", ["tides", "weather"]),
    });
    assert.equal(required.status, 200, JSON.stringify(required.body));
    let sent = upstream.calls.at(-1)!.body;
    assert.deepEqual(
      (sent.tools as Json[]).map((tool) => tool.name),
      ["weather", "tides"],
    );
    assert.deepEqual(sent.tool_choice, { type: "any" });
    assert.doesNotMatch(required.dropped, /tool_choice|allowed_tools/);

    const auto = await chat(gateway.origin, {
      tool_choice: allowed("auto", ["forecast"]),
      parallel_tool_calls: false,
    });
    assert.equal(auto.status, 200, JSON.stringify(auto.body));
    sent = upstream.calls.at(-1)!.body;
    assert.deepEqual(
      (sent.tools as Json[]).map((tool) => tool.name),
      ["forecast"],
    );
    assert.deepEqual(sent.tool_choice, {
      type: "auto",
      disable_parallel_tool_use: true,
    });
    assert.equal(upstream.calls.length, 2);
  } finally {
    await gateway.close();
    await upstream.close();
  }
});

Deno.test("allowed_tools: a mode other than auto or required is a 400 naming the field; nothing is sent", async () => {
  const { upstream, gateway } = anthropicBehindGateway();
  try {
    for (const mode of ["none", "REQUIRED"]) {
      const refused = await chat(gateway.origin, {
        tool_choice: allowed(mode, ["weather"]),
      });
      assert.equal(refused.status, 400, mode);
      const error = refused.body.error as Json;
      assert.equal(error.param, "tool_choice.allowed_tools");
    }
    assert.equal(upstream.calls.length, 0);
  } finally {
    await gateway.close();
    await upstream.close();
  }
});

Deno.test("openai client → openai backend, body rebuilt (passthrough: false): allowed_tools is sent as the narrowed tools and required", async () => {
  const { upstream, gateway } = openAIBehindGateway({ passthrough: false });
  try {
    const answer = await chat(gateway.origin, {
      tool_choice: allowed("required", ["forecast", "tides"]),
    });
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    const sent = upstream.calls[0].body;
    assert.deepEqual(
      (sent.tools as { function: Json }[]).map((tool) => tool.function.name),
      ["forecast", "tides"],
    );
    assert.equal(sent.tool_choice, "required");
  } finally {
    await gateway.close();
    await upstream.close();
  }
});

/** Each native API: its upstream, adapter, and what it was sent. */
const NATIVE = [
  {
    target: "gemini",
    serve: serveGeminiWire,
    adapter: (origin: string) =>
      createGeminiAdapter({
        name: "up",
        apiKey: "k",
        baseURL: `${origin}/v1beta`,
      }),
    names: (body: Json) =>
      (body.tools as { functionDeclarations: Json[] }[])[0]
        .functionDeclarations.map((d) => d.name),
    mode: (body: Json) =>
      ((body.toolConfig as Json).functionCallingConfig as Json).mode,
    modes: { required: "ANY", auto: "AUTO" },
  },
  {
    target: "cohere",
    serve: serveCohereWire,
    adapter: (origin: string) =>
      createCohereAdapter({ name: "up", apiKey: "k", baseURL: origin }),
    names: (body: Json) =>
      (body.tools as { function: Json }[]).map((t) => t.function.name),
    mode: (body: Json) => body.tool_choice,
    modes: { required: "REQUIRED", auto: undefined },
  },
  {
    target: "ollama",
    serve: serveOllamaWire,
    adapter: (origin: string) =>
      createOllamaAdapter({ name: "up", baseURL: origin }),
    names: (body: Json) =>
      (body.tools as { function: Json }[]).map((t) => t.function.name),
    mode: (body: Json) => body.tool_choice,
    modes: { required: undefined, auto: undefined },
  },
] as const;

for (const native of NATIVE) {
  Deno.test(`openai client → ${native.target} backend: allowed_tools is emulated as its table row says (narrowed tools, the mode), nothing named dropped`, async () => {
    const row = NATIVE_NESTED.find((r) =>
      r.field === "tool_choice.allowed_tools"
    );
    assert.equal(row?.[native.target][0], "emulated", "the table's row");
    const upstream = native.serve();
    const gateway = serveGateway({
      backends: [["up", native.adapter(upstream.origin) as BackendAdapter]],
    });
    try {
      for (const mode of ["required", "auto"] as const) {
        const answer = await chat(gateway.origin, {
          model: "up/real-model",
          tool_choice: allowed(mode, ["tides", "weather"]),
        });
        assert.equal(answer.status, 200, JSON.stringify(answer.body));
        assert.equal(answer.dropped, "", mode);
        const sent = upstream.calls.at(-1)!.body;
        // In the order of `tools`, not of the allowed list.
        assert.deepEqual(native.names(sent), ["weather", "tides"], mode);
        assert.equal(native.mode(sent), native.modes[mode], mode);
      }
    } finally {
      await gateway.close();
      await upstream.close();
    }
  });
}

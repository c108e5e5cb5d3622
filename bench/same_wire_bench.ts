// Same wire against translated, per non-streamed chat call, in process: an
// OpenAI client's request to an OpenAI-compatible adapter and an Anthropic
// client's to the Anthropic adapter, each adapter on an in-process fetch
// that answers fixed bytes. "same wire" sends the client's body as it is
// and relays the answer (the default); "translated" is the same gateway
// with `passthrough: false`, which reads the request into the IR, writes it
// in the backend's wire through the translation table, and writes the
// answer back; "mixed fleet" holds a backend of the other wire too (never
// called), so the call goes through the IR with the client's body beside
// it and the answer is the upstream's JSON kept beside the IR. The ratios
// are what the relay saves; the absolute figures depend on the machine.
//
// Run: deno bench -A --lock=deno.lock --frozen-lockfile bench/same_wire_bench.ts
import { createGateway } from "../src/gateway/mod.ts";
import { createOpenAIAdapter } from "../src/models/adapters/openai.ts";
import { createAnthropicAdapter } from "../src/models/adapters/anthropic.ts";

const OPENAI_ANSWER = JSON.stringify({
  id: "chatcmpl-1",
  object: "chat.completion",
  created: 1,
  model: "gpt-x",
  choices: [{
    index: 0,
    message: { role: "assistant", content: "Hello! How can I help?" },
    finish_reason: "stop",
  }],
  usage: { prompt_tokens: 12, completion_tokens: 7, total_tokens: 19 },
});
const ANTHROPIC_ANSWER = JSON.stringify({
  id: "msg_1",
  type: "message",
  role: "assistant",
  model: "claude-x",
  content: [{ type: "text", text: "Hello! How can I help?" }],
  stop_reason: "end_turn",
  stop_sequence: null,
  usage: { input_tokens: 12, output_tokens: 7 },
});

function answering(text: string) {
  return async (_input: unknown, init?: RequestInit) => {
    await Promise.resolve(init?.body);
    return new Response(text, {
      headers: {
        "content-type": "application/json",
        "content-length": String(text.length),
      },
    });
  };
}

function gateways(wire: "openai" | "anthropic") {
  const adapter = () =>
    wire === "openai"
      ? createOpenAIAdapter({
        apiKey: "k",
        baseURL: "http://up.test/v1",
        defaultModel: "gpt-x",
        fetch: answering(OPENAI_ANSWER),
      })
      : createAnthropicAdapter({
        apiKey: "k",
        baseURL: "http://up.test",
        defaultModel: "claude-x",
        fetch: answering(ANTHROPIC_ANSWER),
      });
  // A backend of the other wire, second in fallback order: never called,
  // but the call goes through the IR with the client's body beside it.
  const other = wire === "openai"
    ? createAnthropicAdapter({ apiKey: "k", baseURL: "http://other.test" })
    : createOpenAIAdapter({ apiKey: "k", baseURL: "http://other.test/v1" });
  return {
    same: createGateway({ backends: [["up", adapter()]] }),
    mixed: createGateway({ backends: [["up", adapter()], ["other", other]] }),
    translated: createGateway({
      backends: [["up", adapter()]],
      passthrough: false,
    }),
  };
}

const OPENAI_BODY = JSON.stringify({
  model: "up",
  messages: [
    { role: "system", content: "You are brief." },
    { role: "user", content: "Hello there, what can you do?" },
  ],
  temperature: 0.2,
  max_tokens: 64,
});
const ANTHROPIC_BODY = JSON.stringify({
  model: "up",
  max_tokens: 64,
  system: "You are brief.",
  messages: [{ role: "user", content: "Hello there, what can you do?" }],
  temperature: 0.2,
});

for (const wire of ["openai", "anthropic"] as const) {
  const { same, mixed, translated } = gateways(wire);
  const path = wire === "openai" ? "/v1/chat/completions" : "/v1/messages";
  const body = wire === "openai" ? OPENAI_BODY : ANTHROPIC_BODY;
  const call = async (gateway: typeof same) => {
    const response = await gateway(
      new Request(`http://gateway.test${path}`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          "content-length": String(body.length),
        },
        body,
      }),
    );
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`${wire}: ${response.status}`);
  };
  Deno.bench({
    name: `${wire}: same wire (body relayed)`,
    group: wire,
    baseline: true,
    fn: () => call(same),
  });
  Deno.bench({
    name: `${wire}: mixed fleet (body beside the IR, answer kept)`,
    group: wire,
    fn: () => call(mixed),
  });
  Deno.bench({
    name: `${wire}: translated (passthrough: false)`,
    group: wire,
    fn: () => call(translated),
  });
}

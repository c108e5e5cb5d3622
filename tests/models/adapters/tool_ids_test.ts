// Providers whose tool calls carry no id (Gemini, Ollama): the ids the
// adapters make up, and the function name each tool result is sent under.
// One suite, run against both adapters.
import { describe, it } from "../../_harness.ts";
import assert from "node:assert/strict";
import type {
  BackendAdapter,
  IRMessage,
  IRToolUsePart,
} from "../../../src/models/adapters/openai.ts";
import { createGeminiAdapter } from "../../../src/models/adapters/gemini.ts";
import { createOllamaAdapter } from "../../../src/models/adapters/ollama.ts";
import { type Answer, collect, fakeFetch, streamResponse } from "./_fake.ts";

/** One provider whose tool calls come without ids. */
interface NamelessCalls {
  name: string;
  /** The adapter on a fake fetch answering with `answer`. */
  adapterWith(answer: Answer): {
    adapter: BackendAdapter;
    bodies: () => unknown[];
  };
  /** The provider's answer calling `names` (no ids), whole or as a stream. */
  answer(names: readonly string[], stream: boolean): Response;
  /** The function names a request body gives its tool results, in order. */
  resultNames(body: unknown): unknown[];
}

type Json = Record<string, unknown>;

function wired(
  create: (fetch: ReturnType<typeof fakeFetch>["fetch"]) => BackendAdapter,
  answer: Answer,
): { adapter: BackendAdapter; bodies: () => unknown[] } {
  const fake = fakeFetch(answer);
  return {
    adapter: create(fake.fetch),
    bodies: () => fake.requests.map((seen) => seen.body),
  };
}

const gemini: NamelessCalls = {
  name: "Gemini",
  adapterWith: (answer) =>
    wired((fetch) => createGeminiAdapter({ apiKey: "k", fetch }), answer),
  answer(names, stream) {
    const json = {
      candidates: [{
        content: {
          role: "model",
          parts: names.map((name) => ({ functionCall: { name, args: {} } })),
        },
        finishReason: "STOP",
      }],
    };
    return stream
      ? streamResponse(`data: ${JSON.stringify(json)}\r\n\r\n`)
      : Response.json(json);
  },
  resultNames: (body) =>
    ((body as Json).contents as { parts: Json[] }[])
      .flatMap((content) => content.parts)
      .filter((part) => part.functionResponse !== undefined)
      .map((part) => (part.functionResponse as Json).name),
};

const ollama: NamelessCalls = {
  name: "Ollama",
  adapterWith: (answer) =>
    wired((fetch) => createOllamaAdapter({ fetch }), answer),
  answer(names, stream) {
    const json = {
      model: "llama3.2",
      message: {
        role: "assistant",
        content: "",
        tool_calls: names.map((name) => ({
          function: { name, arguments: {} },
        })),
      },
      done: true,
      done_reason: "stop",
    };
    return stream
      ? streamResponse(`${JSON.stringify(json)}\n`, "application/x-ndjson")
      : Response.json(json);
  },
  resultNames: (body) =>
    ((body as Json).messages as Json[])
      .filter((message) => message.role === "tool")
      .map((message) => message.tool_name),
};

const ID = /^call_([0-9a-f]{12})_(\d+)$/;

function toolUses(message: IRMessage | undefined): IRToolUsePart[] {
  assert.ok(message !== undefined && typeof message.content !== "string");
  return message.content.filter((part) => part.type === "tool_use");
}

for (const spec of [gemini, ollama]) {
  describe(`${spec.name} adapter: tool call ids and tool result names`, () => {
    it("a multi-turn tool conversation sends each result under its own call's name", async () => {
      // Used to number every response's calls from call_0 and look names up
      // over the whole conversation: both results went out as get_time.
      const turns = [["get_weather"], ["get_time"], []];
      const { adapter, bodies } = spec.adapterWith((_, index) =>
        spec.answer(turns[index], false)
      );
      const messages: IRMessage[] = [{
        role: "user",
        content: "weather, time?",
      }];
      for (const result of ["12C", "10:00"]) {
        const response = await adapter.execute({ messages });
        messages.push(response.message, {
          role: "tool",
          content: [{
            type: "tool_result",
            toolUseId: toolUses(response.message)[0].id,
            content: result,
          }],
        });
      }
      await adapter.execute({ messages });
      assert.deepEqual(spec.resultNames(bodies()[2]), [
        "get_weather",
        "get_time",
      ]);
      const ids = [messages[1], messages[3]].map((m) => toolUses(m)[0].id);
      assert.notEqual(ids[0], ids[1]);
    });

    it("a result takes the name of the nearest earlier call with its id, when ids repeat", async () => {
      const { adapter, bodies } = spec.adapterWith(() =>
        spec.answer([], false)
      );
      const call = (name: string): IRMessage => ({
        role: "assistant",
        content: [{ type: "tool_use", id: "call_0", name, input: {} }],
      });
      const result = (content: string): IRMessage => ({
        role: "tool",
        content: [{ type: "tool_result", toolUseId: "call_0", content }],
      });
      await adapter.execute({
        messages: [
          { role: "user", content: "weather, time?" },
          call("get_weather"),
          result("12C"),
          call("get_time"),
          result("10:00"),
        ],
      });
      assert.deepEqual(spec.resultNames(bodies()[0]), [
        "get_weather",
        "get_time",
      ]);
    });

    it("ids are call_<random>_<n>: n counts within a response, the random part differs per response", async () => {
      const { adapter } = spec.adapterWith((_, index) =>
        spec.answer(["a", "b"], index === 1)
      );
      const whole = toolUses(
        (await adapter.execute({ messages: [{ role: "user", content: "x" }] }))
          .message,
      );
      const chunks = await collect(
        adapter.executeStream({ messages: [{ role: "user", content: "x" }] }),
      );
      const done = chunks.at(-1);
      assert.ok(done?.type === "done");
      const streamed = toolUses(done.message);
      const announced = chunks.flatMap((chunk) =>
        chunk.type === "tool_use" ? [chunk.id] : []
      );
      assert.deepEqual(announced, streamed.map((use) => use.id));
      const parsed = [...whole, ...streamed].map((use) => ID.exec(use.id));
      assert.ok(parsed.every((match) => match !== null), "id format");
      const [w0, w1, s0, s1] = parsed as RegExpExecArray[];
      assert.deepEqual([w0[2], w1[2], s0[2], s1[2]], ["0", "1", "0", "1"]);
      assert.equal(w0[1], w1[1]);
      assert.equal(s0[1], s1[1]);
      assert.notEqual(w0[1], s0[1]);
    });
  });
}

// Cohere streams written other ways than the recorded sample, found by an
// exploratory mutation run on cohere.ts (seed 7302, not a measure): the same
// events with the type named only in each event's JSON (no `event:` lines,
// as a proxy that rewrites the stream may send) or only in the `event:` line
// (no `type` in the JSON) read as the sample does; and an error event inside
// the stream ends it with Cohere's own words, or a fallback when it has
// none, after the text before it. Portable: the harness only.
import { describe, it } from "../../_harness.ts";
import assert from "node:assert/strict";
import { createCohereAdapter } from "../../../src/models/adapters/cohere.ts";
import {
  adapterFactory,
  collect,
  fixture,
  streamResponse,
  textOf,
} from "./_fake.ts";

const cohereWith = adapterFactory(createCohereAdapter, { apiKey: "k" });
const ask = { messages: [{ role: "user" as const, content: "Hi" }] };

/** The recorded stream's events, each as its name and its JSON. */
function recordedEvents(): Array<[string, Record<string, unknown>]> {
  return fixture("cohere/stream_text.sse").split("\n\n")
    .filter((block) => block.trim() !== "")
    .map((block) => {
      const lines = block.split("\n");
      const name = lines.find((line) => line.startsWith("event: "))!;
      const data = lines.find((line) => line.startsWith("data: "))!;
      return [name.slice(7), JSON.parse(data.slice(6))];
    });
}

async function read(stream: string) {
  const { adapter } = cohereWith(() => streamResponse(stream));
  return await collect(adapter.executeStream(ask));
}

describe("a Cohere stream whatever names its events", () => {
  const ways: Record<string, string> = {
    "both, as Cohere writes them": fixture("cohere/stream_text.sse"),
    "the JSON's type only": recordedEvents().map(([, json]) =>
      `data: ${JSON.stringify(json)}\n\n`
    ).join(""),
    "the event line only": recordedEvents().map(([name, json]) => {
      const { type: _type, ...rest } = json;
      return `event: ${name}\ndata: ${JSON.stringify(rest)}\n\n`;
    }).join(""),
  };
  for (const [way, stream] of Object.entries(ways)) {
    it(`reads the same answer when the type is named by ${way}`, async () => {
      const chunks = await read(stream);
      assert.equal(textOf(chunks), "Hello there!");
      const done = chunks.at(-1);
      assert.ok(done?.type === "done", JSON.stringify(chunks));
      assert.equal(done.finishReason, "stop");
      assert.equal(done.metadata?.providerFinishReason, "COMPLETE");
      assert.equal(done.usage?.totalTokens, 8);
    });
  }
});

describe("an error event inside a Cohere stream", () => {
  const start = recordedEvents().slice(0, 3).map(([name, json]) =>
    `event: ${name}\ndata: ${JSON.stringify(json)}\n\n`
  ).join("");

  for (
    const [label, event, words] of [
      [
        "with a message",
        { type: "error", message: "internal server error, please retry" },
        /^cohere: internal server error, please retry$/,
      ],
      ["without one", { type: "error" }, /^cohere: error event in stream$/],
    ] as const
  ) {
    it(`${label} ends the stream as PROVIDER_ERROR after the text before it`, async () => {
      const chunks = await read(
        `${start}event: error\ndata: ${JSON.stringify(event)}\n\n`,
      );
      assert.equal(textOf(chunks), "Hello");
      const last = chunks.at(-1);
      assert.ok(last?.type === "error", JSON.stringify(chunks));
      assert.equal(last.error.code, "PROVIDER_ERROR");
      assert.equal(last.error.provider, "cohere");
      assert.match(last.error.message, words);
      assert.equal(chunks.some((chunk) => chunk.type === "done"), false);
    });
  }
});

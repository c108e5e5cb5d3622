// A streamed Responses answer's events about one content part all carry
// that part's `content_index`, the part's place in the finished message's
// `content` (0 for the first): `response.content_part.added`, each
// `response.output_text.delta`, `response.output_text.done` and
// `response.content_part.done`. A client that files deltas under the index
// the `added` event announced (as an SDK accumulating the stream does)
// otherwise writes them to a part that does not exist.
import { describe, it } from "../_harness.ts";
import assert from "node:assert/strict";
import { createEchoAdapter } from "../../src/models/testing.ts";
import { jsonPost, withGateway } from "./_in_process.ts";

type Event = Record<string, unknown> & { type: string };

describe("a streamed Responses answer's content part events", () => {
  it("carry the part's index in the finished message, from the added event on", async () => {
    const events = await withGateway(
      { backends: [["echo", createEchoAdapter()]], passthrough: false },
      async (gateway) => {
        const response = await gateway(
          jsonPost("/v1/responses", {
            model: "echo",
            input: "hello there",
            stream: true,
          }),
        );
        assert.equal(response.status, 200);
        return (await response.text()).split("\n")
          .filter((line) => line.startsWith("data: "))
          .map((line) => JSON.parse(line.slice(6)) as Event);
      },
    );
    const partEvents = events.filter((e) => "content_index" in e);
    assert.deepEqual(
      [...new Set(partEvents.map((e) => e.type))],
      [
        "response.content_part.added",
        "response.output_text.delta",
        "response.output_text.done",
        "response.content_part.done",
      ],
    );
    assert.deepEqual(
      [...new Set(partEvents.map((e) => e.content_index))],
      [0],
      JSON.stringify(partEvents.map((e) => [e.type, e.content_index])),
    );
    const done = events.at(-1)!;
    assert.equal(done.type, "response.completed");
    const output = (done.response as { output: { content: unknown[] }[] })
      .output;
    const outputIndex = partEvents[0].output_index as number;
    const text = partEvents.find((e) => e.type === "response.output_text.done")!
      .text;
    assert.deepEqual(output[outputIndex].content[0], {
      type: "output_text",
      text,
      annotations: [],
    });
  });
});

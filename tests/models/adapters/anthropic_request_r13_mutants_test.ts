// The Anthropic request writer (`_anthropic_request.ts`, the adapter file
// with the fewest hand-list bugs per candidate) at what bugs planted by hand
// there showed unguarded, against a fake Messages API that refuses any key
// its reference does not define (`_anthropic_upstream.ts`). No Deno API:
// the harness only.
import { describe, it } from "../../_harness.ts";
import assert from "node:assert/strict";
import type { IRChatRequest } from "../../../src/models/types.ts";
import { collect, streamResponse } from "./_fake.ts";
import { anthropicRefusing, anthropicWith } from "./_anthropic_upstream.ts";
import { anthropicTextStream } from "./_anthropic_stream.ts";

const hi = [{ role: "user" as const, content: "Hi" }];

describe("toward Anthropic: parameters the API has no field for", () => {
  // Each is named dropped once, by its wire name, and never sent (the fake
  // refuses the body otherwise). `logprobs` and `top_logprobs` were named
  // twice, once by the adapter's own list and once by the wire table.
  const cases: Array<[Record<string, unknown>, string]> = [
    [{ frequencyPenalty: 0.5 }, "frequency_penalty"],
    [{ presencePenalty: -0.5 }, "presence_penalty"],
    [{ seed: 7 }, "seed"],
    [{ logprobs: true }, "logprobs"],
    [{ top_logprobs: 3 }, "top_logprobs"],
  ];
  for (const [parameters, name] of cases) {
    it(`${name}: named dropped once, whole and streamed, and not sent`, async () => {
      const whole = anthropicWith(anthropicRefusing());
      const answer = await whole.adapter.execute({ messages: hi, parameters });
      assert.deepEqual(answer.metadata.dropped, [name]);
      const streamed = anthropicWith(
        anthropicRefusing(() =>
          streamResponse(anthropicTextStream({ text: "ok" }))
        ),
      );
      const chunks = await collect(
        streamed.adapter.executeStream({ messages: hi, parameters }),
      );
      const start = chunks[0];
      assert.equal(start.type, "start");
      assert.deepEqual(
        start.type === "start" ? start.metadata?.dropped : undefined,
        [name],
      );
      assert.equal(chunks.at(-1)?.type, "done");
    });
  }

  it("all at once: each named once, the adapter's own list first", async () => {
    const { adapter } = anthropicWith(anthropicRefusing());
    const request: IRChatRequest = {
      messages: [...hi, { role: "user", content: "again", name: "bob" }],
      parameters: {
        seed: 1,
        frequencyPenalty: 0.1,
        presencePenalty: 0.2,
        logprobs: true,
        top_logprobs: 2,
      },
    };
    const answer = await adapter.execute(request);
    assert.deepEqual(answer.metadata.dropped, [
      "frequency_penalty",
      "presence_penalty",
      "seed",
      "messages[].name",
      "logprobs",
      "top_logprobs",
    ]);
  });
});

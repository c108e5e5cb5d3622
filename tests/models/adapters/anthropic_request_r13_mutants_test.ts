// The Anthropic request writer (`_anthropic_request.ts`, the adapter file
// with the fewest hand-list bugs per candidate) at what bugs planted by hand
// there showed unguarded, against a fake Messages API that refuses any key
// its reference does not define (`_anthropic_upstream.ts`). No Deno API:
// the harness only.
import { describe, it } from "../../_harness.ts";
import assert from "node:assert/strict";
import type { IRChatRequest } from "../../../src/models/types.ts";
import { AdapterError, ErrorCode } from "../../../src/models/errors.ts";
import { collect, rejection, streamResponse } from "./_fake.ts";
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

describe("toward Anthropic: a failed tool's result", () => {
  it("a result marked as an error is sent with is_error: true; any other with no is_error", async () => {
    const { adapter, requests } = anthropicWith(anthropicRefusing());
    const call = (id: string) => ({
      type: "tool_use" as const,
      id,
      name: "lookup",
      input: { q: "x" },
    });
    await adapter.execute({
      messages: [
        { role: "user", content: "Look both up" },
        { role: "assistant", content: [call("t1"), call("t2"), call("t3")] },
        {
          role: "tool",
          content: [
            {
              type: "tool_result",
              toolUseId: "t1",
              content: "boom",
              isError: true,
            },
            {
              type: "tool_result",
              toolUseId: "t2",
              content: "ok",
              isError: false,
            },
            { type: "tool_result", toolUseId: "t3", content: "ok" },
          ],
        },
      ],
    });
    const messages =
      (requests[0].body as { messages: Array<{ content: unknown }> })
        .messages;
    const results = messages[2].content as Array<Record<string, unknown>>;
    assert.deepEqual(
      results.map((block) => [block.tool_use_id, block.is_error]),
      [
        ["t1", true],
        ["t2", undefined],
        ["t3", undefined],
      ],
    );
    assert.equal("is_error" in results[1] || "is_error" in results[2], false);
  });
});

describe("toward Anthropic: a conversation with nothing to send", () => {
  // A system prompt alone, or turns whose text is all blank (which the API
  // refuses in a text block, so they are left out), leave no message: the
  // API's 400 comes back as a typed error, whole and streamed, and the
  // writer does not fail on the missing last turn first.
  const requests: Array<[string, IRChatRequest]> = [
    ["a system prompt alone", {
      messages: [{ role: "system", content: "Be brief." }],
    }],
    ["blank turns", {
      messages: [
        { role: "user", content: "  " },
        { role: "assistant", content: [{ type: "text", text: "\n" }] },
      ],
    }],
  ];
  for (const [label, request] of requests) {
    it(`${label}: the API's refusal, as INVALID_REQUEST`, async () => {
      const { adapter } = anthropicWith(anthropicRefusing());
      const error = await rejection(adapter.execute(request));
      assert.ok(error instanceof AdapterError, String(error));
      assert.equal(error.code, ErrorCode.INVALID_REQUEST);
      assert.match(error.message, /at least one message/);
      const chunks = await collect(adapter.executeStream(request)).catch((
        thrown: unknown,
      ) => thrown);
      assert.ok(chunks instanceof AdapterError, String(chunks));
      assert.equal(chunks.code, ErrorCode.INVALID_REQUEST);
    });
  }
});

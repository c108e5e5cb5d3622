// Response-cache paths that no test reached (round 23: a coverage run of
// the gateway's tests listed them; a mutant drawn on one of them could only
// survive). Each is a promise of the cache a client relies on: a broken
// entry is a miss, never a failed request; a hit replays the whole answer
// or is no hit.
import { describe, it } from "../_harness.ts";
import assert from "node:assert/strict";
import { createGateway } from "../../src/gateway/mod.ts";
import { createMockAdapter } from "../../src/models/testing.ts";
import {
  assertStreamNotStored,
  sameQuestion as chat,
  withCachedMock as withCache,
} from "./_cached_mock.ts";
import { dataEvents } from "./_in_process.ts";

describe("a stored entry that cannot be read", () => {
  for (
    const [what, stored] of [
      ["not JSON", "{not json"],
      ["no message", JSON.stringify({ v: 1, storedAt: 1, response: {} })],
      [
        "a message that is no object",
        JSON.stringify({ v: 1, storedAt: 1, response: { message: "hi" } }),
      ],
    ]
  ) {
    it(`(${what}) is a miss the backend answers, plain and streamed`, async () => {
      const backend = createMockAdapter({
        responses: {
          message: { role: "assistant", content: "fresh" },
          finishReason: "stop",
          metadata: {},
        },
      });
      const written: string[] = [];
      const gateway = createGateway({
        backends: [["mock", backend]],
        cache: {
          cache: {
            get: () => Promise.resolve(stored),
            set: (_key, value) => {
              written.push(value);
              return Promise.resolve();
            },
          },
        },
      });
      try {
        const plain = await gateway(chat(false));
        assert.equal(plain.status, 200);
        assert.equal(plain.headers.get("x-switchyard-cache"), "miss");
        const body = await plain.json();
        assert.equal(body.choices[0].message.content, "fresh");
        const streamed = await gateway(chat(true));
        assert.equal(streamed.headers.get("x-switchyard-cache"), "miss");
        assert.match(await streamed.text(), /fresh/);
        assert.equal(backend.calls.length, 2);
        // The unreadable entry is written over with the fresh answer.
        assert.ok(
          written.length >= 1 && written.every((v) => v.includes("fresh")),
        );
      } finally {
        gateway.dispose();
      }
    });
  }
});

describe("a stored answer a stream cannot replay whole", () => {
  it("with log probabilities: its plain form is a hit, a stream of it a miss", async () => {
    await withCache({
      responses: {
        message: { role: "assistant", content: "hi" },
        finishReason: "stop",
        metadata: {},
        logprobs: {
          content: [{ token: "hi", logprob: -0.1, topLogprobs: [] }],
        },
      },
    }, async (gateway, backend) => {
      await (await gateway(chat(false))).text();
      const plain = await gateway(chat(false));
      await plain.text();
      assert.equal(plain.headers.get("x-switchyard-cache"), "hit");
      assert.equal(backend.calls.length, 1);
      const streamed = await gateway(chat(true));
      await streamed.text();
      assert.notEqual(streamed.headers.get("x-switchyard-cache"), "hit");
      assert.equal(backend.calls.length, 2);
    });
  });
});

describe("a stored refusal replayed as a stream", () => {
  it("sends the refusal in its own delta, as the backend's answer had it", async () => {
    await withCache({
      responses: {
        message: { role: "assistant", content: "", refusal: "I can't help." },
        finishReason: "stop",
        metadata: {},
      },
    }, async (gateway, backend) => {
      await (await gateway(chat(false))).text();
      const hit = await gateway(chat(true));
      assert.equal(hit.headers.get("x-switchyard-cache"), "hit");
      const refusal = dataEvents(await hit.text())
        .map((event) =>
          (event.choices as { delta?: { refusal?: string } }[] | undefined)?.[0]
            ?.delta?.refusal
        )
        .filter((part) => part !== undefined).join("");
      assert.equal(refusal, "I can't help.");
      assert.equal(backend.calls.length, 1);
    });
  });
});

describe("a streamed miss whose tool arguments are not JSON", () => {
  it("is not stored: the next request is a miss again", async () => {
    await withCache({
      chunks: [
        { type: "start", sequence: 0, metadata: {} },
        {
          type: "tool_use",
          sequence: 1,
          id: "call_1",
          name: "lookup",
          inputDelta: '{"q": ',
        },
        { type: "done", sequence: 2, finishReason: "tool_calls" },
      ],
    }, async (gateway, backend) => {
      await assertStreamNotStored(gateway, backend);
    });
  });
});

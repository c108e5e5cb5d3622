// A streamed answer that carried any part of a reasoning block is not kept
// by the response cache: a hit replays text, usage and the finish only, so a
// stored answer would come back without the block, and an Anthropic client
// sending the conversation on would lose the signature or the redacted
// reasoning its next turn must return. Each part is checked on its own, as
// an API sends it: a signature closes a thinking block in its own event,
// and redacted reasoning comes alone.
import { describe, it } from "../_harness.ts";
import assert from "node:assert/strict";
import type { IRStreamChunk } from "../../src/models/mod.ts";
import { assertStreamNotStored, withCachedMock } from "./_cached_mock.ts";

const PARTS: Array<[string, Partial<IRStreamChunk>]> = [
  ["a signature alone", { signature: "EqQBCkgIARABGAIiQL" }],
  ["redacted reasoning alone", { redactedThinking: "EmwKAhgBEgy3va3p" }],
];

describe("a streamed answer with one part of a reasoning block", () => {
  // Bug (`cache/_answer.ts`, `chunk.signature !== undefined ||` → `&&`):
  // a chunk with a signature and no redacted reasoning, or redacted
  // reasoning and no signature, was kept, and its hit came back without it.
  for (const [name, part] of PARTS) {
    it(`${name}: not stored, so the second request reaches the backend`, async () => {
      await withCachedMock({
        chunks: [
          { type: "start", sequence: 0, metadata: {} },
          { type: "content", sequence: 1, delta: "", ...part } as IRStreamChunk,
          { type: "content", sequence: 2, delta: "hi" },
          { type: "done", sequence: 3, finishReason: "stop" },
        ],
      }, async (gateway, backend) => {
        for (const body of await assertStreamNotStored(gateway, backend)) {
          assert.match(body, /"content":"hi"/);
        }
      });
    });
  }
});

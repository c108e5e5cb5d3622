// The two public stream encoders after `error()` (the failure event of a
// stream already started): `finished` is true and nothing follows, as their
// docs promise, so a program that writes its own stream with them cannot
// send a chunk, a finish or a `[DONE]` after the error event.
import { describe, it } from "../_harness.ts";
import assert from "node:assert/strict";
import {
  ChunkEncoder,
  MessageStreamEncoder,
  resolveError,
} from "../../src/gateway/mod.ts";
import { AdapterError } from "../../src/models/mod.ts";

const FAILURE = resolveError(
  new AdapterError({ code: "PROVIDER_ERROR", message: "overloaded" }),
);

const ENCODERS = [
  {
    wire: "Chat Completions (ChunkEncoder)",
    make: () => new ChunkEncoder({ id: "c", created: 0, model: "m" }, true),
    error: /^data: \{"error":/,
  },
  {
    wire: "Messages (MessageStreamEncoder)",
    make: () => new MessageStreamEncoder({ id: "msg_1", model: "m" }),
    error: /^event: error\ndata: /,
  },
];

describe("a stream encoder after error()", () => {
  for (const { wire, make, error } of ENCODERS) {
    // Bug (`openai_response.ts`, `error()`'s `this.#finished = true` →
    // `false`): the encoder still wrote the chunks, the finish and the
    // `[DONE]` that came after the error event.
    it(`is finished and writes nothing more: ${wire}`, () => {
      const encoder = make();
      assert.notEqual(
        encoder.encode({ type: "start", sequence: 0, metadata: {} }) +
          encoder.encode({ type: "content", sequence: 1, delta: "Hi" }),
        "",
      );
      assert.equal(encoder.finished, false);
      assert.match(encoder.error(FAILURE), error);
      assert.equal(encoder.finished, true);
      assert.equal(
        encoder.encode({ type: "content", sequence: 2, delta: " more" }),
        "",
      );
      assert.equal(
        encoder.encode({ type: "done", sequence: 3, finishReason: "stop" }),
        "",
      );
    });
  }
});

// A client's extra field whose name holds a dot is one name: it reaches the
// provider as written, and is never read as a path to another field. A
// random-key property test of the gateway found `"n."` sent to an
// Anthropic backend as `n` (refused there: "only n: 1"), so a request the
// client never asked `n` of was answered 400.
import { describe, it } from "../../_harness.ts";
import assert from "node:assert/strict";
import { applyParameters } from "../../../src/models/adapters/_parameters.ts";

describe("parameter table: passed-through keys", () => {
  it("sends a key holding dots as that one key, at the top level", () => {
    const body = applyParameters(
      { temperature: 0.5, "n.": {}, "a.b": 1, ".x": true, "y.": "z" },
      { names: { temperature: "temperature" } },
    );
    assert.deepEqual(body, {
      temperature: 0.5,
      "n.": {},
      "a.b": 1,
      ".x": true,
      "y.": "z",
    });
  });

  it("puts a key holding dots under the table's rest path as one key", () => {
    const body = applyParameters(
      { temperature: 0.5, "n.": 2, options: { "num.x": 3 } },
      {
        names: { temperature: "options.temperature" },
        rest: "options",
        spread: "options",
      },
    );
    assert.deepEqual(body, {
      options: { temperature: 0.5, "n.": 2, "num.x": 3 },
    });
  });

  it("still reads the table's own dotted paths as paths", () => {
    const body = applyParameters(
      { top_k: 4, seed: 7 },
      { names: { top_k: "options.top_k", seed: "options.seed" } },
    );
    assert.deepEqual(body, { options: { top_k: 4, seed: 7 } });
  });
});

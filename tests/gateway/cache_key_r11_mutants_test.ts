// The cache key keeps a JSON array apart from an object whose names are its
// indexes (an extension field may be either: `{"0": …}` is no list), so
// one answer never serves the other.
import { describe, it } from "../_harness.ts";
import assert from "node:assert/strict";
import { cacheKey } from "../../src/gateway/cache/_key.ts";

describe("the cache key of an array", () => {
  // Bug (`cache/_key.ts`, the array branch's `return` dropped): an array was
  // written as an object of its indexes, so `["a","b"]` and
  // `{"0":"a","1":"b"}` shared one key.
  it("differs from an object keyed by its indexes", async () => {
    const body = { messages: [{ role: "user", content: "hi" }] };
    const list = await cacheKey("openai", "m", {
      ...body,
      x_extension: ["a", "b"],
    });
    const object = await cacheKey("openai", "m", {
      ...body,
      x_extension: { "0": "a", "1": "b" },
    });
    assert.notEqual(list, object);
  });
});

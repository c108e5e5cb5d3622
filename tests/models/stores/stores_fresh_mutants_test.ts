// The store behaviours a fresh mutation draw of the models-stores area found
// untested: what a store makes of a counters delta that is not a number (the
// memory store once kept a NaN for the life of the key, where Redis refuses
// the increment), …
import { describe, it } from "../../_harness.ts";
import assert from "node:assert/strict";
import { createMemoryStore, ErrorCode } from "../../../src/models/mod.ts";
import { createRedisStore } from "../../../src/models/stores/redis.ts";

const invalid = (error: unknown) =>
  (error as { code?: string }).code === ErrorCode.INVALID_REQUEST &&
  /finite number/.test((error as Error).message);

describe("a counters delta that is not a finite number", () => {
  it("is refused by the memory store, and the counter goes on counting", () => {
    const store = createMemoryStore();
    store.addCounters("b", { ok: 2, failed: 1 });
    for (const bad of [NaN, Infinity, -Infinity, "1" as unknown as number]) {
      assert.throws(
        () => store.addCounters("b", { ok: 1, failed: bad }),
        invalid,
        String(bad),
      );
    }
    // Nothing of a refused delta is added, not even its valid part.
    store.addCounters("b", { ok: 1, failed: 1 });
    assert.deepEqual(store.readCounters("b"), { ok: 3, failed: 2 });
  });

  it("is refused by the Redis store before anything is sent", async () => {
    let sent = 0;
    const store = createRedisStore({
      eval: () => {
        sent++;
        return Promise.resolve(0);
      },
    });
    for (const bad of [NaN, Infinity]) {
      await assert.rejects(
        Promise.resolve().then(() => store.addCounters("b", { ok: bad })),
        invalid,
      );
    }
    assert.equal(sent, 0);
    await store.addCounters("b", { ok: 1 });
    assert.equal(sent, 1);
  });
});

// SharedResponseCache's `timeoutMs: 0` is taken as given, as the shared
// rate-limit store takes it: an answer that takes any time at all is not
// waited for, so a read is a miss. It is not replaced by the default 100 ms
// (a Redis answering in 20 ms would then be read) and does not mean "no
// bound" (a stalled Redis would then hold the request).
import { describe, it } from "../_harness.ts";
import assert from "node:assert/strict";
import { withTimeout } from "../_timeout.ts";
import { SharedResponseCache } from "../../src/gateway/mod.ts";
import type { RedisScriptClient } from "../../src/models/stores/redis.ts";

/** A client answering `reply` after `delayMs`; `answered` settles then. */
function lateClient(reply: unknown, delayMs: number) {
  let calls = 0;
  let settle = (): void => {};
  const answered = new Promise<void>((resolve) => settle = resolve);
  const client: RedisScriptClient = {
    eval() {
      calls++;
      return new Promise((resolve) =>
        setTimeout(() => {
          resolve(reply);
          settle();
        }, delayMs)
      );
    },
  };
  return { client, answered, calls: () => calls };
}

describe("SharedResponseCache with timeoutMs: 0", () => {
  // Bug (`cache/shared.ts`, `options.timeoutMs ?? 100` → `||`): an explicit
  // 0 was replaced by the default, so a Redis answering in 20 ms was read.
  it("reads a Redis answering in 20 ms as a miss, where the default reads it", async () => {
    const zero = lateClient("cached", 20);
    const none = new SharedResponseCache(zero.client, { timeoutMs: 0 });
    assert.equal(
      await withTimeout(none.get("k"), 5_000, "get with timeoutMs 0"),
      undefined,
    );
    assert.equal(zero.calls(), 1, "Redis was still asked");
    // The late answer lands before the test ends (no timer left behind).
    await withTimeout(zero.answered, 5_000, "the late answer");

    const slow = lateClient("cached", 20);
    const byDefault = new SharedResponseCache(slow.client);
    assert.equal(
      await withTimeout(byDefault.get("k"), 5_000, "get by default"),
      "cached",
    );
  });
});

// What the models-core draw of seed 20261166 showed untested at the edge of
// one millisecond:
// - a mock adapter with `latencyMs: 1` waits that millisecond before its
//   answer and before each stream chunk (only 0 means no wait);
// - a dispatch timeout of 1 ms (or less) is asked of the runtime as given:
//   only delays past setTimeout's range are clamped, and a browser runs a
//   0 ms timer sooner than a 1 ms one.
import assert from "node:assert/strict";
import { createRouter, ErrorCode, RouterError } from "../../src/models/mod.ts";
import {
  createHangingAdapter,
  createMockAdapter,
} from "../../src/models/testing.ts";
import { reply, req } from "./_helpers.ts";
import { withTimeout } from "../_timeout.ts";

Deno.test("a mock adapter with a latency of 1 ms waits it before the answer and each stream chunk", async () => {
  const sleeps: number[] = [];
  const mock = createMockAdapter({
    responses: reply("soon"),
    latencyMs: 1,
    sleep: (ms) => {
      sleeps.push(ms);
      return Promise.resolve();
    },
  });
  assert.equal((await mock.execute(req())).message.content, "soon");
  assert.deepEqual(sleeps, [1]);
  let chunks = 0;
  for await (const _ of mock.executeStream(req())) chunks++;
  assert.ok(chunks > 1);
  assert.deepEqual(sleeps, [1, ...new Array(chunks).fill(1)]);
});

/** Records the delay of every global setTimeout while `run` runs. */
async function delaysDuring(run: () => Promise<unknown>): Promise<number[]> {
  const realSet = globalThis.setTimeout;
  const delays: number[] = [];
  globalThis.setTimeout = ((fn: () => void, ms?: number) => {
    delays.push(ms ?? 0);
    return realSet(fn, ms);
  }) as typeof setTimeout;
  try {
    await run();
  } finally {
    globalThis.setTimeout = realSet;
  }
  return delays;
}

for (const timeout of [1, 0.5]) {
  Deno.test(`a dispatch timeout of ${timeout} ms is asked of the runtime as ${timeout} ms`, async () => {
    const router = createRouter()
      .register("a", createHangingAdapter())
      .register("b", createHangingAdapter());
    try {
      let error: unknown;
      const delays = await delaysDuring(() =>
        withTimeout(
          router.dispatchParallel(req(), { timeout }).catch((e) => error = e),
          5_000,
          "the dispatch never timed out",
        )
      );
      assert.ok(error instanceof RouterError, String(error));
      assert.equal(error.code, ErrorCode.ALL_BACKENDS_FAILED);
      assert.deepEqual(
        error.errors.map((e) => e.error.code),
        [ErrorCode.TIMEOUT, ErrorCode.TIMEOUT],
      );
      // One timer for the dispatch (withTimeout's own bound is 5000).
      assert.deepEqual(delays.filter((ms) => ms < 5_000), [timeout]);
    } finally {
      router.dispose();
    }
  });
}

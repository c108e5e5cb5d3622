// Edges a fresh models-core mutation draw (seed 20261164) found unguarded: a
// 429 whose Retry-After is shorter than the failure cooldown does not shorten
// it; a retry whose wait would end exactly at the deadline is not taken; a
// streamed failure of an unknown code keeps that code in `details.code`
// (and a known one is not repeated there); a mock adapter without latency
// never waits; capability routing's fallback survives a request whose
// messages an adapter removed during the call.
import assert from "node:assert/strict";
import {
  AdapterError,
  type BackendAdapter,
  createRouter,
  ErrorCode,
  type IRChatRequest,
} from "../../src/models/mod.ts";
import {
  createEchoAdapter,
  createMockAdapter,
} from "../../src/models/testing.ts";
import { errorOfFailure } from "../../src/models/_stream_failure.ts";
import { FakeTime } from "./_fake_time.ts";
import { manualClock, reply, req, routingOf } from "./_helpers.ts";

Deno.test("a 429 whose Retry-After is shorter than the failure cooldown keeps the backend cooling for the whole cooldown", async () => {
  const clock = manualClock();
  const limited = { on: false };
  const timed = (ms: number, canLimit: boolean): BackendAdapter => ({
    ...createEchoAdapter(),
    execute() {
      clock.t += ms;
      return canLimit && limited.on
        ? Promise.reject(
          new AdapterError({
            code: ErrorCode.RATE_LIMITED,
            message: "slow down",
            retryAfter: 200,
          }),
        )
        : Promise.resolve(reply(`${ms} ms`));
    },
  });
  const router = createRouter({
    routingStrategy: "latency-optimized",
    now: clock.now,
  }).register("fast", timed(1, true)).register("slow", timed(5, false));
  try {
    await router.execute(req()); // fast, untried
    await router.execute(req()); // slow, untried
    assert.equal(await router.selectBackend(req()), "fast");
    limited.on = true;
    const answered = await router.execute(req()); // fast: 429, slow answers
    assert.equal(routingOf(answered).backend, "slow");
    limited.on = false;
    // Past the Retry-After (its breaker admits again), within the 1 s
    // failure cooldown: still not the first choice.
    clock.t += 500;
    assert.equal(
      router.getBackendInfo("fast")!.circuitBreakerState,
      "half-open",
    );
    assert.equal(await router.selectBackend(req()), "slow");
    clock.t += 500;
    assert.equal(await router.selectBackend(req()), "fast");
  } finally {
    router.dispose();
  }
});

/**
 * One backend that takes 100 ms and fails with a Retry-After of 300 ms,
 * called with `deadline`: the retry's wait would end at 400 ms.
 */
async function retryAgainst(deadline: number): Promise<number> {
  const time = new FakeTime();
  let calls = 0;
  const router = createRouter({
    now: time.now,
    timers: time.timers,
    fallbackStrategy: "none",
  }).register("x", {
    ...createEchoAdapter(),
    execute() {
      calls++;
      time.t += 100;
      return Promise.reject(
        new AdapterError({
          code: ErrorCode.PROVIDER_ERROR,
          message: "busy",
          retryAfter: 300,
          isRetryable: true,
        }),
      );
    },
  });
  try {
    await assert.rejects(
      time.settle(
        router.execute(req(), undefined, { deadline, maxRetries: 1 }),
      ),
      { code: ErrorCode.PROVIDER_ERROR, message: "busy" },
    );
    return calls;
  } finally {
    router.dispose();
  }
}

Deno.test("retry: a wait that would end exactly at the deadline is not taken, one that ends before it is", async () => {
  assert.equal(await retryAgainst(400), 1);
  assert.equal(await retryAgainst(401), 2);
});

Deno.test("a streamed failure of an unknown code keeps the adapter's code in details.code, and a known code is not repeated there", () => {
  const unknown = errorOfFailure({ code: "quota_exceeded", message: "q" }, "p");
  assert.equal(unknown.code, ErrorCode.PROVIDER_ERROR);
  assert.equal(unknown.details?.code, "quota_exceeded");
  const known = errorOfFailure({ code: "RATE_LIMITED", message: "r" }, "p");
  assert.equal(known.code, ErrorCode.RATE_LIMITED);
  assert.equal(known.details?.code, undefined);
});

Deno.test("a mock adapter without latency never calls its sleep: execute and every stream chunk answer at once", async () => {
  const sleeps: number[] = [];
  const mock = createMockAdapter({
    responses: reply("now"),
    sleep: (ms) => {
      sleeps.push(ms);
      return Promise.resolve();
    },
  });
  assert.equal((await mock.execute(req())).message.content, "now");
  let chunks = 0;
  for await (const _ of mock.executeStream(req())) chunks++;
  assert.ok(chunks > 1);
  assert.equal(sleeps.length, 0);
  // With a latency it does wait, before the answer and each chunk.
  const slow = createMockAdapter({
    responses: reply("later"),
    latencyMs: 5,
    sleep: (ms) => {
      sleeps.push(ms);
      return Promise.resolve();
    },
  });
  await slow.execute(req());
  assert.deepEqual(sleeps, [5]);
});

Deno.test("capability routing: a request whose messages the first backend removed during the call still falls back to the next", async () => {
  const router = createRouter({ capabilityBasedRouting: true })
    .register("x", {
      ...createEchoAdapter(),
      execute(request: IRChatRequest) {
        delete (request as { messages?: unknown }).messages;
        return Promise.reject(new Error("upstream 500"));
      },
    })
    .register("y", {
      ...createEchoAdapter(),
      execute: () => Promise.resolve(reply("y")),
    });
  try {
    const answer = await router.execute(req());
    assert.equal(answer.message.content, "y");
  } finally {
    router.dispose();
  }
});

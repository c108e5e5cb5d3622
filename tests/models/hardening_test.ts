// Issue 11, points 16–20: abort and dispose() reach pending async hooks,
// latency routing counts failures, modelTranslation strategies are
// validated, a caller's checkHealth never waits on an unref'd timer, and
// RouterError defaults attemptedBackends.
import { describe, it } from "../_harness.ts";
import assert from "node:assert/strict";
import {
  type BackendAdapter,
  createRouter,
  ErrorCode,
  type IRChatResponse,
  type IRStreamErrorChunk,
  RouterError,
} from "../../src/models/mod.ts";
import {
  createEchoAdapter,
  createFailingAdapter,
} from "../../src/models/testing.ts";
import { codeOf, manualClock, reply, req, routingOf, to } from "./_helpers.ts";

/** A promise settled from outside. */
function deferred<T>(): {
  promise: Promise<T>;
  resolve: (value: T) => void;
} {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

/** An adapter that counts its calls and answers at once. */
function countingAdapter(): BackendAdapter & { calls: number } {
  const adapter = {
    calls: 0,
    metadata: {
      name: "counting",
      provider: "testing",
      version: "1",
      capabilities: { streaming: true },
    },
    execute(): Promise<IRChatResponse> {
      adapter.calls++;
      return Promise.resolve(reply("ok"));
    },
    async *executeStream() {
      adapter.calls++;
      yield { type: "content" as const, sequence: 0, delta: "ok" };
      yield { type: "done" as const, sequence: 1, finishReason: "stop" };
    },
  };
  return adapter as never;
}

/** A router whose primary fails and whose customFallback never answers. */
function stuckFallback(): {
  router: ReturnType<typeof createRouter>;
  askedPromise: Promise<void>;
} {
  let asked!: () => void;
  const askedPromise = new Promise<void>((r) => (asked = r));
  const router = createRouter({
    defaultBackend: "bad",
    fallbackStrategy: "custom",
    customFallback: () => {
      asked();
      return new Promise(() => {});
    },
  })
    .register("bad", createFailingAdapter())
    .register("good", createEchoAdapter());
  return { router, askedPromise };
}

describe("abort and dispose() reach a pending customRouter/customFallback", () => {
  it("execute settles ABORTED when the caller aborts during customRouter", async () => {
    const router = createRouter({
      routingStrategy: "custom",
      customRouter: () => new Promise(() => {}),
    }).register("a", createEchoAdapter());
    const controller = new AbortController();
    const pending = router.execute(req(), controller.signal);
    controller.abort();
    assert.equal(await codeOf(pending), ErrorCode.ABORTED);
    router.dispose();
  });

  it("a hook that answers after the abort never reaches the adapter", async () => {
    const hook = deferred<string | null>();
    const adapter = countingAdapter();
    const router = createRouter({
      routingStrategy: "custom",
      customRouter: () => hook.promise,
    }).register("a", adapter);
    const controller = new AbortController();
    const pending = router.execute(req(), controller.signal);
    controller.abort();
    hook.resolve("a");
    assert.equal(await codeOf(pending), ErrorCode.ABORTED);
    await hook.promise;
    assert.equal(adapter.calls, 0);
    router.dispose();
  });

  it("dispose() during customRouter settles ABORTED, not ROUTING_FAILED", async () => {
    const hook = deferred<string | null>();
    const router = createRouter({
      routingStrategy: "custom",
      customRouter: () => hook.promise,
    }).register("a", createEchoAdapter());
    const pending = router.execute(req());
    router.dispose();
    hook.resolve("a");
    const error = await pending.then(() => undefined, (e) => e);
    assert.ok(error instanceof RouterError);
    assert.equal(error.code, ErrorCode.ABORTED);
  });

  it("executeStream ends with ABORTED when the caller aborts during customRouter", async () => {
    const router = createRouter({
      routingStrategy: "custom",
      customRouter: () => new Promise(() => {}),
    }).register("a", createEchoAdapter());
    const controller = new AbortController();
    const stream = router.executeStream(req(), controller.signal);
    const first = stream.next();
    controller.abort();
    const step = await first;
    assert.equal(step.done, false);
    assert.equal((step.value as IRStreamErrorChunk).type, "error");
    assert.equal(
      (step.value as IRStreamErrorChunk).error.code,
      ErrorCode.ABORTED,
    );
    await stream.return(undefined);
    router.dispose();
  });

  it("execute settles ABORTED when the caller aborts during customFallback", async () => {
    const { router, askedPromise } = stuckFallback();
    const controller = new AbortController();
    const pending = router.execute(req(), controller.signal);
    await askedPromise;
    controller.abort();
    assert.equal(await codeOf(pending), ErrorCode.ABORTED);
    router.dispose();
  });

  it("a stream settles ABORTED when dispose() comes during customFallback", async () => {
    const { router, askedPromise } = stuckFallback();
    const stream = router.executeStream(req());
    const first = stream.next();
    await askedPromise;
    router.dispose();
    const step = await first;
    assert.equal((step.value as IRStreamErrorChunk).error.code, "ABORTED");
    await stream.return(undefined);
  });
});

/**
 * latency-optimized over "fast" (1 ms, fails while `fails.on`) and "slow"
 * (5 ms), on a manual clock the calls advance; both tried once already.
 */
async function fastAndSlow(): Promise<{
  router: ReturnType<typeof createRouter>;
  clock: ReturnType<typeof manualClock>;
  fails: { on: boolean };
}> {
  const clock = manualClock();
  const fails = { on: false };
  const timed = (ms: number, failing: boolean): BackendAdapter => ({
    ...createEchoAdapter(),
    execute() {
      clock.t += ms;
      return failing && fails.on
        ? Promise.reject(new Error("down"))
        : Promise.resolve(reply(`${ms} ms`));
    },
  });
  const router = createRouter({
    routingStrategy: "latency-optimized",
    now: clock.now,
  }).register("fast", timed(1, true)).register("slow", timed(5, false));
  await router.execute(req()); // fast, untried
  await router.execute(req()); // slow, untried
  return { router, clock, fails };
}

describe("latency-optimized counts failures against a backend", () => {
  it("a fast backend that fails every call stops being the first choice", async () => {
    const { router, fails } = await fastAndSlow();
    fails.on = true;
    let firstChoiceFast = 0;
    for (let i = 0; i < 100; i++) {
      const response = await router.execute(req());
      if (routingOf(response).attempts[0].backend === "fast") {
        firstChoiceFast++;
      }
    }
    // One failure cools it down for 1 s; these 100 calls take about 0.5 s.
    assert.equal(firstChoiceFast, 1);
    router.dispose();
  });

  it("a cooled-down backend is tried again after its cooldown and recovers", async () => {
    const { router, clock, fails } = await fastAndSlow();
    fails.on = true;
    await router.execute(req()); // fast fails, slow answers
    fails.on = false;
    assert.equal(await router.selectBackend(req()), "slow");
    clock.t += 1_000;
    assert.equal(await router.selectBackend(req()), "fast");
    await router.execute(req());
    assert.equal(await router.selectBackend(req()), "fast");
    router.dispose();
  });

  it("a success ends the cooldown at once, without waiting it out", async () => {
    const { router, fails } = await fastAndSlow();
    fails.on = true;
    await router.execute(req()); // fast fails: cooling for 1 s
    fails.on = false;
    assert.equal(await router.selectBackend(req()), "slow");
    // Named, it answers while still cooling: that success ends the cooldown.
    await router.execute(to("fast"));
    assert.equal(await router.selectBackend(req()), "fast");
    router.dispose();
  });
});

describe("modelTranslation.strategy is validated", () => {
  it("an unknown strategy is refused like an unknown routingStrategy", () => {
    assert.throws(
      () =>
        createRouter({
          modelTranslation: { strategy: "fuzzy" as never },
        }),
      (error: unknown) =>
        (error as { code: string }).code === ErrorCode.INVALID_REQUEST &&
        /fuzzy/.test((error as Error).message),
    );
  });

  it('"none" passes the model through untranslated', async () => {
    let seen: unknown;
    const adapter = createEchoAdapter({
      metadata: { capabilities: { streaming: true, models: ["b-model"] } },
    } as never);
    const spy: BackendAdapter = {
      ...adapter,
      metadata: {
        ...adapter.metadata,
        defaultModel: "b-model",
        capabilities: { streaming: true, models: ["b-model"] },
      },
      execute(request, signal) {
        seen = request.parameters?.model;
        return adapter.execute(request, signal);
      },
    };
    const router = createRouter({
      modelTranslation: {
        strategy: "none",
        mapping: { b: { "a-model": "b-model" } },
      },
    }).register("b", spy);
    await router.execute(req("x", { parameters: { model: "a-model" } }));
    assert.equal(seen, "a-model");
    router.dispose();
  });
});

describe("checkHealth never waits on a background probe's unref'd timer", () => {
  it("a caller's checkHealth during a background probe settles at the timeout", async () => {
    let started!: () => void;
    const probing = new Promise<void>((r) => (started = r));
    const adapter: BackendAdapter = {
      ...createEchoAdapter(),
      healthCheck: () => {
        started();
        return new Promise<boolean>(() => {});
      },
    };
    const router = createRouter({
      healthCheckInterval: 1,
      healthCheckTimeout: 20,
    }).register("a", adapter);
    // The background timers are unref'd: keep the loop alive until the probe starts.
    const keepAlive = setTimeout(() => {}, 5_000);
    await probing;
    clearTimeout(keepAlive);
    assert.equal(await router.checkHealth("a"), false);
    router.dispose();
  });
});

describe("RouterError options", () => {
  it("attemptedBackends defaults to []", () => {
    const error = new RouterError({
      code: ErrorCode.NO_BACKEND_AVAILABLE,
      message: "none",
    } as never);
    assert.deepEqual(error.attemptedBackends, []);
    assert.deepEqual(error.errors, []);
  });
});

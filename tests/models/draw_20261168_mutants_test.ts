// The survivors of the models-core draw of seed 20261168, each as the
// behaviour a user relies on: a config store that is no store is refused
// where the Router is made; a scoped round-robin keeps its turn when an
// earlier backend leaves; the echo adapter honours a signal aborted before
// the call.
import assert from "node:assert/strict";
import {
  createMemoryStore,
  createRouter,
  ErrorCode,
} from "../../src/models/mod.ts";
import {
  createEchoAdapter,
  createFailingAdapter,
} from "../../src/models/testing.ts";
import { req, routingOf } from "./_helpers.ts";

Deno.test("a config store that is no object is refused with INVALID_REQUEST where the Router is made", () => {
  // `useRedis && store` gives false; the others are plain mistakes.
  for (const store of [false, true, 0, "", "redis://localhost:6379", 1]) {
    assert.throws(
      () => createRouter({ store: store as never }),
      (error: { code?: string; message?: string }) => {
        assert.equal(error.code, ErrorCode.INVALID_REQUEST, String(store));
        assert.match(error.message ?? "", /RouterConfig\.store/);
        // Named by what it is, not by the store methods a value has none of.
        assert.match(error.message ?? "", new RegExp(`not ${typeof store}$`));
        return true;
      },
    );
  }
});

Deno.test("a null config store is no store: the Router keeps its own breakers and warns of no store", async () => {
  const warnings: string[] = [];
  const make = () =>
    createRouter({
      store: null as never,
      enableCircuitBreaker: true,
      circuitBreakerThreshold: 1,
      onWarning: (warning) => warnings.push(warning.code),
    }).register("a", createFailingAdapter())
      .register("b", createEchoAdapter());
  const first = make();
  const second = make();
  try {
    // One failure opens "a" in the first Router only: no store is shared.
    assert.equal(
      routingOf(await first.execute(req("x"))).backend,
      "b",
    );
    assert.equal(first.isCircuitBreakerOpen("a"), true);
    assert.equal(second.isCircuitBreakerOpen("a"), false);
    assert.equal(warnings.includes("store-unavailable"), false);
  } finally {
    first.dispose();
    second.dispose();
  }
  // A memory store given as such is shared, for contrast.
  const store = createMemoryStore();
  const shared = [1, 2].map(() =>
    createRouter({
      store,
      enableCircuitBreaker: true,
      circuitBreakerThreshold: 1,
    })
      .register("a", createFailingAdapter())
      .register("b", createEchoAdapter())
  );
  try {
    await shared[0].execute(req("x"));
    assert.equal(shared[1].isCircuitBreakerOpen("a"), true);
  } finally {
    for (const router of shared) router.dispose();
  }
});

Deno.test("a scoped round-robin keeps its next backend when an earlier one is unregistered", async () => {
  const router = createRouter({ routingStrategy: "round-robin" });
  for (const name of ["a", "b", "c"]) {
    router.register(name, createEchoAdapter());
  }
  const scoped = { backends: ["b", "c"] };
  try {
    const pick = async (options?: { backends: string[] }) =>
      routingOf(await router.execute(req("x"), undefined, options)).backend;
    assert.equal(await pick(scoped), "b");
    // "a" leaves from before the scoped cursor: its next is still "c".
    router.unregister("a");
    assert.equal(await pick(scoped), "c");
    assert.equal(await pick(scoped), "b");
  } finally {
    router.dispose();
  }
});

Deno.test("the echo adapter rejects a call whose signal aborted before it, with ABORTED and the reason", async () => {
  const echo = createEchoAdapter();
  const controller = new AbortController();
  const reason = new Error("caller left");
  controller.abort(reason);
  const call = echo.execute(req("hello"), controller.signal);
  const error = await call.then(
    () => assert.fail("an aborted call answered"),
    (e: { code?: string; cause?: unknown }) => e,
  );
  assert.equal(error.code, ErrorCode.ABORTED);
  assert.equal(error.cause, reason);
  // The same adapter still answers a call whose signal is live.
  const live = await echo.execute(req("again"), new AbortController().signal);
  assert.equal(live.message.content, "again");
});

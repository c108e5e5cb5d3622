// Paths of the model router that no test reached (round 23: a coverage run
// of the models-core tests listed the lines none ran; a mutant drawn on one
// of them could only survive). The first is a boundary a multi-tenant
// caller relies on: a custom hook may not route a request to a backend the
// request is not allowed (the gateway's key scopes are such lists).
// No Deno API: the harness only.
import { describe, it } from "../_harness.ts";
import assert from "node:assert/strict";
import {
  AdapterError,
  createRouter,
  ErrorCode,
  RouterError,
} from "../../src/models/mod.ts";
import {
  createEchoAdapter,
  createFailingAdapter,
  createMockAdapter,
} from "../../src/models/testing.ts";
import { reply, req } from "./_helpers.ts";

describe("a custom hook's choice outside the request's allowed backends", () => {
  it("customRouter: ROUTING_FAILED, the hook named, the backend never called", async () => {
    const outside = createEchoAdapter();
    const router = createRouter({
      routingStrategy: "custom",
      customRouter: () => Promise.resolve("outside"),
    })
      .register("inside", createEchoAdapter())
      .register("outside", outside);
    const error = await router.execute(req(), undefined, {
      backends: ["inside"],
    }).then(() => undefined, (e) => e);
    assert.ok(error instanceof RouterError, String(error));
    assert.equal(error.code, ErrorCode.ROUTING_FAILED);
    assert.equal(error.details?.hook, "customRouter");
    assert.match(error.message, /may not use/);
    // A stream says so in its error chunk.
    const chunks = [];
    for await (
      const chunk of router.executeStream(req(), undefined, {
        backends: ["inside"],
      })
    ) chunks.push(chunk);
    assert.equal(chunks.length, 1, JSON.stringify(chunks));
    const [chunk] = chunks;
    assert.ok(chunk.type === "error", JSON.stringify(chunk));
    assert.equal(chunk.error.code, ErrorCode.ROUTING_FAILED);
    assert.match(chunk.error.message, /may not use/);
    assert.equal(outside.calls.length, 0);
    // Unscoped, the same choice is served.
    await router.execute(req());
    assert.equal(outside.calls.length, 1);
    router.dispose();
  });

  it("customFallback: the same, on the second step", async () => {
    const outside = createEchoAdapter();
    const router = createRouter({
      defaultBackend: "bad",
      fallbackStrategy: "custom",
      customFallback: () => Promise.resolve("outside"),
    })
      .register("bad", createFailingAdapter())
      .register("good", createEchoAdapter())
      .register("outside", outside);
    const error = await router.execute(req(), undefined, {
      backends: ["bad", "good"],
    }).then(() => undefined, (e) => e);
    assert.ok(error instanceof RouterError, String(error));
    assert.equal(error.details?.hook, "customFallback");
    assert.match(error.message, /may not use/);
    assert.equal(outside.calls.length, 0);
    router.dispose();
  });
});

describe("execute options that cannot be used", () => {
  it("maxRetries that is no integer, and backends that are no list of names, are refused", async () => {
    const router = createRouter().register("a", createEchoAdapter());
    for (
      const options of [
        { maxRetries: 1.5 },
        { backends: "a" as unknown as string[] },
        { backends: [1] as unknown as string[] },
      ]
    ) {
      const error = await router.execute(req(), undefined, options)
        .then(() => undefined, (e) => e);
      assert.ok(error instanceof AdapterError, JSON.stringify(options));
      assert.equal(
        error.code,
        ErrorCode.INVALID_REQUEST,
        JSON.stringify(options),
      );
    }
    router.dispose();
  });
});

describe("the registry's refusals", () => {
  it("a fallback chain that is no list, and replace() after dispose()", () => {
    const router = createRouter().register("a", createEchoAdapter());
    assert.throws(
      () => router.setFallbackChain("a" as unknown as string[]),
      (error: unknown) =>
        error instanceof RouterError &&
        error.code === ErrorCode.ROUTING_FAILED && /list/.test(error.message),
    );
    router.dispose();
    assert.throws(
      () => router.replace("a", createEchoAdapter()),
      (error: unknown) =>
        error instanceof RouterError &&
        error.code === ErrorCode.ROUTING_FAILED &&
        /disposed/.test(error.message),
    );
  });
});

describe("parallel: a custom aggregator that throws", () => {
  it("is a RouterError naming it, with its error as the cause", async () => {
    const router = createRouter()
      .register("a", createMockAdapter({ responses: reply("one") }))
      .register("b", createMockAdapter({ responses: reply("two") }));
    const thrown = new Error("bad aggregate");
    const error = await router.dispatchParallel(req(), {
      strategy: "custom",
      customAggregator: () => {
        throw thrown;
      },
    }).then(() => undefined, (e) => e);
    assert.ok(error instanceof RouterError, String(error));
    assert.equal(error.code, ErrorCode.UNKNOWN);
    assert.match(error.message, /customAggregator threw/);
    assert.equal(error.cause, thrown);
    assert.deepEqual([...error.attemptedBackends].sort(), ["a", "b"]);
    router.dispose();
  });
});

describe("the testing adapters a user's own tests call directly", () => {
  it("a mock with an empty script is PROVIDER_ERROR, not a crash", async () => {
    const mock = createMockAdapter({ responses: [] });
    const error = await mock.execute(req()).then(() => undefined, (e) => e);
    assert.ok(error instanceof AdapterError, String(error));
    assert.equal(error.code, ErrorCode.PROVIDER_ERROR);
    assert.match(error.message, /Empty mock script/);
  });

  it("the mock and the echo adapter called with an aborted signal stop at once", async () => {
    const controller = new AbortController();
    controller.abort(new Error("caller left"));
    const signal = controller.signal;
    const mock = createMockAdapter({ responses: reply("never") });
    const echo = createEchoAdapter();
    for (
      const [name, run] of [
        ["mock execute", () => mock.execute(req(), signal)],
        ["mock stream", async () => {
          for await (const _ of mock.executeStream(req(), signal)) {
            /* none */
          }
        }],
        ["echo stream", async () => {
          for await (const _ of echo.executeStream(req(), signal)) {
            /* none */
          }
        }],
      ] as const
    ) {
      const error = await run().then(() => undefined, (e) => e);
      assert.ok(error instanceof AdapterError, `${name}: ${error}`);
      assert.equal(error.code, ErrorCode.ABORTED, name);
    }
  });
});

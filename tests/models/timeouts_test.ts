// Millisecond settings at their edges: Infinity and values above setTimeout's
// 2^31 - 1 ms limit mean "practically never", not "after 1 ms"; NaN and
// negative adapter timeouts are configuration errors.
import { describe, it } from "../_harness.ts";
import assert from "node:assert/strict";
import { AdapterError, createRouter, ErrorCode } from "../../src/models/mod.ts";
import {
  createDelayedAdapter,
  createEchoAdapter,
  createMockAdapter,
} from "../../src/models/testing.ts";
import { createOpenAIAdapter } from "../../src/models/adapters/openai.ts";
import { backgroundRunsPassed, req } from "./_helpers.ts";

const CHAT = {
  choices: [{
    index: 0,
    message: { role: "assistant", content: "late" },
    finish_reason: "stop",
  }],
};

/** A fetch that answers after `ms` real milliseconds (or rejects on abort). */
function slowFetch(ms: number) {
  return (_input: string | URL | Request, init?: RequestInit) =>
    new Promise<Response>((resolve, reject) => {
      const timer = setTimeout(() => resolve(Response.json(CHAT)), ms);
      init?.signal?.addEventListener("abort", () => {
        clearTimeout(timer);
        reject(init.signal!.reason);
      });
    });
}

describe("timeouts beyond setTimeout's range", () => {
  for (const timeout of [Infinity, 2 ** 31, 3_000_000_000]) {
    it(`dispatchParallel timeout ${timeout} does not fire after 1 ms`, async () => {
      const router = createRouter().register(
        "slow",
        createDelayedAdapter(createEchoAdapter(), 15),
      );
      try {
        const result = await router.dispatchParallel(req("hi"), { timeout });
        assert.deepEqual(result.successfulBackends, ["slow"]);
        assert.deepEqual(result.failedBackends, []);
      } finally {
        router.dispose();
      }
    });
  }

  it("healthCheckTimeout Infinity waits for a slow healthCheck", async () => {
    const adapter = createMockAdapter();
    adapter.healthCheck = () =>
      new Promise<boolean>((resolve) => setTimeout(() => resolve(true), 15));
    const router = createRouter({ healthCheckTimeout: Infinity })
      .register("a", adapter);
    try {
      assert.deepEqual(await router.checkHealth(), { a: true });
      assert.equal(router.getBackendInfo("a")?.isHealthy, true);
    } finally {
      router.dispose();
    }
  });

  it("healthCheckInterval Infinity never runs a background check", async () => {
    let probes = 0;
    const adapter = createMockAdapter();
    adapter.healthCheck = () => {
      probes++;
      return Promise.resolve(true);
    };
    const router = createRouter({ healthCheckInterval: Infinity })
      .register("a", adapter);
    try {
      // Infinity used to overflow to 1 ms: a 1 ms runner has had its turns.
      await backgroundRunsPassed(1);
      assert.equal(probes, 0);
    } finally {
      router.dispose();
    }
  });

  for (const timeout of [Infinity, 2 ** 31]) {
    it(`an HTTP adapter with timeout ${timeout} waits for a slow provider`, async () => {
      const adapter = createOpenAIAdapter({
        apiKey: "sk-test",
        timeout,
        fetch: slowFetch(15),
      });
      const response = await adapter.execute(req("hi"));
      assert.equal(response.message.content, "late");
    });
  }

  for (const timeout of [NaN, -1, "5" as unknown as number]) {
    it(`an HTTP adapter rejects timeout ${String(timeout)} at construction`, () => {
      assert.throws(
        () => createOpenAIAdapter({ apiKey: "sk-test", timeout }),
        (error: unknown) =>
          error instanceof AdapterError &&
          error.code === ErrorCode.INVALID_REQUEST &&
          /timeout/.test(error.message),
      );
    });
  }
});

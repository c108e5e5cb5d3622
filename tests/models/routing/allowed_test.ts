// A request's allow-list (ExecuteOptions.backends) and a backend the request
// names outside it: a routing error that says so, the same through execute,
// executeStream and relayResponse, before any backend is called.
import { describe, it } from "../../_harness.ts";
import assert from "node:assert/strict";
import {
  createRouter,
  type IRStreamChunk,
  RouterError,
} from "../../../src/models/mod.ts";
import { createOpenAIAdapter } from "../../../src/models/adapters/openai.ts";
import { drain, to } from "../_helpers.ts";

const BODY = '{"id":"c1","object":"chat.completion","choices":[]}';

/** Three relaying backends whose upstream calls are counted. */
function threeBackends() {
  let calls = 0;
  const router = createRouter();
  for (const name of ["north", "south", "west"]) {
    router.register(
      name,
      createOpenAIAdapter({
        name,
        apiKey: "sk-upstream-example",
        defaultModel: "m",
        fetch: () => {
          calls++;
          return Promise.resolve(new Response(BODY));
        },
      }),
    );
  }
  return { router, calls: () => calls };
}

async function rejectionOf(promise: Promise<unknown>): Promise<RouterError> {
  try {
    await promise;
  } catch (error) {
    assert.ok(error instanceof RouterError, String(error));
    return error;
  }
  throw new Error("expected a rejection");
}

describe("a named backend outside the request's allow-list", () => {
  const options = { backends: ["west"] };

  it("execute and relayResponse: ROUTING_FAILED naming the backend and the list, not retryable, nothing called", async () => {
    const { router, calls } = threeBackends();
    try {
      assert.equal(router.canRelay(), true);
      for (
        const call of [
          () => router.execute(to("north"), undefined, options),
          () => router.relayResponse(to("north"), undefined, options),
        ]
      ) {
        const error = await rejectionOf(call());
        assert.equal(error.code, "ROUTING_FAILED");
        assert.equal(error.isRetryable, false);
        assert.equal(
          error.message,
          'The backend "north" is not among the backends this request allows ("west")',
        );
        assert.deepEqual(error.details, {
          backend: "north",
          allowed: ["west"],
        });
        assert.deepEqual(error.attemptedBackends, []);
        // Nothing the caller did not give: no other registered backend.
        assert.doesNotMatch(error.message, /south/);
      }
      assert.equal(calls(), 0);
      // Allowed, the same request is answered.
      const { routing } = await router.relayResponse(
        to("west"),
        undefined,
        options,
      );
      assert.equal(routing.backend, "west");
    } finally {
      router.dispose();
    }
  });

  it("executeStream: the stream is that one error chunk", async () => {
    const { router, calls } = threeBackends();
    try {
      const chunks = await drain(
        router.executeStream(to("north"), undefined, options),
      );
      assert.equal(chunks.length, 1);
      const chunk = chunks[0] as Extract<IRStreamChunk, { type: "error" }>;
      assert.equal(chunk.type, "error");
      assert.equal(chunk.error.code, "ROUTING_FAILED");
      assert.equal(chunk.error.retryable, false);
      assert.match(chunk.error.message, /"north" is not among .*\("west"\)/);
      assert.equal(calls(), 0);
    } finally {
      router.dispose();
    }
  });

  it("an unregistered name gets the same answer: the list does not tell what exists", async () => {
    const { router } = threeBackends();
    try {
      const error = await rejectionOf(
        router.execute(to("ghost"), undefined, { backends: [] }),
      );
      assert.equal(error.code, "ROUTING_FAILED");
      assert.equal(
        error.message,
        'The backend "ghost" is not among the backends this request allows (none)',
      );
      assert.deepEqual(error.details, { backend: "ghost", allowed: [] });
    } finally {
      router.dispose();
    }
  });
});

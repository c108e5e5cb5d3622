// A relayed answer must be a Response: an adapter whose relay (or operate)
// resolves with anything else (a parsed body, nothing) fails that attempt
// with INVALID_RESPONSE and the call falls back, instead of handing the
// caller a result whose `response` is not one. Planted by hand in the
// eleventh mutation round.
import assert from "node:assert/strict";
import {
  type BackendAdapter,
  createRouter,
  ErrorCode,
  type RelayResult,
} from "../../src/models/mod.ts";
import { createEchoAdapter } from "../../src/models/testing.ts";
import { withTimeout } from "../_timeout.ts";
import { req } from "./_helpers.ts";

const BODY = '{"object":"list","data":[]}';

/** A backend relaying and serving embeddings with `answer()`'s value. */
function backend(answer: () => unknown): BackendAdapter {
  return {
    ...createEchoAdapter(),
    relay: () => Promise.resolve(answer() as Response),
    operations: { embeddings: "native" },
    operate: () => Promise.resolve(answer() as Response),
  };
}

for (
  const [what, answer] of [
    ["a parsed body", () => JSON.parse(BODY)],
    ["nothing", () => undefined],
  ] as const
) {
  Deno.test(`relay and invoke: an adapter answering ${what} instead of a Response fails INVALID_RESPONSE and the call falls back`, async () => {
    const router = createRouter({ fallbackStrategy: "sequential" })
      .register("broken", backend(answer))
      .register("good", backend(() => new Response(BODY)));
    const check = async (call: Promise<RelayResult>, what: string) => {
      const { response, routing } = await withTimeout(call, 5_000, what);
      assert.ok(response instanceof Response, what);
      assert.equal(await response.text(), BODY);
      assert.equal(routing.backend, "good");
      assert.deepEqual(
        routing.attempts.map((a) => [a.backend, a.errorCode]),
        [["broken", ErrorCode.INVALID_RESPONSE], ["good", undefined]],
      );
    };
    try {
      await check(router.relayResponse(req()), "relayResponse");
      await check(
        router.invoke({ operation: "embeddings", model: "e", body: {} }),
        "invoke",
      );
      assert.equal(router.getBackendStats("broken")?.failedRequests, 2);
    } finally {
      router.dispose();
    }
  });
}

// A stream's fallback reads the same needs as its first choice: under
// capability routing a backend whose capabilities say it cannot stream is
// skipped on every step, not only the first. Planted by hand in the
// eleventh mutation round.
import assert from "node:assert/strict";
import { createRouter, type RoutingTrace } from "../../src/models/mod.ts";
import {
  createEchoAdapter,
  createFailingAdapter,
} from "../../src/models/testing.ts";
import { withTimeout } from "../_timeout.ts";
import { drain, to } from "./_helpers.ts";

Deno.test("capability routing: a stream's fallback skips a backend that cannot stream, as its first choice does", async () => {
  const noStream = createEchoAdapter({
    metadata: { capabilities: { streaming: false } },
  });
  const streams = createEchoAdapter();
  const router = createRouter({
    capabilityBasedRouting: true,
    fallbackStrategy: "sequential",
  })
    .register("down", createFailingAdapter())
    .register("no-stream", noStream)
    .register("streams", streams);
  try {
    const chunks = await withTimeout(
      drain(router.executeStream(to("down"))),
      5_000,
      "the stream",
    );
    const done = chunks.at(-1)!;
    assert.equal(done.type, "done");
    const routing = done.metadata?.routing as RoutingTrace;
    assert.equal(routing.backend, "streams");
    assert.deepEqual(routing.attempts.map((a) => a.backend), [
      "down",
      "streams",
    ]);
    assert.equal(noStream.calls.length, 0);
  } finally {
    router.dispose();
  }
});

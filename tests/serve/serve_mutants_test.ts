// What the listener's fresh mutation survivors showed the suite did not
// check: a handler's answer of declared length whose body fails before its
// first byte reaches the client as a 500, and the handler's `completed`
// says the answer was not delivered (a gateway counts that stream as cut,
// not as served).
import assert from "node:assert/strict";
import { serve } from "../../src/serve/mod.ts";
import { fetchSignal, shutdownBounded, withTimeout } from "../_bounded.ts";

const BOUND_MS = 10_000;

Deno.test("serve: an answer of declared length whose body fails before a byte is a 500, and completed rejects", async () => {
  const outcomes: Promise<string>[] = [];
  const server = await serve((_request, info) => {
    assert.ok(info.completed !== undefined, "serve passes completed");
    outcomes.push(info.completed.then(
      () => "delivered",
      () => "not delivered",
    ));
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        controller.error(new Error("the upstream cut the answer"));
      },
    });
    return new Response(body, { headers: { "content-length": "11" } });
  }, { port: 0, hostname: "127.0.0.1" });
  try {
    // Twice: the failed answer closes its connection, the next one is new.
    for (let i = 0; i < 2; i++) {
      const response = await fetch(
        `http://127.0.0.1:${server.addr.port}/`,
        { signal: fetchSignal() },
      );
      assert.equal(response.status, 500);
      await response.body?.cancel();
      assert.equal(
        await withTimeout(outcomes[i], BOUND_MS, "completed never settled"),
        "not delivered",
        `request ${i + 1}`,
      );
    }
  } finally {
    await shutdownBounded(server);
  }
});

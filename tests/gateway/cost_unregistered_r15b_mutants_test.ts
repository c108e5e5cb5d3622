// A backend an operator unregisters while its answer is being made (a fleet
// shrunk at run time): the answer still reaches the client, whole or
// streamed, priced by the config's price of its model, although the router
// no longer knows the backend's provider when the gateway prices it.
import assert from "node:assert/strict";
import { createGateway, type RequestLogEntry } from "../../src/gateway/mod.ts";
import { createRouter } from "../../src/models/mod.ts";
import type { BackendAdapter } from "../../src/models/types.ts";
import { createEchoAdapter } from "../../src/models/testing.ts";

Deno.test("cost: a backend unregistered while it answers still has its answer priced by the config's price", async () => {
  // Bug (`_cost.ts`: the router's adapter read without `?.`, so pricing an
  // answer of a backend no longer registered throws).
  const router = createRouter();
  const echo = createEchoAdapter();
  const leaving: BackendAdapter = {
    metadata: echo.metadata,
    execute: (request, signal, options) => {
      router.unregister("leaving");
      return echo.execute(request, signal, options);
    },
    executeStream: (request, signal, options) => {
      router.unregister("leaving");
      return echo.executeStream(request, signal, options);
    },
  };
  const entries: RequestLogEntry[] = [];
  const gateway = createGateway({
    router,
    prices: { leaving: { input: 2, output: 4 } },
    logger: (entry) => entries.push(entry),
  });
  try {
    for (const stream of [false, true]) {
      router.register("leaving", leaving);
      const response = await gateway(
        new Request("http://localhost/v1/chat/completions", {
          method: "POST",
          body: JSON.stringify({
            model: "leaving",
            stream,
            messages: [{ role: "user", content: "hello there" }],
          }),
        }),
      );
      assert.equal(response.status, 200, `stream: ${stream}`);
      const text = await response.text();
      assert.match(
        text,
        stream ? /"finish_reason":"stop"[^]*\[DONE\]/ : /hello there/,
        `stream: ${stream}`,
      );
      assert.equal(router.get("leaving"), undefined);
      const entry = entries.at(-1)!;
      assert.equal(entry.status, 200);
      assert.equal(entry.backend, "leaving");
      assert.ok(entry.tokens_in! > 0 && entry.tokens_out! > 0);
      assert.equal(
        entry.cost_usd,
        (entry.tokens_in! * 2 + entry.tokens_out! * 4) / 1_000_000,
        `stream: ${stream}`,
      );
      if (!stream) {
        assert.equal(
          Number(response.headers.get("x-switchyard-cost-usd")),
          entry.cost_usd,
        );
      }
    }
    assert.equal(entries.length, 2);
  } finally {
    gateway.dispose();
    router.dispose();
  }
});

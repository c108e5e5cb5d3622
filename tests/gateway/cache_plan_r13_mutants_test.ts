// What a client sees of the response cache's plan at its edges: the TTL
// header's largest value (30 days) is taken and one second more refused, the
// refusal is an OpenAI error whose `type` the SDK reads (not only its code);
// a hit's `age` counts whole seconds elapsed, rounded down as HTTP caches do
// (RFC 9111 §5.1: 999 ms after the store is age 0); and a TTL of 0 keeps
// nothing in any ResponseCache, the interface's own sketch (a Map that
// ignores the TTL) included: the gateway never asks such a cache to store.
import { describe, it } from "../_harness.ts";
import assert from "node:assert/strict";
import {
  MemoryResponseCache,
  type ResponseCache,
} from "../../src/gateway/mod.ts";
import { createEchoAdapter } from "../../src/models/testing.ts";
import { withGateway } from "./_in_process.ts";

const TTL = "x-switchyard-cache-ttl";
const MAX_TTL_SECONDS = 30 * 24 * 3600;

function chat(
  text: string,
  headers: Record<string, string> = {},
): Request {
  return new Request("http://gw/v1/chat/completions", {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify({
      model: "echo",
      messages: [{ role: "user", content: text }],
    }),
  });
}

describe("the response cache's plan", () => {
  it("takes a TTL of 30 days and refuses one second more, as an invalid_request_error", async () => {
    const echo = createEchoAdapter();
    await withGateway({
      backends: [["echo", echo]],
      cache: { cache: new MemoryResponseCache(), enabled: false },
    }, async (gateway) => {
      const longest = await gateway(
        chat("longest", { [TTL]: String(MAX_TTL_SECONDS) }),
      );
      assert.equal(longest.status, 200, await longest.text());
      assert.equal(longest.headers.get("x-switchyard-cache"), "miss");
      const again = await gateway(chat("longest"));
      await again.body?.cancel();
      assert.equal(again.headers.get("x-switchyard-cache"), "bypass");
      const stored = await gateway(
        chat("longest", { [TTL]: String(MAX_TTL_SECONDS) }),
      );
      await stored.body?.cancel();
      assert.equal(stored.headers.get("x-switchyard-cache"), "hit");
      assert.equal(echo.calls.length, 2);

      const over = await gateway(
        chat("over", { [TTL]: String(MAX_TTL_SECONDS + 1) }),
      );
      assert.equal(over.status, 400);
      const { error } = await over.json();
      assert.equal(error.type, "invalid_request_error");
      assert.equal(error.code, "invalid_cache_ttl");
      assert.equal(
        echo.calls.length,
        2,
        "a refused request reaches no backend",
      );
    });
  });

  it("says a hit's age in whole seconds elapsed, rounded down", async () => {
    let now = 1_700_000_000_000;
    const echo = createEchoAdapter();
    await withGateway({
      backends: [["echo", echo]],
      now: () => now,
      cache: { cache: new MemoryResponseCache({ now: () => now }) },
    }, async (gateway) => {
      const miss = await gateway(chat("age"));
      await miss.body?.cancel();
      assert.equal(miss.headers.get("age"), null, "a miss has no age");
      const storedAt = now;
      const ages: (string | null)[] = [];
      for (const elapsed of [1, 999, 1_000, 1_999, 61_500]) {
        now = storedAt + elapsed;
        const hit = await gateway(chat("age"));
        await hit.body?.cancel();
        assert.equal(hit.headers.get("x-switchyard-cache"), "hit");
        ages.push(hit.headers.get("age"));
      }
      assert.deepEqual(ages, ["0", "0", "1", "1", "61"]);
      assert.equal(echo.calls.length, 1);
    });
  });

  it("asks no cache to store an answer whose TTL header is 0", async () => {
    const entries = new Map<string, string>();
    const stores: number[] = [];
    // The interface's sketch: keeps what it is given, whatever the TTL.
    const cache: ResponseCache = {
      get: (key) => Promise.resolve(entries.get(key)),
      set: (key, value, ttlMs) => {
        stores.push(ttlMs);
        entries.set(key, value);
        return Promise.resolve();
      },
    };
    const echo = createEchoAdapter();
    await withGateway({
      backends: [["echo", echo]],
      cache: { cache },
    }, async (gateway) => {
      for (const ttl of ["0", "0"]) {
        const answer = await gateway(chat("zero", { [TTL]: ttl }));
        await answer.body?.cancel();
        assert.equal(answer.headers.get("x-switchyard-cache"), "miss");
      }
      assert.deepEqual(stores, []);
      assert.equal(echo.calls.length, 2);
      const kept = await gateway(chat("zero", { [TTL]: "5" }));
      await kept.body?.cancel();
      assert.deepEqual(stores, [5_000]);
    });
  });
});

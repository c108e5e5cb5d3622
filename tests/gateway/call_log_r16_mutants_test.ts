// The echo and mock backends a config names run as testing adapters, whose
// `calls` log (one entry per call, for test assertions) would grow with every
// request of a gateway that serves for days. `withoutCallLog` empties it
// before each call: the log holds the latest call alone, whichever of
// execute, stream or health check it was, and the answers are unchanged.
import assert from "node:assert/strict";
import { withoutCallLog } from "../../src/gateway/_call_log.ts";
import type { IRChatRequest } from "../../src/models/mod.ts";
import { createEchoAdapter } from "../../src/models/testing.ts";

const request = (text: string): IRChatRequest => ({
  messages: [{ role: "user", content: text }],
});

Deno.test("withoutCallLog: the log holds the latest call alone, of every kind", async () => {
  // Bugs (`_call_log.ts`: one of the three `calls.length = 0` dropped).
  const inner = createEchoAdapter({ healthy: true });
  const adapter = withoutCallLog(inner);
  assert.equal(adapter.metadata, inner.metadata);
  for (const text of ["one", "two", "three"]) {
    const answer = await adapter.execute(request(text));
    assert.equal(answer.message.content, text);
    assert.deepEqual(inner.calls, [{
      kind: "execute",
      request: request(text),
    }]);
  }
  for (const text of ["four", "five"]) {
    let streamed = "";
    for await (const chunk of adapter.executeStream(request(text))) {
      if (chunk.type === "content") streamed += chunk.delta;
    }
    assert.equal(streamed, text);
    assert.deepEqual(inner.calls, [{ kind: "stream", request: request(text) }]);
  }
  assert.ok(adapter.healthCheck, "the health check is kept");
  for (let i = 0; i < 2; i++) {
    assert.equal(await adapter.healthCheck(), true);
    assert.deepEqual(inner.calls, [{ kind: "healthCheck" }]);
  }
  await adapter.execute(request("after"));
  assert.deepEqual(inner.calls, [{
    kind: "execute",
    request: request("after"),
  }]);
});

Deno.test("withoutCallLog: an adapter without a health check gets none", () => {
  // Bug (`_call_log.ts`: the health-check condition inverted; binding the
  // missing one throws, a present one is lost).
  const adapter = withoutCallLog(createEchoAdapter());
  assert.equal(adapter.healthCheck, undefined);
});

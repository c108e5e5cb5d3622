// A chat answer replayed from the response cache carries the gateway
// clock's time in whole seconds as `created` (Unix time, rounded down as
// OpenAI writes it), plain and in every chunk of a replayed stream. The
// gateway draw 20261187 (round 20) rounded it up (`Math.ceil`) and no test
// saw it: every cached answer's test let `now` fall on a whole second.
import { describe, it } from "../_harness.ts";
import assert from "node:assert/strict";
import { MemoryResponseCache } from "../../src/gateway/mod.ts";
import { createEchoAdapter } from "../../src/models/testing.ts";
import { jsonPost, withGateway } from "./_in_process.ts";

describe("a chat answer replayed from the cache", () => {
  it("has created in whole seconds, rounded down, plain and streamed", async () => {
    await withGateway({
      backends: [["echo", createEchoAdapter()]],
      cache: { cache: new MemoryResponseCache() },
      now: () => 1_764_000_123_987,
    }, async (gateway) => {
      for (const stream of [false, true]) {
        const body = {
          model: "echo",
          messages: [{ role: "user", content: `hi ${stream}` }],
          stream,
        };
        const miss = await gateway(jsonPost("/v1/chat/completions", body));
        assert.equal(miss.headers.get("x-switchyard-cache"), "miss");
        await miss.text();
        const hit = await gateway(jsonPost("/v1/chat/completions", body));
        assert.equal(hit.headers.get("x-switchyard-cache"), "hit", `${stream}`);
        const answers = stream
          ? (await hit.text()).split("\n")
            .filter((line) => line.startsWith("data: {"))
            .map((line) => JSON.parse(line.slice(6)))
          : [await hit.json()];
        assert.ok(answers.length > 0);
        for (const answer of answers) {
          assert.equal(answer.created, 1_764_000_123, `stream: ${stream}`);
        }
      }
    });
  });
});

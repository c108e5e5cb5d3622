// Two gateway instances, each with its own connection, share one response
// cache on a real redis-server (skipped outside CI when redis-server is
// missing; required under CI=true): what one stored, the other answers
// without calling the upstream, plain or streamed, in either wire; a
// namespace keeps two caches apart on one Redis.
import { describe, it } from "../_harness.ts";
import assert from "node:assert/strict";
import { needs } from "../_programs.ts";
import {
  createGateway,
  type Gateway,
  SharedResponseCache,
} from "../../src/gateway/mod.ts";
import { connect, startRedis } from "../models/stores/_redis_server.ts";
import { ANSWER, serveOpenAIWire } from "./_wire_mocks.ts";
import { upstreamAdapter } from "./_serve.ts";

const skip = needs("the shared response cache", "redis-server").ignore;

function chat(body: Record<string, unknown>): Request {
  return new Request("http://gw/v1/chat/completions", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
}

/** Polls (bounded by count) until Redis holds `count` keys under `match`. */
async function stored(
  command: (args: string[]) => Promise<unknown>,
  match: string,
  count: number,
): Promise<void> {
  for (let i = 0; i < 500; i++) {
    const keys = await command(["KEYS", match]) as string[];
    if (keys.length >= count) return;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  throw new Error(`${count} entries under ${match} not stored after 500 polls`);
}

describe("response cache shared by two gateways on one Redis", { skip }, () => {
  it("answers on one instance what the other stored; a namespace separates", async () => {
    const redis = await startRedis();
    const up = serveOpenAIWire();
    const conns = await Promise.all([1, 2, 3].map(() => connect(redis.port)));
    const gateways: Gateway[] = [];
    const instance = (i: number, namespace?: string) => {
      const gateway = createGateway({
        backends: [["oa", upstreamAdapter(up.origin, "oa")]],
        cache: {
          cache: new SharedResponseCache(conns[i].client, {
            prefix: "fleet:",
            timeoutMs: 10_000,
            ...(namespace ? { namespace } : {}),
          }),
        },
      });
      gateways.push(gateway);
      return gateway;
    };
    try {
      const [a, b, c] = [instance(0), instance(1), instance(2, "other")];
      const body = {
        model: "gpt-test",
        messages: [{ role: "user", content: "fleet" }],
      };
      const first = await a(chat(body));
      assert.equal(first.headers.get("x-switchyard-cache"), "miss");
      await first.body?.cancel();
      await stored(conns[0].command, "fleet:cache:*", 1);

      const onB = await b(chat(body));
      assert.equal(onB.headers.get("x-switchyard-cache"), "hit");
      assert.equal((await onB.json()).choices[0].message.content, ANSWER);
      const streamed = await b(chat({ ...body, stream: true }));
      assert.equal(streamed.headers.get("x-switchyard-cache"), "hit");
      assert.match(await streamed.text(), new RegExp(ANSWER));
      assert.equal(up.calls.length, 1, "one upstream call for the fleet");

      const onC = await c(chat(body));
      assert.equal(onC.headers.get("x-switchyard-cache"), "miss");
      await onC.body?.cancel();
      assert.equal(up.calls.length, 2, "another namespace, another entry");
      await stored(conns[0].command, "fleet:cache:other:*", 1);
    } finally {
      for (const gateway of gateways) gateway.dispose();
      await Promise.all(conns.map((conn) => conn.close()));
      await up.close();
      await redis.stop();
    }
  });
});

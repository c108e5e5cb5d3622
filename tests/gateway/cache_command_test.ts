// `switchyard gateway` with `cache: { store: "shared" }`: two gateway
// processes on one real redis-server (skipped outside CI when it is
// missing; required under CI=true) share one response cache, so a question
// one process answered is answered by the other without an upstream call.
import { describe, it } from "../_harness.ts";
import assert from "node:assert/strict";
import { fetchSignal } from "../_bounded.ts";
import { needs } from "../_programs.ts";
import { startCli } from "../cli/_spawn.ts";
import { startUpstream } from "../cli/_upstream.ts";
import { connect, startRedis } from "../models/stores/_redis_server.ts";

const skip = needs("the command's shared response cache", "redis-server")
  .ignore;

async function ask(origin: string): Promise<Response> {
  return await fetch(`${origin}/v1/chat/completions`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      model: "m-1",
      messages: [{ role: "user", content: "asked twice" }],
    }),
    signal: fetchSignal(),
  });
}

describe("switchyard gateway with a shared cache", { skip }, () => {
  it("two processes on one Redis answer a repeated question once", async () => {
    const redis = await startRedis();
    const upstream = startUpstream();
    const dir = await Deno.makeTempDir();
    const probe = await connect(redis.port);
    try {
      await Deno.writeTextFile(
        `${dir}/gw.json`,
        JSON.stringify({
          backends: [{
            name: "up",
            provider: "vllm",
            baseURL: `${upstream.origin}/v1`,
            models: ["m-1"],
          }],
          redis: { url: `redis://127.0.0.1:${redis.port}`, prefix: "fleet" },
          cache: { store: "shared", namespace: "cmd", ttlSeconds: 600 },
        }),
      );
      const a = await startCli(["gateway", "--config", "gw.json"], {}, dir);
      try {
        const b = await startCli(["gateway", "--config", "gw.json"], {}, dir);
        try {
          const first = await ask(a.origin);
          assert.equal(first.headers.get("x-switchyard-cache"), "miss");
          assert.equal(
            (await first.json()).choices[0].message.content,
            "hello from upstream",
          );
          // The write is not awaited by the answer: wait (bounded) for it.
          let keys: string[] = [];
          for (let i = 0; i < 500 && keys.length === 0; i++) {
            keys = await probe.command([
              "KEYS",
              "fleet:cache:cmd:*",
            ]) as string[];
            if (keys.length === 0) {
              await new Promise((resolve) => setTimeout(resolve, 5));
            }
          }
          assert.equal(keys.length, 1, "one Redis key per answer");
          const ttl = Number(await probe.command(["PTTL", keys[0]]));
          assert.ok(ttl > 590_000 && ttl <= 600_000, `PTTL ${ttl}`);

          const second = await ask(b.origin);
          assert.equal(second.headers.get("x-switchyard-cache"), "hit");
          assert.equal(
            (await second.json()).choices[0].message.content,
            "hello from upstream",
          );
          assert.deepEqual(upstream.models, ["m-1"], "one upstream call");
          // Log lines are written in batches: wait (bounded) for this one.
          await b.line(/"cache":"hit"/);
          assert.match(
            a.stdout(),
            /^switchyard: response cache: shared on Redis \(namespace cmd\); answers kept 600s; for every chat request but keys with cache: false$/m,
          );
        } finally {
          await b.stop();
        }
      } finally {
        await a.stop();
      }
    } finally {
      await probe.close();
      await upstream.close();
      await redis.stop();
      await Deno.remove(dir, { recursive: true });
    }
  });
});

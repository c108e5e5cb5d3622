// One key budget spent by a fleet: a gateway in this process and a second
// one in a subprocess (examples/serve.ts reading a config file, as an
// operator runs it), both on one real redis-server (skipped outside CI when
// redis-server is missing; required under CI=true). Requests alternate
// between them; each admits only while the fleet's spend is under the
// budget, the refusal comes on the very next request whichever instance
// gets it, and Redis holds the sum of the costs both answered with.
import assert from "node:assert/strict";
import {
  createGateway,
  hashKey,
  SharedBudgetStore,
} from "../../src/gateway/mod.ts";
import { createRedisStore } from "../../src/models/stores/redis.ts";
import { createEchoAdapter } from "../../src/models/testing.ts";
import { needs } from "../_programs.ts";
import { fetchSignal } from "../_bounded.ts";
import { connect, startRedis } from "../models/stores/_redis_server.ts";
import { startServe } from "../examples/_serve_process.ts";

const BUDGET = 0.1;
const PRICES = { echo: { input: 1000, output: 1000 } };

Deno.test({
  name:
    "budget on Redis: a gateway and a second gateway process spend one budget",
  ignore: needs("key budgets on Redis", "redis-server").ignore,
  async fn() {
    const redis = await startRedis();
    const path = await Deno.makeTempFile({ suffix: ".json" });
    const { client, close } = await connect(redis.port, {
      disableOfflineQueue: true,
    });
    const store = createRedisStore(client, { prefix: "fleet:" });
    // Far above any loopback answer: the test is about the shared count,
    // not the fallback to local totals.
    const budgetStore = new SharedBudgetStore(store, { timeoutMs: 10_000 });
    const budget = { usd: BUDGET, period: "total" as const };
    const local = createGateway({
      backends: [["echo", createEchoAdapter()]],
      keys: [{ id: "team", sha256: await hashKey("sk-team-secret"), budget }],
      prices: PRICES,
      store,
      budgetStore,
    });
    try {
      await Deno.writeTextFile(
        path,
        JSON.stringify({
          backends: [{ name: "echo", provider: "echo" }],
          keys: [{ id: "team", key: "$TEAM_KEY", budget }],
          prices: PRICES,
          redis: { url: "$REDIS_URL", prefix: "fleet" },
        }),
      );
      const serve = await startServe({
        SWITCHYARD_CONFIG: path,
        TEAM_KEY: "sk-team-secret",
        REDIS_URL: `redis://127.0.0.1:${redis.port}`,
      });
      try {
        const send = [
          (request: Request) => local(request),
          (request: Request) => fetch(request),
        ];
        const answers: Array<{ status: number; cost: number; body: string }> =
          [];
        for (let i = 0; i < 40; i++) {
          const response = await send[i % 2](
            new Request(`${serve.origin}/v1/chat/completions`, {
              signal: fetchSignal(),
              method: "POST",
              headers: { authorization: "Bearer sk-team-secret" },
              body: JSON.stringify({
                model: "echo",
                messages: [{ role: "user", content: `request ${i % 2}` }],
              }),
            }),
          );
          answers.push({
            status: response.status,
            cost: Number(response.headers.get("x-switchyard-cost-usd") ?? 0),
            body: await response.text(),
          });
          if (answers.slice(-2).every((a) => a.status === 429)) break;
        }
        const served = answers.filter((a) => a.status === 200);
        const cost = served[0].cost;
        assert.ok(cost > 0 && cost < BUDGET / 4, `cost ${cost}`);
        assert.ok(
          served.every((a) => a.cost === cost),
          "one price per request",
        );
        // Admitted while the fleet's spend was under the budget, whichever
        // instance answered: the last one overshoots by its own cost.
        const admitted = Math.ceil(BUDGET / cost - 1e-9);
        assert.deepEqual(
          answers.map((a) => a.status),
          [...Array(admitted).fill(200), 429, 429],
        );
        for (const refused of answers.slice(admitted)) {
          assert.match(
            refused.body,
            /Budget exceeded for API key \\"team\\": the total budget of 0\.1 USD is spent/,
          );
        }
        const [total] = await budgetStore.add(["team:total:total"], 0, [0]);
        assert.ok(
          Math.abs(total - admitted * cost) < 1e-9,
          `Redis holds ${total}, the answers cost ${admitted * cost}`,
        );
        // A total never expires; a period's total expires after its ttl.
        await budgetStore.add(["team:day:2026-11-28"], 0.5, [60_000]);
        const pttl = (key: string) =>
          client.eval("return redis.call('PTTL', KEYS[1])", [key], []);
        assert.equal(await pttl("fleet:s:budget:team:total:total"), -1);
        const ttl = Number(await pttl("fleet:s:budget:team:day:2026-11-28"));
        assert.ok(ttl > 0 && ttl <= 60_000, `ttl ${ttl}`);
      } finally {
        await serve.stop();
      }
    } finally {
      local.dispose();
      await close();
      await redis.stop();
      await Deno.remove(path);
    }
  },
});

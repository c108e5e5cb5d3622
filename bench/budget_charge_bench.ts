// What a budget charge costs on Redis since each carries the instance's
// sequence number (so a charge resent after a lost answer is added once):
// the plain add (`INCRBYFLOAT` on the key's totals) against the add made
// once per number (the same, plus the instance's ledger), interleaved
// rounds of awaited calls on one node-redis connection to a local
// redis-server; the figure is the ratio of the medians.
//   deno run -A bench/budget_charge_bench.ts    (needs redis-server on PATH)
import { createRedisStore } from "../src/models/stores/redis.ts";
import { connect, startRedis } from "../tests/models/stores/_redis_server.ts";

const ROUNDS = 10;
const CALLS = 200;
const KEYS = ["team:day:2026-11-28", "team:month:2026-11"];
const TTLS = [86_400_000, 86_400_000];

const median = (values: number[]) =>
  values.toSorted((a, b) => a - b)[values.length >> 1];

const redis = await startRedis();
const { client, close } = await connect(redis.port);
try {
  const store = createRedisStore(client);
  const plain: number[] = [];
  const once: number[] = [];
  let seq = 0;
  for (let round = 0; round < ROUNDS; round++) {
    let start = performance.now();
    for (let i = 0; i < CALLS; i++) await store.addTotals!(KEYS, 0.001, TTLS);
    plain.push((performance.now() - start) / CALLS);
    start = performance.now();
    for (let i = 0; i < CALLS; i++) {
      seq++;
      await store.addTotals!(KEYS, 0.001, TTLS, {
        writer: "w",
        seq,
        floor: seq,
      });
    }
    once.push((performance.now() - start) / CALLS);
  }
  const [p, o] = [median(plain), median(once)];
  console.log(
    `plain add ${(p * 1000).toFixed(0)} µs, add once ${
      (o * 1000).toFixed(0)
    } µs per awaited charge: ${(o / p).toFixed(2)}×`,
  );
} finally {
  await close();
  await redis.stop();
}

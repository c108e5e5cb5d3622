// The router process that dies holding the fleet's probe
// (redis_faults_test.ts): a Router on the Redis store at port Deno.args[0]
// (prefix Deno.args[1], probeLease Deno.args[2] ms) opens backend "x" for
// 300 ms, then sends a request every 10 ms. In half-open it claims the probe
// and sends it to "x", which never answers; the parent kills this process
// (SIGKILL) as soon as Redis shows the claim, so nothing is ever reported.
import { createRouter } from "../../../src/models/mod.ts";
import { createRedisStore } from "../../../src/models/stores/redis.ts";
import {
  createEchoAdapter,
  createHangingAdapter,
} from "../../../src/models/testing.ts";
import { connect } from "./_redis_server.ts";

const [port, prefix, lease] = Deno.args;
const { client } = await connect(Number(port));
const router = createRouter({
  store: createRedisStore(client, { prefix, probeLease: Number(lease) }),
  enableCircuitBreaker: true,
})
  .register("x", createHangingAdapter())
  .register("backup", createEchoAdapter());
router.openCircuitBreaker("x", 300);
const request = { messages: [{ role: "user" as const, content: "hi" }] };
// Bounded: the parent kills this process long before.
for (let i = 0; i < 6_000; i++) {
  router.execute(request).catch(() => {});
  await new Promise((resolve) => setTimeout(resolve, 10));
}

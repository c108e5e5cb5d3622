// One router process of the subprocess fleet test (redis_process_test.ts):
// a Router on the Redis store at port Deno.args[0], a backend "x" that
// fails and then (once its breaker has opened) hangs, and a backup. Phases
// run to absolute times the parent chose, so every process stops sending
// before any lets go of a probe. Prints one JSON line of counts.
import { createRouter } from "../../../src/models/mod.ts";
import { createRedisStore } from "../../../src/models/stores/redis.ts";
import { createEchoAdapter } from "../../../src/models/testing.ts";
import { connect } from "./_redis_server.ts";

const [port, t1, t2] = Deno.args.map(Number);
const BREAKER_TIMEOUT = 300;
const sleep = (ms: number) =>
  new Promise((r) => setTimeout(r, Math.max(0, ms)));

let hang = false;
let calls = 0;
const echo = createEchoAdapter();
const { client, close } = await connect(port);
const router = createRouter({
  store: createRedisStore(client, { prefix: "procs:" }),
  enableCircuitBreaker: true,
  circuitBreakerThreshold: 6,
  circuitBreakerTimeout: BREAKER_TIMEOUT,
})
  .register("x", {
    metadata: echo.metadata,
    executeStream: echo.executeStream,
    execute(_request, signal) {
      calls++;
      if (!hang) return Promise.reject(new Error("upstream down"));
      return new Promise((_, reject) =>
        signal?.addEventListener("abort", () => reject(signal.reason))
      );
    },
  })
  .register("backup", echo);

const request = { messages: [{ role: "user" as const, content: "hi" }] };
const pending: Promise<unknown>[] = [];
let answered = 0;
const send = () =>
  pending.push(router.execute(request).then(() => answered++, () => {}));

// Phase 1: one request every 100 ms until this instance sees the breaker open.
while (Date.now() < t1 && !router.isCircuitBreakerOpen("x")) {
  send();
  await sleep(100);
}
const failures = calls;
const sawOpen = router.isCircuitBreakerOpen("x");
hang = true;
// Phase 2: after the breaker's timeout, a request every 10 ms until t2.
await sleep(t1 + BREAKER_TIMEOUT + 100 - Date.now());
while (Date.now() < t2) {
  send();
  await sleep(10);
}
await sleep(300); // nobody sends now; then let go of any probe
router.dispose();
await Promise.all(pending);
await close();
console.log(
  JSON.stringify({
    failures,
    sawOpen,
    probes: calls - failures,
    answered,
    sent: pending.length,
  }),
);

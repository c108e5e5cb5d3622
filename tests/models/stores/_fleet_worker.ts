// One router process of the subprocess fleet test (redis_process_test.ts):
// a Router on the Redis store at port Deno.args[0], a backend "x" that
// fails and then (once its breaker has opened) hangs, and a backup. Phases
// run to absolute times that the last process to be ready sets on Redis
// (Deno.args[1] processes in all), so every process is sending before the
// first phase ends, however slowly the machine started them, and stops
// sending before any lets go of a probe. Prints one JSON line of counts.
import { createRouter } from "../../../src/models/mod.ts";
import { createRedisStore } from "../../../src/models/stores/redis.ts";
import { createEchoAdapter } from "../../../src/models/testing.ts";
import { connect } from "./_redis_server.ts";

const [port, fleet] = Deno.args.map(Number);
const BREAKER_TIMEOUT = 300;
const sleep = (ms: number) =>
  new Promise((r) => setTimeout(r, Math.max(0, ms)));

let hang = false;
let calls = 0;
const echo = createEchoAdapter();
const { client, command, close } = await connect(port);
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

// The start barrier: the last process to be ready sets the phases' start,
// 1 s ahead, and every process waits for it (bounded, polling every 10 ms).
const ready = Number(await command(["INCR", "barrier:ready"]));
if (ready === fleet) {
  await command(["SET", "barrier:start", String(Date.now() + 1_000)]);
}
const waitFrom = Date.now();
let start = NaN;
while (Number.isNaN(start)) {
  const value = await command(["GET", "barrier:start"]);
  if (value !== null) start = Number(value);
  else if (Date.now() - waitFrom > 30_000) {
    throw new Error(`only ${ready} of ${fleet} processes became ready`);
  } else await sleep(10);
}
const t1 = start + 2_000;
const t2 = t1 + 1_500;
await sleep(start - Date.now());

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

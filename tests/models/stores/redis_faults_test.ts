// The fleet's half-open probe against faults at the worst moment, on a real
// redis-server (skipped outside CI when missing): a router process killed
// right after claiming the probe, Redis frozen (SIGSTOP) exactly as the
// breaker turns half-open, and Redis refusing writes (min-replicas) then.
// In each case the fleet must send the recovered backend its probe and
// close, instead of routing around it until the breaker key expires.
import { describe, it } from "../../_harness.ts";
import assert from "node:assert/strict";
import {
  type BackendAdapter,
  type BreakerRecord,
  createRouter,
  type IRWarning,
  type Router,
  type RouterConfig,
} from "../../../src/models/mod.ts";
import {
  createRedisStore,
  type RedisStoreOptions,
} from "../../../src/models/stores/redis.ts";
import { createEchoAdapter } from "../../../src/models/testing.ts";
import { stopChild, withTimeout } from "../../_bounded.ts";
import { needs } from "../../_programs.ts";
import { waitUntil } from "../../_timeout.ts";
import { connect, type RedisServer, startRedis } from "./_redis_server.ts";

const skip = needs("Redis fault tests", "redis-server").ignore;
const worker = new URL("./_prober_worker.ts", import.meta.url).pathname;
const request = { messages: [{ role: "user" as const, content: "hi" }] };
const sleep = (ms: number) =>
  new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));

/** A backend that fails until up() and then answers; counts both. */
function recovering() {
  const echo = createEchoAdapter();
  let down = true;
  let calls = 0;
  let answered = 0;
  const adapter: BackendAdapter = {
    metadata: echo.metadata,
    executeStream: echo.executeStream,
    execute(request, signal) {
      calls++;
      if (down) return Promise.reject(new Error("upstream 503"));
      answered++;
      return echo.execute(request, signal);
    },
  };
  return {
    adapter,
    up: () => void (down = false),
    get calls() {
      return calls;
    },
    get answered() {
      return answered;
    },
  };
}

/** Routers on one Redis, each on its own connection, with "x" and a backup. */
async function fleetOn(
  server: RedisServer,
  xs: readonly BackendAdapter[],
  config: RouterConfig,
  storeOptions: RedisStoreOptions,
) {
  const connections = await Promise.all(xs.map(() => connect(server.port)));
  const warnings: IRWarning[][] = xs.map(() => []);
  const routers = connections.map(({ client }, i) =>
    createRouter({
      enableCircuitBreaker: true,
      ...config,
      store: createRedisStore(client, storeOptions),
      onWarning: (w) => void warnings[i].push(w),
    }).register("x", xs[i]).register("backup", createEchoAdapter())
  );
  return {
    routers,
    warnings,
    closed: () =>
      routers.every((r) =>
        r.getBackendInfo("x")?.circuitBreakerState === "closed"
      ),
    async close() {
      for (const router of routers) router.dispose();
      await Promise.all(connections.map((c) => c.close()));
    },
  };
}

/** Reads the breaker straight from Redis on a connection of its own. */
async function peeker(server: RedisServer, options: RedisStoreOptions) {
  const { client, command, close } = await connect(server.port);
  const store = createRedisStore(client, options);
  return {
    command,
    close,
    read: async (): Promise<BreakerRecord> =>
      (await store.readBreakers(["x"], Date.now()))[0],
  };
}

/** Every router sends a request every 10 ms until stop() (bounded). */
function sendEvery10ms(routers: readonly Router[]) {
  let running = true;
  const pending: Promise<unknown>[] = [];
  const loops = routers.map(async (router) => {
    for (let i = 0; running && i < 3_000; i++) {
      pending.push(router.execute(request).catch(() => undefined));
      await sleep(10);
    }
  });
  return {
    async stop() {
      running = false;
      await Promise.all(loops);
      await withTimeout(Promise.all(pending), 10_000, "requests in flight");
    },
  };
}

/** Polls an asynchronous condition every 10 ms, at most `polls` times. */
async function pollUntil(
  condition: () => Promise<boolean>,
  message: string,
  polls = 800,
): Promise<void> {
  for (let i = 0; i < polls; i++) {
    if (await condition()) return;
    await sleep(10);
  }
  throw new Error(`${message} (not after ${polls} polls)`);
}

describe(
  "the fleet's probe through faults at the worst moment",
  { skip },
  () => {
    it("a router process killed right after claiming the probe keeps a healthy backend out only for probeLease", async () => {
      const server = await startRedis();
      const options = { prefix: "dead:", probeLease: 1_000 };
      let firstProbe = Infinity; // when a sibling's probe reached the backend
      const healthy = [0, 1].map((): BackendAdapter => {
        const echo = createEchoAdapter();
        return {
          metadata: echo.metadata,
          executeStream: echo.executeStream,
          execute(request, signal) {
            firstProbe = Math.min(firstProbe, Date.now());
            return echo.execute(request, signal);
          },
        };
      });
      const f = await fleetOn(server, healthy, {}, options);
      const peek = await peeker(server, options);
      const child = new Deno.Command(Deno.execPath(), {
        args: [
          "run",
          "-A",
          "--no-prompt",
          worker,
          String(server.port),
          options.prefix,
          String(options.probeLease),
        ],
        stdout: "null",
        stderr: "null",
      }).spawn();
      let senders: ReturnType<typeof sendEvery10ms> | undefined;
      try {
        // Startup of a Deno process may take seconds on a loaded machine.
        let claim: BreakerRecord | undefined;
        await pollUntil(
          async () => {
            const record = await peek.read();
            if (record.probe) claim = record;
            return claim !== undefined;
          },
          "the worker claims the probe",
          3_000,
        );
        child.kill("SIGKILL");
        await withTimeout(child.status, 3_000, "the worker ignored SIGKILL");
        // The siblings adopted the claim; nobody will ever report it.
        senders = sendEvery10ms(f.routers);
        await pollUntil(
          () => Promise.resolve(firstProbe < Infinity),
          "a sibling probes the healthy backend",
        );
        await pollUntil(
          async () => (await peek.read()).state === "closed" && f.closed(),
          "the probe closes the breaker for every router",
        );
        await senders.stop();
        senders = undefined;
        assert.ok(
          firstProbe >= claim!.probeAt! + options.probeLease,
          "the dead router's claim held for its lease",
        );
      } finally {
        await senders?.stop();
        await stopChild(child);
        await peek.close();
        await f.close();
        await server.stop();
      }
    });

    it("Redis frozen as the breaker turns half-open: once it runs again the fleet probes the recovered backend and closes", async () => {
      const server = await startRedis();
      const options = { prefix: "frozen:" };
      const xs = [recovering(), recovering(), recovering()];
      const f = await fleetOn(server, xs.map((x) => x.adapter), {
        circuitBreakerThreshold: 1,
        circuitBreakerTimeout: 300,
        storeTimeout: 100,
      }, options);
      const peek = await peeker(server, options);
      let senders: ReturnType<typeof sendEvery10ms> | undefined;
      try {
        f.routers[0].openCircuitBreaker("x", 500);
        await waitUntil(
          () => f.routers.every((r) => r.isCircuitBreakerOpen("x")),
          "every router sees x open",
        );
        const { openUntil } = await peek.read();
        senders = sendEvery10ms(f.routers);
        // Frozen just before the half-open moment, so every router's first
        // claim goes out while it still trusts the store, and times out.
        await sleep(openUntil - 20 - Date.now());
        server.pause();
        await sleep(1_500);
        for (const x of xs) x.up();
        server.resume();
        await pollUntil(
          async () => (await peek.read()).state === "closed" && f.closed(),
          "the fleet probes the recovered backend and closes",
        );
        await senders.stop();
        senders = undefined;
        assert.ok(xs.some((x) => x.answered > 0));
        for (const warnings of f.warnings) {
          const codes = warnings.map((w) => w.code);
          assert.ok(codes.includes("store-unavailable"), codes.join());
          assert.ok(codes.includes("store-recovered"), codes.join());
        }
      } finally {
        server.resume();
        await senders?.stop();
        await peek.close();
        await f.close();
        await server.stop();
      }
    });

    it("Redis refusing writes as the breaker turns half-open: once writes return the fleet probes and closes", async () => {
      const server = await startRedis();
      const options = { prefix: "readonly:" };
      const xs = [createEchoAdapter(), createEchoAdapter()];
      const f = await fleetOn(server, xs, {
        circuitBreakerThreshold: 1,
        circuitBreakerTimeout: 300,
        storeTimeout: 100,
        // A background read rarely comes first: each router's first move
        // after the half-open moment is a claim, which Redis refuses.
        storeSyncInterval: 1_000,
      }, options);
      const peek = await peeker(server, options);
      let senders: ReturnType<typeof sendEvery10ms> | undefined;
      try {
        f.routers[0].openCircuitBreaker("x", 2_500); // past one sync interval
        await waitUntil(
          () => f.routers.every((r) => r.isCircuitBreakerOpen("x")),
          "every router sees x open",
        );
        const { openUntil } = await peek.read();
        senders = sendEvery10ms(f.routers);
        await sleep(openUntil - 5 - Date.now());
        // NOREPLICAS for every script that writes, as a master that lost its
        // replicas answers; reads go on. On a loaded machine this lands a
        // little after the half-open moment: a router may then claim the
        // probe and see only its outcome refused, which must not leave the
        // claim in Redis for probeLease.
        await peek.command(["CONFIG", "SET", "min-replicas-to-write", "1"]);
        // Writes come back once the moment has passed and every router has
        // had a write refused (a claim, a probe's outcome or its counters,
        // flushed every storeSyncInterval), whenever the load let that be.
        const refused = (warnings: IRWarning[]) =>
          warnings.some((w) => w.code === "store-unavailable");
        await pollUntil(
          () =>
            Promise.resolve(
              Date.now() > openUntil && f.warnings.every(refused),
            ),
          "every router has a write refused",
        );
        await peek.command(["CONFIG", "SET", "min-replicas-to-write", "0"]);
        // Two sync intervals and a few round trips; 1 500 polls are at least
        // 15 s, more under load.
        await pollUntil(
          async () => (await peek.read()).state === "closed" && f.closed(),
          "the fleet probes and closes once writes return",
          1_500,
        );
        await senders.stop();
        senders = undefined;
      } finally {
        await senders?.stop();
        await peek.close();
        await f.close();
        await server.stop();
      }
    });
  },
);

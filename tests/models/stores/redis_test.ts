// The Redis store on a real redis-server (Debian's; skipped outside CI when
// missing, required under CI=true): the shared RouterStore behaviour, a
// property test against the memory store, and a fleet of three routers,
// each with its own client connection, sharing one Redis.
import { describe, it } from "../../_harness.ts";
import assert from "node:assert/strict";
import {
  type BackendAdapter,
  type BreakerRules,
  createMemoryStore,
  createRouter,
  type IRChatResponse,
  type IRWarning,
  type Router,
  type RouterConfig,
  type RouterStore,
} from "../../../src/models/mod.ts";
import {
  createRedisStore,
  type RedisScriptClient,
} from "../../../src/models/stores/redis.ts";
import { READ } from "../../../src/models/stores/_redis_scripts.ts";
import { createEchoAdapter } from "../../../src/models/testing.ts";
import { needs } from "../../_programs.ts";
import { waitUntil } from "../../_timeout.ts";
import {
  connect,
  connectIoRedis,
  type RedisServer,
  startRedis,
} from "./_redis_server.ts";
import { storeSuite } from "./_suite.ts";

const skip = needs("Redis store tests", "redis-server").ignore;
let prefixes = 0;

// Through each client users bring: node-redis's sendCommand (fromNodeRedis)
// and ioredis's eval(script, numKeys, ...keys, ...args) (fromIoRedis).
for (
  const [name, connectClient] of [
    ["redis", connect],
    ["redis, through ioredis", connectIoRedis],
  ] as const
) {
  storeSuite(name, async (options) => {
    const server = await startRedis();
    const { client, close } = await connectClient(server.port);
    return {
      store: createRedisStore(client, {
        prefix: `suite${prefixes++}:`,
        ...options,
      }),
      close: async () => {
        await close();
        await server.stop();
      },
    };
  }, { skip });
}

/** Fails (with a code that counts) or hangs, as the test says. */
function scripted() {
  let mode: "fail" | "hang" = "fail";
  let calls = 0;
  const adapter: BackendAdapter = {
    metadata: createEchoAdapter().metadata,
    executeStream: createEchoAdapter().executeStream,
    execute(_request, signal): Promise<IRChatResponse> {
      calls++;
      if (mode === "fail") {
        return Promise.reject(
          Object.assign(new Error("upstream 503"), { name: "UpstreamError" }),
        );
      }
      return new Promise((_, reject) =>
        signal?.addEventListener("abort", () => reject(signal.reason), {
          once: true,
        })
      );
    },
  };
  return {
    adapter,
    get calls() {
      return calls;
    },
    hang() {
      mode = "hang";
    },
  };
}

/** Three routers, each with its own connection, on one redis-server. */
async function fleet(
  server: RedisServer,
  config: RouterConfig,
  size = 3,
) {
  const connections = await Promise.all(
    Array.from({ length: size }, () => connect(server.port)),
  );
  const warnings: IRWarning[][] = connections.map(() => []);
  const backends = connections.map(() => scripted());
  const routers: Router[] = connections.map(({ client }, i) =>
    createRouter({
      // Far above any loopback answer, on a loaded machine too: a store that
      // misses its bound sends the Router to its local breaker, which admits
      // a probe of its own (three probes for three routers, seen under
      // load). A test of that names its own storeTimeout.
      storeTimeout: 10_000,
      ...config,
      store: createRedisStore(client, { prefix: "fleet:" }),
      onWarning: (w) => void warnings[i].push(w),
    })
      .register("x", backends[i].adapter)
      .register("backup", createEchoAdapter())
  );
  return {
    routers,
    backends,
    warnings,
    async close() {
      for (const router of routers) router.dispose();
      await Promise.all(connections.map((c) => c.close()));
    },
  };
}

const request = { messages: [{ role: "user" as const, content: "hi" }] };

/** Reads a breaker straight from Redis through a separate connection. */
async function peek(server: RedisServer, key = "x", prefix = "fleet:") {
  const { client, close } = await connect(server.port);
  try {
    const store = createRedisStore(client, { prefix });
    return (await store.readBreakers([key], Date.now()))[0];
  } finally {
    await close();
  }
}

describe("a fleet of routers on one Redis", { skip }, () => {
  it("opens every breaker after threshold failures in total, not per instance", async () => {
    const server = await startRedis();
    const f = await fleet(server, {
      enableCircuitBreaker: true,
      circuitBreakerThreshold: 3,
      circuitBreakerTimeout: 60_000,
    });
    try {
      for (let i = 0; i < 3; i++) {
        const response = await f.routers[i].execute(request);
        assert.equal(response.message.content, "hi"); // backup answered
        // The failure's script has run before the next instance fails.
        await waitUntilAsync(
          async () => (await peek(server)).failures === i + 1,
          `failure ${i + 1} recorded`,
        );
      }
      assert.equal((await peek(server)).state, "open");
      // Each instance sees the fleet's breaker (the third adopted it at
      // once; the others on their background read), one failure each.
      await waitUntil(
        () => f.routers.every((r) => r.isCircuitBreakerOpen("x")),
        "every instance sees the breaker open",
      );
      assert.deepEqual(f.backends.map((b) => b.calls), [1, 1, 1]);
      await Promise.all(f.routers.map((r) => r.execute(request)));
      assert.deepEqual(f.backends.map((b) => b.calls), [1, 1, 1]);
    } finally {
      await f.close();
      await server.stop();
    }
  });

  it("exactly one probe crosses the fleet in half-open", async () => {
    const server = await startRedis();
    const f = await fleet(server, {
      enableCircuitBreaker: true,
      circuitBreakerThreshold: 1,
      circuitBreakerTimeout: 100,
    });
    try {
      await f.routers[0].execute(request);
      await waitUntilAsync(
        async () => (await peek(server)).state !== "closed",
        "the breaker opens",
      );
      for (const b of f.backends) b.hang(); // the probe never reports back
      const before = f.backends.reduce((n, b) => n + b.calls, 0);
      await waitUntilAsync(
        async () => (await peek(server)).state === "half-open",
        "the breaker goes half-open",
      );
      // Many requests from every instance while half-open; the probe hangs.
      const pending: Promise<unknown>[] = [];
      for (let round = 0; round < 20; round++) {
        for (const router of f.routers) {
          pending.push(router.execute(request).catch(() => undefined));
        }
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      await waitUntil(
        () => f.backends.reduce((n, b) => n + b.calls, 0) > before,
        "some instance sends the probe",
      );
      const probes = f.backends.reduce((n, b) => n + b.calls, 0) - before;
      assert.equal(probes, 1);
      assert.equal((await peek(server)).probe, true);
      for (const router of f.routers) router.dispose();
      await Promise.all(pending);
    } finally {
      await f.close();
      await server.stop();
    }
  });

  it("a token bucket of N per minute admits N across instances", async () => {
    const server = await startRedis();
    const connections = await Promise.all(
      [0, 1, 2].map(() => connect(server.port)),
    );
    try {
      const stores = connections.map(({ client }) =>
        createRedisStore(client, { prefix: "limits:" })
      );
      const now = Date.now();
      const results = await Promise.all(
        Array.from(
          { length: 30 },
          (_, i) => stores[i % 3].takeTokens("key-1", 1, 10, 10 / 60, now),
        ),
      );
      assert.equal(results.filter((r) => r.allowed).length, 10);
      const refused = results.find((r) => !r.allowed)!;
      assert.equal(refused.retryAfterMs, 6_000); // one token per 6 s
    } finally {
      await Promise.all(connections.map((c) => c.close()));
      await server.stop();
    }
  });

  it("killing Redis mid-run loses no request; the instances recover when it returns", async () => {
    let server = await startRedis();
    const port = server.port;
    const f = await fleet(server, {
      enableCircuitBreaker: true,
      circuitBreakerThreshold: 2,
      circuitBreakerTimeout: 60_000,
      storeTimeout: 50,
    }, 2);
    try {
      let answered = 0;
      const burst = async () => {
        const responses = await Promise.all(
          f.routers.map((r) => r.execute(request)),
        );
        answered += responses.length;
      };
      await burst();
      await server.kill();
      for (let i = 0; i < 10; i++) await burst();
      await waitUntil(
        () =>
          f.warnings.every((w) =>
            w.some((x) => x.code === "store-unavailable")
          ),
        "each instance says it runs on local state",
      );
      for (let i = 0; i < 5; i++) await burst();
      assert.equal(
        answered,
        2 * 16,
        "every request answered while Redis was down",
      );

      server = await startRedis(port);
      await waitUntil(
        () =>
          f.warnings.every((w) => w.some((x) => x.code === "store-recovered")),
        "each instance resynchronises when Redis returns",
        10_000,
      );
      // Shared again: a breaker opened in Redis reaches both instances.
      f.routers[0].openCircuitBreaker("x");
      await waitUntil(
        () => f.routers[1].isCircuitBreakerOpen("x"),
        "the sibling sees the breaker opened after recovery",
      );
    } finally {
      await f.close();
      await server.stop();
    }
  });

  it("a sibling sees a breaker opened or closed elsewhere by its next background read", async () => {
    const server = await startRedis();
    const writer = await connect(server.port);
    const reader = await connect(server.port);
    const reads = countingReads(reader.client);
    const config = { storeSyncInterval: 50 };
    const a = createRouter({
      ...config,
      store: createRedisStore(writer.client, { prefix: "sync:" }),
    }).register("x", createEchoAdapter());
    const b = createRouter({
      ...config,
      store: createRedisStore(reads.client, { prefix: "sync:" }),
    }).register("x", createEchoAdapter());
    reads.watch(() => b.isCircuitBreakerOpen("x"));
    try {
      for (const open of [true, false, true, false, true]) {
        // The change lands at a random point of b's sync interval; b never
        // routes, so only its background read can bring it in.
        await new Promise((resolve) => setTimeout(resolve, Math.random() * 50));
        if (open) a.openCircuitBreaker("x");
        else a.closeCircuitBreaker("x");
        await waitUntilAsync(
          async () =>
            (await peek(server, "x", "sync:")).state ===
              (open ? "open" : "closed"),
          "the change lands in Redis",
        );
        const next = reads.started; // the first read b starts from now on
        await waitUntil(
          () => reads.seen[next] !== undefined,
          "b reads in the background",
        );
        assert.equal(reads.seen[next], open, `b's first read after the change`);
      }
      b.dispose();
      await waitUntil(
        () => reads.seen.length === reads.started,
        "the last read is looked at",
      );
    } finally {
      a.dispose();
      b.dispose();
      await writer.close();
      await reader.close();
      await server.stop();
    }
  });

  it("two prefixes on one Redis keep breakers and counters apart", async () => {
    const server = await startRedis();
    const connections = await Promise.all(
      [0, 1, 2].map(() => connect(server.port)),
    );
    const reads = countingReads(connections[1].client);
    const clients = [
      connections[0].client,
      reads.client,
      connections[2].client,
    ];
    const prefixes = ["left:", "right:", "left:"];
    const xs = [scripted(), scripted(), scripted()];
    const healthy = createEchoAdapter();
    const [failing, apart, alike] = clients.map((client, i) =>
      createRouter({
        store: createRedisStore(client, { prefix: prefixes[i] }),
        enableCircuitBreaker: true,
        circuitBreakerThreshold: 1,
        storeSyncInterval: 50,
      }).register("x", i === 1 ? healthy : xs[i].adapter)
        .register("backup", createEchoAdapter())
    );
    reads.watch(() => apart.isCircuitBreakerOpen("x"));
    const counters = (prefix: string) =>
      createRedisStore(connections[2].client, { prefix }).readCounters("x");
    try {
      await failing.execute(request); // x fails: "left:" opens x
      await waitUntil(
        () => alike.isCircuitBreakerOpen("x"),
        "the router on the same prefix sees x open",
      );
      const next = reads.started;
      await waitUntil(
        () => reads.seen[next] !== undefined,
        "the router on the other prefix reads",
      );
      assert.equal(reads.seen[next], false, "another prefix, another breaker");
      await apart.execute(request);
      assert.equal(healthy.calls.length, 1, "x is closed on the other prefix");
      await waitUntilAsync(
        async () => (await counters("right:")).ok === 1,
        "the counters flush",
      );
      assert.deepEqual(await counters("left:"), { failed: 1 });
      assert.deepEqual(await counters("right:"), { ok: 1 });
      const keys = await connections[0].command(["KEYS", "*"]) as string[];
      assert.ok(keys.length > 0);
      for (const key of keys) assert.match(key, /^(left|right):[bhct]:/);
    } finally {
      for (const router of [failing, apart, alike]) router.dispose();
      await Promise.all(connections.map((c) => c.close()));
      await server.stop();
    }
  });
});

describe("Redis store vs memory store, random operations", { skip }, () => {
  it("answer alike on 30 random sequences of 40 operations from one instance", async () => {
    const server = await startRedis();
    const { client, close } = await connect(server.port);
    try {
      let seed = 0x5eed;
      const random = () => {
        seed = (seed * 1103515245 + 12345) & 0x7fffffff;
        return seed / 0x80000000;
      };
      const pick = <T>(items: readonly T[]): T =>
        items[Math.floor(random() * items.length)];
      for (let run = 0; run < 30; run++) {
        // One lease for both, short enough that claims expire.
        const stores = [
          createMemoryStore({ probeLease: 700 }),
          createRedisStore(client, { prefix: `prop${run}:`, probeLease: 700 }),
        ];
        let now = 0;
        let epoch = 0;
        const log: string[] = [];
        for (let op = 0; op < 40; op++) {
          now += pick([0, 1, 50, 400, 1_000]);
          const key = pick(["a", "b"]);
          const ticket = epoch - pick([0, 0, 1]);
          const rules: BreakerRules = {
            enabled: random() < 0.8,
            threshold: pick([1, 2, 3]),
            timeout: pick([100, 500]),
          };
          const ms = pick([10, 300, Infinity]);
          const cost = pick([1, 2]);
          const count = pick([1, 1, 3]);
          const name = pick(OPERATIONS);
          log.push(`${name} ${key} now=${now} ticket=${ticket}`);
          const apply = (s: RouterStore) => {
            switch (name) {
              case "read":
                return s.readBreakers([key], now);
              case "failure":
                return s.recordFailure(key, now, ticket, rules, count);
              case "success":
                return s.recordSuccess(key, now, ticket);
              case "claim":
                return s.claimProbe(key, now);
              case "release":
                return s.releaseProbe(key, ticket);
              case "open":
                return s.openBreaker(key, now, ms, false);
              case "cool":
                return s.openBreaker(key, now, ms, true);
              case "close":
                return s.closeBreaker(key);
              case "take":
                return s.takeTokens(key, cost, 3, 2, now);
            }
          };
          const [expected, actual] = [
            await apply(stores[0]),
            await apply(stores[1]),
          ];
          assert.deepEqual(actual, expected, log.join("\n"));
          const record = Array.isArray(expected) ? expected[0] : expected;
          if (
            typeof record === "object" && record !== null && "epoch" in record
          ) {
            epoch = record.epoch;
          } else if (name === "claim" && typeof expected === "number") {
            if (expected >= 0) epoch = expected;
          }
        }
        assert.deepEqual(
          await stores[1].readBreakers(["a", "b"], now),
          await stores[0].readBreakers(["a", "b"], now),
        );
      }
    } finally {
      await close();
      await server.stop();
    }
  });
});

/**
 * A client that counts the background reads (the READ script) it carries:
 * `seen[i]` is what `look()` said once the Router had adopted the answer of
 * read `i` (a macrotask after it, when the Router's callbacks have run).
 */
function countingReads(client: RedisScriptClient) {
  const seen: boolean[] = [];
  let started = 0;
  let look = () => false;
  const counted: RedisScriptClient = {
    eval(script, keys, args) {
      const answer = client.eval(script, keys, args);
      if (script !== READ) return answer;
      const index = started++;
      answer.then(
        () => setTimeout(() => (seen[index] = look()), 0),
        () => {},
      );
      return answer;
    },
  };
  return {
    client: counted,
    seen,
    get started() {
      return started;
    },
    watch(fn: () => boolean) {
      look = fn;
    },
  };
}

const OPERATIONS = [
  "read",
  "failure",
  "failure",
  "success",
  "claim",
  "release",
  "open",
  "cool",
  "close",
  "take",
] as const;

async function waitUntilAsync(
  condition: () => Promise<boolean>,
  message: string,
  polls = 500,
): Promise<void> {
  for (let i = 0; i < polls; i++) {
    if (await condition()) return;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  throw new Error(`${message} (not after ${polls} polls)`);
}

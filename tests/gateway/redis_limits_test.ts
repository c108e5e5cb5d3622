// Per-key rate limits across a fleet: two gateway instances, each with its
// own connection, share one real redis-server through the `store` option
// (skipped outside CI when redis-server is missing; required under CI=true).
// A key limited to N requests per minute gets N in total; with Redis killed
// requests still succeed on local limits and each instance says so; when
// Redis returns, the shared count resumes.
//
// A take Redis answers after the limiter's timeout (default 100 ms) counts
// in the instance's own bucket, as documented; on a loaded machine a cold
// script can take that long, and each instance would then admit the full
// limit. These tests are about counting across instances, so the limiter
// waits TAKE_TIMEOUT_MS; the fallback is tested with Redis killed, where
// the client refuses at once, and with a fake store in
// shared_rate_limit_store_test.ts.
import { describe, it } from "../_harness.ts";
import assert from "node:assert/strict";
import { needs } from "../_programs.ts";
import {
  createGateway,
  type Gateway,
  hashKey,
  SharedRateLimitStore,
} from "../../src/gateway/mod.ts";
import type { IRWarning } from "../../src/models/mod.ts";
import {
  createRedisStore,
  type RedisScriptClient,
} from "../../src/models/stores/redis.ts";
import { createEchoAdapter } from "../../src/models/testing.ts";
import { checkLimitHeaders } from "./_limit_headers.ts";
import {
  connect,
  type RedisServer,
  startRedis,
} from "../models/stores/_redis_server.ts";

const skip = needs("gateway rate limits on Redis", "redis-server").ignore;
const RPM = 3;
/** Far above any loopback answer, however loaded the machine. */
const TAKE_TIMEOUT_MS = 10_000;

/** The gateway's `store` options, its limiter waiting TAKE_TIMEOUT_MS. */
function onRedis(
  client: RedisScriptClient,
  prefix: string,
  warnings: IRWarning[],
) {
  const store = createRedisStore(client, { prefix });
  const onWarning = (warning: IRWarning) => void warnings.push(warning);
  return {
    store,
    rateLimitStore: new SharedRateLimitStore(store, {
      timeoutMs: TAKE_TIMEOUT_MS,
      onWarning,
    }),
    onWarning,
  };
}

interface Instance {
  gateway: Gateway;
  warnings: IRWarning[];
  close(): Promise<void>;
}

async function instance(
  server: RedisServer,
  clock: () => number,
): Promise<Instance> {
  // Without the offline queue, as examples/serve.ts connects: a take the
  // gateway gave up on while Redis was down is not replayed (and counted
  // twice) when Redis returns.
  const { client, close } = await connect(server.port, {
    disableOfflineQueue: true,
  });
  const warnings: IRWarning[] = [];
  const gateway = createGateway({
    backends: [["echo", createEchoAdapter()]],
    keys: [
      { id: "team", sha256: await hashKey("sk-team"), rpm: RPM },
      // Drives the recovery in the Redis-killed step without touching
      // team's bucket.
      { id: "other", sha256: await hashKey("sk-other"), rpm: 1_000 },
    ],
    ...onRedis(client, "gw-test:", warnings),
    now: clock,
  });
  return {
    gateway,
    warnings,
    async close() {
      gateway.dispose();
      await close();
    },
  };
}

async function status(gateway: Gateway, key = "sk-team"): Promise<number> {
  const response = await gateway(
    new Request("http://localhost/v1/chat/completions", {
      method: "POST",
      headers: { authorization: `Bearer ${key}` },
      body: JSON.stringify({
        model: "echo",
        messages: [{ role: "user", content: "hi" }],
      }),
    }),
  );
  await response.body?.cancel();
  return response.status;
}

async function waitUntil(condition: () => boolean, what: string) {
  for (let i = 0; i < 250 && !condition(); i++) {
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  assert.ok(condition(), `${what} (not after 250 polls)`);
}

describe("gateway rate limits on a shared Redis", { skip }, () => {
  it("two instances admit a key's N requests per minute N times in total", async () => {
    const server = await startRedis();
    // A still clock: no refill during the test, whatever the machine's speed.
    const now = () => 1_000_000;
    const fleet = [await instance(server, now), await instance(server, now)];
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 4 * RPM; i++) {
        statuses.push(await status(fleet[i % 2].gateway));
      }
      for (const { warnings } of fleet) {
        assert.deepEqual(
          warnings.filter((w) => w.code.startsWith("rate-limit-store")),
          [],
        );
      }
      assert.equal(statuses.filter((s) => s === 200).length, RPM);
      assert.equal(statuses.filter((s) => s === 429).length, 3 * RPM);
      assert.deepEqual(statuses.slice(0, RPM), [200, 200, 200]);
    } finally {
      for (const i of fleet) await i.close();
      await server.stop();
    }
  });

  it("every answer carries the key's rate-limit headers, counted on Redis (the suite of _limit_headers.ts)", async () => {
    const server = await startRedis();
    const { client, close } = await connect(server.port, {
      disableOfflineQueue: true,
    });
    const warnings: IRWarning[] = [];
    try {
      await checkLimitHeaders(() => onRedis(client, "gw-headers:", warnings));
      assert.deepEqual(
        warnings.filter((w) => w.code.startsWith("rate-limit-store")),
        [],
        "the shared buckets counted",
      );
    } finally {
      await close();
      await server.stop();
    }
  });

  it("with Redis killed requests succeed on local limits and a warning says so; shared again when it returns", async () => {
    let server = await startRedis();
    const port = server.port;
    let t = 1_000_000;
    const now = () => t;
    const fleet = [await instance(server, now), await instance(server, now)];
    try {
      // The shared bucket is spent.
      for (let i = 0; i < RPM; i++) {
        assert.equal(await status(fleet[i % 2].gateway), 200);
      }
      assert.equal(await status(fleet[0].gateway), 429);

      await server.kill();
      for (const { gateway, warnings } of fleet) {
        // Local limits: each instance admits the key's N on its own.
        for (let i = 0; i < RPM; i++) assert.equal(await status(gateway), 200);
        assert.equal(await status(gateway), 429);
        const codes = warnings.map((w) => w.code);
        assert.equal(
          codes.filter((c) => c === "rate-limit-store-unavailable").length,
          1,
          `one warning per instance: ${codes}`,
        );
      }

      server = await startRedis(port);
      // Each second a request asks Redis again, in the background, until
      // the client has reconnected and Redis answers.
      const recovered = (warnings: IRWarning[]) =>
        warnings.some((w) => w.code === "rate-limit-store-recovered");
      for (
        let i = 0;
        i < 100 && !fleet.every((f) => recovered(f.warnings));
        i++
      ) {
        t += 1_000;
        // With another key: Redis may answer the background ask while such
        // a request is under way, which then counts on Redis (under load
        // that once cost team a token before the count below).
        for (const { gateway, warnings } of fleet) {
          if (!recovered(warnings)) await status(gateway, "sk-other");
        }
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      for (const { warnings } of fleet) {
        await waitUntil(
          () => recovered(warnings),
          "each instance says the shared limits are back",
        );
      }
      // A fresh Redis: the shared bucket starts full again, for the fleet.
      const statuses: number[] = [];
      for (let i = 0; i < 2 * RPM; i++) {
        statuses.push(await status(fleet[i % 2].gateway));
      }
      // Counted on Redis: no take fell back to an instance's own bucket.
      for (const { warnings } of fleet) {
        const codes = warnings.map((w) => w.code)
          .filter((code) => code.startsWith("rate-limit-store"));
        assert.deepEqual(codes.slice(-1), ["rate-limit-store-recovered"]);
      }
      assert.equal(statuses.filter((s) => s === 200).length, RPM);
    } finally {
      for (const i of fleet) await i.close();
      await server.stop();
    }
  });
});

// The console of one instance of a fleet on one real redis-server: its
// backends' requests and errors are the fleet's (the counters every router
// flushes to the store), while a key's requests are this instance's, as the
// document says with `backendCounts`. With the store gone the backends fall
// back to this instance's own figures, said the same way (skipped outside
// CI when redis-server is missing; required under CI=true).
import assert from "node:assert/strict";
import { needs } from "../_programs.ts";
import { createGateway, type Gateway, hashKey } from "../../src/gateway/mod.ts";
import { createRedisStore } from "../../src/models/stores/redis.ts";
import {
  createEchoAdapter,
  createFailingAdapter,
} from "../../src/models/testing.ts";
import { connect, startRedis } from "../models/stores/_redis_server.ts";

const ADMIN = "sk-admin";
const KEY = "sk-team";

type Console = {
  backendCounts: string;
  backends: Array<{ name: string; requests: number; failed: number }>;
  keys: Array<{ id: string; requests: number }>;
};

async function chat(gateway: Gateway, model: string): Promise<number> {
  const response = await gateway(
    new Request("http://localhost/v1/chat/completions", {
      method: "POST",
      headers: { authorization: `Bearer ${KEY}` },
      body: JSON.stringify({
        model,
        messages: [{ role: "user", content: "hi" }],
      }),
    }),
  );
  await response.body?.cancel();
  return response.status;
}

async function consoleOf(gateway: Gateway): Promise<Console> {
  const response = await gateway(
    new Request("http://localhost/admin/console.json", {
      headers: { authorization: `Bearer ${ADMIN}` },
    }),
  );
  assert.equal(response.status, 200);
  return await response.json();
}

const backend = (data: Console, name: string) =>
  data.backends.find((b) => b.name === name)!;

Deno.test({
  name:
    "console on Redis: backends count the fleet's requests and errors, keys this instance's",
  ignore: needs("the console on Redis", "redis-server").ignore,
  async fn() {
    const server = await startRedis();
    // reconnect: false: the test kills its server, and a client retrying
    // then would leave its connect timer behind when the test ends.
    const connections = [
      await connect(server.port, {
        disableOfflineQueue: true,
        reconnect: false,
      }),
      await connect(server.port, {
        disableOfflineQueue: true,
        reconnect: false,
      }),
    ];
    const keys = [{ id: "team", sha256: await hashKey(KEY) }];
    const fleet = await Promise.all(
      connections.map(async ({ client }) =>
        createGateway({
          backends: [
            ["echo", createEchoAdapter()],
            ["down", createFailingAdapter()],
          ],
          keys,
          store: createRedisStore(client, { prefix: "console-test:" }),
          admin: { sha256: await hashKey(ADMIN) },
        })
      ),
    );
    const [a, b] = fleet;
    try {
      for (let i = 0; i < 2; i++) assert.equal(await chat(a, "echo"), 200);
      for (let i = 0; i < 3; i++) assert.equal(await chat(b, "echo"), 200);
      // "down" fails; the gateway's sequential fallback then answers on echo.
      assert.equal(await chat(b, "down"), 200);
      // Each router flushes its counts in the background: wait until the
      // store holds all seven (bounded polling by count).
      let seen = await consoleOf(a);
      for (
        let i = 0;
        i < 500 &&
        backend(seen, "echo").requests + backend(seen, "down").requests !== 7;
        i++
      ) {
        await new Promise((resolve) => setTimeout(resolve, 10));
        seen = await consoleOf(a);
      }
      assert.equal(seen.backendCounts, "fleet");
      assert.equal(backend(seen, "echo").requests, 6, "2 here, 4 on b");
      assert.equal(backend(seen, "echo").failed, 0);
      assert.equal(backend(seen, "down").requests, 1, "b's failure");
      assert.equal(backend(seen, "down").failed, 1);
      assert.equal(
        seen.keys.find((k) => k.id === "team")?.requests,
        2,
        "a key's requests are this instance's",
      );

      // The store gone: each instance shows what it counted itself.
      await server.kill();
      const alone = await consoleOf(a);
      assert.equal(alone.backendCounts, "instance");
      assert.equal(backend(alone, "echo").requests, 2);
      assert.equal(backend(alone, "down").requests, 0);
    } finally {
      for (const gateway of fleet) gateway.dispose();
      for (const connection of connections) await connection.close();
      await server.stop();
    }
  },
});

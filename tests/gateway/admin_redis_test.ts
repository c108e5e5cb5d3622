// Keys created at run time across a fleet: two gateway instances, each with
// its own connection to one real redis-server, share the runtime keys. The
// stated bound is `admin.syncMs`: an instance reads the store's key version
// at most once per syncMs, so a key created or revoked on one instance is
// accepted or refused by the other at its first request once syncMs has
// passed since its last read. An injected clock makes "syncMs later"
// exact, so nothing here waits on the wall clock (skipped outside CI when
// redis-server is missing; required under CI=true).
import { describe, it } from "../_harness.ts";
import assert from "node:assert/strict";
import { needs } from "../_programs.ts";
import {
  createGateway,
  hashKey,
  type RequestLogEntry,
} from "../../src/gateway/mod.ts";
import { createRedisStore } from "../../src/models/stores/redis.ts";
import { createEchoAdapter } from "../../src/models/testing.ts";
import { connect, startRedis } from "../models/stores/_redis_server.ts";
import { adminRequest, chatStatus } from "./_admin_calls.ts";

const skip = needs("runtime keys on Redis", "redis-server").ignore;
const ADMIN = "sk-admin";
const SYNC_MS = 1_000;

const admin = (method: string, path: string, body?: unknown) =>
  adminRequest(ADMIN, method, path, body);

describe("runtime keys on a shared Redis", { skip }, () => {
  it("a key created or revoked on one instance is accepted or refused by the other within syncMs", async () => {
    const server = await startRedis();
    let t = 5_000_000;
    const now = () => t;
    const connections = [
      await connect(server.port, { disableOfflineQueue: true }),
      await connect(server.port, { disableOfflineQueue: true }),
    ];
    const logs: RequestLogEntry[] = [];
    const fleet = await Promise.all(
      connections.map(async ({ client }) =>
        createGateway({
          backends: [["echo", createEchoAdapter()]],
          store: createRedisStore(client, { prefix: "admin-test:" }),
          admin: { sha256: await hashKey(ADMIN), syncMs: SYNC_MS },
          logger: (entry) => void logs.push(entry),
          now,
        })
      ),
    );
    const [a, b] = fleet;
    try {
      // b reads the (empty) key space now.
      assert.equal(await chatStatus(b, "sk-not-yet"), 401);
      const created = await a(admin("POST", "/admin/keys", { id: "fleet" }));
      assert.equal(created.status, 201);
      const secret: string = (await created.json()).key;
      assert.equal(
        await chatStatus(a, secret),
        200,
        "the creating instance at once",
      );
      // Within syncMs b still uses its last read...
      t += SYNC_MS - 1;
      assert.equal(await chatStatus(b, secret), 401);
      // ...and at syncMs it reads the new version.
      t += 1;
      assert.equal(await chatStatus(b, secret), 200, "the other within syncMs");

      // Listed by both, secret-free.
      const listed = await (await b(admin("GET", "/admin/keys"))).text();
      assert.match(listed, /"id":"fleet"/);
      assert.ok(!listed.includes(secret));
      assert.ok(!listed.includes(await hashKey(secret)));

      const revoked = await b(admin("DELETE", "/admin/keys/fleet"));
      assert.equal(revoked.status, 200);
      await revoked.body?.cancel();
      assert.equal(
        await chatStatus(b, secret),
        401,
        "the revoking instance at once",
      );
      t += SYNC_MS;
      assert.equal(await chatStatus(a, secret), 401, "the other within syncMs");

      // A key held in Redis survives an instance: a third one, started
      // after the writes, sees the space as it is.
      const again = await a(admin("POST", "/admin/keys", { id: "later" }));
      const later: string = (await again.json()).key;
      const third = createGateway({
        backends: [["echo", createEchoAdapter()]],
        store: createRedisStore(connections[1].client, {
          prefix: "admin-test:",
        }),
        admin: { sha256: await hashKey(ADMIN), syncMs: SYNC_MS },
        now,
      });
      try {
        assert.equal(await chatStatus(third, later), 200);
      } finally {
        third.dispose();
      }
      assert.ok(!JSON.stringify(logs).includes(secret));
    } finally {
      for (const gateway of fleet) gateway.dispose();
      for (const connection of connections) await connection.close();
      await server.stop();
    }
  });

  it("with Redis gone a write is a 503 and known keys keep working on the last copy", async () => {
    const server = await startRedis();
    let t = 7_000_000;
    const now = () => t;
    const connection = await connect(server.port, {
      disableOfflineQueue: true,
      reconnect: false,
    });
    const gateway = createGateway({
      backends: [["echo", createEchoAdapter()]],
      store: createRedisStore(connection.client, { prefix: "admin-out:" }),
      admin: { sha256: await hashKey(ADMIN), syncMs: SYNC_MS },
      now,
    });
    let stopped = false;
    try {
      const created = await gateway(
        admin("POST", "/admin/keys", { id: "kept" }),
      );
      const secret: string = (await created.json()).key;
      await server.kill();
      stopped = true;
      const refused = await gateway(
        admin("POST", "/admin/keys", { id: "during" }),
      );
      assert.equal(refused.status, 503);
      assert.equal(refused.headers.get("retry-after"), "1");
      assert.equal((await refused.json()).error.code, "key_store_unavailable");
      // Past syncMs the read fails: the last copy still admits the key.
      t += SYNC_MS;
      assert.equal(await chatStatus(gateway, secret), 200);
    } finally {
      gateway.dispose();
      await connection.close();
      if (!stopped) await server.stop();
    }
  });
});

// Where the admin's runtime keys live, as the operator reads it: with a
// store that keeps records (Redis), in its `admin-keys` space, the one
// docs/gateway/admin.md names (`<prefix>:r:admin-keys`), so keys made by
// one release are found by the next; and the console says so
// (`keysShared: true`), while without such a store (none, or one without
// the record methods) it says the keys are this process's own. An instance
// reads the space's version at most once per `syncMs` and the whole space
// only when that version moved (the store's load the document promises),
// and a record of another shape in the space (no id, no digest) is no key.
// A write the store refuses is the admin's 503 to retry: `server_error`,
// code `key_store_unavailable`, `Retry-After: 1`.
import { describe, it } from "../_harness.ts";
import assert from "node:assert/strict";
import { createGateway, hashKey } from "../../src/gateway/mod.ts";
import type { RouterStore } from "../../src/models/mod.ts";
import { createMemoryStore } from "../../src/models/stores/memory.ts";
import { createEchoAdapter } from "../../src/models/testing.ts";
import { adminRequest, chatStatus, sharedRecords } from "./_admin_calls.ts";

const ADMIN = "sk-admin-r13";

/** `keysShared` of the console, and whether a created key then works. */
async function consoleAndKey(store: RouterStore | undefined) {
  const gateway = createGateway({
    backends: [["echo", createEchoAdapter()]],
    ...(store ? { store } : {}),
    admin: { sha256: await hashKey(ADMIN) },
  });
  try {
    const created = await gateway(
      adminRequest(ADMIN, "POST", "/admin/keys", { id: "team" }),
    );
    assert.equal(created.status, 201);
    const { key } = await created.json();
    const page = await gateway(
      adminRequest(ADMIN, "GET", "/admin/console.json"),
    );
    assert.equal(page.status, 200);
    const { keysShared } = await page.json();
    return { keysShared, status: await chatStatus(gateway, key) };
  } finally {
    gateway.dispose();
  }
}

describe("runtime keys' home", () => {
  it("is the store's admin-keys record space when it has one, and the console says shared", async () => {
    const { spaces, ...methods } = sharedRecords();
    const store = Object.assign(createMemoryStore(), methods) as RouterStore;
    assert.deepEqual(await consoleAndKey(store), {
      keysShared: true,
      status: 200,
    });
    assert.deepEqual([...spaces], ["admin-keys"]);
  });

  it("is this process without a store, or with one that keeps no records", async () => {
    for (const store of [undefined, createMemoryStore()]) {
      assert.deepEqual(await consoleAndKey(store), {
        keysShared: false,
        status: 200,
      });
    }
  });

  it("is read at most once per syncMs, the whole space only when its version moved", async () => {
    const { reads, ...methods } = sharedRecords();
    let now = 1_000_000;
    const gateway = createGateway({
      backends: [["echo", createEchoAdapter()]],
      store: Object.assign(createMemoryStore(), methods) as RouterStore,
      admin: { sha256: await hashKey(ADMIN), syncMs: 1_000 },
      now: () => now,
    });
    try {
      const created = await gateway(
        adminRequest(ADMIN, "POST", "/admin/keys", { id: "team" }),
      );
      const { key } = await created.json();
      // The write's own read has just happened: the next ones are not due.
      reads.version = reads.space = 0;
      const statuses = await Promise.all(
        [0, 1, 2].map(() => chatStatus(gateway, key)),
      );
      assert.deepEqual(statuses, [200, 200, 200]);
      assert.deepEqual(reads, { version: 0, space: 0 }, "within syncMs");
      now += 1_000;
      assert.equal(await chatStatus(gateway, key), 200);
      assert.deepEqual(reads, { version: 1, space: 0 }, "version unchanged");
      methods.writeRecord("admin-keys", "other", "create", "{}");
      now += 1_000;
      assert.equal(await chatStatus(gateway, key), 200);
      assert.deepEqual(reads, { version: 2, space: 1 }, "version moved");
    } finally {
      gateway.dispose();
    }
  });

  it("holds no key for a record without its id or its digest", async () => {
    const { reads: _, spaces: __, ...methods } = sharedRecords();
    const sha256 = await hashKey("sk-foreign");
    methods.writeRecord(
      "admin-keys",
      "a",
      "create",
      JSON.stringify({ sha256 }),
    );
    methods.writeRecord(
      "admin-keys",
      "b",
      "create",
      JSON.stringify({ id: "b" }),
    );
    methods.writeRecord("admin-keys", "c", "create", "null");
    // A record this version cannot read at all (round 23: no test had one).
    methods.writeRecord("admin-keys", "d", "create", "{not json");
    const gateway = createGateway({
      backends: [["echo", createEchoAdapter()]],
      store: Object.assign(createMemoryStore(), methods) as RouterStore,
      admin: { sha256: await hashKey(ADMIN) },
    });
    try {
      const created = await gateway(
        adminRequest(ADMIN, "POST", "/admin/keys", { id: "team" }),
      );
      const { key } = await created.json();
      assert.equal(await chatStatus(gateway, key), 200);
      assert.equal(await chatStatus(gateway, "sk-foreign"), 401);
      const listed = await gateway(adminRequest(ADMIN, "GET", "/admin/keys"));
      const { data } = await listed.json();
      assert.deepEqual(
        data.filter((k: { source: string }) => k.source === "admin")
          .map((k: { id: string }) => k.id),
        ["team"],
      );
    } finally {
      gateway.dispose();
    }
  });

  it("answers a write the store refuses with a 503 to retry", async () => {
    const { readRecords, recordsVersion } = sharedRecords();
    const refusing = (): never => {
      throw new Error("READONLY You can't write against a read only replica.");
    };
    const gateway = createGateway({
      backends: [["echo", createEchoAdapter()]],
      store: Object.assign(createMemoryStore(), {
        readRecords,
        recordsVersion,
        writeRecord: refusing,
      }) as RouterStore,
      admin: { sha256: await hashKey(ADMIN) },
    });
    try {
      const refused = await gateway(
        adminRequest(ADMIN, "POST", "/admin/keys", { id: "team" }),
      );
      assert.equal(refused.status, 503);
      assert.equal(refused.headers.get("retry-after"), "1");
      const { error } = await refused.json();
      assert.equal(error.type, "server_error");
      assert.equal(error.code, "key_store_unavailable");
    } finally {
      gateway.dispose();
    }
  });
});

// What a fresh mutation draw over the admin API showed the suite did not
// check: `admin.syncMs: 0` (documented as "a finite number ≥ 0") is
// accepted and means what it says: an instance reads the shared runtime
// keys at every request, so a key created on another instance is accepted
// at its very next request, with the clock standing still. Anything that
// is not a finite number ≥ 0 is refused when the gateway is built. A console
// path that is the admin path or lies under it is refused too (the admin
// routes would shadow it), as is an empty one (not read as the default), and
// a key created with an empty model or backend name is the admin's 400, not a
// key that allows nothing. A wrong method on an admin route is a 405 whose
// body says so in a code a client can test (`method_not_allowed`), on a
// route of one method or of two.
import { describe, it } from "../_harness.ts";
import assert from "node:assert/strict";
import { createGateway, hashKey } from "../../src/gateway/mod.ts";
import type { RouterStore } from "../../src/models/mod.ts";
import { createMemoryStore } from "../../src/models/stores/memory.ts";
import { createEchoAdapter } from "../../src/models/testing.ts";
import { adminRequest, chatStatus, sharedRecords } from "./_admin_calls.ts";

const ADMIN = "sk-admin-fresh";

describe("admin.syncMs", () => {
  it("0 reads the shared keys at every request: a key made on one instance works on the other at once", async () => {
    const records = sharedRecords();
    const sha256 = await hashKey(ADMIN);
    const fleet = [0, 1].map(() =>
      createGateway({
        backends: [["echo", createEchoAdapter()]],
        store: Object.assign(createMemoryStore(), records) as RouterStore,
        admin: { sha256, syncMs: 0 },
        now: () => 1_000_000, // the clock stands still
      })
    );
    try {
      const [a, b] = fleet;
      // b has read the (empty) key space once already.
      assert.equal(await chatStatus(b, "sk-nobody"), 401);
      const created = await a(
        adminRequest(ADMIN, "POST", "/admin/keys", { id: "team-c" }),
      );
      assert.equal(created.status, 201);
      const { key } = await created.json();
      assert.equal(await chatStatus(b, key), 200);
    } finally {
      for (const gateway of fleet) gateway.dispose();
    }
  });

  it("refuses a negative, infinite or non-number value when the gateway is built", async () => {
    const sha256 = await hashKey(ADMIN);
    for (const syncMs of [-1, Number.POSITIVE_INFINITY, Number.NaN]) {
      assert.throws(
        () =>
          createGateway({
            backends: [["echo", createEchoAdapter()]],
            admin: { sha256, syncMs },
          }),
        TypeError,
        String(syncMs),
      );
    }
  });
});

describe("admin paths", () => {
  it("refuses a console path equal to the admin path or under it", async () => {
    const sha256 = await hashKey(ADMIN);
    for (const consolePath of ["/ops", "/ops/console"]) {
      assert.throws(
        () =>
          createGateway({
            backends: [["echo", createEchoAdapter()]],
            admin: { sha256, path: "/ops", consolePath },
          }),
        TypeError,
        consolePath,
      );
    }
    // An empty path is a mistake to report, not a request for the default.
    for (const paths of [{ consolePath: "" }, { path: "" }]) {
      assert.throws(
        () =>
          createGateway({
            backends: [["echo", createEchoAdapter()]],
            admin: { sha256, ...paths },
          }),
        TypeError,
        JSON.stringify(paths),
      );
    }
    const apart = createGateway({
      backends: [["echo", createEchoAdapter()]],
      admin: { sha256, path: "/ops", consolePath: "/ops-console" },
    });
    apart.dispose();
  });
});

describe("admin: creating a key", () => {
  it("refuses an empty model or backend name with a 400 naming the field", async () => {
    const gateway = createGateway({
      backends: [["echo", createEchoAdapter()]],
      admin: { sha256: await hashKey(ADMIN) },
    });
    try {
      for (
        const [field, body] of [
          ["models", { id: "k1", models: ["echo", ""] }],
          ["backends", { id: "k2", backends: [""] }],
        ] as const
      ) {
        const response = await gateway(
          adminRequest(ADMIN, "POST", "/admin/keys", body),
        );
        const answer = await response.json();
        assert.equal(response.status, 400, JSON.stringify(answer));
        assert.equal(answer.error.param, field);
      }
    } finally {
      gateway.dispose();
    }
  });
});

describe("admin: a wrong method", () => {
  it("is a 405 with code method_not_allowed and Allow, on one- and two-method routes", async () => {
    const gateway = createGateway({
      backends: [["echo", createEchoAdapter()]],
      admin: { sha256: await hashKey(ADMIN) },
    });
    try {
      for (
        const [method, path, allow] of [
          ["PUT", "/admin/keys", "GET, POST"],
          ["GET", "/admin/keys/x", "DELETE"],
        ]
      ) {
        const response = await gateway(adminRequest(ADMIN, method, path));
        const body = await response.json();
        assert.equal(response.status, 405, path);
        assert.equal(response.headers.get("allow"), allow, path);
        assert.equal(body.error.code, "method_not_allowed", path);
        assert.equal(body.error.type, "invalid_request_error", path);
      }
    } finally {
      gateway.dispose();
    }
  });
});

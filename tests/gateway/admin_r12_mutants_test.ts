// What the admin API must answer that no test asked of it: a create whose
// body is JSON but not an object (`null`, an array) is the admin's 400
// saying so, never a crash inside the handler; the answer to a create holds
// the new secret, so it must not be stored by a cache on the way
// (`cache-control: no-store`, as the rotate's answer); and a rotate path
// with no key id is no route at all, answered before any key is asked for.
import { describe, it } from "../_harness.ts";
import assert from "node:assert/strict";
import { type GatewayOptions, hashKey } from "../../src/gateway/mod.ts";
import { createEchoAdapter } from "../../src/models/testing.ts";
import { adminRequest } from "./_admin_calls.ts";
import { withGateway } from "./_in_process.ts";

const ADMIN = "sk-admin-r12";

async function options(): Promise<GatewayOptions> {
  return {
    backends: [["echo", createEchoAdapter()]],
    admin: { sha256: await hashKey(ADMIN) },
  };
}

describe("admin: creating a key", () => {
  for (const body of [null, [], ["id"], "team-a", 7]) {
    it(`a body of ${JSON.stringify(body)} is the admin's 400 saying it must be an object`, async () => {
      await withGateway(await options(), async (gateway) => {
        const response = await gateway(
          adminRequest(ADMIN, "POST", "/admin/keys", body),
        );
        const answer = await response.json();
        assert.equal(response.status, 400, JSON.stringify(answer));
        assert.equal(answer.error.code, "invalid_key_request");
        assert.equal(answer.error.message, "The body must be a JSON object.");
      });
    });
  }

  it("the answer holding the secret is not to be stored, on create and on rotate", async () => {
    await withGateway(await options(), async (gateway) => {
      const created = await gateway(
        adminRequest(ADMIN, "POST", "/admin/keys", { id: "team-a" }),
      );
      const secret = (await created.json()).key;
      assert.equal(created.status, 201);
      assert.match(secret, /^sk-sy-/);
      assert.equal(created.headers.get("cache-control"), "no-store");
      const rotated = await gateway(
        adminRequest(ADMIN, "POST", "/admin/keys/team-a/rotate"),
      );
      assert.equal(rotated.status, 200);
      assert.notEqual((await rotated.json()).key, secret);
      assert.equal(rotated.headers.get("cache-control"), "no-store");
    });
  });
});

describe("admin: a rotate path without a key id", () => {
  it("is an unknown route, whatever key is presented", async () => {
    await withGateway(await options(), async (gateway) => {
      for (const key of [ADMIN, "sk-wrong"]) {
        const response = await gateway(
          adminRequest(key, "POST", "/admin/keys//rotate"),
        );
        const answer = await response.json();
        assert.equal(response.status, 404, JSON.stringify(answer));
        assert.notEqual(answer.error.code, "key_not_found");
      }
    });
  });
});

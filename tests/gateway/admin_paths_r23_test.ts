// An admin path whose key id is not valid percent-encoding (`%zz`) is read
// as written: a 404 naming that id, never a 500 from decodeURIComponent's
// URIError. A coverage run of the gateway's tests (round 23) found no test
// of it. No Deno API.
import { describe, it } from "../_harness.ts";
import assert from "node:assert/strict";
import { createGateway, hashKey } from "../../src/gateway/mod.ts";
import { createEchoAdapter } from "../../src/models/testing.ts";
import { adminRequest } from "./_admin_calls.ts";

const ADMIN = "sk-admin-r23";

describe("an admin key path that is not valid percent-encoding", () => {
  it("is a 404 naming the id as written, for revoke and rotate", async () => {
    const gateway = createGateway({
      backends: [["echo", createEchoAdapter()]],
      admin: { sha256: await hashKey(ADMIN) },
    });
    try {
      for (
        const [method, path] of [
          ["DELETE", "/admin/keys/%zz"],
          ["POST", "/admin/keys/%zz/rotate"],
          ["DELETE", "/admin/keys/%E0%A4%A"],
        ]
      ) {
        const response = await gateway(adminRequest(ADMIN, method, path));
        const body = await response.json();
        assert.equal(response.status, 404, `${method} ${path}`);
        assert.equal(body.error.code, "key_not_found");
        const id = path.split("/")[3];
        assert.match(body.error.message, new RegExp(`"${id}"`));
      }
      // A well-formed escape is decoded: the id is the text it spells.
      const created = await gateway(
        adminRequest(ADMIN, "POST", "/admin/keys", { id: "team-a" }),
      );
      assert.equal(created.status, 201, await created.clone().text());
      await created.body?.cancel();
      const revoked = await gateway(
        adminRequest(ADMIN, "DELETE", "/admin/keys/team%2Da"),
      );
      assert.equal(revoked.status, 200, await revoked.clone().text());
      await revoked.body?.cancel();
    } finally {
      gateway.dispose();
    }
  });
});

// `GET /v1/models/{id}` (`models.retrieve`) is behind the keys like the
// list: no key is a 401, and a key sees only the models its `backends`
// allow (another is a 404, as if it did not exist). An id whose percent
// signs are not escapes (a model named `50%`) is read as written.
import { describe, it } from "../_harness.ts";
import assert from "node:assert/strict";
import { createGateway, hashKey } from "../../src/gateway/mod.ts";
import { createEchoAdapter } from "../../src/models/testing.ts";

describe("GET /v1/models/{id}", () => {
  // Bug (`_handle_model.ts`, `await authenticate(ex);` dropped): any
  // caller could read a model without a key, and a key's backends list did
  // not hide the models it may not use.
  it("needs a key and shows only the key's models", async () => {
    const gateway = createGateway({
      backends: [["open", createEchoAdapter()], [
        "closed",
        createEchoAdapter(),
      ]],
      keys: [{
        id: "team",
        sha256: await hashKey("sk-team"),
        backends: ["open"],
      }],
    });
    try {
      const get = (id: string, headers: Record<string, string> = {}) =>
        gateway(new Request(`http://localhost/v1/models/${id}`, { headers }));
      const anonymous = await get("open");
      assert.equal(anonymous.status, 401);
      assert.equal((await anonymous.json()).error.code, "missing_api_key");
      const wrong = await get("open", { authorization: "Bearer sk-TEAM" });
      assert.equal(wrong.status, 401);
      await wrong.body?.cancel();
      const allowed = await get("open", { authorization: "Bearer sk-team" });
      assert.equal(allowed.status, 200);
      assert.equal((await allowed.json()).id, "open");
      const hidden = await get("closed", { authorization: "Bearer sk-team" });
      assert.equal(hidden.status, 404);
      assert.equal((await hidden.json()).error.code, "model_not_found");
    } finally {
      gateway.dispose();
    }
  });

  // Bug (`_handle_model.ts`, the fallback after a failed decode sliced one
  // character short): an id that is not valid percent-encoding kept the
  // path's `/`, so a model named `50%` was never found.
  it("reads an id that is not percent-encoding as written", async () => {
    const gateway = createGateway({
      backends: [["50%", createEchoAdapter()], ["a b", createEchoAdapter()]],
    });
    try {
      for (const [path, id] of [["50%", "50%"], ["a%20b", "a b"]]) {
        const response = await gateway(
          new Request(`http://localhost/v1/models/${path}`),
        );
        assert.equal(response.status, 200, path);
        assert.equal((await response.json()).id, id);
      }
      const missing = await gateway(
        new Request("http://localhost/v1/models/9%ZZ"),
      );
      assert.equal(missing.status, 404);
      assert.equal(
        (await missing.json()).error.message,
        'The model "9%ZZ" does not exist.',
      );
    } finally {
      gateway.dispose();
    }
  });
});

describe("GET /v1/models/ with no id", () => {
  // Bug (`_routes.ts`, `path.length > prefix.length` → `>=`): the bare
  // prefix was routed to the model lookup, a 404 for a model named "", not
  // the unknown route it is.
  it("is an unknown route, in the caller's shape", async () => {
    const gateway = createGateway({
      backends: [["echo", createEchoAdapter()]],
    });
    try {
      const response = await gateway(
        new Request("http://localhost/v1/models/"),
      );
      assert.equal(response.status, 404);
      assert.deepEqual((await response.json()).error, {
        message: "Unknown route GET /v1/models/.",
        type: "invalid_request_error",
        param: null,
        code: "unknown_url",
      });
    } finally {
      gateway.dispose();
    }
  });
});

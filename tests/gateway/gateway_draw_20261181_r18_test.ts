// What the eighteenth round's third fresh draw of the gateway (seed
// 20261181) showed no test checked beside the admin 401's message (in
// admin_test.ts): a gateway whose router has no backend (all unregistered)
// answers a Responses call as it answers a chat call, a 503
// NO_BACKEND_AVAILABLE the client may retry, not a 400 saying no backend
// serves the Responses API. Portable: the harness only.
import { describe, it } from "../_harness.ts";
import assert from "node:assert/strict";
import { Router } from "../../src/models/mod.ts";
import { jsonPost, withGateway } from "./_in_process.ts";

describe("draw 20261181: a router without backends", () => {
  it("answers /v1/responses with the 503 a chat call gets, plain or streamed", async () => {
    const router = new Router();
    try {
      await withGateway({ router }, async (gateway) => {
        const chat = await gateway(jsonPost("/v1/chat/completions", {
          model: "gpt-x",
          messages: [{ role: "user", content: "hi" }],
        }));
        assert.equal(chat.status, 503);
        const expected = (await chat.json()).error.code;
        assert.equal(expected, "NO_BACKEND_AVAILABLE");
        for (const stream of [false, true]) {
          const response = await gateway(jsonPost("/v1/responses", {
            model: "gpt-x",
            input: "hi",
            stream,
          }));
          assert.equal(response.status, 503, `stream ${stream}`);
          assert.equal((await response.json()).error.code, expected);
        }
      });
    } finally {
      router.dispose();
    }
  });
});

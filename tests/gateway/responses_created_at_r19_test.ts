// A translated Responses answer's `created_at` is the gateway clock's time
// in whole seconds (Unix time, as OpenAI writes it), plain and in a stream's
// events. Found by planting every rule-drawn bug of `_handle_responses.ts`
// (nineteenth round): `/ 1000` made `* 1000` went unseen. Portable: the
// harness only.
import { describe, it } from "../_harness.ts";
import assert from "node:assert/strict";
import { createEchoAdapter } from "../../src/models/testing.ts";
import { jsonPost, withGateway } from "./_in_process.ts";

describe("a translated Responses answer's created_at", () => {
  it("is the clock's time in whole seconds, plain and streamed", async () => {
    await withGateway({
      backends: [["echo", createEchoAdapter()]],
      now: () => 1_764_000_123_987,
    }, async (gateway) => {
      const plain = await gateway(
        jsonPost("/v1/responses", { model: "echo", input: "hi" }),
      );
      assert.equal(plain.status, 200);
      assert.equal((await plain.json()).created_at, 1_764_000_123);
      const streamed = await gateway(
        jsonPost("/v1/responses", { model: "echo", input: "hi", stream: true }),
      );
      const responses = (await streamed.text()).split("\n")
        .filter((line) => line.startsWith("data: {"))
        .map((line) => JSON.parse(line.slice(6)).response)
        .filter((response) => response !== undefined);
      assert.ok(responses.length >= 2, "created, then completed");
      for (const response of responses) {
        assert.equal(response.created_at, 1_764_000_123);
      }
    });
  });
});

// A relayed Responses call (to an OpenAI backend that serves the Responses
// API) is charged to its key's tpm bucket before it is sent: its input's
// JSON text / 4, rounded up, as a chat prompt is estimated, an empty text
// when the call has no input (`previous_response_id` alone, or a stored
// prompt). Found by planting every rule-drawn bug of `_handle_responses.ts`
// (nineteenth round): the divisor and the missing input were unchecked.
// Portable: the harness only.
import { describe, it } from "../_harness.ts";
import assert from "node:assert/strict";
import { hashKey } from "../../src/gateway/mod.ts";
import { jsonPost, responsesUpstream, withGateway } from "./_in_process.ts";

describe("a relayed Responses call under a key with a tpm limit", () => {
  it("takes its input's characters / 4 from the bucket, an empty input's too", async () => {
    const inputs: unknown[] = [
      "abcdefghijklmnopqrstuvwxyz",
      "abc",
      [{ role: "user", content: "hi" }],
      undefined,
    ];
    for (const input of inputs) {
      const { adapter, paths } = responsesUpstream();
      await withGateway({
        backends: [["oa", adapter]],
        keys: [{ id: "k", sha256: await hashKey("sk-k"), tpm: 1000 }],
        now: () => 1_000_000,
      }, async (gateway) => {
        const request = jsonPost("/v1/responses", {
          model: "oa",
          ...(input === undefined ? { previous_response_id: "resp_1" } : {
            input,
          }),
        });
        request.headers.set("authorization", "Bearer sk-k");
        const response = await gateway(request);
        const where = JSON.stringify(input);
        assert.equal(response.status, 200, where);
        await response.body?.cancel();
        assert.deepEqual(paths, ["/v1/responses"], where);
        const chars = JSON.stringify(input ?? "").length;
        assert.equal(
          response.headers.get("x-ratelimit-remaining-tokens"),
          String(1000 - Math.ceil(chars / 4)),
          `${where}: ${chars} characters`,
        );
      });
    }
  });
});

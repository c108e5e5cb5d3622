// `GET /v1/models` for a key that may use none of the models offered is an
// empty list, in both shapes: the Anthropic SDK's `models.list()` (which
// sends `anthropic-version`) reads an empty page whose `first_id` and
// `last_id` are null, as the Models API gives them, not a 500.
import { describe, it } from "../_harness.ts";
import assert from "node:assert/strict";
import { hashKey } from "../../src/gateway/mod.ts";
import { createEchoAdapter } from "../../src/models/testing.ts";
import { anthropicClient } from "./_anthropic_client.ts";
import { withGateway } from "./_in_process.ts";

describe("the model list of a key that may use no offered model", () => {
  it("is an empty page to the Anthropic SDK, and an empty list in OpenAI's shape", async () => {
    await withGateway({
      backends: [["echo", createEchoAdapter()]],
      keys: [{
        id: "narrow",
        sha256: await hashKey("sk-narrow"),
        models: ["not-offered"],
      }],
    }, async (gateway) => {
      const client = anthropicClient(
        "http://localhost",
        "sk-narrow",
        (input, init) => gateway(new Request(input, init)),
      );
      const page = await client.models.list();
      assert.deepEqual(page.data, []);
      assert.equal(page.first_id, null);
      assert.equal(page.last_id, null);
      assert.equal(page.has_more, false);

      const response = await gateway(
        new Request("http://localhost/v1/models", {
          headers: { authorization: "Bearer sk-narrow" },
        }),
      );
      assert.equal(response.status, 200);
      assert.deepEqual(await response.json(), { object: "list", data: [] });
    });
  });
});

// When a Responses call is relayed as it came (to an OpenAI backend that
// serves the Responses API) and when it is translated to a chat call: a
// call whose model names a backend that serves it is relayed whatever the
// other backends are, and with `passthrough: false` every call is
// translated. Found by planting every rule-drawn bug of
// `_handle_responses.ts` (nineteenth round). Portable: the harness only.
import { describe, it } from "../_harness.ts";
import assert from "node:assert/strict";
import { createEchoAdapter } from "../../src/models/testing.ts";
import { jsonPost, responsesUpstream, withGateway } from "./_in_process.ts";

describe("a Responses call", () => {
  it("naming a backend that serves the Responses API is relayed, though another backend does not serve it", async () => {
    const { adapter, paths } = responsesUpstream();
    await withGateway({
      backends: [["echo", createEchoAdapter()], ["oa", adapter]],
    }, async (gateway) => {
      const response = await gateway(
        jsonPost("/v1/responses", { model: "oa", input: "hi" }),
      );
      assert.equal(response.status, 200, await response.clone().text());
      assert.equal((await response.json()).id, "resp_up");
      assert.deepEqual(paths, ["/v1/responses"]);
    });
  });

  it("with passthrough off is translated, even to a backend that serves the Responses API", async () => {
    const { adapter, paths } = responsesUpstream();
    await withGateway({
      backends: [["oa", adapter]],
      passthrough: false,
    }, async (gateway) => {
      const response = await gateway(
        jsonPost("/v1/responses", { model: "oa", input: "hi" }),
      );
      await response.body?.cancel();
      assert.deepEqual(paths, ["/v1/chat/completions"]);
    });
  });
});

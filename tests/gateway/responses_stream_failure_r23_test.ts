// A translated Responses stream that fails after its first output: the
// client gets the text already sent, then one `error` event with the
// failure's code and message (as the Responses API's own `error` event
// carries them), and nothing after it: no `response.completed` that would
// call a cut answer whole. A coverage run of the gateway's tests (round
// 23) found this path reached by no test. No Deno API.
import { describe, it } from "../_harness.ts";
import assert from "node:assert/strict";
import {
  dataEvents,
  jsonPost,
  mockBackend,
  withGateway,
} from "./_in_process.ts";

describe("a translated Responses stream that fails after its first output", () => {
  it("ends with one error event naming the failure, after the text sent", async () => {
    await withGateway({
      backends: [
        mockBackend({
          chunks: [
            { type: "start", sequence: 0, metadata: { provider: "mock" } },
            { type: "content", sequence: 1, delta: "Hel" },
            {
              type: "error",
              sequence: 2,
              error: {
                code: "NETWORK_ERROR",
                message: "the upstream connection was reset",
              },
            },
          ],
        }),
      ],
      passthrough: false,
    }, async (gateway) => {
      const response = await gateway(
        jsonPost("/v1/responses", { model: "mock", input: "hi", stream: true }),
      );
      assert.equal(response.status, 200);
      const events = dataEvents(await response.text());
      const types = events.map((event) => event.type);
      assert.ok(types.includes("response.output_text.delta"), types.join());
      const text = events.filter((e) => e.type === "response.output_text.delta")
        .map((e) => e.delta).join("");
      assert.equal(text, "Hel");
      const last = events.at(-1);
      assert.equal(last.type, "error", types.join());
      assert.equal(last.code, "NETWORK_ERROR");
      assert.match(last.message, /reset/);
      assert.equal(last.param, null);
      assert.equal(types.filter((t) => t === "error").length, 1);
      assert.ok(!types.includes("response.completed"), types.join());
      // Numbered like every other event: the client sees none missing.
      assert.deepEqual(
        events.map((e) => e.sequence_number),
        events.map((_, i) => i),
      );
    });
  });
});

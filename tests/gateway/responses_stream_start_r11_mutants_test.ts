// A streamed Responses answer opens with `response.created` and
// `response.in_progress`, whose response is in progress and, as OpenAI
// sends it, has `incomplete_details: null`: nothing is cut yet. Only the
// last event says whether the answer was cut (here it was not).
import { describe, it } from "../_harness.ts";
import assert from "node:assert/strict";
import { createEchoAdapter } from "../../src/models/testing.ts";
import { dataEvents, jsonPost, withGateway } from "./_in_process.ts";

describe("a streamed Responses answer's opening events", () => {
  // Bug (`_responses_response.ts`, `#response`'s `incomplete = false`
  // default → `true`): the opening events said the answer was cut at
  // max_output_tokens before any of it was written.
  it("say in_progress with incomplete_details null", async () => {
    await withGateway({
      backends: [["echo", createEchoAdapter()]],
      passthrough: false,
    }, async (gateway) => {
      const response = await gateway(
        jsonPost("/v1/responses", { model: "echo", input: "hi", stream: true }),
      );
      assert.equal(response.status, 200);
      const events = dataEvents(await response.text());
      const opening = events.filter((e) =>
        e.type === "response.created" || e.type === "response.in_progress"
      );
      assert.deepEqual(opening.map((e) => e.type), [
        "response.created",
        "response.in_progress",
      ]);
      for (const event of opening) {
        assert.equal(event.response.status, "in_progress");
        assert.equal(event.response.incomplete_details, null, event.type);
      }
      const last = events.at(-1);
      assert.equal(last.type, "response.completed");
      assert.equal(last.response.incomplete_details, null);
    });
  });
});

// A streamed Responses answer opens with `response.created` and
// `response.in_progress`, whose response is in progress and, as OpenAI
// sends it, has `incomplete_details: null`: nothing is cut yet. Only the
// last event says whether the answer was cut (here it was not).
import { describe, it } from "../_harness.ts";
import assert from "node:assert/strict";
import { createGateway } from "../../src/gateway/mod.ts";
import { createEchoAdapter } from "../../src/models/testing.ts";

describe("a streamed Responses answer's opening events", () => {
  // Bug (`_responses_response.ts`, `#response`'s `incomplete = false`
  // default → `true`): the opening events said the answer was cut at
  // max_output_tokens before any of it was written.
  it("say in_progress with incomplete_details null", async () => {
    const gateway = createGateway({
      backends: [["echo", createEchoAdapter()]],
      passthrough: false,
    });
    try {
      const response = await gateway(
        new Request("http://localhost/v1/responses", {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ model: "echo", input: "hi", stream: true }),
        }),
      );
      assert.equal(response.status, 200);
      const events = (await response.text()).split("\n")
        .filter((line) => line.startsWith("data: "))
        .map((line) => JSON.parse(line.slice(6)));
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
    } finally {
      gateway.dispose();
    }
  });
});

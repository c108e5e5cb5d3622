// A translated Responses request reports every field it did not carry to the
// backend (`x-switchyard-dropped` and the log line's `dropped`), whatever the
// field's name, an empty one included: the names the translation reads are
// matched exactly, so no stray entry in them hides a field the client sent.
// A `previous_response_id` of null is no field at all and is not reported.
import assert from "node:assert/strict";
import type { RequestLogEntry } from "../../src/gateway/mod.ts";
import { createEchoAdapter } from "../../src/models/testing.ts";
import { jsonPost, withGateway } from "./_in_process.ts";

Deno.test("responses translated: a field of any name the backend never got is reported dropped", async () => {
  // Bug (`_responses_request.ts`: an entry of the read keys emptied, so a
  // field named "" counts as read and goes unreported).
  const logs: RequestLogEntry[] = [];
  await withGateway({
    backends: [["echo", createEchoAdapter()]],
    logger: (entry) => void logs.push(entry),
  }, async (gateway) => {
    const response = await gateway(jsonPost("/v1/responses", {
      model: "echo",
      input: "hi",
      previous_response_id: null,
      "": "no name",
      Metadata: { a: "b" },
    }));
    await response.body?.cancel();
    assert.equal(response.status, 200);
    assert.deepEqual(logs.at(-1)?.dropped, ["", "Metadata"]);
    assert.equal(response.headers.get("x-switchyard-dropped"), ",Metadata");
  });
});

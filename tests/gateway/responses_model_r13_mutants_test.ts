// The model a Responses request names reaches the backend that serves it:
// `backend/model`, or an alias for one, is that backend called for that
// model, as on the chat and Messages routes, not the backend's default
// model. A bare backend name leaves the model to the backend's default.
import { describe, it } from "../_harness.ts";
import assert from "node:assert/strict";
import { createEchoAdapter } from "../../src/models/testing.ts";
import { jsonPost, withGateway } from "./_in_process.ts";

/** The model the backend was asked for, per model the client named. */
async function modelsSent(named: string[]): Promise<(string | undefined)[]> {
  const echo = createEchoAdapter();
  return await withGateway({
    backends: [["echo", echo]],
    aliases: { fast: "echo/echo-small" },
  }, async (gateway) => {
    const sent: (string | undefined)[] = [];
    for (const model of named) {
      const response = await gateway(
        jsonPost("/v1/responses", { model, input: "hi" }),
      );
      const answer = await response.text();
      assert.equal(response.status, 200, answer);
      sent.push(echo.calls.at(-1)?.request?.parameters?.model);
    }
    return sent;
  });
}

describe("a Responses request's model", () => {
  it("is the model the backend is asked for, named or by alias", async () => {
    assert.deepEqual(
      await modelsSent(["echo/echo-large", "fast", "echo"]),
      ["echo-large", "echo-small", undefined],
    );
  });
});

// An upstream error answer whose own message is empty (`"message": ""`, as a
// server error sometimes comes from OpenAI-compatible servers): the provider
// said nothing, so the message stops at the status, and the body it came in
// stays in `details.body`, not in the message; an answer without JSON keeps
// its text as the message. An exploratory mutation run on `_http.ts` (seed
// 7307, not a measure) let an empty message fall through to the raw JSON
// unseen. Portable: the harness only.
import { describe, it } from "../../_harness.ts";
import assert from "node:assert/strict";
import { createOpenAIAdapter } from "../../../src/models/adapters/openai.ts";
import { AdapterError } from "../../../src/models/errors.ts";
import { adapterFactory, rejection } from "./_fake.ts";

const ask = { messages: [{ role: "user" as const, content: "Hi" }] };
const openAIWith = adapterFactory(createOpenAIAdapter, {
  apiKey: "k",
  defaultModel: "gpt-4o",
});

async function errorFor(body: string, status: number): Promise<AdapterError> {
  const { adapter } = openAIWith(() =>
    new Response(body, {
      status,
      headers: { "content-type": "application/json" },
    })
  );
  const error = await rejection(adapter.execute(ask));
  assert.ok(error instanceof AdapterError, String(error));
  return error;
}

describe("an error answer whose message is empty", () => {
  for (
    const body of [
      { error: { message: "", type: "server_error", code: null } },
      { error: "" },
      { message: "" },
    ]
  ) {
    it(`${JSON.stringify(body)}: the message is the status alone; the body is in details`, async () => {
      const error = await errorFor(JSON.stringify(body), 500);
      assert.equal(error.code, "PROVIDER_ERROR");
      assert.equal(error.message, "openai: HTTP 500");
      assert.deepEqual(error.details?.body, body);
    });
  }

  it("a body that is not JSON is the message, cut to its text", async () => {
    const error = await errorFor("  upstream connect error  \n", 503);
    assert.equal(error.message, "openai: HTTP 503: upstream connect error");
    assert.equal(error.details?.body, undefined);
  });
});

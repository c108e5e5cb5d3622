// An upstream 401 or 403 is the operator's misconfiguration whatever code
// the adapter gave it (a custom adapter's PROVIDER_ERROR too): the client
// gets the gateway's own `backend_misconfigured` answer with nothing of the
// provider's text (which can quote the operator's key), and the provider's
// words go to the log line's `upstream_error`, redacted.
import { describe, it } from "../_harness.ts";
import assert from "node:assert/strict";
import { createGateway, type RequestLogEntry } from "../../src/gateway/mod.ts";
import { AdapterError } from "../../src/models/mod.ts";
import { createFailingAdapter } from "../../src/models/testing.ts";

const LEAK = "Incorrect API key provided: sk-proj-AbCdEf1234567890XyZ";

describe("an upstream 401 or 403 under another error code", () => {
  // Bug (`_refused.ts`, `statusCode === 401 || statusCode === 403` →
  // `&&`): only AUTHENTICATION_FAILED counted, so a 403 an adapter raised
  // as PROVIDER_ERROR reached the client with the provider's message.
  for (const status of [401, 403]) {
    it(`${status}: backend_misconfigured for the client, the words in the log`, async () => {
      const entries: RequestLogEntry[] = [];
      const gateway = createGateway({
        backends: [[
          "primary",
          createFailingAdapter({
            error: new AdapterError({
              code: "PROVIDER_ERROR",
              message: LEAK,
              statusCode: status,
            }),
          }),
        ]],
        logger: (entry) => entries.push(entry),
      });
      try {
        const response = await gateway(
          new Request("http://localhost/v1/chat/completions", {
            method: "POST",
            headers: { "content-type": "application/json" },
            body: JSON.stringify({
              model: "primary",
              messages: [{ role: "user", content: "hi" }],
            }),
          }),
        );
        const text = await response.text();
        assert.ok(!text.includes("sk-proj"), text);
        assert.ok(!text.includes("Incorrect API key"), text);
        assert.equal(JSON.parse(text).error.code, "backend_misconfigured");
        const entry = entries.at(-1)!;
        assert.match(entry.upstream_error ?? "", /Incorrect API key provided/);
        assert.ok(!entry.upstream_error!.includes("AbCdEf1234567890"));
      } finally {
        gateway.dispose();
      }
    });
  }
});

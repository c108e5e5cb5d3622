// The gateway's last-resort 500 (handling threw past every error path): it
// echoes the request id and writes the request's log line. The path used is
// an injected clock that throws, the one option that reaches it. Portable:
// the npm build runs this file under Node too.
import { describe, it } from "../_harness.ts";
import assert from "node:assert/strict";
import { createGateway, type RequestLogEntry } from "../../src/gateway/mod.ts";
import { createEchoAdapter } from "../../src/models/testing.ts";

/** A gateway whose clock throws once `broken.now` is set, and its log. */
function brokenClockGateway() {
  const broken = { now: false };
  const log: RequestLogEntry[] = [];
  const gateway = createGateway({
    backends: [["echo", createEchoAdapter()]],
    now: () => {
      if (broken.now) throw new Error("clock failed");
      return Date.now();
    },
    logger: (entry) => log.push(entry),
  });
  broken.now = true;
  return { gateway, log };
}

describe("the last-resort 500", () => {
  it("echoes the client's x-request-id and logs status 500 with an error code", async () => {
    const { gateway, log } = brokenClockGateway();
    try {
      const response = await gateway(
        new Request("http://localhost/v1/models", {
          headers: { "x-request-id": "req-abc-123" },
        }),
      );
      assert.equal(response.status, 500);
      assert.equal(response.headers.get("x-request-id"), "req-abc-123");
      const body = await response.json();
      assert.equal(body.error.type, "server_error");
      assert.equal(log.length, 1);
      assert.equal(log[0].request_id, "req-abc-123");
      assert.equal(log[0].status, 500);
      assert.equal(log[0].error_code, "INTERNAL");
      assert.equal(log[0].path, "/v1/models");
      assert.equal(log[0].method, "GET");
      assert.ok(log[0].latency_ms >= 0);
    } finally {
      gateway.dispose();
    }
  });

  it("uses the generated id in header and log alike, and the route's error shape", async () => {
    const { gateway, log } = brokenClockGateway();
    try {
      const response = await gateway(
        new Request("http://localhost/v1/messages", {
          method: "POST",
          body: JSON.stringify({
            model: "echo",
            max_tokens: 5,
            messages: [{ role: "user", content: "hi" }],
          }),
        }),
      );
      assert.equal(response.status, 500);
      const id = response.headers.get("x-request-id");
      assert.match(id ?? "", /^[0-9a-f-]{36}$/);
      const body = await response.json();
      assert.equal(body.type, "error");
      assert.equal(body.error.type, "api_error");
      assert.deepEqual(
        log.map((entry) => [entry.request_id, entry.api, entry.status]),
        [[id, "anthropic", 500]],
      );
    } finally {
      gateway.dispose();
    }
  });

  it("answers the count route in Anthropic's shape, as its other errors", async () => {
    const { gateway } = brokenClockGateway();
    try {
      const response = await gateway(
        new Request("http://localhost/v1/messages/count_tokens", {
          method: "POST",
          body: JSON.stringify({
            model: "echo",
            messages: [{ role: "user", content: "hi" }],
          }),
        }),
      );
      assert.equal(response.status, 500);
      const body = await response.json();
      assert.equal(body.type, "error");
      assert.equal(body.error.type, "api_error");
    } finally {
      gateway.dispose();
    }
  });
});

// What planting the mutation rules by hand in the request log showed the
// suite did not check: a request every backend failed is logged with the
// fallbacks it took (one fewer than the backends tried) and the last
// backend tried, so an operator reading a 502 sees how far the fallback got;
// and a line names `dropped` only when a field was dropped.
import { describe, it } from "../_harness.ts";
import assert from "node:assert/strict";
import { createGateway, type RequestLogEntry } from "../../src/gateway/mod.ts";
import {
  createEchoAdapter,
  createFailingAdapter,
} from "../../src/models/testing.ts";

describe("the log line of a request every backend failed", () => {
  it("counts the fallbacks taken and names the last backend tried", async () => {
    const logs: RequestLogEntry[] = [];
    const gateway = createGateway({
      backends: [
        ["a", createFailingAdapter()],
        ["b", createFailingAdapter()],
        ["c", createFailingAdapter()],
      ],
      logger: (entry) => void logs.push(entry),
    });
    try {
      // Named first choice, then any backend: each tries all three.
      for (const model of ["a", "any-model"]) {
        const response = await gateway(
          new Request("http://localhost/v1/chat/completions", {
            method: "POST",
            headers: { "content-type": "application/json" },
            body: JSON.stringify({
              model,
              messages: [{ role: "user", content: "hi" }],
            }),
          }),
        );
        const body = await response.json();
        assert.equal(response.status, 502);
        assert.equal(body.error.code, "ALL_BACKENDS_FAILED");
        const entry = logs.at(-1);
        assert.equal(entry?.status, 502);
        assert.equal(entry?.fallbacks, 2, model);
        assert.equal(entry?.backend, "c");
        assert.equal(entry?.error_code, "ALL_BACKENDS_FAILED");
      }
    } finally {
      gateway.dispose();
    }
  });
});

describe("the log line's dropped field", () => {
  it("is absent when nothing was dropped, and lists what was", async () => {
    const logs: RequestLogEntry[] = [];
    const gateway = createGateway({
      backends: [["echo", createEchoAdapter()]],
      logger: (entry) => void logs.push(entry),
    });
    try {
      for (const extra of [{}, { truncation: "auto" }]) {
        const response = await gateway(
          new Request("http://localhost/v1/responses", {
            method: "POST",
            headers: { "content-type": "application/json" },
            body: JSON.stringify({ model: "echo", input: "hi", ...extra }),
          }),
        );
        await response.body?.cancel();
        assert.equal(response.status, 200);
      }
      assert.equal(logs.length, 2);
      assert.ok(!("dropped" in logs[0]), JSON.stringify(logs[0]));
      assert.deepEqual(logs[1].dropped, ["truncation"]);
    } finally {
      gateway.dispose();
    }
  });
});

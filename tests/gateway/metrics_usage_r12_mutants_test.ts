// The console's per-key table counts an answer as an error from status 400
// up (a client error is an error to the key's owner as much as a 502), and
// 399 or below as none; each key's row counts only its own requests.
import { describe, it } from "../_harness.ts";
import assert from "node:assert/strict";
import { Metrics } from "../../src/gateway/mod.ts";

function record(metrics: Metrics, keyId: string, status: number) {
  metrics.record({
    api: "openai",
    model: "m",
    backend: "b",
    status,
    keyId,
    latencyMs: 5,
    fallbacks: 0,
  });
}

describe("Metrics.usageByKey", () => {
  it("counts 400 and above as errors and 399 and below as none", () => {
    const metrics = new Metrics();
    for (const status of [200, 304, 399, 400, 401, 429, 499, 500, 502]) {
      record(metrics, "team-a", status);
    }
    record(metrics, "team-b", 200);
    const usage = metrics.usageByKey();
    assert.equal(usage["team-a"].requests, 9);
    assert.equal(usage["team-a"].errors, 6);
    assert.equal(usage["team-b"].requests, 1);
    assert.equal(usage["team-b"].errors, 0);
  });
});

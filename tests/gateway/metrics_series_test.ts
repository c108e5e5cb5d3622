// Each request's counts land in the series of its own labels, the status
// and error code included, whether its labels were seen before or not, and
// past the per-metric bound in `_other` — also for a label set seen before
// with a new status, and after the registry stopped remembering which
// series a label set reached. Portable: the npm build runs it under Node too.
import { describe, it } from "../_harness.ts";
import assert from "node:assert/strict";
import { Metrics, type RequestRecord } from "../../src/gateway/mod.ts";

function record(
  model: string,
  extra: Partial<RequestRecord> = {},
): RequestRecord {
  return {
    api: "openai",
    model,
    backend: "b",
    status: 200,
    keyId: "anonymous",
    latencyMs: 5,
    fallbacks: 0,
    ...extra,
  };
}

/** The value of one sample line of the exposition, or undefined. */
function sample(text: string, line: string): number | undefined {
  for (const row of text.split("\n")) {
    if (row.startsWith(line + " ")) return Number(row.slice(line.length + 1));
  }
  return undefined;
}

const requests = (model: string, status = 200) =>
  `switchyard_requests_total{api="openai",model="${model}",backend="b",status="${status}",key="anonymous"}`;

describe("Metrics: a request's series", () => {
  it("counts the second request of a label set in its own series, each status and error code apart", () => {
    const metrics = new Metrics();
    metrics.record(record("m", { tokensIn: 3, tokensOut: 4 }));
    metrics.record(record("m", { tokensIn: 5 }));
    metrics.record(record("M", { tokensOut: 1 })); // a label differs in case
    metrics.record(record("m", { status: 502, errorCode: "NETWORK_ERROR" }));
    metrics.record(record("m", { status: 504, errorCode: "TIMEOUT" }));
    metrics.record(record("m", { status: 502, errorCode: "NETWORK_ERROR" }));
    const text = metrics.render();
    assert.equal(sample(text, requests("m")), 2, text);
    assert.equal(sample(text, requests("M")), 1);
    assert.equal(sample(text, requests("m", 502)), 2);
    assert.equal(sample(text, requests("m", 504)), 1);
    const errors = (code: string) =>
      `switchyard_errors_total{backend="b",model="m",code="${code}",key="anonymous"}`;
    assert.equal(sample(text, errors("NETWORK_ERROR")), 2);
    assert.equal(sample(text, errors("TIMEOUT")), 1);
    const tokens = (direction: string, model: string) =>
      `switchyard_tokens_total{direction="${direction}",model="${model}",backend="b",key="anonymous"}`;
    assert.equal(sample(text, tokens("in", "m")), 8);
    assert.equal(sample(text, tokens("out", "m")), 4);
    assert.equal(sample(text, tokens("out", "M")), 1);
    assert.equal(sample(text, tokens("in", "M")), undefined); // none counted
  });

  it("puts label sets past the bound in _other, a known one's new status too, and keeps known series after forgetting where they were", () => {
    const metrics = new Metrics(2);
    metrics.record(record("a"));
    metrics.record(record("b"));
    metrics.record(record("c")); // the third label set: past the bound
    metrics.record(record("a", { status: 500 })); // a new series, past it
    metrics.record(record("a")); // known: its own series still
    metrics.record(record("d"));
    metrics.record(record("b"));
    const text = metrics.render();
    assert.equal(sample(text, requests("a")), 2, text);
    assert.equal(sample(text, requests("b")), 2);
    assert.equal(
      sample(
        text,
        `switchyard_requests_total{api="_other",model="_other",backend="_other",status="_other",key="_other"}`,
      ),
      3,
    );
    assert.equal(sample(text, requests("c")), undefined);
    assert.equal(sample(text, requests("a", 500)), undefined);
  });
});

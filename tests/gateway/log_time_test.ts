// The log line's `time` is the request's start as Date#toISOString writes
// it, to the millisecond, although the gateway keeps the text of the
// current second and writes only the milliseconds per line: requests in
// the same second, the next second, the next day and year, a clock that
// goes back, and times a Date writes with six year digits or cannot hold.
import { describe, it } from "../_harness.ts";
import assert from "node:assert/strict";
import { createGateway, type RequestLogEntry } from "../../src/gateway/mod.ts";
import { createEchoAdapter } from "../../src/models/testing.ts";
import { isoTime } from "../../src/gateway/_log_time.ts";

function chat(): Request {
  return new Request("http://localhost/v1/chat/completions", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      model: "echo",
      messages: [{ role: "user", content: "hi" }],
    }),
  });
}

describe("the log line's time", () => {
  it("is each request's start to the millisecond, within a second and across seconds, days and years", async () => {
    const starts = [
      Date.UTC(2026, 10, 29, 6, 0, 0, 5), // the first line
      Date.UTC(2026, 10, 29, 6, 0, 0, 57), // the same second
      Date.UTC(2026, 10, 29, 6, 0, 0, 999),
      Date.UTC(2026, 10, 29, 6, 0, 1, 0), // the next second
      Date.UTC(2026, 10, 29, 6, 0, 1, 450),
      Date.UTC(2026, 10, 29, 5, 59, 59, 999), // the clock went back
      Date.UTC(2026, 10, 29, 6, 0, 0, 5), // a second seen before, not the last
      Date.UTC(2026, 11, 31, 23, 59, 59, 999), // year's end
      Date.UTC(2027, 0, 1, 0, 0, 0, 0),
    ];
    // The clock reads each request's start until the next one begins.
    let clock = starts[0];
    const entries: RequestLogEntry[] = [];
    const gateway = createGateway({
      backends: [["echo", createEchoAdapter()]],
      now: () => clock,
      logger: (entry) => entries.push(entry),
    });
    try {
      for (const start of starts) {
        clock = start;
        const response = await gateway(chat());
        assert.equal(response.status, 200);
        await response.body?.cancel();
      }
    } finally {
      gateway.dispose();
    }
    const times = entries.filter((e) => e.path === "/v1/chat/completions")
      .map((e) => e.time);
    assert.deepEqual(times, starts.map((ms) => new Date(ms).toISOString()));
  });

  it("writes what toISOString writes for any time a Date holds, and throws where it throws", () => {
    const cases = [
      0,
      -1, // 1969-12-31T23:59:59.999Z
      -1000,
      -1001,
      999.9, // a Date keeps 999
      -0.5, // and -0 here, not -1
      1.5,
      8.64e15, // +275760-09-13T00:00:00.000Z
      -8.64e15,
      253402300800000, // +010000-01-01
      -62198755200001, // a year before year 0
      Date.UTC(2026, 1, 28, 23, 59, 59, 10),
      Date.UTC(2028, 1, 29, 12, 0, 0, 100),
    ];
    // Random instants, each twice and then a millisecond and a second on,
    // so the same second is met again and again.
    let seed = 20261129;
    for (let i = 0; i < 2000; i++) {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      const ms = Math.floor((seed / 2 ** 31) * 4e12) - 1e12;
      cases.push(ms, ms, ms + 1, ms + 1000);
    }
    for (const ms of cases) {
      assert.equal(isoTime(ms), new Date(ms).toISOString(), `${ms}`);
    }
    for (const ms of [NaN, Infinity, 8.64e15 + 1, -8.64e15 - 1]) {
      assert.throws(() => isoTime(ms), RangeError, `${ms}`);
    }
  });
});

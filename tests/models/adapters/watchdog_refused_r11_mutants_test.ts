// Where the runtime refuses the watchdog's interval at module scope
// (Cloudflare Workers), no call timeout may be left to a watchdog that never
// ticks: each call keeps a timer of its own, so a one-minute timeout still
// fires. Run in a worker, whose modules load fresh under the refusal; the
// test's own runtime, which allows the interval, watches the same timeout.
// Deno only (a Worker with a module URL).
import assert from "node:assert/strict";
import { watchable } from "../../../src/models/adapters/_watchdog.ts";
import { withTimeout } from "../../_timeout.ts";

interface Report {
  watchable: boolean;
  watchedDuringCall: number;
  armedDuringCall: number[];
  watchedAfter: number;
  code: string;
}

Deno.test("where module-scope timers are refused, a one-minute call timeout gets a timer of its own, not the watchdog", async () => {
  // Here the interval runs: the same timeout is the watchdog's.
  assert.equal(watchable(60_000), true);
  const worker = new Worker(
    new URL("./_refused_interval_worker.ts", import.meta.url),
    { type: "module" },
  );
  try {
    const report = new Promise<Report>((resolve, reject) => {
      worker.onmessage = (event: MessageEvent<Report>) => resolve(event.data);
      worker.onerror = (event) => {
        event.preventDefault();
        reject(new Error(event.message));
      };
    });
    // A bound on loading the worker (type-checking on a loaded machine) and
    // one call that ends at once; not a measure.
    const seen = await withTimeout(
      report,
      120_000,
      "the worker never reported",
    );
    assert.equal(seen.watchable, false);
    assert.equal(seen.watchedDuringCall, 0);
    assert.ok(
      seen.armedDuringCall.some((ms) => ms > 0 && ms <= 60_000),
      `timers armed: ${seen.armedDuringCall.join(", ")}`,
    );
    assert.equal(seen.watchedAfter, 0);
    assert.equal(seen.code, "ABORTED");
  } finally {
    worker.terminate();
  }
});

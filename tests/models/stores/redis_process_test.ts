// Three router processes share one redis-server (skipped outside CI when
// redis-server is missing): a backend failing everywhere opens every
// breaker after the threshold in total, and one half-open probe crosses
// the fleet. Each process is bounded (SIGTERM, then SIGKILL).
import { describe, it } from "../../_harness.ts";
import assert from "node:assert/strict";
import { run } from "../../_bounded.ts";
import { needs } from "../../_programs.ts";
import { startRedis } from "./_redis_server.ts";

const skip = needs("Redis fleet of processes", "redis-server").ignore;
const worker = new URL("./_fleet_worker.ts", import.meta.url).pathname;

describe("three router processes on one Redis", { skip }, () => {
  it("count failures in total and send one probe between them", async () => {
    const server = await startRedis();
    try {
      // Startup of three Deno processes may take seconds on a loaded
      // machine: they start their phases together, once all are ready.
      const results = await Promise.all(
        [0, 1, 2].map(() =>
          run(Deno.execPath(), {
            args: [
              "run",
              "-A",
              "--no-prompt",
              worker,
              String(server.port),
              "3",
            ],
            timeoutMs: 60_000,
          })
        ),
      );
      const reports = results.map((r) => {
        assert.equal(r.code, 0, r.err);
        return JSON.parse(r.out.trim().split("\n").at(-1)!) as {
          failures: number;
          sawOpen: boolean;
          probes: number;
          answered: number;
          sent: number;
        };
      });
      for (const report of reports) {
        assert.equal(
          report.sawOpen,
          true,
          "every instance saw the breaker open",
        );
        // All but the probe, which hangs until dispose() aborts it.
        assert.equal(
          report.answered,
          report.sent - report.probes,
          `every other request answered: ${JSON.stringify(report)}`,
        );
      }
      const failures = reports.reduce((n, r) => n + r.failures, 0);
      console.log(`fleet of processes: ${JSON.stringify(reports)}`);
      // Threshold 6 in total; a request already on its way when the breaker
      // opened may add one per instance. Per instance it would be 18.
      assert.ok(failures >= 6 && failures <= 6 + 3, `failures: ${failures}`);
      assert.equal(reports.reduce((n, r) => n + r.probes, 0), 1);
    } finally {
      await server.stop();
    }
  });
});

// Memory per unread stream, measured in a child with --expose-gc (heap after
// GC is only meaningful there): 6 clients POST a 3.8 MiB prompt with
// `stream: true` over loopback and read nothing past the status line. Before
// the streams were pull-based end to end this held ~65 MiB per stream (the
// echo backend split the whole answer into chunk objects up front).
import { describe, it } from "../_harness.ts";
import assert from "node:assert/strict";
import { run } from "../_bounded.ts";

interface Probe {
  statuses: string[];
  growth: number;
  promptBytes: number;
  clients: number;
  produced: number;
  chunkBytes: number;
}

async function probe(server: string, backend: string): Promise<Probe> {
  const result = await run(Deno.execPath(), {
    args: [
      "run",
      "-A",
      "--unstable-no-legacy-abort",
      "--v8-flags=--expose-gc",
      new URL("./_memory_probe.ts", import.meta.url).pathname,
      server,
      backend,
    ],
    timeoutMs: 60_000,
  });
  assert.equal(result.code, 0, `probe failed: ${result.err}`);
  return JSON.parse(result.out.trim().split("\n").at(-1)!);
}

describe("unread streams over loopback", () => {
  for (const server of ["serveGateway", "deno-serve"]) {
    it(`hold at most 2× their prompt each on the heap (echo backend, ${server})`, async () => {
      const result = await probe(server, "echo");
      assert.deepEqual(
        result.statuses,
        Array(result.clients).fill("HTTP/1.1 200 OK"),
      );
      const perStream = result.growth / result.clients;
      assert.ok(
        perStream <= 2 * result.promptBytes,
        `${(perStream / 2 ** 20).toFixed(1)} MiB per stream for a ${
          (result.promptBytes / 2 ** 20).toFixed(1)
        } MiB prompt`,
      );
    });
  }

  it("do not pull their backend ahead: production stops at what the sockets hold", async () => {
    const result = await probe("serveGateway", "counter");
    assert.ok(result.produced > 0);
    // Loopback socket buffers take a few MiB per connection; a producer run
    // ahead of its reader would reach the backend's 100 000 chunks (1.6 GB).
    const perStream = result.produced * result.chunkBytes / result.clients;
    assert.ok(
      perStream <= 16 * 2 ** 20,
      `${(perStream / 2 ** 20).toFixed(1)} MiB produced per unread stream`,
    );
    assert.ok(result.growth / result.clients <= 2 * result.promptBytes);
  });
});

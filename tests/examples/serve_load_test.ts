// Bounded loopback load test of the gateway: 50 concurrent streaming clients
// against the local adapters. Deno only (Deno.serve, Deno.test sanitizers).
//
// Duration: SWITCHYARD_LOAD_SECONDS (default 10, the figure the gateway is
// held to; shorten it locally with SWITCHYARD_LOAD_SECONDS=3).
// Clients: SWITCHYARD_LOAD_CLIENTS (default 50).
import assert from "node:assert/strict";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { startServer } from "./_server.ts";
import { FETCH_TIMEOUT_MS, fetchSignal } from "../_bounded.ts";

const SECONDS = Number(Deno.env.get("SWITCHYARD_LOAD_SECONDS") ?? "10");
const CLIENTS = Number(Deno.env.get("SWITCHYARD_LOAD_CLIENTS") ?? "50");
const WARM_UP_MS = Math.min(1000, SECONDS * 250);
// Generous for a collected heap (observed: under 1 MiB either way); a leak of
// 1 KiB per stream exceeds it within a few seconds.
const HEAP_GROWTH_LIMIT = 8 * 1024 * 1024;

interface Tally {
  ok: number;
  errors: string[];
}

async function streamOnce(
  client: Deno.HttpClient,
  origin: string,
  n: number,
): Promise<void> {
  const words = `load ${n} test`;
  // A timer cleared at once, not AbortSignal.timeout: thousands of those
  // would stay alive for their whole timeout and count as heap growth.
  const controller = new AbortController();
  const timer = setTimeout(
    () => controller.abort(new Error("a stream took over 15 s")),
    FETCH_TIMEOUT_MS,
  );
  let response: Response;
  let text: string;
  try {
    response = await fetch(`${origin}/v1/chat/completions`, {
      signal: controller.signal,
      client,
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        model: "echo",
        stream: true,
        messages: [{ role: "user", content: words }],
      }),
    });
    text = await response.text();
  } finally {
    clearTimeout(timer);
  }
  if (response.status !== 200) {
    throw new Error(`status ${response.status}: ${text.slice(0, 200)}`);
  }
  if (!text.endsWith("data: [DONE]\n\n")) {
    throw new Error(`stream did not end with [DONE]: ${text.slice(-200)}`);
  }
  let content = "";
  for (const line of text.split("\n")) {
    if (!line.startsWith("data: {")) continue;
    content += JSON.parse(line.slice(6)).choices[0]?.delta?.content ?? "";
  }
  if (content !== words) {
    throw new Error(
      `content ${JSON.stringify(content)} !== ${JSON.stringify(words)}`,
    );
  }
}

async function runClients(
  client: Deno.HttpClient,
  origin: string,
  until: number,
  tally: Tally,
): Promise<void> {
  let n = 0;
  await Promise.all(Array.from({ length: CLIENTS }, async (_, id) => {
    while (Date.now() < until) {
      try {
        await streamOnce(client, origin, id * 1_000_000 + n++);
        tally.ok++;
      } catch (error) {
        tally.errors.push(String(error));
        if (tally.errors.length > 20) return; // bounded: report, do not spin
      }
    }
  }));
}

// A full collection before each reading, so the figures are the live heap
// rather than whatever garbage the last scavenge left (node:v8 turns on
// --expose-gc at run time; node:vm hands out the function).
setFlagsFromString("--expose-gc");
const collectGarbage = runInNewContext("gc") as () => void;

function liveHeap(): number {
  collectGarbage();
  return Deno.memoryUsage().heapUsed;
}

Deno.test(`gateway load: ${CLIENTS} streaming clients for ${SECONDS}s, no errors, no leaks, flat memory`, async () => {
  assert.ok(
    SECONDS > 0 && CLIENTS > 0,
    "SWITCHYARD_LOAD_SECONDS and SWITCHYARD_LOAD_CLIENTS must be positive",
  );
  const server = startServer();
  const client = Deno.createHttpClient({});
  try {
    const warm: Tally = { ok: 0, errors: [] };
    await runClients(client, server.origin, Date.now() + WARM_UP_MS, warm);
    const heapAfterWarmUp = liveHeap();

    const load: Tally = { ok: 0, errors: [] };
    const started = Date.now();
    await runClients(client, server.origin, started + SECONDS * 1000, load);
    const elapsed = (Date.now() - started) / 1000;
    const heapAtEnd = liveHeap();

    assert.deepEqual([...warm.errors, ...load.errors], []);
    assert.ok(load.ok >= CLIENTS, `only ${load.ok} streams completed`);
    const growth = heapAtEnd - heapAfterWarmUp;
    console.log(
      `${load.ok} streams in ${elapsed.toFixed(1)}s (${
        (load.ok / elapsed).toFixed(0)
      }/s), ` +
        `heap ${(heapAfterWarmUp / 1048576).toFixed(1)} → ${
          (heapAtEnd / 1048576).toFixed(1)
        } MiB`,
    );
    assert.ok(
      growth < HEAP_GROWTH_LIMIT,
      `heap grew by ${(growth / 1048576).toFixed(1)} MiB`,
    );

    const info = await (await fetch(`${server.origin}/api/router`, {
      client,
      signal: fetchSignal(),
    }))
      .json();
    assert.equal(info.stats.failedRequests, 0);
    assert.equal(info.stats.totalRequests, warm.ok + load.ok);
  } finally {
    client.close();
    // shutdown() waits for every connection to finish: a leaked stream would hang here.
    await server.close();
  }
});

// The gateway's own cost on the same-wire JSON path, in process, beside a
// handler that does what the bare relay of bench/gateway_peers.ts does: the
// same OpenAI-shaped request and the same upstream answer, both on an
// injected `fetch` that answers at once, so only the work of each handler
// (and the driver's building of each Request and reading of each answer,
// the same for both) is measured. Prints the time per call (median of
// alternating blocks); or, run with --expose-gc and a young generation
// large enough that nothing is collected while counting, the bytes each
// call allocates instead (the collector then hardly runs, so its times
// would not be the usual ones). With --expose-gc and the argument `kept`:
// the bytes per call that young-generation collections leave for a full one
// (after calls made one at a time, back to back: two scavenges, then a full
// collection; what only the full one frees was kept through the scavenges,
// or promoted by them). docs/performance.md ("Serving paths") has the
// figures.
//
// With BASELINE=<another checkout> the timing mode also runs that
// checkout's gateway in the same process, in alternating blocks, and prints
// the CPU per call of each (process CPU, the collector's threads included)
// and the median of the per-block ratios.
//
// GATEWAY_FROM=<another checkout> measures that checkout's gateway with
// this driver instead (run in turn with this one's, in separate processes).
// LOGGED=1 gives every gateway the command's JSON log line a request.
// BLOCKS=<n> sets the number of blocks (21).
//
// Run: deno run -A bench/gateway_own_cost.ts
//      BASELINE=<clean checkout of main> deno run -A bench/gateway_own_cost.ts
//      LOGGED=1 BASELINE=<clean checkout of main> deno run -A bench/gateway_own_cost.ts
//      deno run -A --v8-flags=--expose-gc,--max-semi-space-size=512,--min-semi-space-size=512 bench/gateway_own_cost.ts
//      deno run -A --v8-flags=--expose-gc bench/gateway_own_cost.ts kept
import { cpuUsage } from "node:process";
import {
  completion,
  gateway as peersGateway,
  relay as peersRelay,
} from "./_gateway_peers_server.ts";

const BLOCKS = Number(Deno.env.get("BLOCKS") ?? 21);
const CALLS = 1000;

const answer = completion("gpt-4o-mini");
const body = JSON.stringify({
  model: "gpt-4o-mini",
  messages: [
    { role: "system", content: "You are a helpful assistant." },
    { role: "user", content: "Hello!" },
  ],
  temperature: 0.2,
  max_tokens: 64,
});

/** The upstream: the mock's JSON answer, with its length, at once. */
async function upstream(
  _input: string | URL | Request,
  init?: RequestInit,
): Promise<Response> {
  await Promise.resolve(init?.body);
  return new Response(answer, {
    headers: {
      "content-type": "application/json",
      "content-length": String(answer.length),
    },
  });
}

// The gateway and the relay of bench/gateway_peers.ts's servers, on this
// fetch instead of the network.
// GATEWAY_FROM=<checkout>: that checkout's gateway instead of this one's
// (the same driver, so runs of two checkouts in turn compare their code).
// LOGGED=1: every gateway writes a JSON log line a request, as the
// `switchyard gateway` command does (its lines then go out in batches).
const logged = Deno.env.get("LOGGED") === "1";
const here = new URL("..", import.meta.url).pathname;
const from = Deno.env.get("GATEWAY_FROM");
const gateway =
  (from === undefined && !logged
    ? peersGateway
    : await gatewayOf(from ?? here))("http://upstream.test", {
      fetch: upstream,
    });
const relay = peersRelay("http://upstream.test", upstream);
const baselineDir = Deno.env.get("BASELINE");
const baseline = baselineDir === undefined
  ? undefined
  : (await gatewayOf(baselineDir))("http://upstream.test", { fetch: upstream });

/** The bytes of the log lines written (so that none is optimized away). */
let loggedBytes = 0;

/** The gateway factory of another checkout's bench servers (or, logged, its own). */
async function gatewayOf(dir: string): Promise<typeof peersGateway> {
  if (!logged) {
    const url = new URL(`${dir}/bench/_gateway_peers_server.ts`, "file:///");
    return ((await import(url.href)) as { gateway: typeof peersGateway })
      .gateway;
  }
  // The same gateway as the bench servers', built here with a logger: an
  // older checkout's bench server may not pass one on.
  const gatewayMod = new URL(`${dir}/src/gateway/mod.ts`, "file:///");
  const openAI = new URL(`${dir}/src/models/adapters/openai.ts`, "file:///");
  const { createGateway } = await import(
    gatewayMod.href
  ) as typeof import("../src/gateway/mod.ts");
  const { createOpenAIAdapter } = await import(
    openAI.href
  ) as typeof import("../src/models/adapters/openai.ts");
  return (base, options = {}) =>
    createGateway({
      backends: [[
        "mock",
        createOpenAIAdapter({
          apiKey: "sk-bench-upstream",
          baseURL: `${base}/v1`,
          defaultModel: "gpt-4o-mini",
          ...(options.fetch ? { fetch: options.fetch } : {}),
        }),
      ]],
      logger: (entry) => {
        loggedBytes += JSON.stringify(entry).length;
      },
    });
}

/** A served request carries its Content-Length, as this one does. */
function request(): Request {
  return new Request("http://localhost/v1/chat/completions", {
    method: "POST",
    headers: {
      "content-type": "application/json",
      authorization: "Bearer sk-client",
      "content-length": String(body.length),
    },
    body,
  });
}

type Handler = (request: Request) => Promise<Response>;

async function microsPerCall(handler: Handler, calls: number): Promise<number> {
  const started = performance.now();
  for (let i = 0; i < calls; i++) {
    const response = await handler(request());
    if (response.status !== 200) throw new Error(`answered ${response.status}`);
    await response.arrayBuffer();
  }
  return (performance.now() - started) * 1000 / calls;
}

/** Process CPU (all threads) and wall time per call, in µs. */
async function costPerCall(
  handler: Handler,
  calls: number,
): Promise<{ cpu: number; wall: number }> {
  const cpu = cpuUsage();
  const wall = await microsPerCall(handler, calls);
  const spent = cpuUsage(cpu);
  return { cpu: (spent.user + spent.system) / calls, wall };
}

/** Alternating blocks of this gateway, the baseline's and the relay. */
async function againstBaseline(other: Handler): Promise<void> {
  const handlers = [gateway, other, relay];
  for (let i = 0; i < 3; i++) {
    for (const handler of handlers) await microsPerCall(handler, CALLS);
  }
  const cpu: number[][] = [[], [], []];
  const wall: number[][] = [[], [], []];
  const ratios: number[] = [];
  for (let block = 0; block < BLOCKS; block++) {
    // The order turns each block, so neither gateway always follows the
    // other (or the relay).
    const order = block % 2 === 0 ? [0, 1, 2] : [1, 0, 2];
    for (const index of order) {
      const spent = await costPerCall(handlers[index], CALLS);
      cpu[index].push(spent.cpu);
      wall[index].push(spent.wall);
    }
    ratios.push(cpu[0][block] / cpu[1][block]);
  }
  const names = ["gateway", "baseline", "relay"];
  console.log(
    `CPU µs per call (wall), median of ${BLOCKS} alternating blocks of ` +
      `${CALLS}: ` +
      names.map((name, i) =>
        `${name} ${median(cpu[i]).toFixed(1)} (${median(wall[i]).toFixed(1)})`
      ).join(", ") +
      `; gateway over baseline, median of per-block ratios ` +
      `${median(ratios).toFixed(3)} (${Math.min(...ratios).toFixed(2)}–${
        Math.max(...ratios).toFixed(2)
      })`,
  );
}

const gc = (globalThis as { gc?: () => void }).gc;

/** Heap growth per call while nothing is collected (answers kept, unread). */
async function bytesPerCall(handler: Handler, calls: number): Promise<number> {
  const requests = Array.from({ length: calls }, request);
  const kept: Response[] = [];
  gc!();
  const before = Deno.memoryUsage().heapUsed;
  for (const r of requests) kept.push(await handler(r));
  return (Deno.memoryUsage().heapUsed - before) / calls;
}

/** Bytes per call only a full collection frees, after `calls` calls. */
async function keptPerCall(handler: Handler, calls: number): Promise<number> {
  const collect = gc as (options?: { type: string }) => void;
  collect();
  for (let i = 0; i < calls; i++) {
    const response = await handler(request());
    await response.arrayBuffer();
  }
  collect({ type: "minor" });
  collect({ type: "minor" });
  const young = Deno.memoryUsage().heapUsed;
  collect();
  return (young - Deno.memoryUsage().heapUsed) / calls;
}

const median = (values: number[]): number =>
  [...values].sort((a, b) => a - b)[values.length >> 1];

try {
  if (baseline !== undefined) {
    await againstBaseline(baseline);
  } else if (gc === undefined) {
    for (let i = 0; i < 3; i++) {
      await microsPerCall(gateway, CALLS);
      await microsPerCall(relay, CALLS);
    }
    const own: number[] = [];
    const floor: number[] = [];
    const ownCpu: number[] = [];
    const floorCpu: number[] = [];
    for (let block = 0; block < BLOCKS; block++) {
      const mine = await costPerCall(gateway, CALLS);
      const theirs = await costPerCall(relay, CALLS);
      own.push(mine.wall);
      floor.push(theirs.wall);
      ownCpu.push(mine.cpu);
      floorCpu.push(theirs.cpu);
    }
    console.log(
      `µs per call, median of ${BLOCKS} alternating blocks of ${CALLS}: ` +
        `gateway ${median(own).toFixed(1)}, relay ${
          median(floor).toFixed(1)
        }; process CPU µs per call: gateway ${
          median(ownCpu).toFixed(1)
        }, relay ${median(floorCpu).toFixed(1)}`,
    );
  } else if (Deno.args[0] === "kept") {
    await keptPerCall(gateway, 5 * CALLS);
    await keptPerCall(relay, 5 * CALLS);
    const mine: number[] = [];
    const theirs: number[] = [];
    for (let batch = 0; batch < 5; batch++) {
      mine.push(await keptPerCall(gateway, 20 * CALLS));
      theirs.push(await keptPerCall(relay, 20 * CALLS));
    }
    console.log(
      `bytes a call left for a full collection, median of 5 batches of ` +
        `${20 * CALLS}: gateway ${median(mine).toFixed(0)}, relay ${
          median(theirs).toFixed(0)
        }`,
    );
  } else {
    await bytesPerCall(gateway, CALLS);
    await bytesPerCall(relay, CALLS);
    const mine: number[] = [];
    const theirs: number[] = [];
    for (let batch = 0; batch < 5; batch++) {
      mine.push(await bytesPerCall(gateway, CALLS));
      theirs.push(await bytesPerCall(relay, CALLS));
    }
    console.log(
      `bytes allocated per call, median of 5 batches of ${CALLS}: ` +
        `gateway ${median(mine).toFixed(0)}, relay ${
          median(theirs).toFixed(0)
        }`,
    );
  }
} finally {
  gateway.dispose();
  baseline?.dispose();
}
if (logged) console.log(`log lines written: ${loggedBytes} bytes`);

// Every serving path of the gateway side by side with the bare relays and
// the Portkey gateway, in one run, over one real loopback upstream
// (bench/_gateway_peers_server.ts; the contenders are started by
// bench/_gateway_peers_contenders.ts):
//   direct    the mock OpenAI upstream itself (the baseline latency)
//   relay     Deno.serve + fetch passing the upstream body through (Deno's floor)
//   js-relay  the relay with the body pulled through a reader and a pull
//             stream, chunk by chunk: the least any server that looks at the
//             chunks in JavaScript pays (the relay's body never leaves Rust)
//   gateway   createGateway + the OpenAI-compatible adapter, under Deno.serve
//   gw-tokens the gateway reading every passed-through stream's tokens
//             (passthroughTokens: "all": each chunk through the token tap)
//   serve-gw  the gateway under serveGateway instead of Deno.serve
//   serve-native the gateway on connections accepted and bounded in
//             JavaScript, served by Deno's own HTTP code (an internal of
//             Deno 2.9; bench/_bounded_native.ts): the measured alternative
//             to serveGateway's JavaScript HTTP/1.1
//   start     `deno task start` itself (examples/serve.ts: the gateway mounted
//             in the demo's template router, a JSON log line per request on
//             stdout) with OPENAI_API_KEY and OPENAI_BASE_URL at the upstream
//   cli-deno  `switchyard gateway --config <file>` on Deno (a log line a request)
//   cli-deno-ds  the same with --listener deno-serve (Deno.serve, no bounds of its own)
//   node-relay node:http + fetch passing the body through (Node's floor)
//   cli-node  the same command from the npm build, on Node (serveNode)
//   portkey   npm @portkey-ai/gateway on Node (provider openai, custom host)
// Every server is its own process on 127.0.0.1 port 0. Each round takes
// the contenders in a new seeded random order, so load from elsewhere on the
// shared machine hits all alike and no server always follows the same one;
// the ratios are computed per round and their median is printed, with every
// round's ratio beside it (the spread).
// Sequential non-streamed requests go to the contenders in turn, request by
// request (the direct call included), so each ratio compares requests made
// side by side rather than blocks measured at different moments. Then each
// contender takes turns with only the direct call and its floor (the relay
// of its runtime): the same side-by-side ratio without the other servers'
// work between two of its requests (a second view).
// Measures:
//   - added latency of a non-streamed request: the contender's median minus
//     the direct call's, sequential and at CONCURRENCY clients;
//   - CPU per streamed request: the server process's CPU time (every thread,
//     /proc/<pid>/task/*/schedstat) over STREAMS streams of 20 content chunks
//     (CONCURRENCY at a time), per stream; printed per chunk too;
//   - first event: from sending a streamed request to the first `data:`
//     event reaching the client, its p99 over the round's streams.
// Run: bash bench/gateway_peers.sh   (installs Portkey in a temp dir first;
//      PORTKEY_DIR=<dir with node_modules> reuses an install; builds the npm
//      package first unless SWITCHYARD_NPM=<built package dir> is set)
// or:  deno run -A bench/gateway_peers.ts [<node_modules/@portkey-ai/gateway>]
//      (cli-node runs when npm/package exists or SWITCHYARD_NPM names one)
// Env: ROUNDS (8), SEQUENTIAL (150 a round), CONCURRENCY (8), STREAMS (120 a round);
//      ONLY=<contenders,…> starts only those (beside direct and the relays);
//      BASELINE=<another checkout> adds its gateway, serve-gw, start and cli-deno as
//      <name>-base, BASELINE_NPM=<built package> its cli-node
//      (a listener change as a ratio in one run)
import { cpuNs, type Server, stop } from "./_servers.ts";
import {
  type Contender,
  startContenders,
} from "./_gateway_peers_contenders.ts";
import { median, ms, quantile, report } from "./_gateway_peers_report.ts";

const ROUNDS = Number(Deno.env.get("ROUNDS") ?? 8);
const SEQUENTIAL = Number(Deno.env.get("SEQUENTIAL") ?? 150);
const CONCURRENCY = Number(Deno.env.get("CONCURRENCY") ?? 8);
const STREAMS = Number(Deno.env.get("STREAMS") ?? 120);
const CHUNKS = 20; // content chunks per stream (bench/_gateway_peers_server.ts)
const FETCH_TIMEOUT_MS = 10_000;
if (ROUNDS * (SEQUENTIAL + STREAMS) > 20_000) {
  throw new RangeError("ROUNDS × (SEQUENTIAL + STREAMS) must stay ≤ 20000");
}

const portkeyDir = Deno.args[0];
const here = new URL(".", import.meta.url).pathname;

const jsonBody = JSON.stringify({
  model: "gpt-4o-mini",
  messages: [
    { role: "system", content: "You are a helpful assistant." },
    { role: "user", content: "Hello!" },
  ],
  temperature: 0.2,
  max_tokens: 64,
});
const streamBody = JSON.stringify({
  ...JSON.parse(jsonBody),
  stream: true,
  stream_options: { include_usage: true },
});

function post(c: Contender, body: string): Promise<Response> {
  return fetch(`${c.url}/v1/chat/completions`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      authorization: "Bearer sk-bench-client",
      ...c.headers,
    },
    body,
    signal: AbortSignal.timeout(FETCH_TIMEOUT_MS),
  });
}

/** Names the contender in a failure (a timeout says nothing of where). */
async function named<T>(c: Contender, work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    throw new Error(`${c.name}: ${error}`, { cause: error });
  }
}

async function call(c: Contender, body: string): Promise<string> {
  const response = await named(c, post(c, body));
  const text = await named(c, response.text());
  if (response.status !== 200) {
    throw new Error(`${c.name} answered ${response.status}: ${text}`);
  }
  return text;
}

const utf8 = new TextDecoder();

/** One streamed request: its text, and ms until its first `data:` event. */
async function callStream(
  c: Contender,
): Promise<{ text: string; firstMs: number }> {
  const started = performance.now();
  const response = await named(c, post(c, streamBody));
  if (response.status !== 200 || response.body === null) {
    throw new Error(`${c.name} answered ${response.status}`);
  }
  let text = "";
  let firstMs = -1;
  await named(
    c,
    (async () => {
      for await (const chunk of response.body!) {
        text += utf8.decode(chunk, { stream: true });
        if (firstMs < 0 && text.includes("data:")) {
          firstMs = performance.now() - started;
        }
      }
    })(),
  );
  return { text, firstMs };
}

function check(c: Contender, json: string, stream: string): void {
  const content = JSON.parse(json).choices?.[0]?.message?.content;
  if (content !== "Hello! How can I help you today?") {
    throw new Error(`${c.name}: unexpected JSON answer ${json}`);
  }
  const deltas = stream.split("\n\n").filter((e) => e.includes(" token"));
  if (deltas.length !== CHUNKS - 1 || !stream.includes("data: [DONE]")) {
    throw new Error(`${c.name}: unexpected stream ${stream.slice(0, 400)}`);
  }
}

async function sequential(c: Contender, n: number): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < n; i++) {
    const start = performance.now();
    await call(c, jsonBody);
    times.push(performance.now() - start);
  }
  return times;
}

/**
 * `n` requests to each contender, taking turns request by request (in the
 * round's order), so a slow moment of the shared machine hits every
 * contender alike instead of whichever one was being measured then: the
 * added-latency ratios compare requests made side by side.
 */
async function interleaved(
  order: readonly Contender[],
  n: number,
): Promise<Map<string, number[]>> {
  const times = new Map(order.map((c) => [c.name, [] as number[]]));
  for (let i = 0; i < n; i++) {
    for (const c of order) {
      const start = performance.now();
      await call(c, jsonBody);
      times.get(c.name)!.push(performance.now() - start);
    }
  }
  return times;
}

/**
 * `n` requests each to `direct`, the relay and one contender, taking turns
 * request by request in a rotating order: that contender's added latency
 * and the relay's, measured side by side while only these three servers
 * take requests (in the all-in-turn phase, seven other servers' work comes
 * between two requests of each).
 */
async function paired(
  direct: Contender,
  floor: Contender,
  contender: Contender,
  n: number,
): Promise<{ added: number; floorAdded: number }> {
  const trio = [direct, floor, contender];
  const times = trio.map(() => [] as number[]);
  for (let i = 0; i < n; i++) {
    for (let k = 0; k < trio.length; k++) {
      const j = (k + i) % trio.length;
      const start = performance.now();
      await call(trio[j], jsonBody);
      times[j].push(performance.now() - start);
    }
  }
  const base = median(times[0]);
  return {
    added: median(times[2]) - base,
    floorAdded: median(times[1]) - base,
  };
}

async function concurrent(c: Contender, n: number): Promise<number[]> {
  const times: number[] = [];
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      for (let i = 0; i < Math.ceil(n / CONCURRENCY); i++) {
        const start = performance.now();
        await call(c, jsonBody);
        times.push(performance.now() - start);
      }
    }),
  );
  return times;
}

/** CPU ms per streamed request, and each stream's first-event time. */
async function streams(
  c: Contender,
  n: number,
): Promise<{ cpu: number; first: number[] }> {
  const first: number[] = [];
  const before = c.pid === undefined ? 0 : cpuNs(c.pid);
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      for (let i = 0; i < Math.ceil(n / CONCURRENCY); i++) {
        first.push((await callStream(c)).firstMs);
      }
    }),
  );
  const after = c.pid === undefined ? 0 : cpuNs(c.pid);
  return {
    cpu: (after - before) / 1e6 / (Math.ceil(n / CONCURRENCY) * CONCURRENCY),
    first,
  };
}

/**
 * The contenders in an order drawn from `seed` (Fisher–Yates over a small
 * seeded generator), a new one each round. Rotating one fixed order kept
 * each server after the same neighbour in every round, and that alone made
 * two processes running the same gateway code differ by about 10% in added
 * latency and CPU per request, run after run.
 */
function shuffled<T>(items: readonly T[], seed: number): T[] {
  let state = seed * 0x9e3779b9 >>> 0;
  const random = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

function existsDir(path: string): boolean {
  try {
    return Deno.statSync(path).isDirectory;
  } catch {
    return false;
  }
}

const servers: Server[] = [];
const configDir = Deno.makeTempDirSync({ prefix: "gateway_peers" });
try {
  const npmPackage = Deno.env.get("SWITCHYARD_NPM") ??
    (existsDir(`${here}../npm/package/bin`) ? `${here}../npm/package` : "");
  const contenders = await startContenders(servers, configDir, {
    ...(portkeyDir ? { portkeyDir } : {}),
    ...(npmPackage ? { npmPackage } : {}),
  });
  const byName = new Map(contenders.map((c) => [c.name, c]));
  for (const c of contenders) {
    check(c, await call(c, jsonBody), (await callStream(c)).text);
    await sequential(c, 300);
    await streams(c, 40);
  }

  const seq = new Map(contenders.map((c) => [c.name, [] as number[]]));
  const conc = new Map(contenders.map((c) => [c.name, [] as number[]]));
  const firsts = new Map(contenders.map((c) => [c.name, [] as number[]]));
  const rounds: Array<Record<string, number>> = [];
  for (let round = 0; round < ROUNDS; round++) {
    const order = shuffled(contenders, round + 1);
    const r: Record<string, number> = {};
    const seqMedian: Record<string, number> = {};
    const cpuBefore = new Map(
      order.map((c) => [c.name, c.pid === undefined ? 0 : cpuNs(c.pid)]),
    );
    const turns = await interleaved(order, SEQUENTIAL);
    for (const c of order) {
      if (c.pid !== undefined) {
        r[`json cpu ${c.name}`] = (cpuNs(c.pid) - cpuBefore.get(c.name)!) /
          1e6 / SEQUENTIAL;
      }
      const times = turns.get(c.name)!;
      seq.get(c.name)!.push(...times);
      seqMedian[c.name] = median(times);
    }
    for (const c of order) {
      if (c.floor === undefined) continue;
      const pair = await paired(
        contenders[0],
        byName.get(c.floor)!,
        c,
        SEQUENTIAL,
      );
      r[`paired ${c.name}`] = pair.added;
      r[`paired ratio ${c.name}`] = pair.added / pair.floorAdded;
    }
    for (const c of order) {
      conc.get(c.name)!.push(...await concurrent(c, SEQUENTIAL));
      const streamed = await streams(c, STREAMS);
      firsts.get(c.name)!.push(...streamed.first);
      r[`first p99 ${c.name}`] = quantile(streamed.first, 0.99);
      if (c.pid !== undefined) r[`cpu ${c.name}`] = streamed.cpu;
    }
    for (const c of contenders) {
      r[c.name] = seqMedian[c.name] - seqMedian.direct;
    }
    rounds.push(r);
    console.log(
      `round ${round + 1}: added ms ` +
        contenders.slice(1).map((c) => `${c.name} ${ms(r[c.name])}`)
          .join(", ") +
        "; CPU ms/stream " +
        contenders.slice(1).map((c) => `${c.name} ${ms(r[`cpu ${c.name}`])}`)
          .join(", "),
    );
  }
  report(contenders, rounds, seq, conc, firsts);
} finally {
  await Promise.all(servers.map(stop));
  Deno.removeSync(configDir, { recursive: true });
}

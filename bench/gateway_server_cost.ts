// CPU per request of `Deno.serve(createGateway(…))` (the gateway server of
// bench/gateway_peers.ts) in two variants, each block on a fresh process,
// in alternating blocks of sequential JSON requests over the mock upstream;
// CPU is the server process's (every thread, /proc). Prints each block's
// CPU per request, the medians and the median of the per-pair ratios.
//
// By default the variants are Deno's legacy `request.signal` and
// `--unstable-no-legacy-abort`: without the flag, Deno.serve aborts the
// signal of every request whose answer was sent (the gateway reads the
// signal, so it exists), which builds a DOMException per request. With
// BASELINE=<another checkout>, they are that checkout's gateway and this
// one's, both with the flag. docs/performance.md ("Serving paths") has the
// figures.
//
// Run: PAIRS=6 REQUESTS=3000 deno run -A bench/gateway_server_cost.ts
//      BASELINE=<clean checkout of main> PAIRS=8 deno run -A bench/gateway_server_cost.ts
import { start, stop } from "./_servers.ts";
import { cpuPerRequest, median } from "./_cpu_block.ts";

const PAIRS = Number(Deno.env.get("PAIRS") ?? 6);
const REQUESTS = Number(Deno.env.get("REQUESTS") ?? 3000);
const WARMUP = 1000;
const SERVER = new URL("./_gateway_peers_server.ts", import.meta.url).pathname;
const BASELINE = Deno.env.get("BASELINE");
const FLAG = "--unstable-no-legacy-abort";

/** A variant: its name and the server's arguments after `run -A`. */
type Variant = [string, string[]];
const VARIANTS: [Variant, Variant] = BASELINE === undefined
  ? [["legacy", [SERVER]], [FLAG, [FLAG, SERVER]]]
  : [["baseline", [FLAG, `${BASELINE}/bench/_gateway_peers_server.ts`]], [
    "this tree",
    [FLAG, SERVER],
  ]];

/** CPU µs per request of one block on a fresh gateway server. */
function block(args: string[], upstream: string): Promise<number> {
  return cpuPerRequest("gateway", ["run", "-A", ...args, "gateway", upstream], {
    warmup: WARMUP,
    requests: REQUESTS,
  });
}

const upstream = await start("upstream", Deno.execPath(), [
  "run",
  "-A",
  "--unstable-no-legacy-abort",
  SERVER,
  "upstream",
]);
try {
  const [[oldName, oldArgs], [newName, newArgs]] = VARIANTS;
  const before: number[] = [];
  const after: number[] = [];
  for (let pair = 0; pair < PAIRS; pair++) {
    // The order turns each pair, so neither always runs first.
    if (pair % 2 === 0) {
      before.push(await block(oldArgs, upstream.url));
      after.push(await block(newArgs, upstream.url));
    } else {
      after.push(await block(newArgs, upstream.url));
      before.push(await block(oldArgs, upstream.url));
    }
    console.log(
      `block ${pair + 1}: CPU µs per request, ${oldName} ${
        before[pair].toFixed(1)
      }, ${newName} ${after[pair].toFixed(1)}`,
    );
  }
  const ratios = after.map((v, i) => v / before[i]);
  console.log(
    `medians: ${oldName} ${median(before).toFixed(1)}, ${newName} ${
      median(after).toFixed(1)
    } µs per request; ${newName} over ${oldName} ${
      median(ratios).toFixed(3)
    } (pairs ${ratios.map((r) => r.toFixed(2)).join(" ")})`,
  );
} finally {
  await stop(upstream);
}

// What bench/gateway_peers.ts prints once its rounds are done: the absolute
// figures per contender, then each serving path's ratios to the bare relay
// of its runtime against issue 23's goals, as the median of the per-round
// ratios with every round's ratio beside it.
import type { Contender } from "./_gateway_peers_contenders.ts";

/** The paths users run, with the goals of issue 23 checked for each. */
const PATHS = [
  "gateway",
  "serve-gw",
  "start",
  "cli-deno",
  "cli-deno-ds",
  "cli-node",
  "serve-native",
];
const GOALS = { added: 1.5, cpu: 2, first: 1.5 };

/** The value at quantile `q` (nearest rank, from below). */
export function quantile(values: number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
}

/** The median. */
export const median = (values: number[]): number => quantile(values, 0.5);
/** Milliseconds, three decimals. */
export const ms = (value: number): string => value.toFixed(3);

/** Prints the figures of a run. */
export function report(
  contenders: readonly Contender[],
  rounds: ReadonlyArray<Record<string, number>>,
  seq: Map<string, number[]>,
  conc: Map<string, number[]>,
  firsts: Map<string, number[]>,
): void {
  const n = rounds.length;
  console.log(
    `\nnon-streamed latency, ${
      seq.get("direct")!.length
    } requests each (ms): median / p90, and added over direct`,
  );
  const direct = seq.get("direct")!;
  const directConc = conc.get("direct")!;
  for (const c of contenders) {
    const s = seq.get(c.name)!;
    const k = conc.get(c.name)!;
    console.log(
      `  ${c.name.padEnd(10)} sequential ${ms(median(s))} / ${
        ms(quantile(s, 0.9))
      }  added ${ms(median(s) - median(direct))} / ${
        ms(quantile(s, 0.9) - quantile(direct, 0.9))
      }   concurrent ${ms(median(k))} / ${ms(quantile(k, 0.9))}  added ${
        ms(median(k) - median(directConc))
      }`,
    );
  }
  console.log(
    `\nper contender, median of ${n} rounds: CPU ms per streamed request (per chunk), per non-streamed request; first event ms p50 / p99 over every stream`,
  );
  for (const c of contenders) {
    const f = firsts.get(c.name)!;
    const cpu = (key: string) =>
      c.pid === undefined ? "-" : ms(median(rounds.map((r) => r[key])));
    const perChunk = c.pid === undefined
      ? "-"
      : (median(rounds.map((r) => r[`cpu ${c.name}`])) / 20).toFixed(4);
    console.log(
      `  ${c.name.padEnd(10)} ${cpu(`cpu ${c.name}`)} (${perChunk})  ${
        cpu(`json cpu ${c.name}`)
      }   first ${ms(median(f))} / ${ms(quantile(f, 0.99))}`,
    );
  }
  const spread = (values: number[]) =>
    `${median(values).toFixed(2)} [${
      values.map((v) => v.toFixed(2)).join(" ")
    }]`;
  const ratios = (a: string, b: string) => rounds.map((r) => r[a] / r[b]);
  const mark = (values: number[], goal: number) =>
    median(values) <= goal ? "met" : "MISSED";
  const names = new Set(contenders.map((c) => c.name));
  console.log(
    `\nissue 23 goals: ratio to the floor (the bare relay of the path's runtime), median of the per-round ratios [each round]`,
  );
  for (const name of PATHS.filter((p) => names.has(p))) {
    const floor = contenders.find((c) => c.name === name)!.floor!;
    const added = ratios(name, floor);
    const paired = rounds.map((r) => r[`paired ratio ${name}`]);
    const cpu = ratios(`cpu ${name}`, `cpu ${floor}`);
    const first = ratios(`first p99 ${name}`, `first p99 ${floor}`);
    console.log(`  ${name} (floor ${floor})`);
    console.log(
      `    added latency, all in turn  ${spread(added)}  ${
        mark(added, GOALS.added)
      } (≤ ${GOALS.added})`,
    );
    console.log(
      `    added latency, in three     ${spread(paired)}  ${
        mark(paired, GOALS.added)
      }`,
    );
    console.log(
      `    CPU per streamed request    ${spread(cpu)}  ${
        mark(cpu, GOALS.cpu)
      } (≤ ${GOALS.cpu})`,
    );
    console.log(
      `    first-event p99             ${spread(first)}  ${
        mark(first, GOALS.first)
      } (≤ ${GOALS.first})`,
    );
  }
  if (names.has("node-relay")) {
    console.log(
      `  node-relay / relay: added latency ${
        spread(ratios("node-relay", "relay"))
      }, CPU per stream ${
        spread(ratios("cpu node-relay", "cpu relay"))
      }, first-event p99 ${
        spread(ratios("first p99 node-relay", "first p99 relay"))
      }`,
    );
  }
  for (
    const name of ["read-relay", "parse-relay"].filter((n) => names.has(n))
  ) {
    console.log(
      `  ${name} / relay: added latency ${
        spread(ratios(name, "relay"))
      }, CPU per request ${
        spread(ratios(`json cpu ${name}`, "json cpu relay"))
      }`,
    );
  }
  for (const name of ["js-relay", "gw-tokens"].filter((n) => names.has(n))) {
    console.log(
      `  ${name} / relay: CPU per stream ${
        spread(ratios(`cpu ${name}`, "cpu relay"))
      }`,
    );
  }
  for (const name of [...names].filter((n) => names.has(`${n}-base`))) {
    const base = `${name}-base`;
    console.log(
      `  ${name} / ${base} (this tree against BASELINE): added latency ${
        spread(ratios(name, base))
      }, CPU per stream ${
        spread(ratios(`cpu ${name}`, `cpu ${base}`))
      }, CPU per request ${
        spread(ratios(`json cpu ${name}`, `json cpu ${base}`))
      }, first-event p99 ${
        spread(ratios(`first p99 ${name}`, `first p99 ${base}`))
      }`,
    );
  }
  if (names.has("portkey")) {
    for (const name of PATHS.filter((p) => names.has(p))) {
      console.log(
        `  ${name} / portkey: added latency ${
          spread(ratios(name, "portkey"))
        }, CPU per stream ${spread(ratios(`cpu ${name}`, "cpu portkey"))}`,
      );
    }
  }
}

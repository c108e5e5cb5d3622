/**
 * A complexity check without a wall-clock limit (portable to Node): the same
 * work at two sizes in one run, compared with a generous factor. Linear work
 * at 8× the size takes about 8× the time; quadratic work takes 64×. The
 * check fails above 32×, whatever the speed or load of the machine.
 *
 * The time compared is the process's CPU time, not the wall clock: on a
 * machine shared with other work, a run of tens of milliseconds waits for a
 * core several times (measured: 10× its CPU time at a load of 30 on two
 * cores), while a run of 2 ms often fits in one slice, which made linear
 * work look 100× slower at 8× the size.
 *
 * @module
 */

import process from "node:process";

/** How much larger the second size is. */
const SCALE = 8;
/** The largest time ratio accepted between the two sizes (SCALE² / 2). */
const LIMIT = (SCALE * SCALE) / 2;
/** Timer resolution floor, so a tiny small-size time cannot inflate the ratio. */
const FLOOR_MS = 2;

async function fastest(
  work: (n: number) => unknown,
  n: number,
  runs: number,
): Promise<number> {
  let best = Infinity;
  for (let i = 0; i < runs; i++) {
    const started = process.cpuUsage();
    await work(n);
    const spent = process.cpuUsage(started);
    best = Math.min(best, (spent.user + spent.system) / 1000);
  }
  return best;
}

/**
 * Asserts that `work` scales at most about linearly between `large / 8` and
 * `large`: the fastest of a few runs at each size, compared.
 *
 * @param what names the work in the failure message
 * @param large the larger size (the one a regression must be seen at)
 * @param work does the work for size `n` (and may assert its result)
 */
export async function assertLinear(
  what: string,
  large: number,
  work: (n: number) => unknown,
): Promise<void> {
  const small = Math.max(1, Math.floor(large / SCALE));
  await work(small); // warm-up: compile the code paths before timing them
  // A load spike on a shared machine can hit one measurement; a superlinear
  // algorithm fails every try.
  let report = "";
  // Three tries of the fastest of five: a loaded machine (CI beside other
  // work) stalls single runs for tens of milliseconds, never all of them.
  for (let attempt = 0; attempt < 3; attempt++) {
    const smallMs = Math.max(FLOOR_MS, await fastest(work, small, 5));
    const largeMs = await fastest(work, small * SCALE, 5);
    const ratio = largeMs / smallMs;
    if (ratio < LIMIT) return;
    report += ` ${ratio.toFixed(1)}× (${smallMs.toFixed(1)} ms → ` +
      `${largeMs.toFixed(1)} ms)`;
  }
  throw new Error(
    `${what}: ${SCALE}× the input took${report}; ` +
      `linear is about ${SCALE}×, quadratic ${SCALE * SCALE}×`,
  );
}

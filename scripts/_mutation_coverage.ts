// Which lines of src/ each test file runs. The sample's baseline runs every
// test file of an area on its own with `--coverage`, so each file's lines can
// be told apart; a mutant's test list is then ordered with the files that
// run its lines first. With `--fail-fast` a caught mutant costs its first
// catcher, not every file before it. The list itself is not changed (a file
// that runs the line only in a subprocess is still run, later), so a verdict
// is what it would be in any order: only its cost differs.
import { run } from "../tests/_bounded.ts";
import { runTests, type TestRun } from "./_mutation_run.ts";

/** Test file → source file (`src/…`) → the 1-based lines it ran. */
export type LinesRun = Map<string, Map<string, Set<number>>>;

/**
 * The lines an lcov report counts as run, per source file under `root`
 * (paths made relative to it). Lines with a count of 0 are left out.
 */
export function parseLcov(
  text: string,
  root: string,
): Map<string, Set<number>> {
  const prefix = `${root.replace(/\/$/, "")}/`;
  const files = new Map<string, Set<number>>();
  let current: Set<number> | undefined;
  for (const line of text.split("\n")) {
    if (line.startsWith("SF:")) {
      const path = line.slice(3);
      current = undefined;
      if (!path.startsWith(prefix)) continue;
      current = new Set();
      files.set(path.slice(prefix.length), current);
    } else if (line.startsWith("DA:") && current) {
      const [number, count] = line.slice(3).split(",");
      if (Number(count) > 0) current.add(Number(number));
    } else if (line === "end_of_record") {
      current = undefined;
    }
  }
  return files;
}

/**
 * Whether `test` runs any of lines `first`…`last` of `file`: true, false, or
 * undefined when its coverage is unknown (its run failed or wrote none).
 */
export function runsLines(
  lines: LinesRun,
  test: string,
  file: string,
  first: number,
  last: number,
): boolean | undefined {
  const ran = lines.get(test);
  if (ran === undefined) return undefined;
  const inFile = ran.get(file);
  if (inFile === undefined) return false;
  for (let line = first; line <= last; line++) {
    if (inFile.has(line)) return true;
  }
  return false;
}

/**
 * Runs each of `tests` in `dir` on its own with coverage, as a baseline: the
 * outcome is the whole list's (the failing files named), and the lines each
 * passing file ran are recorded. A file whose coverage cannot be read keeps
 * no entry, so it is ordered as one that might run any line.
 */
export async function baselineWithLines(
  dir: string,
  tests: string[],
  timeoutMs: number,
): Promise<{ run: TestRun; lines: LinesRun }> {
  const lines: LinesRun = new Map();
  const failed: string[] = [];
  let seconds = 0;
  let timedOut = false;
  const scratch = await Deno.makeTempDir({ prefix: "switchyard_coverage_" });
  try {
    for (const [index, test] of tests.entries()) {
      const coverage = `${scratch}/${index}`;
      const result = await runTests(dir, [test], {
        timeoutMs,
        failFast: false,
        coverage,
      });
      seconds += result.seconds;
      if (result.outcome !== "passed") {
        failed.push(test);
        if (result.outcome === "timeout") timedOut = true;
        continue;
      }
      const report = await run(Deno.execPath(), {
        args: [
          "coverage",
          "--lcov",
          `--include=^file://${dir.replace(/\/$/, "")}/src/`,
          coverage,
        ],
        cwd: dir,
        env: { NO_COLOR: "1" },
        timeoutMs: 120_000,
      }).catch(() => undefined);
      if (report?.success) lines.set(test, parseLcov(report.out, dir));
    }
  } finally {
    await Deno.remove(scratch, { recursive: true });
  }
  const outcome = failed.length === 0
    ? "passed"
    : timedOut && failed.length === 1
    ? "timeout"
    : "failed";
  return { run: { outcome, detail: failed.join(", "), seconds }, lines };
}

// The sample's results, per area: counts, score, and every survivor as
// `file:line  before → after`, so an engineer can write the missing test.
import type { Mutant } from "./_mutation_rules.ts";

/** What became of one sampled mutant. */
export type Verdict =
  | "caught"
  | "survived"
  | "timeout"
  | "equivalent"
  | "invalid"
  | "flaky"
  | "skipped";

/** One sampled mutant and its verdict. */
export interface Result {
  area: string;
  mutant: Mutant;
  verdict: Verdict;
  /** Failing test files, the review's reason, or why it was skipped. */
  detail: string;
  seconds: number;
}

/** One area's counts. */
export interface AreaScore {
  area: string;
  tried: number;
  caught: number;
  survived: number;
  timedOut: number;
  equivalent: number;
  invalid: number;
  /** Caught only by a test that also fails without the bug (`--confirm`). */
  flaky: number;
  skipped: number;
  /** (caught + timed out) / (caught + timed out + survived), in %. */
  score: number | null;
}

/** Counts per area, in the order the areas are given. */
export function scoreAreas(areas: string[], results: Result[]): AreaScore[] {
  return areas.map((area) => {
    const mine = results.filter((r) => r.area === area);
    const count = (verdict: Verdict) =>
      mine.filter((r) => r.verdict === verdict).length;
    const caught = count("caught");
    const timedOut = count("timeout");
    const survived = count("survived");
    const counted = caught + timedOut + survived;
    return {
      area,
      tried: mine.length,
      caught,
      survived,
      timedOut,
      equivalent: count("equivalent"),
      invalid: count("invalid"),
      flaky: count("flaky"),
      skipped: count("skipped"),
      score: counted === 0
        ? null
        : Math.round((1000 * (caught + timedOut)) / counted) / 10,
    };
  });
}

/** A survivor as the report prints it. */
export function describe(mutant: Mutant): string {
  return `${mutant.file}:${mutant.line}  ${mutant.before}  →  ${mutant.after}  [${mutant.rule}]`;
}

/** The text report: a table per area, then the survivors grouped by area. */
export function formatReport(scores: AreaScore[], results: Result[]): string {
  const header = [
    "area",
    "tried",
    "caught",
    "survived",
    "timed out",
    "equivalent (reviewed)",
    "invalid/skipped",
    "flaky",
    "score",
  ];
  const rows = scores.map((s) => [
    s.area,
    String(s.tried),
    String(s.caught),
    String(s.survived),
    String(s.timedOut),
    String(s.equivalent),
    String(s.invalid + s.skipped),
    String(s.flaky),
    s.score === null ? "—" : `${s.score}%`,
  ]);
  const widths = header.map((h, i) =>
    Math.max(h.length, ...rows.map((row) => row[i].length))
  );
  const line = (cells: string[]) =>
    "| " + cells.map((c, i) => c.padEnd(widths[i])).join(" | ") + " |";
  const table = [
    line(header),
    "| " + widths.map((w) => "-".repeat(w)).join(" | ") + " |",
    ...rows.map(line),
  ];
  const survivors: string[] = [];
  for (const score of scores) {
    const mine = results.filter((r) =>
      r.area === score.area && r.verdict === "survived"
    );
    if (mine.length === 0) continue;
    survivors.push(`\n${score.area} (${mine.length} survived):`);
    for (const r of mine) survivors.push(`  ${describe(r.mutant)}`);
  }
  return table.join("\n") +
    (survivors.length ? "\n\nsurvivors:" + survivors.join("\n") : "");
}

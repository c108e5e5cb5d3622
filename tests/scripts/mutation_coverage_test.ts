// The sample orders a mutant's test files by the lines each ran in its
// baseline: with --fail-fast, a caught mutant then costs its catcher instead
// of every file listed before it. The order must follow what each file really
// ran (a file that never calls a function comes after one that does), and a
// file whose coverage is unknown must not be put last as if it ran nothing.
import assert from "node:assert/strict";
import {
  baselineWithLines,
  parseLcov,
  runsLines,
} from "../../scripts/_mutation_coverage.ts";
import { testsFor } from "../../scripts/_mutation_select.ts";
import { runInTurn } from "../../scripts/_mutation_run.ts";

const MODULE = `export function twice(n: number): number {
  return n * 2;
}

export function half(n: number): number {
  if (n < 0) {
    throw new RangeError("negative");
  }
  return n / 2;
}
`;

Deno.test("mutation coverage: each test file's lines come from its own run, and order a mutant's tests", async () => {
  const dir = await Deno.makeTempDir({ prefix: "mutation_coverage_test_" });
  try {
    await Deno.mkdir(`${dir}/src`);
    await Deno.mkdir(`${dir}/tests`);
    await Deno.writeTextFile(`${dir}/deno.json`, "{}\n");
    await Deno.writeTextFile(`${dir}/deno.lock`, '{ "version": "5" }\n');
    await Deno.writeTextFile(`${dir}/src/math.ts`, MODULE);
    // Named so that the one that never calls half() sorts first by name.
    await Deno.writeTextFile(
      `${dir}/tests/a_twice_test.ts`,
      `import { twice } from "../src/math.ts";
Deno.test("twice", () => { if (twice(2) !== 4) throw new Error("twice"); });
`,
    );
    await Deno.writeTextFile(
      `${dir}/tests/b_half_test.ts`,
      `import { half } from "../src/math.ts";
Deno.test("half", () => { if (half(4) !== 2) throw new Error("half"); });
`,
    );
    const tests = ["tests/a_twice_test.ts", "tests/b_half_test.ts"];
    const { run, lines } = await baselineWithLines(dir, tests, 120_000);
    assert.equal(run.outcome, "passed", run.detail);
    // twice() is line 2, half()'s division line 9, its throw line 7.
    assert.equal(runsLines(lines, tests[0], "src/math.ts", 2, 2), true);
    assert.equal(runsLines(lines, tests[0], "src/math.ts", 9, 9), false);
    assert.equal(runsLines(lines, tests[1], "src/math.ts", 9, 9), true);
    assert.equal(runsLines(lines, tests[1], "src/math.ts", 7, 7), false);
    // A span counts when any of its lines ran.
    assert.equal(runsLines(lines, tests[1], "src/math.ts", 7, 9), true);
    assert.equal(
      runsLines(lines, "tests/other_test.ts", "src/math.ts", 2, 2),
      undefined,
    );

    const reach = new Map(tests.map((t) => [t, new Set(["src/math.ts"])]));
    const order = (first: number, last: number) =>
      testsFor(
        "src/math.ts",
        tests,
        tests,
        reach,
        (test) => runsLines(lines, test, "src/math.ts", first, last),
      );
    // A mutant in half() runs half's test first, one in twice() twice's.
    assert.deepEqual(order(9, 9), [tests[1], tests[0]]);
    assert.deepEqual(order(2, 2), [tests[0], tests[1]]);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("mutation coverage: a failing test file fails the baseline, named, and keeps no lines", async () => {
  const dir = await Deno.makeTempDir({ prefix: "mutation_coverage_test_" });
  try {
    await Deno.writeTextFile(`${dir}/deno.json`, "{}\n");
    await Deno.writeTextFile(`${dir}/deno.lock`, '{ "version": "5" }\n');
    await Deno.writeTextFile(
      `${dir}/ok_test.ts`,
      `Deno.test("ok", () => {});\n`,
    );
    await Deno.writeTextFile(
      `${dir}/bad_test.ts`,
      `Deno.test("bad", () => { throw new Error("no"); });\n`,
    );
    const { run, lines } = await baselineWithLines(
      dir,
      ["ok_test.ts", "bad_test.ts"],
      120_000,
    );
    assert.equal(run.outcome, "failed");
    assert.equal(run.detail, "bad_test.ts");
    assert.ok(!lines.has("bad_test.ts"));
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("mutation coverage: an lcov report gives the run lines of files under the root only", () => {
  const report = [
    "SF:/tmp/x/src/a.ts",
    "DA:1,1",
    "DA:2,0",
    "DA:3,12",
    "end_of_record",
    "SF:/elsewhere/src/b.ts",
    "DA:1,1",
    "end_of_record",
    "",
  ].join("\n");
  const files = parseLcov(report, "/tmp/x/");
  assert.deepEqual([...files.keys()], ["src/a.ts"]);
  assert.deepEqual([...files.get("src/a.ts")!], [1, 3]);
});

Deno.test("mutation coverage: unknown coverage ranks between the files that ran the line and those that did not", () => {
  const tests = ["tests/x_test.ts", "tests/y_test.ts", "tests/z_test.ts"];
  const reach = new Map(tests.map((t) => [t, new Set(["src/a/q.ts"])]));
  const ran: Record<string, boolean | undefined> = {
    "tests/x_test.ts": false,
    "tests/y_test.ts": undefined,
    "tests/z_test.ts": true,
  };
  assert.deepEqual(
    testsFor("src/a/q.ts", tests, tests, reach, (t) => ran[t]),
    ["tests/z_test.ts", "tests/y_test.ts", "tests/x_test.ts"],
  );
  // Without coverage the area's order stands.
  assert.deepEqual(testsFor("src/a/q.ts", tests, tests, reach), tests);
});

Deno.test("mutation coverage: the files that ran the line run first, even when deno would run a subdirectory's first", async () => {
  const dir = await Deno.makeTempDir({ prefix: "mutation_coverage_test_" });
  try {
    await Deno.mkdir(`${dir}/sub`);
    await Deno.writeTextFile(`${dir}/deno.json`, "{}\n");
    await Deno.writeTextFile(`${dir}/deno.lock`, '{ "version": "5" }\n');
    await Deno.writeTextFile(
      `${dir}/catch_test.ts`,
      `Deno.test("catches", () => { throw new Error("caught"); });\n`,
    );
    // Leaves a mark when it runs: in one `deno test` run it goes first.
    await Deno.writeTextFile(
      `${dir}/sub/late_test.ts`,
      `Deno.test("late", () => Deno.writeTextFileSync("ran", "yes"));\n`,
    );
    const tests = ["catch_test.ts", "sub/late_test.ts"];
    const options = { timeoutMs: 120_000, failFast: true };
    const caught = await runInTurn(dir, tests, 1, options);
    assert.equal(caught.outcome, "failed");
    assert.equal(caught.detail, "catch_test.ts");
    await assert.rejects(Deno.stat(`${dir}/ran`), Deno.errors.NotFound);
    // When the first group passes, the rest runs and decides.
    await Deno.writeTextFile(
      `${dir}/catch_test.ts`,
      `Deno.test("passes", () => {});\n`,
    );
    const passed = await runInTurn(dir, tests, 1, options);
    assert.equal(passed.outcome, "passed", passed.detail);
    assert.equal(await Deno.readTextFile(`${dir}/ran`), "yes");
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

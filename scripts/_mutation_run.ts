// Runs test files against a temporary copy of the repository, bounded, and
// says how the run ended. The working tree is never touched: every mutant is
// written into the copy and restored from the original text afterwards.
import { run } from "../tests/_bounded.ts";

/** How one bounded test run ended. */
export interface TestRun {
  /**
   * passed: every test passed; failed: a test failed; timeout: killed at the
   * bound; invalid: the code did not load (a mutant that is not valid
   * TypeScript, which no reviewer would mistake for a bug).
   */
  outcome: "passed" | "failed" | "timeout" | "invalid";
  /** The failing test files, or why the run stopped. */
  detail: string;
  seconds: number;
}

// The command's tests also read the container recipe (Dockerfile,
// compose.yaml, docker/, the Deno version pinned in .ci/run) and start
// scripts/fetch_test_packages.ts; the adapters' and the gateway's field
// tables are checked against docs/gateway/wires.md and the README.
const PARTS = [
  ".ci",
  "docs",
  "src",
  "tests",
  "examples",
  "scripts",
  "docker",
  "Dockerfile",
  "compose.yaml",
  "mod.ts",
  "deno.json",
  "deno.lock",
  "README.md",
];

/** A copy of what the tests read, in a new temporary directory. */
export async function copyRepository(root: string): Promise<string> {
  const dir = await Deno.makeTempDir({ prefix: "switchyard_mutation_" });
  const copied = await run("cp", {
    args: ["-r", ...PARTS, dir],
    cwd: root,
    timeoutMs: 60_000,
  });
  if (!copied.success) throw new Error(`copy failed: ${copied.err}`);
  return dir;
}

const LOAD_FAILURE =
  /The module's source code could not be parsed|SyntaxError|Expected .* but found|Unexpected token/;

/**
 * Runs `tests` in `dir` with the suite's flags. `failFast` stops at the
 * first failure: a caught mutant costs only the tests up to it. `coverage`
 * names a directory for the run's coverage data.
 */
export async function runTests(
  dir: string,
  tests: string[],
  options: { timeoutMs: number; failFast: boolean; coverage?: string },
): Promise<TestRun> {
  const started = performance.now();
  const seconds = () => Math.round((performance.now() - started) / 1000);
  try {
    const result = await run(Deno.execPath(), {
      args: [
        "test",
        "-A",
        "--no-check",
        "--lock=deno.lock",
        "--frozen-lockfile",
        "--sanitize-ops",
        "--sanitize-resources",
        "--unstable-no-legacy-abort",
        ...(options.failFast ? ["--fail-fast"] : []),
        ...(options.coverage ? [`--coverage=${options.coverage}`] : []),
        ...tests,
      ],
      cwd: dir,
      env: { NO_COLOR: "1" },
      timeoutMs: options.timeoutMs,
    });
    if (result.success) {
      return { outcome: "passed", detail: "", seconds: seconds() };
    }
    // "running 3 tests from ./tests/x_test.ts", then "name ... FAILED".
    const failed = new Set<string>();
    let current = "";
    for (const line of result.out.split("\n")) {
      const file = /^running \d+ tests? from \.\/(\S+)/.exec(line);
      const uncaught = /^Uncaught error from \.\/(\S+)/.exec(line);
      if (file) current = file[1];
      else if (uncaught) failed.add(uncaught[1]);
      else if (/ \.\.\. FAILED/.test(line) && current) failed.add(current);
    }
    if (failed.size === 0 && LOAD_FAILURE.test(result.err)) {
      return {
        outcome: "invalid",
        detail: result.err.split("\n").find((l) => l.trim()) ?? "",
        seconds: seconds(),
      };
    }
    return {
      outcome: "failed",
      detail: [...failed].join(", ") || `exit ${result.code}`,
      seconds: seconds(),
    };
  } catch (error) {
    const message = (error as Error).message;
    return {
      outcome: /did not finish within/.test(message) ? "timeout" : "failed",
      detail: message.split("\n")[0].slice(-120),
      seconds: seconds(),
    };
  }
}

/** How `deno check` judged one file: whether it passed, and its first error. */
export interface Check {
  ok: boolean;
  detail: string;
}

// Errors that stand for the shape of an edit, not for the bug it plants:
// a dropped `return;`, `continue;` or call leaves `if (x) ;` (TS1313, an
// empty statement as an if's body), which runs as written, and which the bug
// it stands for (the line forgotten, `if (x) {}`) does not have.
const SHAPE_ONLY = new Set(["TS1313"]);

/**
 * `deno check` of `file` in `dir` and what it imports. It refuses what the
 * runtime would not load (`a ?? b || c`: `deno fmt` reads that, the loader
 * does not) and what CI's own `deno check` refuses (`x?.y`→`x.y` on a value
 * that may be undefined), except the errors of {@link SHAPE_ONLY}.
 */
export async function typeCheck(dir: string, file: string): Promise<Check> {
  const result = await run(Deno.execPath(), {
    args: ["check", "--quiet", file],
    cwd: dir,
    env: { NO_COLOR: "1" },
    timeoutMs: 120_000,
  });
  const output = `${result.err}\n${result.out}`;
  const codes = [...output.matchAll(/\b(TS\d+) \[ERROR\]/g)].map((m) => m[1]);
  const refused = codes.filter((code) => !SHAPE_ONLY.has(code));
  const ok = result.success || (codes.length > 0 && refused.length === 0);
  const first = refused[0] ?? "";
  const detail = output.split("\n")
    .find((line) =>
      first ? line.includes(first) : /error|SyntaxError|TS\d+/.test(line)
    )?.trim() ?? "";
  return { ok, detail };
}

// Whether each file checks unmutated, per copy: a tree that does not check
// (or a checker that cannot run) must not turn every mutant invalid.
const originalChecks = new Map<string, Promise<boolean>>();

/**
 * Plants `text` as `file` in `dir`, runs `tests` against it and restores the
 * file. A mutant that is not valid TypeScript is set apart as invalid before
 * any test runs: judged by its tests, it would count as caught whenever a
 * test loads it late (a dynamic `import()`, a subprocess), though no reviewer
 * could mistake it for a bug. One `deno check` of the file costs about a
 * second of CPU, against tens of seconds for its tests, and it refuses every
 * such mutant whatever rule made it, where teaching each rule what it must
 * not propose covers only the mixes foreseen.
 */
export async function runMutant(
  dir: string,
  file: string,
  text: string,
  options: {
    tests: string[];
    /** The first `first` tests run on their own, before the rest. */
    first?: number;
    timeoutMs: number;
    failFast: boolean;
  },
): Promise<TestRun> {
  const key = `${dir}/${file}`;
  let original = originalChecks.get(key);
  if (original === undefined) {
    original = typeCheck(dir, file).then((check) => check.ok);
    originalChecks.set(key, original);
  }
  const checkable = await original;
  return await withFileText(dir, file, text, async () => {
    if (checkable) {
      const started = performance.now();
      const check = await typeCheck(dir, file);
      if (!check.ok) {
        return {
          outcome: "invalid",
          detail: check.detail || "does not type-check",
          seconds: Math.round((performance.now() - started) / 1000),
        };
      }
    }
    return await runInTurn(dir, options.tests, options.first ?? 0, options);
  });
}

/**
 * Runs the first `first` of `tests`, then (when they pass) the rest, as two
 * runs: `deno test` runs the files of subdirectories before those beside
 * them, whatever order it is given, so one run cannot put a likely catcher
 * first. The verdict is the whole list's; the seconds are both runs'.
 */
export async function runInTurn(
  dir: string,
  tests: string[],
  first: number,
  options: { timeoutMs: number; failFast: boolean },
): Promise<TestRun> {
  if (first <= 0 || first >= tests.length) {
    return await runTests(dir, tests, options);
  }
  const head = await runTests(dir, tests.slice(0, first), options);
  // A failure there decides, as it would under --fail-fast in one run.
  if (head.outcome !== "passed") return head;
  const rest = await runTests(dir, tests.slice(first), options);
  return { ...rest, seconds: head.seconds + rest.seconds };
}

/** Runs `body` with `file` (in `dir`) replaced by `text`, then restores it. */
export async function withFileText<T>(
  dir: string,
  file: string,
  text: string,
  body: () => Promise<T>,
): Promise<T> {
  const path = `${dir}/${file}`;
  const original = await Deno.readTextFile(path);
  await Deno.writeTextFile(path, text);
  try {
    return await body();
  } finally {
    await Deno.writeTextFile(path, original);
  }
}

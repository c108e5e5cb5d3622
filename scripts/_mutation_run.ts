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
 * first failure: a caught mutant costs only the tests up to it.
 */
export async function runTests(
  dir: string,
  tests: string[],
  options: { timeoutMs: number; failFast: boolean },
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

/**
 * Whether `text` parses as TypeScript (`deno fmt` reads it from stdin): a
 * mutant that does not is no bug a reviewer would miss, so it is not run.
 */
export async function parses(text: string): Promise<boolean> {
  const result = await run(Deno.execPath(), {
    args: ["fmt", "--ext=ts", "-"],
    stdin: text,
    env: { NO_COLOR: "1" },
    timeoutMs: 30_000,
  });
  return result.success;
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

/**
 * The whole CI gate: formatting, lint, types, docs, the mutation check's hand
 * list, tests (Deno and, through the npm build, Node 20), and JSR publish
 * readiness. Every step runs even when
 * an earlier one fails, so one run shows every problem; the last line is
 * `N passed, M failed` counting Deno and Node tests together plus one failure
 * for each gate that is not a test runner, followed by `, K skipped` when tests
 * were skipped (the line before it says which and why: outside CI, a test
 * whose program — chromium, wrk, curl, redis-server — is missing).
 *
 * @module
 */
import { readExports } from "./_entry_points.ts";

const root = new URL("../", import.meta.url);
const entryFiles = Object.values(readExports(root));

interface Step {
  name: string;
  args: string[];
}

const steps: Step[] = [
  { name: "fmt", args: ["fmt", "--check"] },
  { name: "lint", args: ["lint"] },
  {
    name: "check",
    args: [
      "check",
      "--lock=deno.lock",
      "--frozen-lockfile",
      "mod.ts",
      "src/",
      "tests/",
      "bench/",
      "examples/",
      "scripts/",
    ],
  },
  { name: "doc-lint", args: ["doc", "--lint", ...entryFiles] },
  // No import cycle, no source file past 500 lines of code.
  { name: "structure", args: ["run", "-A", "scripts/structure_check.ts"] },
  // The hand list of known bugs, two at a time: each must still be caught.
  // The generated sample (`deno task mutation --sample`) measures; it is
  // not a gate, since its draw moves with every edit.
  {
    name: "mutation",
    args: [
      "run",
      "-A",
      "--lock=deno.lock",
      "--frozen-lockfile",
      "scripts/mutation_check.ts",
      "--jobs",
      "2",
      "--problems",
      ".mutation-problems.log",
    ],
  },
  {
    name: "test",
    args: [
      "test",
      "-A",
      "--doc",
      "--lock=deno.lock",
      "--frozen-lockfile",
      // Deno 2.9 runs without them unless asked; the leak tests rely on them.
      "--sanitize-ops",
      "--sanitize-resources",
      // The gateway reads request.signal for client disconnects only.
      "--unstable-no-legacy-abort",
      "--coverage=coverage",
      "--junit-path=.junit.xml",
    ],
  },
  {
    name: "coverage",
    args: ["coverage", "coverage", "--exclude=tests/|bench/|examples/"],
  },
  { name: "publish-dry-run", args: ["publish", "--dry-run", "--allow-dirty"] },
  {
    name: "npm-build",
    args: [
      "run",
      "-A",
      "--lock=deno.lock",
      "--frozen-lockfile",
      "scripts/build_npm.ts",
    ],
  },
];

/** Fails when a test file focuses tests: `.only` silently skips the rest. */
function findFocusedTests(): string[] {
  const hits: string[] = [];
  const walk = (dir: URL) => {
    for (const entry of Deno.readDirSync(dir)) {
      const url = new URL(entry.name + (entry.isDirectory ? "/" : ""), dir);
      if (entry.isDirectory && entry.name !== "fixtures") walk(url);
      else if (entry.isFile && entry.name.endsWith(".ts")) {
        const text = Deno.readTextFileSync(url);
        if (
          /\b(it|test|describe|Deno\.test)\.only\s*\(|\bonly\s*:\s*true/.test(
            text,
          )
        ) {
          hits.push(url.pathname);
        }
      }
    }
  };
  walk(new URL("tests/", root));
  return hits;
}

/** Passed, failed and skipped leaf test cases in a `deno test --junit-path` report. */
function countJunit(
  xml: string,
): { passed: number; failed: number; skipped: number } {
  const cases = [
    ...xml.matchAll(
      /<testcase name="([^"]*)"[^>]*?(\/>|>([\s\S]*?)<\/testcase>)/g,
    ),
  ];
  const names = cases.map((match) => match[1]);
  const failedNames = cases
    .filter((match) => /<(failure|error)\b/.test(match[3] ?? ""))
    .map((match) => match[1]);
  let passed = 0;
  let failed = 0;
  let skipped = 0;
  for (const match of cases) {
    // Groups (node:test's, and tests/_harness.ts's Deno.test steps) appear
    // both as a case and as "group > child" cases: count the leaves. A group
    // fails on its own only when no child did, e.g. the sanitizers found a
    // leak after its steps passed; then it counts once.
    const prefix = match[1] + " &gt; ";
    const isGroup = names.some((name) => name.startsWith(prefix));
    if (isGroup) {
      const own = failedNames.includes(match[1]) &&
        !failedNames.some((name) => name.startsWith(prefix));
      if (own) failed++;
      continue;
    }
    const body = match[3] ?? "";
    if (/<(failure|error)\b/.test(body)) failed++;
    else if (/<skipped\b/.test(body)) skipped++;
    else passed++;
  }
  return { passed, failed, skipped };
}

// tests/_programs.ts appends one line per skipped test (missing program) here.
const skipLog = new URL(".skipped.log", root);
Deno.env.set("SWITCHYARD_SKIP_LOG", skipLog.pathname);

// A report left by an earlier run must never be counted as this run's.
for (
  const stale of [
    ".junit.xml",
    "npm/node-test-summary.json",
    ".skipped.log",
    ".mutation-problems.log",
  ]
) {
  try {
    Deno.removeSync(new URL(stale, root));
  } catch (error) {
    if (!(error instanceof Deno.errors.NotFound)) throw error;
  }
}
const failures: string[] = [];
const focused = findFocusedTests();
if (focused.length > 0) {
  console.error(`✗ focused tests (.only) in: ${focused.join(", ")}`);
  failures.push("only");
}

for (const step of steps) {
  console.log(`\n=== ${step.name}: deno ${step.args.join(" ")}`);
  const started = performance.now();
  const { code } = await new Deno.Command(Deno.execPath(), {
    args: step.args,
    cwd: root,
    stdout: "inherit",
    stderr: "inherit",
  }).output();
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(
    `=== ${step.name}: ${
      code === 0 ? "ok" : `FAILED (exit ${code})`
    } in ${seconds}s`,
  );
  if (code !== 0) failures.push(step.name);
}

let passed = 0;
let failed = 0;
let skipped = 0;
try {
  const deno = countJunit(Deno.readTextFileSync(new URL(".junit.xml", root)));
  console.log(
    `deno test: ${deno.passed} passed, ${deno.failed} failed, ${deno.skipped} skipped`,
  );
  passed += deno.passed;
  failed += deno.failed;
  skipped += deno.skipped;
} catch (error) {
  console.error(`✗ no deno test report: ${error}`);
  failures.push("deno-report");
}
try {
  const node = JSON.parse(
    Deno.readTextFileSync(new URL("npm/node-test-summary.json", root)),
  ) as { passed: number; failed: number };
  console.log(`node test: ${node.passed} passed, ${node.failed} failed`);
  passed += node.passed;
  failed += node.failed;
} catch (error) {
  console.error(`✗ no node test summary: ${error}`);
  failures.push("node-report");
}

const gateFailures = failures.filter((name) =>
  name !== "test" && name !== "npm-build"
);
if (failures.length > 0) console.error(`failed steps: ${failures.join(", ")}`);
if (failures.includes("mutation")) {
  // The step's own output is far above; its verdicts are repeated here.
  try {
    const rows = Deno.readTextFileSync(new URL(".mutation-problems.log", root))
      .split("\n").filter(Boolean);
    console.error(`mutation problems:\n  ${rows.join("\n  ")}`);
  } catch {
    console.error("mutation problems: the step wrote no list (see its output)");
  }
}
if (skipped > 0) {
  let reasons: string[] = [];
  try {
    reasons = Deno.readTextFileSync(skipLog).split("\n").filter(Boolean);
  } catch {
    // No test explained its skip (e.g. a test's own `ignore`).
  }
  console.log(
    `${skipped} skipped${reasons.length ? ":\n  " + reasons.join("\n  ") : ""}`,
  );
}
console.log(
  `${passed} passed, ${failed + gateFailures.length} failed` +
    (skipped > 0 ? `, ${skipped} skipped` : ""),
);
if (failures.length > 0 || failed > 0) Deno.exit(1);

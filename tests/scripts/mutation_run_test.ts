// A mutant that is not valid TypeScript is set apart as invalid, never scored
// as caught: `a ?? b || c` is read by `deno fmt` but refused by the loader, so
// a test that loads the module late (a dynamic import, a subprocess) fails
// and, judged by its tests alone, the mutant counted as caught.
import assert from "node:assert/strict";
import { runMutant, type TestRun } from "../../scripts/_mutation_run.ts";

const MODULE = `export function pick(a?: number, b?: number, c = 3): number {
  return a ?? b ?? c;
}
`;

// The module is loaded inside the test, as the command's and the examples'
// tests load src/ in a subprocess: a load failure is then a failing test.
const TEST = `Deno.test("pick", async () => {
  const { pick } = await import("./pick.ts");
  if (pick(undefined, 2) !== 2) throw new Error("wrong pick");
});
`;

const options = { tests: ["pick_test.ts"], timeoutMs: 120_000, failFast: true };

/** MODULE with `a ?? b ?? c`, the expression it returns, written as `expression`. */
const returning = (expression: string) =>
  MODULE.replace("a ?? b ?? c", expression);

/**
 * Runs `use` in a fresh tree holding MODULE and TEST, then removes the
 * tree; `judge(mutant)` puts `mutant` in place of pick.ts and runs the test.
 */
async function inTree(
  use: (
    dir: string,
    judge: (mutant: string) => Promise<TestRun>,
  ) => Promise<void>,
): Promise<void> {
  const dir = await Deno.makeTempDir({ prefix: "mutation_run_test_" });
  try {
    await Deno.writeTextFile(`${dir}/deno.json`, "{}\n");
    await Deno.writeTextFile(`${dir}/deno.lock`, '{ "version": "5" }\n');
    await Deno.writeTextFile(`${dir}/pick.ts`, MODULE);
    await Deno.writeTextFile(`${dir}/pick_test.ts`, TEST);
    await use(dir, (mutant) => runMutant(dir, "pick.ts", mutant, options));
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

Deno.test("mutation run: a mutant that does not load is invalid, not caught, and the file is restored", async () => {
  await inTree(async (dir, judge) => {
    // `??`→`||` beside another `??`: a SyntaxError when loaded.
    const run = await judge(returning("a || b ?? c"));
    assert.equal(run.outcome, "invalid", `${run.outcome}: ${run.detail}`);
    assert.match(run.detail, /\?\?|parenthes|SyntaxError/i);
    assert.equal(await Deno.readTextFile(`${dir}/pick.ts`), MODULE);
  });
});

Deno.test("mutation run: a mutant the type checker refuses is invalid; a valid one is judged by its tests", async () => {
  await inTree(async (_, judge) => {
    const refused = await judge(MODULE.replace("c = 3", 'c = "3"'));
    assert.equal(refused.outcome, "invalid", refused.detail);
    assert.match(refused.detail, /TS\d+|not assignable/);
    // A dropped early return leaves `if (c === 0) ;`, which TypeScript
    // refuses (TS1313) but which runs, as the forgotten line it stands for
    // would: judged by the tests, as every valid mutant is.
    const dropped = await judge(MODULE.replace(
      "return a ?? b ?? c;",
      "if (c === 0) ;\n  return a ?? b ?? c;",
    ));
    assert.equal(dropped.outcome, "passed", dropped.detail);
    // A valid bug its test catches, and one it does not.
    const caught = await judge(returning("a ?? c ?? b"));
    assert.equal(caught.outcome, "failed", caught.detail);
    const survived = await judge(returning("a ?? b ?? 4"));
    assert.equal(survived.outcome, "passed", survived.detail);
  });
});

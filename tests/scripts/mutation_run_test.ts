// A mutant that is not valid TypeScript is set apart as invalid, never scored
// as caught: `a ?? b || c` is read by `deno fmt` but refused by the loader, so
// a test that loads the module late (a dynamic import, a subprocess) fails
// and, judged by its tests alone, the mutant counted as caught.
import assert from "node:assert/strict";
import { runMutant } from "../../scripts/_mutation_run.ts";

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

async function tree(): Promise<string> {
  const dir = await Deno.makeTempDir({ prefix: "mutation_run_test_" });
  await Deno.writeTextFile(`${dir}/deno.json`, "{}\n");
  await Deno.writeTextFile(`${dir}/deno.lock`, '{ "version": "5" }\n');
  await Deno.writeTextFile(`${dir}/pick.ts`, MODULE);
  await Deno.writeTextFile(`${dir}/pick_test.ts`, TEST);
  return dir;
}

const options = { tests: ["pick_test.ts"], timeoutMs: 120_000, failFast: true };

Deno.test("mutation run: a mutant that does not load is invalid, not caught, and the file is restored", async () => {
  const dir = await tree();
  try {
    // `??`→`||` beside another `??`: a SyntaxError when loaded.
    const mixed = MODULE.replace("a ?? b ?? c", "a || b ?? c");
    const run = await runMutant(dir, "pick.ts", mixed, options);
    assert.equal(run.outcome, "invalid", `${run.outcome}: ${run.detail}`);
    assert.match(run.detail, /\?\?|parenthes|SyntaxError/i);
    assert.equal(await Deno.readTextFile(`${dir}/pick.ts`), MODULE);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("mutation run: a mutant the type checker refuses is invalid; a valid one is judged by its tests", async () => {
  const dir = await tree();
  try {
    const untyped = MODULE.replace("c = 3", 'c = "3"');
    const refused = await runMutant(dir, "pick.ts", untyped, options);
    assert.equal(refused.outcome, "invalid", refused.detail);
    assert.match(refused.detail, /TS\d+|not assignable/);
    // A dropped early return leaves `if (c === 0) ;`, which TypeScript
    // refuses (TS1313) but which runs, as the forgotten line it stands for
    // would: judged by the tests, as every valid mutant is.
    const guarded = MODULE.replace(
      "return a ?? b ?? c;",
      "if (c === 0) return 0;\n  return a ?? b ?? c;",
    );
    const dropped = await runMutant(
      dir,
      "pick.ts",
      guarded.replace("if (c === 0) return 0;", "if (c === 0) ;"),
      options,
    );
    assert.equal(dropped.outcome, "passed", dropped.detail);
    // A valid bug its test catches, and one it does not.
    const caught = await runMutant(
      dir,
      "pick.ts",
      MODULE.replace("a ?? b ?? c", "a ?? c ?? b"),
      options,
    );
    assert.equal(caught.outcome, "failed", caught.detail);
    const survived = await runMutant(
      dir,
      "pick.ts",
      MODULE.replace("a ?? b ?? c", "a ?? b ?? 4"),
      options,
    );
    assert.equal(survived.outcome, "passed", survived.detail);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

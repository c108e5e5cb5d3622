/**
 * The BDD functions our tests use (`describe`, `it`, `test`), with
 * node:test's signatures for the subset we need, but run by Deno's own test
 * runner so the op, resource and exit sanitizers check every test — node:test
 * tests under Deno run without them, even with `--sanitize-ops`.
 *
 * Under Deno, a top-level `describe` becomes one `Deno.test`; its `it`s run as
 * `t.step`s in declaration order, nested `describe`s as nested steps. A
 * top-level `it`/`test` is its own `Deno.test`. Describe bodies run when
 * called, as in node:test, and must be synchronous. Deno 2.9 checks for
 * leaks when the whole `Deno.test` ends, not after each step, so a leak fails
 * the top-level `describe` as a whole; `deno test --trace-leaks` shows the
 * line that started the timer or op.
 *
 * Under Node this module is not used: scripts/build_npm.ts rewrites imports
 * of it to `"node:test"` when it transpiles the portable tests. The fallback
 * to node:test below only serves a Node run of the untranspiled sources.
 *
 * @module
 */
import * as nodeTest from "node:test";

/** A test body, synchronous or asynchronous. */
export type TestFn = () => void | Promise<void>;

/** The node:test options we support. */
export interface TestOptions {
  /** Skip the test (a string says why). */
  skip?: boolean | string;
}

/** node:test's `it`/`test`: `(name, fn)` or `(name, options, fn)`. */
export interface ItFn {
  (name: string, fn: TestFn): void;
  (name: string, options: TestOptions, fn: TestFn): void;
}

/** node:test's `describe`: `(name, fn)` or `(name, options, fn)`. */
export interface DescribeFn {
  (name: string, fn: () => void): void;
  (name: string, options: TestOptions, fn: () => void): void;
}

type Node =
  | { kind: "it"; name: string; skip: boolean; fn: TestFn }
  | { kind: "describe"; name: string; skip: boolean; children: Node[] };

/** Tests and groups of the describe bodies being run, innermost last. */
const open: Node[][] = [];

const sanitizers = {
  sanitizeOps: true,
  sanitizeResources: true,
  sanitizeExit: true,
} as const;

function parse<F>(
  optionsOrFn: TestOptions | F,
  maybeFn: F | undefined,
): { skip: boolean; fn: F } {
  if (typeof optionsOrFn === "function") {
    return { skip: false, fn: optionsOrFn as F };
  }
  if (typeof maybeFn !== "function") {
    throw new TypeError("_harness: expected a function as last argument");
  }
  return { skip: Boolean((optionsOrFn as TestOptions).skip), fn: maybeFn };
}

async function runSteps(t: Deno.TestContext, nodes: Node[]): Promise<void> {
  for (const node of nodes) {
    await t.step({
      name: node.name,
      ignore: node.skip,
      ...sanitizers,
      fn: node.kind === "it"
        ? node.fn
        : (inner: Deno.TestContext) => runSteps(inner, node.children),
    });
  }
}

function denoIt(
  name: string,
  optionsOrFn: TestOptions | TestFn,
  maybeFn?: TestFn,
): void {
  const { skip, fn } = parse(optionsOrFn, maybeFn);
  const group = open.at(-1);
  if (group) group.push({ kind: "it", name, skip, fn });
  else Deno.test({ name, ignore: skip, ...sanitizers, fn: () => fn() });
}

function denoDescribe(
  name: string,
  optionsOrFn: TestOptions | (() => void),
  maybeFn?: () => void,
): void {
  const { skip, fn } = parse(optionsOrFn, maybeFn);
  const children: Node[] = [];
  open.push(children);
  try {
    const result: unknown = fn();
    if (result instanceof Promise) {
      throw new TypeError(
        `_harness: describe("${name}") body must be synchronous`,
      );
    }
  } finally {
    open.pop();
  }
  const group = open.at(-1);
  if (group) group.push({ kind: "describe", name, skip, children });
  else {
    Deno.test({
      name,
      ignore: skip,
      ...sanitizers,
      fn: (t) => runSteps(t, children),
    });
  }
}

const onDeno = typeof (globalThis as { Deno?: unknown }).Deno !== "undefined";

/** Declares a group of tests; groups nest. */
export const describe: DescribeFn = onDeno
  ? denoDescribe
  : nodeTest.describe as DescribeFn;
/** Declares a test. */
export const it: ItFn = onDeno ? denoIt : nodeTest.it as ItFn;
/** Declares a test (alias of `it`, as in node:test). */
export const test: ItFn = it;

// Which of an area's test files can see a source file: those whose module
// graph reaches it, counting the scripts a test (or its helpers) starts as a
// subprocess (`new URL("../fixtures/x.ts", import.meta.url)`). A mutant runs
// only those, so a caught one costs seconds; a file no test reaches runs the
// area's whole list, which then decides.
import { run } from "../tests/_bounded.ts";

const SPAWNED = /new URL\(\s*"(\.{1,2}\/[^"]+\.ts)",\s*import\.meta\.url\)/g;

/**
 * Every `*_test.ts` under the given files and directories, less `!` ones. An
 * exclusion drops only what a broader entry brought in: `tests/models/adapters/`
 * listed beside `tests/models/` and `!tests/models/adapters/` keeps the
 * adapter tests (the exclusion is there to keep them out of models-core).
 */
export function expandTests(root: string, entries: string[]): string[] {
  const files: string[] = [];
  const excluded = entries.filter((e) => e.startsWith("!")).map((e) =>
    e.slice(1)
  );
  const walk = (path: string, keep: (file: string) => boolean) => {
    const info = Deno.statSync(`${root}/${path}`);
    if (info.isFile) {
      if (keep(path)) files.push(path);
      return;
    }
    for (const entry of Deno.readDirSync(`${root}/${path}`)) {
      const child = `${path.replace(/\/$/, "")}/${entry.name}`;
      if (entry.isDirectory && entry.name !== "fixtures") walk(child, keep);
      else if (
        entry.isFile && entry.name.endsWith("_test.ts") && keep(child)
      ) files.push(child);
    }
  };
  for (const entry of entries.filter((e) => !e.startsWith("!"))) {
    // The exclusions that apply to this entry: those it is broader than.
    const applies = excluded.filter((prefix) => !entry.startsWith(prefix));
    try {
      walk(entry, (file) => !applies.some((prefix) => file.startsWith(prefix)));
    } catch {
      // A listed test that no longer exists is no one's to run.
    }
  }
  return [...new Set(files)].sort();
}

/** The local files one module's static graph reaches (paths under `root`). */
async function graph(root: string, file: string): Promise<string[]> {
  const info = await run(Deno.execPath(), {
    args: ["info", "--json", file],
    cwd: root,
    timeoutMs: 60_000,
  });
  if (!info.success) throw new Error(`deno info ${file}: ${info.err}`);
  const prefix = `file://${root.replace(/\/$/, "")}/`;
  const modules = JSON.parse(info.out).modules as Array<{ specifier: string }>;
  return modules
    .map((m) => m.specifier)
    .filter((s) => s.startsWith(prefix))
    .map((s) => s.slice(prefix.length));
}

/** Test file → the source files it reaches, subprocess scripts included. */
export async function reachOf(
  root: string,
  tests: string[],
): Promise<Map<string, Set<string>>> {
  const cache = new Map<string, string[]>();
  const graphOf = async (file: string) => {
    if (!cache.has(file)) cache.set(file, await graph(root, file));
    return cache.get(file)!;
  };
  const reach = new Map<string, Set<string>>();
  for (const test of tests) {
    const seen = new Set<string>();
    const pending = [test];
    while (pending.length > 0) {
      const file = pending.pop()!;
      if (seen.has(file)) continue;
      seen.add(file);
      for (const module of await graphOf(file)) {
        seen.add(module);
        if (!module.startsWith("tests/")) continue;
        const text = await Deno.readTextFile(`${root}/${module}`);
        const dir = module.slice(0, module.lastIndexOf("/") + 1);
        for (const match of text.matchAll(SPAWNED)) {
          const spawned = new URL(match[1], `file:///${dir}`).pathname.slice(1);
          if (!seen.has(spawned)) pending.push(spawned);
        }
      }
    }
    reach.set(test, new Set([...seen].filter((f) => f.startsWith("src/"))));
  }
  return reach;
}

/**
 * The tests of the area (`tests`) that reach `file`. A helper shared by every
 * area (directly under `src/`, such as `src/_status.ts`) is guarded by every
 * test of the suite (`all`) that reaches it; so is a file
 * no test of its area reaches. When nothing reaches it, the area's whole
 * list. With `--fail-fast` the likeliest catcher should run first: those
 * that run the mutated lines (`runs`, from the baseline's coverage; unknown
 * counts as maybe) come before the rest, and within each group those whose
 * name shares a word with the file.
 */
export function testsFor(
  file: string,
  tests: string[],
  all: string[],
  reach: Map<string, Set<string>>,
  runs: (test: string) => boolean | undefined = () => undefined,
): string[] {
  const seeing = (list: string[]) =>
    list.filter((test) => reach.get(test)?.has(file));
  const own = seeing(tests);
  const shared = !file.slice("src/".length).includes("/");
  const anyone = own.length > 0 && !shared
    ? own
    : [...new Set([...own, ...seeing(all)])];
  const chosen = anyone.length > 0 ? anyone : tests;
  const words = new Set(
    file.slice(file.lastIndexOf("/") + 1, -3).split(/[_.]/).filter(Boolean),
  );
  const near = (test: string) =>
    test.slice(test.lastIndexOf("/") + 1).split(/[_.]/)
      .some((word) => words.has(word));
  const rank = (test: string) => {
    const ran = runs(test);
    return (ran === true ? 0 : ran === undefined ? 2 : 4) +
      (near(test) ? 0 : 1);
  };
  // A stable sort: within a rank, the area's own order.
  return chosen
    .map((test, index) => ({ test, index, rank: rank(test) }))
    .sort((a, b) => a.rank - b.rank || a.index - b.index)
    .map(({ test }) => test);
}

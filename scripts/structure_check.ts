/**
 * The structure rules the style guide sets, checked: no import cycle among
 * the modules the entry points reach, no folder of `src/` importing one it
 * may not (see `MAY_IMPORT`), and no file under `src/` with more than 500
 * lines of code (comments and blank lines aside). Exits 1 naming every
 * breach.
 *
 * Run: `deno run -A scripts/structure_check.ts`
 *
 * @module
 */
import { readExports } from "./_entry_points.ts";

const root = new URL("../", import.meta.url);
const MAX_CODE_LINES = 500;

/**
 * Which folders of `src/` each folder's modules may import (its own and the
 * shared files at `src/` itself always): the libraries stand alone, the
 * listener serves any app and so knows no gateway, the gateway builds on the
 * model router and the listener, and the command on everything.
 */
const MAY_IMPORT: Readonly<Record<string, readonly string[]>> = {
  convert: [],
  router: [],
  models: [],
  serve: [],
  gateway: ["models", "serve"],
  cli: ["convert", "router", "models", "serve", "gateway"],
};

/** The folder of `src/` a module is in; "" for `src/` itself or outside. */
function srcFolder(specifier: string): string {
  const path = specifier.slice(root.href.length);
  const match = /^src\/([^/]+)\//.exec(path);
  return match ? match[1] : "";
}

interface InfoModule {
  specifier: string;
  dependencies?: Array<{
    code?: { specifier?: string };
    type?: { specifier?: string };
  }>;
}

/** The local import graph of every entry point: module → its local imports. */
function importGraph(): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const entry of Object.values(readExports(root))) {
    const { code, stdout, stderr } = new Deno.Command(Deno.execPath(), {
      args: ["info", "--json", entry],
      cwd: root,
    }).outputSync();
    if (code !== 0) throw new Error(new TextDecoder().decode(stderr));
    const info = JSON.parse(new TextDecoder().decode(stdout)) as {
      modules: InfoModule[];
    };
    for (const module of info.modules) {
      if (!module.specifier.startsWith("file://")) continue;
      const deps = (module.dependencies ?? [])
        .flatMap((d) => [d.code?.specifier, d.type?.specifier])
        .filter((s): s is string => s?.startsWith("file://") ?? false);
      graph.set(module.specifier, [...new Set(deps)]);
    }
  }
  return graph;
}

/** Every cycle found by a depth-first walk, each as a path of modules. */
function cyclesOf(graph: Map<string, string[]>): string[][] {
  const state = new Map<string, "open" | "done">();
  const cycles: string[][] = [];
  const visit = (node: string, stack: string[]) => {
    state.set(node, "open");
    stack.push(node);
    for (const dep of graph.get(node) ?? []) {
      if (state.get(dep) === "open") {
        cycles.push([...stack.slice(stack.indexOf(dep)), dep]);
      } else if (!state.has(dep)) visit(dep, stack);
    }
    stack.pop();
    state.set(node, "done");
  };
  for (const node of graph.keys()) if (!state.has(node)) visit(node, []);
  return cycles;
}

/** Lines that are neither blank nor comment-only. */
function codeLines(text: string): number {
  let count = 0;
  let inBlock = false;
  for (const raw of text.split("\n")) {
    const line = raw.trim();
    if (inBlock) {
      if (line.includes("*/")) inBlock = false;
      continue;
    }
    if (line === "" || line.startsWith("//")) continue;
    if (line.startsWith("/*")) {
      inBlock = !line.includes("*/");
      continue;
    }
    count++;
  }
  return count;
}

function* sourceFiles(dir: URL): Generator<URL> {
  for (const entry of Deno.readDirSync(dir)) {
    const url = new URL(entry.name + (entry.isDirectory ? "/" : ""), dir);
    if (entry.isDirectory) yield* sourceFiles(url);
    else if (entry.name.endsWith(".ts")) yield url;
  }
}

const problems: string[] = [];
const graph = importGraph();
const local = (s: string) => s.slice(root.href.length);
for (const cycle of cyclesOf(graph)) {
  problems.push(`import cycle: ${cycle.map(local).join(" -> ")}`);
}
for (const [module, deps] of graph) {
  const from = srcFolder(module);
  if (from === "") continue;
  const allowed = MAY_IMPORT[from];
  if (allowed === undefined) {
    problems.push(`src/${from}/: no import rule (add it to MAY_IMPORT)`);
    continue;
  }
  for (const dep of deps) {
    const to = srcFolder(dep);
    if (to !== "" && to !== from && !allowed.includes(to)) {
      problems.push(
        `${local(module)} imports ${
          local(dep)
        }: src/${from}/ may not import src/${to}/`,
      );
    }
  }
}
let files = 0;
for (const file of sourceFiles(new URL("src/", root))) {
  files++;
  const name = local(file.href);
  const lines = codeLines(Deno.readTextFileSync(file));
  if (lines > MAX_CODE_LINES) {
    problems.push(
      `${name}: ${lines} lines of code (more than ${MAX_CODE_LINES}: two concepts?)`,
    );
  }
}
for (const problem of problems) console.error(`✗ ${problem}`);
console.log(
  `structure: ${graph.size} modules, ${files} source files, ${problems.length} problems`,
);
if (problems.length > 0) Deno.exit(1);

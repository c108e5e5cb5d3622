// Draws a reproducible sample of generated mutants: every area gets a share
// in proportion to its lines of code (or the same count each), and a seed
// fixes which mutants are drawn, so a run can be repeated exactly.
import { areaOf, AREAS, codeLines } from "./_mutation_areas.ts";
import { generateMutants, type Mutant } from "./_mutation_rules.ts";

/** One area's source files and the mutants the operators propose there. */
export interface AreaPool {
  name: string;
  tests: string[];
  files: string[];
  codeLines: number;
  mutants: Mutant[];
}

/** A seeded generator of numbers in [0, 1) (mulberry32). */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Today's date as a number (20261128): the default seed. */
export function dateSeed(now: Date = new Date()): number {
  return Number(now.toISOString().slice(0, 10).replaceAll("-", ""));
}

function sourceFiles(root: string, dir = "src"): string[] {
  const files: string[] = [];
  for (const entry of Deno.readDirSync(`${root}/${dir}`)) {
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory) files.push(...sourceFiles(root, path));
    else if (entry.isFile && path.endsWith(".ts")) files.push(path);
  }
  return files.sort();
}

/** Every area with its files, size and candidate mutants. */
export function collectPools(root: string): AreaPool[] {
  const pools = new Map<string, AreaPool>(
    AREAS.map((area) => [area.name, {
      name: area.name,
      tests: area.tests,
      files: [],
      codeLines: 0,
      mutants: [],
    }]),
  );
  for (const file of sourceFiles(root)) {
    const pool = pools.get(areaOf(file).name)!;
    const source = Deno.readTextFileSync(`${root}/${file}`);
    pool.files.push(file);
    pool.codeLines += codeLines(source);
    pool.mutants.push(...generateMutants(file, source));
  }
  return [...pools.values()];
}

/**
 * How many mutants each area gets: `total` split by lines of code (largest
 * remainder, at least one each), or `perArea` each.
 */
export function allocate(
  pools: AreaPool[],
  budget: { total?: number; perArea?: number },
): Map<string, number> {
  const shares = new Map<string, number>();
  if (budget.perArea !== undefined) {
    for (const pool of pools) shares.set(pool.name, budget.perArea);
    return shares;
  }
  const total = budget.total ?? 0;
  const lines = pools.reduce((sum, pool) => sum + pool.codeLines, 0);
  const exact = pools.map((pool) => (total * pool.codeLines) / lines);
  const whole = exact.map((x) => Math.max(1, Math.floor(x)));
  let left = total - whole.reduce((a, b) => a + b, 0);
  const order = exact
    .map((x, i) => ({ i, rest: x - Math.floor(x) }))
    .sort((a, b) => b.rest - a.rest);
  for (let k = 0; left > 0 && k < order.length; k++, left--) {
    whole[order[k].i]++;
  }
  pools.forEach((pool, i) => shares.set(pool.name, whole[i]));
  return shares;
}

/** `count` mutants of `pool`, drawn without replacement with `random`. */
export function draw(
  pool: AreaPool,
  count: number,
  random: () => number,
): Mutant[] {
  const deck = [...pool.mutants];
  const picked: Mutant[] = [];
  for (let k = 0; k < count && deck.length > 0; k++) {
    const j = Math.floor(random() * deck.length);
    picked.push(deck[j]);
    deck[j] = deck[deck.length - 1];
    deck.pop();
  }
  return picked.sort((a, b) =>
    a.file < b.file ? -1 : a.file > b.file ? 1 : a.start - b.start
  );
}

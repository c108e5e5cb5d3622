// Name tables whose keys may be `*`/`?` globs: the model mapping of the
// model-based strategy and the model translation tables.

/** Exact names plus `*`/`?` glob patterns, in insertion order. */
export interface CompiledPatterns {
  readonly exact: ReadonlyMap<string, string>;
  readonly patterns: readonly {
    readonly pattern: RegExp;
    readonly value: string;
  }[];
}

/** True when a mapping key is a glob pattern rather than an exact name. */
export function isGlob(key: string): boolean {
  return key.includes("*") || key.includes("?");
}

function globToRegExp(glob: string): RegExp {
  let source = "^";
  for (const ch of glob) {
    if (ch === "*") source += ".*";
    else if (ch === "?") source += ".";
    else source += ch.replace(/[\\^$.+()[\]{}|/]/g, "\\$&");
  }
  return new RegExp(source + "$", "s");
}

/** Compiles a name → value table whose keys may be globs. */
export function compilePatterns(
  table: Readonly<Record<string, string>>,
  allowGlobs = true,
): CompiledPatterns {
  const exact = new Map<string, string>();
  const patterns: { pattern: RegExp; value: string }[] = [];
  for (const [key, value] of Object.entries(table)) {
    if (allowGlobs && isGlob(key)) {
      patterns.push({ pattern: globToRegExp(key), value });
    } else exact.set(key, value);
  }
  return { exact, patterns };
}

/** Exact match first, then the first matching pattern. */
export function lookup(
  compiled: CompiledPatterns,
  name: string,
): string | undefined {
  const hit = compiled.exact.get(name);
  if (hit !== undefined) return hit;
  for (const { pattern, value } of compiled.patterns) {
    if (pattern.test(name)) return value;
  }
  return undefined;
}

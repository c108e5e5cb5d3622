// The mutant generator plants bugs in code only: never in a comment, a
// message, an import or a type, and every bug it plants still parses.
import { describe, it } from "../_harness.ts";
import assert from "node:assert/strict";
import { generateMutants } from "../../scripts/_mutation_rules.ts";
import { tokenize } from "../../scripts/_mutation_tokens.ts";
import {
  allocate,
  type AreaPool,
  collectPools,
} from "../../scripts/_mutation_sample.ts";
import {
  EQUIVALENTS,
  findEquivalent,
} from "../../scripts/_mutation_equivalents.ts";
import { expandTests } from "../../scripts/_mutation_select.ts";

const SOURCE = `import { a } from "./a.ts";
// if (x < 1) return x; in a comment
/** if (y === 2) { return; } */
interface Shape {
  ok: false;
}
type Flag = true;
export function f(x: number, h: Headers): number {
  const seen = new Map<string, Array<number>>();
  const text = \`\${x < 2 ? "a/b" : "c"} / 2\`;
  if (x < 1) return x + 1;
  const re = /a<b/;
  h.delete("content-type");
  if (text === "") throw new Error("bad_input");
  return Math.min(x, re.source.length, seen.size) ?? 0;
}
`;

function mutated(
  source: string,
  m: { start: number; end: number; replacement: string },
) {
  return source.slice(0, m.start) + m.replacement + source.slice(m.end);
}

describe("mutant generator", () => {
  it("tells comments, strings, templates and regular expressions from code", () => {
    const tokens = tokenize(SOURCE);
    const kinds = (kind: string) =>
      tokens.filter((t) => t.kind === kind).map((t) => t.text);
    assert.deepEqual(kinds("regex"), ["/a<b/"]);
    assert.ok(kinds("string").includes('"content-type"'));
    assert.ok(!tokens.some((t) => t.text === "comment"));
    // The `/` in the template text is text; the `<` in `${…}` is code.
    assert.deepEqual(kinds("template"), ["`${", "} / 2`"]);
    assert.ok(tokens.some((t) => t.text === "<" && t.line === 10));
  });

  it("plants each operator at the code it targets, and nowhere else", () => {
    const mutants = generateMutants("f.ts", SOURCE);
    const seen = mutants.map((m) => `${m.line} ${m.rule}: ${m.after}`);
    const has = (text: string) =>
      assert.ok(seen.includes(text), `missing ${text} in\n${seen.join("\n")}`);
    has("11 comparison: if (x <= 1) return x + 1;");
    has("11 off-by-one: if (x < 2) return x + 1;");
    has("11 off-by-one: if (x < 1) return x;");
    has("11 return-dropped: if (x < 1) x + 1;");
    has("11 condition-inverted: if (!(x < 1)) return x + 1;");
    has('13 string-emptied: h.delete("");');
    has("13 call-dropped: ;");
    has('14 comparison: if (text !== "") throw new Error("bad_input");');
    has("15 math: return Math.max(x, re.source.length, seen.size) ?? 0;");
    has("15 default-dropped: return Math.min(x, re.source.length, seen.size);");
    // Comments, imports, types, the regex and the error message are left be.
    assert.ok(mutants.length > 10);
    for (const m of mutants) {
      assert.ok(m.line >= 8, `mutant in a comment, import or type: ${m.line}`);
      assert.ok(!m.after.includes('Error("")'), "message emptied");
      assert.notEqual(m.line, 12, "regex mutated");
      assert.notEqual(m.line, 9, "a type argument's <> mutated");
    }
  });

  it("names the line it changes, before and after, as the report prints it", () => {
    const lines = SOURCE.split("\n");
    for (const m of generateMutants("f.ts", SOURCE)) {
      const after = mutated(SOURCE, m).split("\n");
      const collapse = (text: string) => text.replace(/\s+/g, " ").trim();
      assert.equal(m.before, collapse(lines[m.line - 1]));
      assert.equal(m.after, collapse(after[m.line - 1]));
      assert.notEqual(m.before, m.after);
    }
  });

  it("splits a total across areas by lines of code, at least one each", () => {
    const pool = (name: string, codeLines: number): AreaPool => ({
      name,
      tests: [],
      files: [],
      codeLines,
      mutants: [],
    });
    const shares = allocate(
      [pool("big", 900), pool("mid", 95), pool("tiny", 5)],
      { total: 100 },
    );
    assert.deepEqual(Object.fromEntries(shares), { big: 90, mid: 9, tiny: 1 });
    const even = allocate([pool("a", 1), pool("b", 9)], { perArea: 4 });
    assert.deepEqual(Object.fromEntries(even), { a: 4, b: 4 });
  });

  // A reviewed equivalent whose code has changed must not silently match a
  // different mutant, nor rot unnoticed: each names exactly one, or exactly
  // the number of twin sites its review says it covers.
  it("matches every reviewed equivalent to exactly its mutants of src/", () => {
    const root = new URL("../../", import.meta.url).pathname;
    const mutants = collectPools(root).flatMap((pool) => pool.mutants);
    for (const entry of EQUIVALENTS) {
      const hits = mutants.filter((m) => findEquivalent(m) === entry);
      assert.equal(
        hits.length,
        entry.sites ?? 1,
        `${entry.file}: ${entry.before}`,
      );
    }
  });
});

// An area listing its own directory and its parent's less that directory
// (models-stores: tests/models/stores/ plus tests/models/ without stores/)
// must run both; the exclusion once dropped the area's own tests.
Deno.test("mutation areas: an area's own test directory survives its parent's exclusion", () => {
  const root = new URL("../../", import.meta.url).pathname;
  const stores = expandTests(root, [
    "tests/models/stores/",
    "tests/models/",
    "!tests/models/adapters/",
    "!tests/models/stores/",
  ]);
  assert.ok(stores.includes("tests/models/stores/fleet_test.ts"));
  assert.ok(stores.includes("tests/models/router_test.ts"));
  assert.ok(!stores.some((f) => f.startsWith("tests/models/adapters/")));
  const core = expandTests(root, ["tests/models/", "!tests/models/stores/"]);
  assert.ok(!core.some((f) => f.startsWith("tests/models/stores/")));
  assert.ok(core.includes("tests/models/adapters/openai_test.ts"));
});

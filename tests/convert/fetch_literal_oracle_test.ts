// The fetch() code reader's literals against JavaScript itself: seeded
// random literals (strings in three quotes with every escape and line
// continuation, template literals across lines, numbers in every notation,
// nested arrays and objects with every kind of key, comments and blanks
// between tokens) are put in `JSON.stringify(…)` or written as the body, and
// the body the reader reads must be the body the engine computes from the
// same text. Round 22's convert draws found three of the reader's literal
// paths untested (`false`, a replacer list, a template's CRLF); this checks
// the whole grammar the reader claims at once.
//
// The seed is SWITCHYARD_FUZZ_SEED (a number), else a fixed one.
import { describe, it } from "../_harness.ts";
import assert from "node:assert/strict";
import { parseCode } from "../../src/convert/fetch.ts";
import { ConversionError } from "../../src/convert/errors.ts";

const SEED = Number(Deno.env.get("SWITCHYARD_FUZZ_SEED") ?? 20261130);
const CASES = 400;

/** mulberry32: small, seeded, good enough to pick shapes. */
function rng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n: number) => Math.floor(next() * n);
  const pick = <T>(items: readonly T[]): T => items[int(items.length)];
  return { int, pick, chance: (p: number) => next() < p };
}
type Rng = ReturnType<typeof rng>;

const gap = (r: Rng) =>
  r.pick(["", "", " ", "\n  ", "\t", " /* c */ ", " // c\n", "\r\n", "\u00a0"]);

const hex = (n: number, width: number) => n.toString(16).padStart(width, "0");

/** A character or escape inside a literal quoted by `quote`. */
function piece(r: Rng, quote: string): string {
  const escapes = [
    "\\n",
    "\\t",
    "\\r",
    "\\b",
    "\\f",
    "\\v",
    "\\0",
    "\\\\",
    "\\'",
    '\\"',
    "\\`",
    "\\$",
    "\\q",
    "\\é",
    () => `\\x${hex(r.int(256), 2)}`,
    () => `\\u${hex(r.int(0xd800), 4)}`,
    () =>
      `\\u{${hex(r.int(0x110000), r.int(3) + 1)}}`.replace(
        /^\\u\{0*$/,
        "\\u{0",
      ),
    () => `\\u{${hex(0x1f600 + r.int(50), 5)}}`,
    // Line continuations: nothing in the value.
    "\\\n",
    "\\\r\n",
    "\\\r",
    "\\\u2028",
    "\\\u2029",
  ];
  const plain = [
    "a",
    "Z",
    " ",
    "0",
    "é",
    "😀",
    "\u2028",
    "{",
    "}",
    "/",
    "*",
    "#",
    "$",
    '"',
    "'",
    "`",
  ];
  if (r.chance(0.35)) {
    const e = r.pick(escapes);
    return typeof e === "function" ? e() : e;
  }
  const c = r.pick(plain);
  if (c === quote) return "\\" + c;
  // `${` opens a substitution in a template: keep `$` from meeting `{`.
  if (quote === "`" && c === "$") return "$ ";
  if (quote === "`" && r.chance(0.1)) return r.pick(["\n", "\r\n", "\r"]);
  return c;
}

function stringLiteral(r: Rng, quotes = ['"', "'", "`"]): string {
  const quote = r.pick(quotes);
  let out = quote;
  for (let n = r.int(8); n > 0; n--) out += piece(r, quote);
  // A `\0` right before a digit is an octal escape: keep digits apart.
  return (out + quote).replace(/\\0(?=\d)/g, "\\0 ");
}

function numberLiteral(r: Rng): string {
  const digits = (n: number) =>
    Array.from({ length: n }, () => String(r.int(10))).join("");
  const body = r.pick([
    () => String(r.int(1000)),
    () => `${r.int(100)}.${digits(r.int(3) + 1)}`,
    () => `${r.int(100)}.`,
    () => `.${digits(r.int(3) + 1)}`,
    () => `${r.int(10)}e${r.pick(["", "+", "-"])}${r.int(30)}`,
    () => `${r.int(10)}.${r.int(10)}E${r.int(5)}`,
    () => `0x${hex(r.int(65536), 1)}`.replace("0x", r.pick(["0x", "0X"])),
    () => `0o${r.int(512).toString(8)}`,
    () => `0b${r.int(64).toString(2)}`,
    () => `1_000_${digits(3)}`,
    () => "Infinity",
  ])();
  return r.pick(["", "", "-", "+"]) + body;
}

function key(r: Rng): string {
  return r.pick([
    () => r.pick(["a", "b", "_x", "$y", "camelCase", "a1"]),
    // A template literal is no property name.
    () => stringLiteral(r, ['"', "'"]),
    () => String(r.int(5)),
    () => `[${r.pick(['"c"', "'d'"])}]`,
  ])();
}

function literal(r: Rng, depth: number): string {
  const leaf = () =>
    r.pick([
      () => stringLiteral(r),
      () => numberLiteral(r),
      () => r.pick(["true", "false", "null", "undefined", "NaN"]),
    ])();
  if (depth > 2 || r.chance(0.4)) return leaf();
  const items = Array.from(
    { length: r.int(4) },
    () => r.chance(0.5) || depth > 0 ? literal(r, depth + 1) : leaf(),
  );
  const trailing = items.length > 0 && r.chance(0.3) ? "," : "";
  if (r.chance(0.5)) {
    return `[${gap(r)}${items.map((v) => v + gap(r)).join(",")}${trailing}]`;
  }
  return `{${gap(r)}${
    items.map((v) => `${key(r)}${gap(r)}:${gap(r)}${v}${gap(r)}`).join(",")
  }${trailing}}`;
}

/** The body JavaScript sends for `expression`, as the reader must read it. */
function evaluated(expression: string): unknown {
  return new Function(`return (${expression});`)();
}

describe(`fetch() code literals against JavaScript (seed ${SEED})`, () => {
  it("read to the body the engine computes from the same text", () => {
    const r = rng(SEED);
    const failures: string[] = [];
    let compared = 0;
    for (let k = 0; k < CASES; k++) {
      const value = literal(r, 0);
      const space = r.pick(["", ", null, 2", ", null, '\\t'", ", undefined"]);
      const expression = r.chance(0.3) && !value.startsWith("[") &&
          !value.startsWith("{")
        ? value
        : `JSON.stringify(${gap(r)}${value}${gap(r)}${space})`;
      const code = `fetch("https://a.test/", {${gap(r)}method: "POST",${
        gap(r)
      }body: ${expression}${gap(r)}})`;
      let expected: unknown;
      try {
        expected = evaluated(expression);
      } catch (error) {
        failures.push(`not JavaScript: ${code}\n  ${error}`);
        continue;
      }
      if (typeof expected !== "string" && expected !== undefined) continue;
      compared++;
      try {
        const body = parseCode(code).body;
        if (body !== expected) {
          failures.push(
            `${JSON.stringify(code)}\n  engine ${
              JSON.stringify(expected)
            }\n  reader ${JSON.stringify(body)}`,
          );
        }
      } catch (error) {
        const what = error instanceof ConversionError
          ? `${error.code} ${error.message}`
          : String(error);
        failures.push(`${JSON.stringify(code)}\n  refused: ${what}`);
      }
    }
    assert.deepEqual(
      failures.slice(0, 5),
      [],
      `${failures.length} of ${CASES}`,
    );
    // Most cases are a body (a bare number or literal is no body fetch sends).
    assert.ok(compared >= CASES * 0.8, `${compared} compared`);
  });

  it("refuses a number JavaScript reads only in sloppy code, and reads signed ones", () => {
    const post = (value: string) =>
      `fetch("https://a.test/", { method: "POST", body: JSON.stringify([${value}]) })`;
    for (const number of ["017", "08", "-017", "00"]) {
      assert.throws(
        () => parseCode(post(number)),
        (error: unknown) =>
          error instanceof ConversionError && error.code === "INVALID_INPUT" &&
          /legacy octal/.test(error.message),
        number,
      );
    }
    for (
      const number of [
        "0",
        "-0",
        "0.5",
        "-0x10",
        "+0b11",
        "-0o17",
        "7.",
        "-.5e1",
      ]
    ) {
      assert.equal(
        parseCode(post(number)).body,
        JSON.stringify([evaluated(number)]),
        number,
      );
    }
  });
});

// A config file that is not JSON is reported by line and column, never by
// its text (which may hold a secret): the gateway finds the position itself.
// Checked against the runtime's own JSON.parse on texts one edit away from
// valid JSON (a character dropped, one inserted, the text cut short), in
// the shapes a config has (nested objects and arrays, escapes, numbers with
// fractions and exponents, two-space indentation): where V8 names a line
// and column, the gateway names the same; where V8 says the input ended,
// the gateway says "unexpected end"; where V8 names the unexpected
// character, the gateway's column points at it.
import { describe, it } from "../_harness.ts";
import assert from "node:assert/strict";
import { parseGatewayConfig } from "../../src/gateway/mod.ts";
import { blankJsonc } from "../../src/gateway/_jsonc.ts";

/** A small seeded generator (the same texts on every run). */
function generator(seed: number) {
  let state = seed;
  return (n: number): number => {
    state = (state * 1103515245 + 12345) & 0x7fffffff;
    return (state >>> 8) % n; // the low bits of this generator cycle
  };
}

function value(next: (n: number) => number, depth: number): unknown {
  switch (next(depth > 2 ? 4 : 7)) {
    case 0:
      return next(1000) - 500 + (next(2) ? 0.25 : 0);
    case 1:
      return ["a", "b\n", "é", 'q"', "\\", "\u0001", "\u001f", " /"][next(8)];
    case 2:
      return [true, false, null][next(3)];
    case 3:
      return next(100) * 1e21;
    case 4:
      return Array.from({ length: next(4) }, () => value(next, depth + 1));
    default:
      return Object.fromEntries(
        Array.from(
          { length: next(4) },
          (_, i) => [`k${i}`, value(next, depth + 1)],
        ),
      );
  }
}

const INSERTED = [
  "{",
  "}",
  "[",
  "]",
  ",",
  ":",
  '"',
  "\\",
  "x",
  "1",
  "-",
  ".",
  "e",
  "E",
  "+",
  " ",
  "\n",
  "t",
  "n",
  "u",
  "\u0001",
  "\u001f",
  "\u0020",
  "\\u",
  "\\u00",
  "\\u0G",
  "\\x",
  "tru",
  "nul",
  "fals",
  "1e",
  "-0",
  "0.",
];

/** A text one edit away from `JSON.stringify` of a random value. */
function broken(next: (n: number) => number): string {
  const text = JSON.stringify(value(next, 0), null, next(2) ? 2 : undefined);
  const at = next(text.length + 1);
  switch (next(3)) {
    case 0:
      return text.slice(0, at) + text.slice(at + 1);
    case 1:
      return text.slice(0, at) + INSERTED[next(INSERTED.length)] +
        text.slice(at);
    default:
      return text.slice(0, at);
  }
}

/** The character at 1-based `line` and `column` of `text` (a line break too). */
function charAt(text: string, line: number, column: number): string {
  const lines = text.split("\n");
  const at = lines[line - 1] ?? "";
  return column === at.length + 1 && line < lines.length
    ? "\n"
    : at[column - 1] ?? "";
}

describe("the config file's JSON error position", () => {
  // Bugs (`_json_position.ts`: a comparison flipped, an escape or a word
  // letter dropped, a skip or a closer's pop forgotten, a number read
  // wrong): the line and column named did not point where the text stops
  // being JSON, so the operator looked in the wrong place.
  it("is where JSON.parse stops, on 1,500 texts one edit from valid JSON", async () => {
    const next = generator(20261165);
    let compared = 0;
    for (let run = 0; run < 1_500; run++) {
      const text = broken(next);
      let v8: string;
      try {
        JSON.parse(blankJsonc(text));
        continue; // still JSON (or JSON with a trailing comma): not this test's
      } catch (error) {
        v8 = (error as Error).message;
      }
      const message = await parseGatewayConfig(text, () => undefined).then(
        () => "accepted",
        (error: Error) => error.message,
      );
      const at =
        /^config: file is not valid JSON: unexpected (end|character) at line (\d+) column (\d+)$/
          .exec(message);
      assert.ok(at !== null, `${JSON.stringify(text)}: ${message}`);
      const [, kind, line, column] = at;
      const where = /\(line (\d+) column (\d+)\)$/.exec(v8);
      const token = /^Unexpected token '(.)'/su.exec(v8);
      const context = `${JSON.stringify(text)}: ${message}; V8: ${v8}`;
      if (where !== null) {
        assert.deepEqual([line, column], [where[1], where[2]], context);
      } else if (v8.startsWith("Unexpected end of JSON input")) {
        assert.equal(kind, "end", context);
      } else if (token !== null) {
        assert.equal(kind, "character", context);
        assert.equal(
          charAt(text, Number(line), Number(column)),
          token[1],
          context,
        );
      } else {
        assert.fail(`V8's message not understood: ${context}`);
      }
      compared++;
    }
    assert.ok(compared > 1_000, `only ${compared} broken texts compared`);
  });

  // Bug (the number scanner reading only what a regular expression
  // matched): `-"a"` was placed at the minus sign and `6ee+2` at the 6,
  // where JSON.parse (and the reader) sees the quote and the second e.
  it("points into a malformed number at the character that cannot continue it", async () => {
    for (
      const [text, place] of [
        ['{"n": -"a"}', "unexpected character at line 1 column 8"],
        ['{"n": 6ee+2}', "unexpected character at line 1 column 9"],
        ['{"n": 1.}', "unexpected character at line 1 column 9"],
        ['{"n": 1e+}', "unexpected character at line 1 column 10"],
        ['{"n": 01}', "unexpected character at line 1 column 8"],
        ['{"n": 1.5', "unexpected end at line 1 column 10"],
        // Numbers with a signed exponent, then the error.
        ['{"n": 2.5E-3 x}', "unexpected character at line 1 column 14"],
        ['{"n": -0e+1 x}', "unexpected character at line 1 column 13"],
      ]
    ) {
      const message = await parseGatewayConfig(text, () => undefined).then(
        () => "accepted",
        (error: Error) => error.message,
      );
      assert.equal(
        message,
        `config: file is not valid JSON: ${place}`,
        text,
      );
    }
  });
});

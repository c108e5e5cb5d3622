// The config file is JSON with comments and trailing commas. Comments
// (`//` to the end of the line, `/* … */`) and a trailing comma read as
// whitespace wherever JSON allows whitespace, whatever the line endings
// (LF, CRLF or a lone CR); comment marks, commas and escaped quotes inside
// strings stay text; and the blanked text keeps every character's line and
// column. A slash that starts no comment stays an error, even when a block
// comment follows later in the file.
import { describe, it } from "../_harness.ts";
import assert from "node:assert/strict";
import { parseGatewayConfig } from "../../src/gateway/mod.ts";
import { blankJsonc } from "../../src/gateway/_jsonc.ts";

/** A small seeded generator (the same texts on every run). */
function generator(seed: number) {
  let state = seed;
  return (n: number): number => {
    state = (state * 1103515245 + 12345) & 0x7fffffff;
    return (state >>> 8) % n;
  };
}

const STRINGS = ["a//b", "x/*y*/", 'q"//', "\\", "c,", "d,}", "[,]", "*/", "é"];

function value(next: (n: number) => number, depth: number): unknown {
  switch (next(depth > 2 ? 3 : 5)) {
    case 0:
      return next(1000) - 500;
    case 1:
      return STRINGS[next(STRINGS.length)];
    case 2:
      return [true, false, null][next(3)];
    case 3:
      return Array.from({ length: next(4) }, () => value(next, depth + 1));
    default:
      return Object.fromEntries(
        Array.from(
          { length: next(4) },
          (
            _,
            i,
          ) => [
            STRINGS[(i + next(3)) % STRINGS.length] + i,
            value(next, depth + 1),
          ],
        ),
      );
  }
}

/**
 * `JSON.stringify(data)` with a comment or a trailing comma where JSON
 * allows whitespace (outside strings), and `eol` for its line breaks.
 */
function commented(
  next: (n: number) => number,
  data: unknown,
  eol: string,
): string {
  const json = JSON.stringify(data, null, 2);
  let out = "";
  let inString = false;
  for (let i = 0; i < json.length; i++) {
    const c = json[i];
    if (inString) {
      out += c;
      if (c === "\\") out += json[++i];
      else if (c === '"') inString = false;
      continue;
    }
    if (c === '"') inString = true;
    if (
      (c === "}" || c === "]") && json[i - 1] !== "{" && json[i - 1] !== "["
    ) {
      // A trailing comma after the last member, sometimes with a comment.
      if (next(2) === 0) out += next(2) ? "," : ", /* last, */";
    }
    if (c === "\n") {
      out += [' // note, with a /* and a "', " /* a\nblock */", ""][next(3)];
      out += eol;
      continue;
    }
    out += c;
    if (c === ":" && next(3) === 0) out += "/**/";
  }
  return out.replaceAll("\n", eol);
}

describe("the config file's comments and trailing commas", () => {
  // Bugs (`_jsonc.ts`: a comment mark's `&&` → `||`, a line end not
  // ending a line comment, a string's escape not skipped, a comma not
  // blanked): a file with comments read differently from its plain JSON,
  // or a character moved off its line and column.
  for (const eol of ["\n", "\r\n", "\r"]) {
    it(`read as the plain JSON, with ${JSON.stringify(eol)} line endings`, () => {
      const next = generator(20261166 + eol.length);
      for (let run = 0; run < 300; run++) {
        const data = value(next, 0);
        const text = commented(next, data, eol);
        const plain = blankJsonc(text);
        assert.deepEqual(JSON.parse(plain), data, text);
        assert.equal(plain.length, text.length, "one character for one");
        for (const [i, c] of [...text].entries()) {
          if (c === "\n" || c === "\r") {
            assert.equal(plain[i], c, `line break ${i} kept: ${text}`);
          }
        }
      }
    });
  }

  // Bug (`_jsonc.ts`, `c === "/" && text[i + 1] === "*"` → `||`): a slash
  // that starts no comment, or a character before a `*`, opened a block
  // comment that a later one closed, so a broken file read as valid. Bug
  // (a line comment blanked while `i <= text.length`): a comment that ends
  // the file added a character, so its end was placed a column past it.
  it("refuses a stray slash at its place though a block comment follows, and a file cut short in a comment at its end", async () => {
    for (
      const [text, place] of [
        [
          '{"maxStreams": 5, / "x": 1 /* c */}',
          "character at line 1 column 19",
        ],
        ['{"maxStreams": 5* 2 /* c */}', "character at line 1 column 17"],
        [
          '{"maxStreams": 5,\n  /"x": 1 // c\n}',
          "character at line 2 column 3",
        ],
        // A file cut short in a comment on its last line: the end is
        // where the file ends, not a character past it.
        ['{"maxStreams": 5 // c', "end at line 1 column 22"],
        ['{"maxStreams": 5\r\n// c', "end at line 2 column 5"],
      ]
    ) {
      await assert.rejects(
        parseGatewayConfig(text, () => undefined),
        (error: Error) => {
          assert.equal(
            error.message,
            `config: file is not valid JSON: unexpected ${place}`,
            text,
          );
          return true;
        },
      );
    }
  });
});

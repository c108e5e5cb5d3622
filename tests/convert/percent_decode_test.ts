import { describe, it } from "../_harness.ts";
import assert from "node:assert/strict";
import fc from "npm:fast-check@4.10.2";
import { percentDecode } from "../../src/convert/_percent_decode.ts";

const HEX = "0123456789abcdefABCDEF".split("");
// Escapes of any byte, well-formed UTF-8 sequences, malformed escapes, `+`.
const piece = fc.oneof(
  fc.integer({ min: 0, max: 255 }).map((byte) =>
    `%${byte.toString(16).padStart(2, "0")}`
  ),
  fc.tuple(fc.constantFrom(...HEX), fc.constantFrom(...HEX)).map(([a, b]) =>
    `%${a}${b}`
  ),
  fc.constantFrom("%", "%z", "%4", "+", "a", "é", "😀", "%EF%BB%BF", "%2B"),
  fc.string({ unit: "grapheme", maxLength: 3 }),
);
const text = fc.array(piece, { maxLength: 24 }).map((pieces) =>
  pieces.join("")
);

/**
 * The documented behaviour built from decodeURIComponent alone: at each run
 * of escapes, the shortest run of 1–4 escapes that decodeURIComponent accepts
 * is one character; an escape that starts none stays as written.
 */
function keepInvalidOracle(value: string, plusAsSpace: boolean): string {
  const escape = /^%[0-9A-Fa-f]{2}/;
  let out = "";
  let i = 0;
  while (i < value.length) {
    if (!escape.test(value.slice(i))) {
      const char = value[i++];
      out += char === "+" && plusAsSpace ? " " : char;
      continue;
    }
    let decoded: string | undefined;
    let length = 0;
    for (let k = 1; k <= 4 && decoded === undefined; k++) {
      const run = value.slice(i, i + 3 * k);
      if (run.length !== 3 * k || !/^(%[0-9A-Fa-f]{2})+$/.test(run)) break;
      try {
        decoded = decodeURIComponent(run);
        length = run.length;
      } catch {
        // Not (yet) one whole character.
      }
    }
    if (decoded === undefined) {
      out += value.slice(i, i + 3);
      i += 3;
    } else {
      out += decoded;
      i += length;
    }
  }
  return out;
}

describe("percentDecode", () => {
  it("decodes valid escapes beside malformed ones and keeps invalid UTF-8 bytes as written", () => {
    assert.equal(percentDecode("50%+Jos%C3%A9", true), "50% José");
    assert.equal(percentDecode("a+%2B", true), "a +");
    assert.equal(percentDecode("a+%2B", false), "a++");
    assert.equal(
      percentDecode("%c3%a9%FF%41%E2%82%ed%a0%80%F0%9F%98%80%", false),
      "é%FFA%E2%82%ed%a0%80😀%",
    );
    assert.equal(percentDecode("%EF%BB%BFx", false), "\ufeffx");
  });

  it("agrees with the oracle at each edge of UTF-8's table (Unicode 3-7)", () => {
    // Random bytes seldom draw these (the convert draw 20261189's survivor
    // refused every code point from U+100000, lead byte F4).
    const edges = [
      "%7F",
      "%80",
      "%C1%BF",
      "%C2%80",
      "%DF%BF",
      "%E0%9F%BF",
      "%E0%A0%80",
      "%ED%9F%BF",
      "%ED%A0%80",
      "%EF%BF%BF",
      "%F0%8F%BF%BF",
      "%F0%90%80%80",
      "%F3%BF%BF%BF",
      "%F4%80%80%80",
      "%F4%8F%BF%BF",
      "%F4%90%80%80",
      "%F5%80%80%80",
    ];
    // Alone (a run decoded whole when it can be) and beside a byte that is
    // no UTF-8 (the run then read sequence by sequence).
    for (const edge of edges) {
      for (const run of [edge, edge + "%FF", "%FF" + edge]) {
        assert.equal(
          percentDecode(run, false),
          keepInvalidOracle(run, false),
          run,
        );
      }
    }
    assert.equal(percentDecode("%F4%8F%BF%BF%FF", false), "\u{10ffff}%FF");
    assert.equal(percentDecode("%FF%F4%80%80%80", false), "%FF\u{100000}");
  });

  it("equals decodeURIComponent wherever that succeeds", () => {
    fc.assert(
      fc.property(text, (value) => {
        let expected: string;
        try {
          expected = decodeURIComponent(value.replaceAll("+", " "));
        } catch {
          return; // Malformed: the next test covers these.
        }
        assert.equal(percentDecode(value, true), expected);
      }),
      { numRuns: 3000 },
    );
  });

  it("equals an escape-by-escape decodeURIComponent oracle on every input, malformed included", () => {
    fc.assert(
      fc.property(text, fc.boolean(), (value, plus) => {
        assert.equal(
          percentDecode(value, plus),
          keepInvalidOracle(value, plus),
          JSON.stringify(value),
        );
      }),
      { numRuns: 3000 },
    );
  });

  it("with invalid: replace, equals URLSearchParams", () => {
    fc.assert(
      fc.property(text, (value) => {
        const query = value.replaceAll("&", "%26");
        assert.equal(
          percentDecode(query, true, "replace"),
          new URLSearchParams(`v=${query}`).get("v"),
        );
      }),
      { numRuns: 3000 },
    );
  });
});

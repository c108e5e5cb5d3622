// Path patterns and their constraints: what the fourteenth mutation round
// (seed 20261216, and bugs planted by hand in the pattern parser and the
// linearity check) found unguarded; each test names the planted bug it
// catches. The template router's own findings: router_r15_mutants_test.ts.
import { describe, it } from "../_harness.ts";
import assert from "node:assert/strict";
import { createRouter, RouteError } from "../../src/router/mod.ts";
import { hit, refuses, routerOf } from "./_patterns.ts";

describe("an escape in a constraint that is not \\u, before four hex digits", () => {
  // _regexp_tree.ts:136 (`char === "u" &&`→`||`): any escaped character
  // followed by four hex digits was read as one \u escape, so `\-aaaa` became
  // the one character U+AAAA, and a constraint that backtracks polynomially
  // on a run of "-aaaa" was accepted as linear.
  it("is read as the character and then the digits, as RegExp reads it", () => {
    refuses("/c/:x{[-a]+\\-aaaa[-a]+}", 11, /meet again/);
    refuses("/c/:x{\\-aaaa+a+}", 13, /meet again/);
    refuses("/c/:x{[_a-f]+\\_beef[_a-f]+}", 13, /meet again/);
  });
});

describe("a constraint after another parameter of its segment", () => {
  // _regexp_ambiguity.ts:280 (canRead's `empty` case answering true): an
  // empty alternative or group was taken to read the text before the
  // parameter, so `:ext{(?:|_)[a-z]+}` after `:name.`, which cannot match
  // ".", was refused.
  it("is accepted when it cannot read the separator, and matches", async () => {
    const router = routerOf(
      "/f/:name.:ext{(?:|_)[a-z]+}",
      "/g/:name.:ext{[a-z]+(?:)}",
    );
    assert.deepEqual((await hit(router, "/f/report._md")).params, {
      name: "report",
      ext: "_md",
    });
    assert.deepEqual((await hit(router, "/g/report.pdf")).params, {
      name: "report",
      ext: "pdf",
    });
    assert.equal((await hit(router, "/f/report.p_f")).status, 404);
  });

  // _regexp_ambiguity.ts:284 (the `return` of canRead's choice case
  // dropped): an alternation then fell into the repeat case and answered
  // false, so a constraint whose alternative reads the separator was
  // accepted, and matching it backtracks quadratically in the segment.
  // _pattern.ts:408 (the constraint's offset one short in a segment that
  // mixes text and parameters): a refusal pointed at the "{" instead of the
  // character it names, unlike the same constraint as a whole segment.
  it("is refused at the character its refusal names, as a whole segment is", () => {
    refuses("/f/v:x{a/b}", 8, /cannot match "\/"/);
    refuses("/f/:x{a/b}", 7, /cannot match "\/"/);
    refuses("/f/v.:x{(?:a+)+}", 14, /repetition inside a repetition/);
  });

  it("is refused when one of its alternatives reads the separator", () => {
    refuses("/f/:name.:ext{(?:[a-z]|\\.)+}", 14, /cannot match "\."/);
    refuses("/f/:name-:ext{(?:[a-z]|-)+}", 14, /cannot match "-"/);
  });
});

describe("a * right after a constrained parameter", () => {
  // _pattern.ts:453 (`segment[i - 1] === "*"`→`segment[i]`): the refusal
  // spoke of rou3's "**", which the pattern does not hold.
  it("is refused as two parameters without text between them, and ** as rou3's", () => {
    refuses(
      "/f/x:a{[0-9]+}*",
      14,
      /^(?!.*rou3).*two parameters need literal text between them$/,
    );
    refuses("/f/**", 4, /rou3's "\*\*"/);
  });
});

describe("a baseUrl with white space in its path", () => {
  // _pattern.ts:480 (the white-space refusal dropped): the endpoint tag
  // splits on white space, so only RouterInit.baseUrl brings a blank to the
  // pattern parser; without the refusal "/a b" became a literal, where a URL
  // writes the space as %20, so no request could ever reach its routes.
  it("is refused with INVALID_PATTERN at the blank", () => {
    for (const base of ["/api v1", "/api\u00a0v1", "/api\tv1"]) {
      assert.throws(
        () => createRouter({ baseUrl: base }),
        (error: unknown) =>
          error instanceof RouteError && error.code === "INVALID_PATTERN" &&
          error.offset === 4 && /white space/.test(error.message),
        JSON.stringify(base),
      );
    }
  });
});

describe("a mixed segment after a multi-segment parameter", () => {
  // _pattern.ts:220 (a multi-segment parameter's `segmentLiterals.push(0)`
  // dropped): the literal counts of the segments after it moved one place,
  // so `x:b` and `xy:b` after `:p+` tied and the one with less literal text
  // won by its key.
  it("with more literal text wins, in either order", async () => {
    for (
      const patterns of [
        ["/m/:p+/x:b", "/m/:p+/xy:b"],
        ["/m/:p+/xy:b", "/m/:p+/x:b"],
      ]
    ) {
      const router = routerOf(...patterns);
      assert.deepEqual(await hit(router, "/m/1/2/xyz"), {
        status: 200,
        name: "/m/:p+/xy:b",
        params: { p: "1/2", b: "z" },
      });
      assert.equal((await hit(router, "/m/1/xz")).name, "/m/:p+/x:b");
    }
  });
});

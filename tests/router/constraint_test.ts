// Constraints (`:id{regex}`) are refused at definition unless they match in
// time linear in the path: the textbook backtracking shapes, a seeded fuzzer
// against a step-counting backtracking matcher, and real requests.
import { describe, it } from "../_harness.ts";
import assert from "node:assert/strict";
import { echo, hit, routerOf } from "./_patterns.ts";
import { assertLinear } from "../_complexity.ts";
import { createRouter, RouteError } from "../../src/router/mod.ts";
import { findAmbiguity } from "../../src/router/_regexp_ambiguity.ts";
import { parseRegExp, type RegExpNode } from "../../src/router/_regexp_tree.ts";

/** Registers `/c/:id{constraint}` and expects the refusal at `offset`. */
function refused(constraint: string, offset: number, why: RegExp): void {
  const pattern = `/c/:id{${constraint}}`;
  assert.throws(
    () => createRouter().endpoint`GET ${pattern}`,
    (error: unknown) => {
      assert.ok(error instanceof RouteError, pattern);
      assert.equal(error.code, "INVALID_PATTERN", pattern);
      assert.equal(error.offset, "/c/:id{".length + offset, pattern);
      assert.match(error.message, why, pattern);
      return true;
    },
  );
}

describe("constraints that backtrack are refused at definition", () => {
  it("the textbook exponential shapes, at the offset where the second way starts", () => {
    refused("(a|a)+", 3, /two ways both end/);
    refused("(a+)+", 4, /repetition inside a repetition/);
    refused(
      "(\\w+\\d+)+",
      4,
      /its offset 1 can also be read from its offset 4/,
    );
    // The shape: 26 optional a's then 26 a's (1 s for 53 characters
    // before), and the smallest one of its kind.
    refused("a?".repeat(26) + "a".repeat(26), 50, /exponential/);
    refused("a?a?a", 2, /its offset 0 can also be read from its offset 2/);
    refused("(a?){25}a", 1, /two repetitions of the part at its offset 1/);
  });

  it("overlapping alternations and quantified neighbours (polynomial shapes)", () => {
    refused("(a|ab|b)+", 3, /its offset 1 can also be read from its offset 3/);
    refused(
      "(ab|a)(c|bc)",
      4,
      /its offset 1 can also be read from its offset 4/,
    );
    refused("\\w+\\d+", 3, /its offset 0 can also be read from its offset 3/);
    refused("\\d+\\d*", 3, /both end/);
    refused("[a-z]+[a-z0-9]+", 6, /meet again/);
    // Letters count in both cases: the check holds for a table compiled
    // without case as well.
    refused("[a-z]+[A-Z]+", 6, /meet again/);
    // A negated class reads the other case of what it leaves out.
    refused("[^/a-z]+[A-Z]+", 8, /meet again/);
  });

  it("ways through nothing, lookarounds and escapes it cannot read", () => {
    refused("x(a?)?", 5, /optional part that can match nothing/);
    refused("x(a*)*", 5, /repeated part that can match nothing/);
    refused("x(?:|)", 4, /two alternatives match nothing/);
    refused("(?=a)a+", 0, /lookarounds/);
    refused("(?!a)b+", 0, /lookarounds/);
    refused("\\cJx", 0, /not supported/);
    refused("a{2}{3}", 0, /Nothing to repeat/);
  });

  it("reads an escape inside [ ] as the character or the class it writes", () => {
    // A hex or Unicode escape whose last digit is d, w or s is one code unit
    // (\x4d is M), and a range may end at it; the reader took it for a class
    // escape, so the overlap with P went unseen (round 22's router draw).
    refused("(?:[\\x4d-\\x5a]|P)+", 15, /two ways/);
    refused("(?:[\\x4D-\\x5A]|P)+", 15, /two ways/);
    refused("(?:[\\x41-\\u004d]|C)+", 17, /two ways/);
    // A class escape is every character of its class, never its first one.
    refused("(?:[\\d]|5)+", 8, /two ways/);
    refused("(?:[\\s]|\\t)+", 8, /two ways/);
  });

  it("accepts the constraints people write, and they match as written", async () => {
    const router = routerOf(
      "/date/:d{\\d{4}-\\d{2}-\\d{2}}",
      "/oid/:id{[a-f0-9]{24}}",
      "/img/:ext{(png|jpg|gif)}",
      "/slug/:s{[a-z]+(?:-[a-z]+)*}",
      "/ver/:v{v\\d+(?:\\.\\d+){0,2}}",
      "/few/:a{a{0,5}b}",
      "/foo/:f{(foo|foobar)}",
      "/rep/:r{((a+)b)+}",
    );
    const cases: [string, number, Record<string, string>?][] = [
      ["/date/2024-01-31", 200, { d: "2024-01-31" }],
      ["/date/2024-1-31", 404],
      ["/oid/0123456789abcdef01234567", 200],
      ["/oid/0123456789ABCDEF01234567", 404],
      ["/img/gif", 200, { ext: "gif" }],
      ["/img/GIF", 404],
      ["/slug/hello-big-world", 200],
      ["/slug/hello--world", 404],
      ["/ver/v1.2.3", 200],
      ["/ver/v1.2.3.4", 404],
      ["/few/aaaaab", 200],
      ["/few/aaaaaab", 404],
      ["/foo/foobar", 200, { f: "foobar" }],
      ["/rep/abaab", 200],
      ["/rep/abaa", 404],
    ];
    // Twice: the second pass runs on the table the first one compiled.
    for (let pass = 0; pass < 2; pass++) {
      for (const [path, status, params] of cases) {
        const found = await hit(router, path);
        assert.equal(found.status, status, path);
        if (params !== undefined) assert.deepEqual(found.params, params, path);
      }
    }
  });

  it("a constraint after another parameter of its segment cannot match the text before it", async () => {
    assert.throws(
      () => createRouter().endpoint`GET /a/:x-:y{[a-z-]+}`,
      { code: "INVALID_PATTERN", offset: 9 },
    );
    assert.throws(
      () => createRouter().endpoint`GET /a/:x.tar.:y{[A-Z.]+}`,
      { code: "INVALID_PATTERN", offset: 13 },
    );
    // find-my-way's "multi parametric route with regexp": the first
    // constraint may hold the separator, the later one may not.
    const router = createRouter()
      .endpoint`GET /a/:uuid{[\d-]{19}}-:user{\w+}`(echo("uuid"))
      .endpoint`GET /b/:x-:y{[a-z]+}`(echo("xy"));
    assert.deepEqual((await hit(router, "/a/1111-2222-3333-4444-foo")).params, {
      uuid: "1111-2222-3333-4444",
      user: "foo",
    });
    assert.deepEqual((await hit(router, "/b/foo-bar-baz")).params, {
      x: "foo-bar",
      y: "baz",
    });
    await assertLinear("a constraint after a parameter", 16_000, async (n) => {
      for (
        const path of ["/b/" + "a-".repeat(n) + "1", "/b/" + "-".repeat(n)]
      ) {
        assert.equal((await hit(router, path)).status, 404);
      }
    });
  });

  it("accepted constraints stay linear on hostile request paths", async () => {
    const router = routerOf(
      "/s/:s{[a-z]+(?:-[a-z]+)*}x",
      "/v/:v{v\\d+(?:\\.\\d+){0,2}}.json",
      "/r/:r{((a+)b)+}/z",
      "/f/:a{a{0,5}b}-:rest",
    );
    await assertLinear("accepted constraints", 16_000, async (n) => {
      for (
        const path of [
          "/s/" + "ab-".repeat(n / 2) + "y",
          "/v/v" + "1.".repeat(n / 2) + "json",
          "/r/" + "a".repeat(n) + "/z",
          "/f/" + "a".repeat(n),
        ]
      ) {
        assert.equal((await hit(router, path)).status, 404, path.slice(0, 9));
      }
    });
  });
});

// --- fuzzer -----------------------------------------------------------------

/** mulberry32: a small seeded PRNG, so a failure names a reproducible case. */
function random(seed: number): () => number {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A random constraint over the letters a, b and c, at most `depth` deep. */
function randomConstraint(next: () => number, depth: number): string {
  const pick = <T>(items: readonly T[]): T =>
    items[Math.floor(next() * items.length)];
  const atom = (): string => {
    const roll = next();
    if (depth > 0 && roll < 0.3) {
      const options = 1 + Math.floor(next() * 3);
      return "(?:" +
        Array.from(
          { length: options },
          () => randomConstraint(next, depth - 1),
        ).join("|") + ")";
    }
    return pick(["a", "b", "c", "[ab]", "[bc]", "[a-c]", "\\w"]);
  };
  let text = "";
  const length = 1 + Math.floor(next() * 3);
  for (let i = 0; i < length; i++) {
    text += atom() + pick(["", "", "?", "*", "+", "{2}", "{0,2}", "{1,}"]);
  }
  return text;
}

/**
 * Steps a backtracking matcher takes to find that `text` does not match
 * `node` whole (the engine V8 runs explores the same ways), or Infinity
 * past `budget`.
 */
function backtrackingSteps(
  node: RegExpNode,
  text: string,
  budget: number,
): number {
  let steps = 0;
  const code = (i: number) => text.charCodeAt(i);
  // Calls `then` with every end position of a way through `n` from `at`;
  // true stops the search (never here: the text is made not to match).
  const run = (
    n: RegExpNode,
    at: number,
    then: (end: number) => boolean,
  ): boolean => {
    if (++steps > budget) throw new RangeError("budget");
    switch (n.kind) {
      case "chars": {
        if (at >= text.length) return false;
        const c = code(at);
        return n.set.some(([low, high]) => low <= c && c <= high) &&
          then(at + 1);
      }
      case "empty":
        return then(at);
      case "sequence": {
        const from = (k: number, position: number): boolean =>
          k === n.items.length
            ? then(position)
            : run(n.items[k], position, (end) => from(k + 1, end));
        return from(0, at);
      }
      case "choice":
        return n.options.some((option) => run(option, at, then));
      case "repeat": {
        const round = (count: number, position: number): boolean => {
          if (
            count < n.max &&
            run(
              n.body,
              position,
              (end) => end !== position && round(count + 1, end),
            )
          ) return true;
          return count >= n.min && then(position);
        };
        return round(0, at);
      }
    }
  };
  try {
    run(node, 0, (end) => end === text.length);
  } catch (error) {
    if (error instanceof RangeError) return Infinity;
    throw error;
  }
  return steps;
}

describe("constraint fuzzer (seeded)", () => {
  it("every accepted constraint backtracks linearly; the oracle sees the refused shapes blow up", async () => {
    // The oracle can fail: the known shapes grow far faster than linearly.
    for (const shape of ["(a|a)*", "(a+)+", "\\w+\\d+"]) {
      const tree = parseRegExp(shape);
      const unit = shape.includes("d") ? "1" : "a";
      const small = backtrackingSteps(tree, unit.repeat(8) + "!", 1e6);
      const large = backtrackingSteps(tree, unit.repeat(64) + "!", 1e6);
      assert.ok(large / small > 12, `${shape}: ${small} → ${large} steps`);
    }
    // a?ⁿaⁿ grows with n, on a text of 2n a's.
    const shape = (n: number) => parseRegExp("a?".repeat(n) + "a".repeat(n));
    const small = backtrackingSteps(shape(4), "a".repeat(8) + "!", 1e6);
    const large = backtrackingSteps(shape(12), "a".repeat(24) + "!", 1e6);
    assert.ok(large / small > 12, `a?ⁿaⁿ: ${small} → ${large} steps`);
    const next = random(0x5eed);
    let accepted = 0;
    const hardest: { constraint: string; unit: string; steps: number }[] = [];
    for (let round = 0; round < 1500; round++) {
      const constraint = randomConstraint(next, 2);
      if (findAmbiguity(constraint) !== null) continue;
      accepted++;
      const tree = parseRegExp(constraint);
      // Hostile texts: runs of one letter, and of a letter pair, then a
      // character no constraint here matches.
      for (const unit of ["a", "b", "c", "ab", "ba", "abc"]) {
        const small = backtrackingSteps(tree, unit.repeat(10) + "!", 1e6);
        const large = backtrackingSteps(tree, unit.repeat(80) + "!", 1e6);
        // Linear: 8× the text, about 8× the steps (plus a constant).
        assert.ok(
          large <= 8 * small + 64,
          `{${constraint}} on ${
            JSON.stringify(unit)
          }…: ${small} → ${large} steps`,
        );
        hardest.push({ constraint, unit, steps: large });
      }
    }
    // V8 itself, on the accepted constraints that cost the oracle most.
    hardest.sort((a, b) => b.steps - a.steps);
    const runs = hardest.slice(0, 6).map(({ constraint, unit }) => ({
      regexp: new RegExp(`^(?:${constraint})$`),
      unit,
    }));
    await assertLinear(
      "V8 on the hardest accepted constraints",
      40_000,
      (n) => {
        for (const { regexp, unit } of runs) {
          assert.equal(regexp.test(unit.repeat(n / unit.length) + "!"), false);
        }
      },
    );
    // The generator must reach both sides of the check.
    assert.ok(accepted > 200 && accepted < 1400, `${accepted} accepted`);
  });
});

// Constraints: what the fifteenth mutation round found unguarded; each test
// names the planted bug it catches.
import { describe, it } from "../_harness.ts";
import assert from "node:assert/strict";
import { hit, refuses, routerOf } from "./_patterns.ts";

/** A CJK character as a constraint escape: one place each, no case. */
const char = (i: number) => "\\u" + (0x4e00 + i).toString(16);

/**
 * `a(?:c1|…|cS)*0` or `a(?:c1|…|cS|…)*1`: the two branches read the same
 * text until their last character, so the linearity check walks every pair
 * of their places. It takes (shared + 1) × (shared + 1) × (shared + extra
 * + 1) pair steps: each of the shared + 1 pairs it visits (the two a's, then
 * each shared character in both loops) pairs every way on from one branch
 * with every way on from the other.
 */
function twoLoops(shared: number, extra: number): string {
  const common = Array.from({ length: shared }, (_, i) => char(i));
  const more = Array.from({ length: extra }, (_, i) => char(1000 + i));
  return `(?:a(?:${common.join("|")})*0|a(?:${
    [...common, ...more].join("|")
  })*1)`;
}

describe("a constraint at the linearity check's step bound", () => {
  // _regexp_ambiguity.ts:259 (`++steps > MAX_PAIR_STEPS`→`>=`): the check
  // may take 2,000,000 pair steps and refuses a constraint that needs more.
  // A constraint needing exactly that many was refused as "too complex";
  // and nothing showed that one needing more is refused with a code, at
  // the constraint's start, rather than checked without end.
  it("is accepted at exactly 2,000,000 steps and refused with one more alternative", async () => {
    const bound = `/c/:id{${twoLoops(99, 100)}}`;
    const router = routerOf(bound);
    assert.deepEqual(await hit(router, "/c/a0"), {
      status: 200,
      name: bound,
      params: { id: "a0" },
    });
    assert.deepEqual(await hit(router, "/c/a1"), {
      status: 200,
      name: bound,
      params: { id: "a1" },
    });
    assert.equal((await hit(router, "/c/a2")).status, 404);
    // 100 × 100 × 201 = 2,010,000 steps: refused at step 2,000,001.
    refuses(
      `/c/:id{${twoLoops(99, 101)}}`,
      "/c/:id{".length,
      /too complex to check/,
    );
  });
});

// The complexity check itself: it takes linear work and refuses quadratic
// work, whatever else the machine runs (it compares CPU time).
import { describe, it } from "./_harness.ts";
import assert from "node:assert/strict";
import { assertLinear } from "./_complexity.ts";

/** Sums `n` numbers, each `rounds` times: linear in `n`. */
function linear(n: number, rounds: number): number {
  let sum = 0;
  for (let r = 0; r < rounds; r++) for (let i = 0; i < n; i++) sum += i ^ r;
  return sum;
}

/** Compares every pair of `n` numbers: quadratic in `n`. */
function quadratic(n: number): number {
  let sum = 0;
  for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) sum += i ^ j;
  return sum;
}

describe("assertLinear", () => {
  it("takes work that grows with its size", async () => {
    await assertLinear("a linear sum", 4_000_000, (n) => linear(n, 4));
  });

  it("refuses work that grows with the square of its size, naming it", async () => {
    // 1,500² steps (a few ms) against 12,000²: about 64× the time.
    await assert.rejects(
      assertLinear("a pairwise sum", 12_000, quadratic),
      /^Error: a pairwise sum: 8× the input took .*; linear is about 8×/,
    );
  });
});

// The reviewed equivalents of the keys+limits area (scripts/_mutation_areas.ts),
// in its own file so that work on different areas never edits one list.

import type { Equivalent } from "./equivalent.ts";

/** The mutants of the keys+limits area judged equivalent by review. */
export const KEYS_LIMITS: Equivalent[] = [
  {
    file: "src/gateway/keys.ts",
    before: "const length = Math.max(a.length, b.length);",
    after: "const length = Math.min(a.length, b.length);",
    reason:
      "diff starts as a.length ^ b.length, so keys of different lengths differ whatever the loop covers; the loop's bound changes only the time taken, which no functional test may measure",
  },
  {
    file: "src/gateway/memory_rate_limit_store.ts",
    context: "this.#buckets.set(key, bucket);",
    before: "return bucket;",
    after: "bucket;",
    reason:
      "a new bucket then goes through the refill with elapsed 0: tokens stay min(capacity, capacity + 0 * perMs) = capacity and at stays now; only a non-finite rate could make it NaN, and keys.ts refuses limits that are not positive finite numbers",
  },
  {
    file: "src/gateway/keys.ts",
    before: "for (let i = 0; i < length; i++) {",
    after: "for (let i = 0; i <= length; i++) {",
    reason:
      "the extra turn reads index length, past the end of both strings: charCodeAt answers NaN for each, `NaN | 0` is 0 on both sides, and 0 ^ 0 adds nothing to diff; only the time taken changes",
  },
  {
    file: "src/gateway/shared_rate_limit_store.ts",
    before:
      "result = await this.#call(key, result.remaining, limit, now) ?? result;",
    after:
      "result = await this.#call(key, result.remaining, limit, now) || result;",
    reason:
      "#call answers a TokenResult object or undefined, and an object is never falsy: ?? and || pick the same side",
  },
  {
    file: "src/gateway/shared_rate_limit_store.ts",
    before: "pending.catch(() => {});",
    after: ";",
    reason:
      "the store's answer is raced against the timeout on the next lines, and Promise.race subscribes to it: a rejection that comes after the timeout is already handled (no unhandled rejection, tried on Deno with a store rejecting 40 ms after a 10 ms bound), so the catch only states that intent",
  },
  {
    file: "src/gateway/rate_limit.ts",
    before: "if (delta === 0) return;",
    after: "if (delta === 0) ;",
    reason:
      "an adjust by 0 tokens refills the bucket to now and adds nothing, which every later read of the bucket computes anyway (both stores cap it at the capacity): only a store call is spent",
  },
];

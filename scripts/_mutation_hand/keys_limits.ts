// The hand list of the keys+limits area (scripts/_mutation_areas.ts),
// in its own file so that work on different areas never edits one list.

import type { HandMutant } from "./hand_mutant.ts";

/** The known bugs planted in the keys+limits area. */
export const KEYS_LIMITS: HandMutant[] = [
  {
    id: "gateway-key-compare",
    bug: "gateway: a key that matches only in length is accepted",
    file: "src/gateway/keys.ts",
    find: `diff |= (a.charCodeAt(i) | 0) ^ (b.charCodeAt(i) | 0);`,
    replace: `diff |= 0;`,
    tests: ["tests/gateway/keys_limits_test.ts"],
  },
  {
    id: "limits-reset-zero",
    bug: "rate limits: a full bucket's reset header written 0ms, not 0s",
    file: "src/gateway/rate_limit.ts",
    find: `if (ms <= 0) return "0s";`,
    replace: `if (ms < 0) return "0s";`,
    tests: ["tests/gateway/rate_limit_mutants_test.ts"],
  },
  {
    id: "limits-reset-one-second",
    bug: "rate limits: a reset of exactly one second written 1000ms",
    file: "src/gateway/rate_limit.ts",
    find: `if (ms < 1000)`,
    replace: `if (ms < 1001)`,
    tests: ["tests/gateway/rate_limit_mutants_test.ts"],
  },
  {
    id: "limits-shared-prefix",
    bug: "shared rate limits: an empty key prefix replaced by the default",
    file: "src/gateway/shared_rate_limit_store.ts",
    find: `options.prefix ?? "ratelimit:"`,
    replace: `options.prefix || "ratelimit:"`,
    tests: ["tests/gateway/rate_limit_mutants_test.ts"],
  },
  {
    id: "limits-shared-one-warning",
    bug: "shared rate limits: one outage warned once per request in flight",
    file: "src/gateway/shared_rate_limit_store.ts",
    find: `if (!this.#up) return;`,
    replace: `;`,
    tests: ["tests/gateway/rate_limit_mutants_test.ts"],
  },
  {
    id: "limits-shared-timeout-default",
    bug:
      "shared rate limits: no default timeout, so any store latency is an outage",
    file: "src/gateway/shared_rate_limit_store.ts",
    find: `options.timeoutMs ?? 100`,
    replace: `options.timeoutMs`,
    tests: ["tests/gateway/rate_limit_mutants_test.ts"],
  },
  {
    id: "keys+limits-memory-zero-rate-reset",
    bug:
      "limits: a full bucket that never refills reports a reset of NaN ms (in-process store)",
    file: "src/gateway/memory_rate_limit_store.ts",
    find: `const rate = limit.perMs > 0 ? limit.perMs : Number.MIN_VALUE;`,
    replace: `const rate = limit.perMs >= 0 ? limit.perMs : Number.MIN_VALUE;`,
    tests: ["tests/gateway/limits_fresh_mutants_test.ts"],
  },
  {
    id: "keys+limits-shared-zero-rate-reset",
    bug:
      "limits: a full bucket that never refills reports a reset of NaN ms (shared store)",
    file: "src/gateway/shared_rate_limit_store.ts",
    find: `const rate = limit.perMs > 0 ? limit.perMs : Number.MIN_VALUE;`,
    replace: `const rate = limit.perMs >= 0 ? limit.perMs : Number.MIN_VALUE;`,
    tests: ["tests/gateway/limits_fresh_mutants_test.ts"],
  },
  {
    id: "keys+limits-estimate-rounded-up",
    bug:
      "limits: a fractional token estimate is rounded down, so half a token costs nothing",
    file: "src/gateway/rate_limit.ts",
    find: `Math.max(0, Math.ceil(estimatedTokens))`,
    replace: `Math.max(0, Math.floor(estimatedTokens))`,
    tests: ["tests/gateway/limits_fresh_mutants_test.ts"],
  },
  {
    id: "cli9-overrun-empty-retake",
    bug:
      "shared rate limits: an overrun charge on an already empty bucket sends a second, zero-cost take (a Redis round trip for nothing)",
    file: "src/gateway/shared_rate_limit_store.ts",
    find: "if (!result.allowed && result.remaining > 0) {",
    replace: "if (!result.allowed && result.remaining >= 0) {",
    tests: ["tests/gateway/limits_r11_mutants_test.ts"],
  },
  {
    id: "cli9-overrun-last-token-kept",
    bug:
      "shared rate limits: an overrun charge leaves a bucket's last token in it (the second take skipped for one token or less)",
    file: "src/gateway/shared_rate_limit_store.ts",
    find: "if (!result.allowed && result.remaining > 0) {",
    replace: "if (!result.allowed && result.remaining > 1) {",
    tests: ["tests/gateway/limits_r11_mutants_test.ts"],
  },
  {
    id: "cli9-refused-probe-recovers",
    bug:
      "shared rate limits: a background probe the store refuses announces its recovery and sends the next request to it",
    file: "src/gateway/shared_rate_limit_store.ts",
    find: `if (typeof answer === "string" || this.#up) return;`,
    replace: `if (typeof answer === "string" && this.#up) return;`,
    tests: ["tests/gateway/limits_r11_mutants_test.ts"],
  },
  {
    id: "cli9-memory-adjust-allowed",
    bug:
      "memory rate limits: adjust answers allowed: false though it always takes its delta",
    file: "src/gateway/memory_rate_limit_store.ts",
    find: "return this.#state(bucket, limit, true, 0);",
    replace: "return this.#state(bucket, limit, false, 0);",
    tests: ["tests/gateway/limits_r11_mutants_test.ts"],
  },
  {
    id: "stk12-anthropic-reset-rounded-down",
    bug:
      "rate limits: the Anthropic reset time is rounded down, to before the bucket is full again",
    file: "src/gateway/rate_limit.ts",
    find: "const at = Math.ceil((now + Math.max(0, ms)) / 1000) * 1000;",
    replace: "const at = Math.floor((now + Math.max(0, ms)) / 1000) * 1000;",
    tests: ["tests/gateway/limits_r12_mutants_test.ts"],
  },
  {
    id: "stk12-refusal-without-wait",
    bug:
      "rate limits: a store refusing with no wait makes the 429 say retry-after 0",
    file: "src/gateway/rate_limit.ts",
    find: "retryAfterHeaders(Math.max(1, refusal.bucket.retryAfterMs))",
    replace: "retryAfterHeaders(refusal.bucket.retryAfterMs)",
    tests: ["tests/gateway/limits_r12_mutants_test.ts"],
  },
  {
    id: "stk12-shared-probe-every-request",
    bug:
      "shared rate limits: a refused probe leaves the next one due at once: a store that stays out is probed at every request",
    file: "src/gateway/shared_rate_limit_store.ts",
    find:
      "    this.#probing = true;\n    this.#nextProbe = now + this.#retryMs;",
    replace: "    this.#probing = true;",
    tests: ["tests/gateway/limits_r12_mutants_test.ts"],
  },
  {
    id: "stk12-memory-bucket-drained-backwards",
    bug:
      "memory rate limits: a bucket read with an earlier now drains tokens for the negative interval",
    file: "src/gateway/memory_rate_limit_store.ts",
    find: "const elapsed = Math.max(0, now - bucket.at);",
    replace: "const elapsed = now - bucket.at;",
    tests: ["tests/gateway/limits_r12_mutants_test.ts"],
  },
  {
    id: "stk12-memory-bucket-refilled-twice",
    bug:
      "memory rate limits: a bucket read with an earlier now moves its time back, so the same interval refills again",
    file: "src/gateway/memory_rate_limit_store.ts",
    find: "bucket.at = Math.max(bucket.at, now);",
    replace: "bucket.at = now;",
    tests: ["tests/gateway/limits_r12_mutants_test.ts"],
  },
  {
    id: "stk12-key-secret-repeated",
    bug:
      "keys: two config keys with one secret are accepted; one of them can never be used",
    file: "src/gateway/keys.ts",
    find: "digests.set(key.sha256.toLowerCase(), key.id);",
    replace: ";",
    tests: ["tests/gateway/keys_r12_mutants_test.ts"],
  },
  {
    id: "stk12-key-secret-repeated-case",
    bug:
      "keys: a secret repeated with its digest in the other letter case is accepted",
    file: "src/gateway/keys.ts",
    find: "const twin = digests.get(key.sha256.toLowerCase());",
    replace: "const twin = digests.get(key.sha256);",
    tests: ["tests/gateway/keys_r12_mutants_test.ts"],
  },
  {
    id: "stk13-key-other-scheme-hides-x-api-key",
    bug:
      "keys: an Authorization header that is no bearer token (Basic, or Bearer without a token) ends the search, so a valid x-api-key beside it is refused as no key",
    file: "src/gateway/keys.ts",
    find: "    if (match) return match[1];\n  }",
    replace: "    return match ? match[1] : undefined;\n  }",
    tests: ["tests/gateway/keys_r13_mutants_test.ts"],
  },
  {
    id: "stk13-key-x-api-key-first",
    bug:
      "keys: x-api-key is read before Authorization, so a request with both is authenticated by x-api-key, not the bearer token the docs name first",
    file: "src/gateway/keys.ts",
    find: '  const authorization = headers.get("authorization");\n  if',
    replace:
      '  const early = headers.get("x-api-key")?.trim();\n  if (early) return early;\n  const authorization = headers.get("authorization");\n  if',
    tests: ["tests/gateway/keys_r13_mutants_test.ts"],
  },
  {
    id: "gw15-key-secret-repeated-first-capitals",
    bug:
      "keys: a secret repeated under another id is accepted when the first key's digest is written in capitals",
    file: "src/gateway/keys.ts",
    find: "digests.set(key.sha256.toLowerCase(), key.id);",
    replace: "digests.set(key.sha256, key.id);",
    tests: ["tests/gateway/keys_r15_mutants_test.ts"],
  },
  {
    id: "gw15-key-model-refusal-type-empty",
    bug:
      'keys: the 403 for a model the key may not use carries an error of type "" instead of permission_error',
    file: "src/gateway/keys.ts",
    find: 'type: "permission_error",',
    replace: 'type: "",',
    tests: ["tests/gateway/keys_r15_mutants_test.ts"],
  },
  {
    id: "gw15-limits-probes-pile-up",
    bug:
      "shared limits: while a probe of a hung store waits, every request past retryMs starts another",
    file: "src/gateway/shared_rate_limit_store.ts",
    find: "this.#probing = true;",
    replace: "this.#probing = false;",
    tests: ["tests/gateway/shared_limits_probe_r15_mutants_test.ts"],
  },
  {
    id: "kc16-limits-remaining-rounded-up",
    bug:
      "rate limits: x-ratelimit-remaining rounds a part-refilled unit up, announcing a request the bucket then refuses",
    file: "src/gateway/rate_limit.ts",
    find: "Math.floor(limited.state.remaining)",
    replace: "Math.round(limited.state.remaining)",
    tests: ["tests/gateway/limits_r16_mutants_test.ts"],
  },
  {
    id: "kc16-limits-charge-dated-early",
    bug:
      "rate limits: a usage charge dated at time 0 instead of when the answer ended, so the refill since admission covers it for free",
    file: "src/gateway/rate_limit.ts",
    find: "      this.#now(),\n    );",
    replace: "      0,\n    );",
    tests: ["tests/gateway/limits_r16_mutants_test.ts"],
  },
];

// `createGateway`'s cache option, checked once when the gateway is built:
// a cache needs both get() and set() (one without either is a TypeError
// saying so, not a request that fails later), and `ttlSeconds` is a whole
// number from 0 to MAX_CACHE_TTL_SECONDS, both ends included.
import { describe, it } from "../_harness.ts";
import assert from "node:assert/strict";
import {
  createGateway,
  type GatewayCacheOptions,
  MAX_CACHE_TTL_SECONDS,
  MemoryResponseCache,
  type ResponseCache,
} from "../../src/gateway/mod.ts";
import { createEchoAdapter } from "../../src/models/testing.ts";

function build(cache: GatewayCacheOptions): void {
  createGateway({ backends: [["echo", createEchoAdapter()]], cache })
    .dispose();
}

describe("cache.cache", () => {
  // Bugs (`cache/_settings.ts`, `typeof cache?.get !== "function" ||
  // typeof cache.set !== "function"` → `&&`, or `?.` → `.`): a cache with
  // get() and no set() was accepted, and a missing one crashed reading
  // `get` of undefined instead of saying what is needed.
  const getOnly = { get: () => Promise.resolve(undefined) };
  const setOnly = { set: () => Promise.resolve() };
  for (
    const [name, cache] of [
      ["missing", undefined],
      ["get() only", getOnly],
      ["set() only", setOnly],
    ] as const
  ) {
    it(`${name}: a TypeError naming get() and set()`, () => {
      assert.throws(
        () => build({ cache: cache as unknown as ResponseCache }),
        {
          name: "TypeError",
          message: "createGateway: cache.cache needs get() and set()",
        },
      );
    });
  }
});

describe("cache.ttlSeconds", () => {
  // Bugs (`cache/_settings.ts`, `ttl > MAX_CACHE_TTL_SECONDS` → `>=`, or
  // `||` → `&&` in the check): the documented maximum was refused, or a
  // negative or too long TTL accepted.
  it("takes 0 and the maximum", () => {
    for (const ttlSeconds of [0, 1, MAX_CACHE_TTL_SECONDS]) {
      build({ cache: new MemoryResponseCache(), ttlSeconds });
    }
  });

  it("refuses a negative, fractional or too long TTL", () => {
    for (const ttlSeconds of [-1, 1.5, MAX_CACHE_TTL_SECONDS + 1, Infinity]) {
      assert.throws(
        () => build({ cache: new MemoryResponseCache(), ttlSeconds }),
        {
          name: "TypeError",
          message:
            `createGateway: cache.ttlSeconds must be a whole number from 0 to ${MAX_CACHE_TTL_SECONDS}`,
        },
        String(ttlSeconds),
      );
    }
  });
});

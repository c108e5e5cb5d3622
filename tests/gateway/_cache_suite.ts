// One behavioural suite every ResponseCache passes: missing entries, a
// round trip (any text), overwrite, expiry at its own TTL, a TTL of 0.
// `expire` lets the entry's time run out: a moved clock in memory, a
// bounded poll on a real Redis.
import assert from "node:assert/strict";
import type { ResponseCache } from "../../src/gateway/mod.ts";

export interface SuiteTarget {
  cache: ResponseCache;
  /** Waits (bounded) or moves the clock until `ms` have passed. */
  expire(ms: number, key: string): Promise<void>;
}

export async function responseCacheSuite(target: SuiteTarget): Promise<void> {
  const { cache } = target;
  assert.equal(await cache.get("absent"), undefined);

  const text = JSON.stringify({ a: "héllo \u2028 😀", n: [1, 2, 3] });
  await cache.set("k1", text, 60_000);
  assert.equal(await cache.get("k1"), text);
  assert.equal(await cache.get("k1"), text, "a read does not consume");

  await cache.set("k1", "newer", 60_000);
  assert.equal(await cache.get("k1"), "newer", "a write replaces");

  await cache.set("zero", "x", 0);
  assert.equal(await cache.get("zero"), undefined, "ttl 0 keeps nothing");

  // Long enough to be read back on a loaded machine, short enough to wait for.
  await cache.set("short", "soon gone", 1_000);
  await cache.set("long", "stays", 600_000);
  assert.equal(await cache.get("short"), "soon gone");
  await target.expire(1_000, "short");
  assert.equal(await cache.get("short"), undefined);
  assert.equal(await cache.get("long"), "stays", "each entry has its own TTL");
}

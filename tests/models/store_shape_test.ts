// A config store must be a store: an object without a RouterStore's methods
// (`{}`, the Redis client itself where `createRedisStore(client)` belongs)
// would fail every store call and leave the Router warning on each one. It
// is refused where the Router is made, naming what is missing.
import assert from "node:assert/strict";
import {
  createMemoryStore,
  createRouter,
  ErrorCode,
  type RouterStore,
} from "../../src/models/mod.ts";
import { createEchoAdapter } from "../../src/models/testing.ts";
import { req, routingOf } from "./_helpers.ts";

/** Every method of `store`, own or inherited, as a plain object's own. */
function delegating(store: RouterStore): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (
    let proto: object | null = store;
    proto !== null && proto !== Object.prototype;
    proto = Object.getPrototypeOf(proto)
  ) {
    for (const name of Object.getOwnPropertyNames(proto)) {
      const value = (store as unknown as Record<string, unknown>)[name];
      if (
        name !== "constructor" && typeof value === "function" && !(name in out)
      ) {
        out[name] = (value as (...args: unknown[]) => unknown).bind(store);
      }
    }
  }
  return out;
}

function refusal(store: unknown): string {
  let message = "";
  assert.throws(
    () => createRouter({ store: store as RouterStore }),
    (error: { code?: string; message?: string }) => {
      assert.equal(error.code, ErrorCode.INVALID_REQUEST);
      message = error.message ?? "";
      return true;
    },
  );
  return message;
}

Deno.test("a config store without a store's methods is refused with INVALID_REQUEST naming them", () => {
  const empty = refusal({});
  assert.match(empty, /RouterConfig\.store/);
  assert.match(empty, /readBreakers/);
  assert.match(empty, /takeTokens/);
  assert.match(empty, /createRedisStore/);
  // A Redis client passed as it is: its own methods, none of a store's.
  const client = { get() {}, set() {}, eval() {}, evalsha() {}, quit() {} };
  assert.match(refusal(client), /claimProbe/);
  // One method missing is named alone.
  const partial = delegating(createMemoryStore());
  delete partial.takeTokens;
  const message = refusal(partial);
  assert.match(message, /no takeTokens \(/);
  assert.doesNotMatch(message, /readBreakers/);
  // A method that is no function counts as missing.
  assert.match(refusal({ ...partial, takeTokens: true }), /no takeTokens \(/);
});

Deno.test("a store of plain delegating methods, without the optional record methods, is taken: the Router routes with it", async () => {
  const memory = createMemoryStore();
  const store = delegating(memory) as unknown as RouterStore;
  for (
    const optional of [
      "readRecords",
      "recordsVersion",
      "writeRecord",
      "addTotals",
    ]
  ) {
    delete (store as unknown as Record<string, unknown>)[optional];
  }
  const router = createRouter({ store }).register("a", createEchoAdapter());
  try {
    assert.equal(routingOf(await router.execute(req("x"))).backend, "a");
  } finally {
    router.dispose();
  }
});

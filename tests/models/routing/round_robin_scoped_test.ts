// Round-robin on allow-lists (ExecuteOptions.backends, a gateway key's
// `backends`): each list rotates on a cursor of its own. Two edges a gateway
// with many keys meets: the backend a list's cursor points at leaves, and
// more lists than the Router remembers (256; the oldest list's rotation then
// restarts, so memory stays bounded however many keys there are).
import assert from "node:assert/strict";
import { createRouter, type Router } from "../../../src/models/mod.ts";
import { createEchoAdapter } from "../../../src/models/testing.ts";
import { req, routingOf } from "../_helpers.ts";

function roundRobin(names: readonly string[]): Router {
  const router = createRouter({ routingStrategy: "round-robin" });
  for (const name of names) router.register(name, createEchoAdapter());
  return router;
}

async function pick(router: Router, backends: string[]): Promise<string> {
  return routingOf(await router.execute(req("x"), undefined, { backends }))
    .backend;
}

Deno.test("a scoped cursor on the backend that leaves moves on to the list's next backend", async () => {
  const router = roundRobin(["a", "b", "c"]);
  try {
    const list = ["a", "c"];
    assert.equal(await pick(router, list), "a");
    // The list's cursor now points at "b" (skipped: not on the list).
    router.unregister("b");
    assert.equal(await pick(router, list), "c");
    assert.equal(await pick(router, list), "a");
  } finally {
    router.dispose();
  }
});

Deno.test("the Router remembers 256 allow-lists' turns: the oldest list's rotation restarts past them, a list used again is not new", async () => {
  const router = roundRobin(["a", "b", "c"]);
  const oldest = ["a", "b", "c"];
  // Lists that differ only by a name no backend has: each its own cursor.
  const other = (i: number) => ["a", "b", "c", `gone-${i}`];
  try {
    assert.equal(await pick(router, oldest), "a");
    for (let i = 1; i < 256; i++) await pick(router, other(i));
    // 256 lists remembered; using the newest again evicts nothing.
    await pick(router, other(255));
    assert.equal(
      await pick(router, oldest),
      "b",
      "oldest list forgotten early",
    );
    // A 257th list: the oldest's turn is dropped and restarts at "a".
    await pick(router, other(256));
    assert.equal(await pick(router, oldest), "a", "oldest list kept past 256");
    // Unscoped rotation never moved.
    assert.equal(routingOf(await router.execute(req("x"))).backend, "a");
  } finally {
    router.dispose();
  }
});

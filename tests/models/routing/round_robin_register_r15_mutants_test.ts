// Round-robin when a backend is registered: the cursor stays on the backend
// that was next, as it does when one leaves (docs/models.md: round-robin
// keeps its cursor). After the last backend in order the next is the first,
// so a backend registered then joins at the end of the new round, not ahead
// of the first backend, whether the rotation is the unscoped one or an
// allow-list's own.
import assert from "node:assert/strict";
import { createRouter, type Router } from "../../../src/models/mod.ts";
import { createEchoAdapter } from "../../../src/models/testing.ts";
import { req, routingOf } from "../_helpers.ts";

async function picks(
  router: Router,
  count: number,
  backends?: string[],
): Promise<string[]> {
  const names: string[] = [];
  for (let i = 0; i < count; i++) {
    const answer = await router.execute(req("x"), undefined, { backends });
    names.push(routingOf(answer).backend);
  }
  return names;
}

// Bug (`round_robin.ts`, `i + 1 === n ? 0 : i + 1` → `i === n ? …`): the
// cursor after the last backend was n, not 0; read modulo n it still named
// the first, until a registration made n the new backend's index, which
// then went ahead of the first.
Deno.test("round-robin: a backend registered after a full round comes after the first, on the unscoped cursor and an allow-list's", async () => {
  const router = createRouter({ routingStrategy: "round-robin" });
  for (const name of ["a", "b", "c"]) {
    router.register(name, createEchoAdapter());
  }
  try {
    const list = ["a", "c", "d"]; // names d before it is registered
    assert.deepEqual(await picks(router, 3), ["a", "b", "c"]);
    assert.deepEqual(await picks(router, 2, list), ["a", "c"]);
    router.register("d", createEchoAdapter());
    assert.deepEqual(await picks(router, 5), ["a", "b", "c", "d", "a"]);
    assert.deepEqual(await picks(router, 4, list), ["a", "c", "d", "a"]);
    // Registered mid-round: it takes its turn in this round.
    router.register("e", createEchoAdapter());
    assert.deepEqual(await picks(router, 5), ["b", "c", "d", "e", "a"]);
  } finally {
    router.dispose();
  }
});

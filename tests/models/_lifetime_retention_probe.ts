// How many adapter answers a live Router still holds once its calls are
// answered: run in a child with --expose-gc by
// tests/models/lifetime_retention_test.ts. Makes CALLS calls without a
// caller signal (the ones raced through the lifetime's own set of pending
// calls), half answered and half failed, each with an answer or error object
// of its own, then collects twice and prints `{ calls, alive }`: how many of
// those objects are still reachable. The Router is disposed only after.
// Usage: _lifetime_retention_probe.ts [CALLS]
import { createRouter } from "../../src/models/mod.ts";
import { createEchoAdapter } from "../../src/models/testing.ts";

const CALLS = Number(Deno.args[0] ?? "200");
const gc = (globalThis as { gc?: () => void }).gc;
if (gc === undefined) throw new Error("run with --v8-flags=--expose-gc");

const refs: WeakRef<object>[] = [];
let n = 0;
const echo = createEchoAdapter();
const router = createRouter().register("a", {
  ...echo,
  async execute(request) {
    await Promise.resolve();
    if (n++ % 2 === 1) {
      const error = new Error("upstream 400 Bad Request");
      refs.push(new WeakRef(error));
      throw error;
    }
    const answer = await echo.execute(request);
    refs.push(new WeakRef(answer));
    return answer;
  },
});
for (let i = 0; i < CALLS; i++) {
  await router.execute({ messages: [{ role: "user", content: `m${i}` }] })
    .catch(() => {});
}
// Let every settled call's continuations run, then collect.
for (let i = 0; i < 5; i++) await new Promise((r) => setTimeout(r, 0));
gc();
await new Promise((r) => setTimeout(r, 0));
gc();
const alive = refs.filter((ref) => ref.deref() !== undefined).length;
router.dispose();
console.log(JSON.stringify({ calls: CALLS, alive }));

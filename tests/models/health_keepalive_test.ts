// Deno-only: which health timers keep a script alive. A healthCheck() the
// caller awaits must keep the process alive until its answer, even when a
// backend's probe never answers (its timeout is the caller's wait); the
// background schedule (healthCheckInterval) must not keep alive a script
// that forgot dispose(), or a CLI would never exit.
import assert from "node:assert/strict";
import { run } from "../_bounded.ts";

const MOD = JSON.stringify(
  new URL("../../src/models/mod.ts", import.meta.url).href,
);

/** A backend whose health probe never answers and holds nothing open. */
const DEAF = `{
  metadata: { name: "deaf", provider: "test" },
  execute() { return Promise.reject(new Error("unused")); },
  async *executeStream() {},
  healthCheck() { return new Promise(() => {}); },
}`;

Deno.test("healthCheck(): a probe that never answers is false once healthCheckTimeout passes; the wait keeps a script alive", async () => {
  const script = `
import { createRouter } from ${MOD};
const router = createRouter({ healthCheckTimeout: 200 }).register("deaf", ${DEAF});
// Not awaited at top level, as in a script calling main(): only pending
// timers and I/O keep the process alive then.
router.healthCheck().then((healthy) => {
  console.log("healthy:", healthy);
  router.dispose();
});
`;
  const result = await run(Deno.execPath(), {
    args: ["eval", "--no-lock", script],
    timeoutMs: 30_000,
  });
  assert.equal(result.out.trim(), "healthy: false", result.err);
  assert.equal(result.code, 0);
});

Deno.test("background health checks do not keep a script alive that never calls dispose()", async () => {
  const script = `
import { createRouter } from ${MOD};
const router = createRouter({ healthCheckInterval: 100, healthCheckTimeout: 50 })
  .register("deaf", ${DEAF});
await new Promise((resolve) => setTimeout(resolve, 250)); // a few runs scheduled
console.log("done", router.listBackends().length);
`;
  const result = await run(Deno.execPath(), {
    args: ["eval", "--no-lock", script],
    timeoutMs: 30_000,
  });
  assert.equal(result.out.trim(), "done 1", result.err);
  assert.equal(result.code, 0);
});

Deno.test("background health checks do not keep a script alive on a Deno whose timers are numbers (Deno 1's setTimeout)", async () => {
  // Deno 1 handed out numeric timer ids, unref'd through Deno.unrefTimer;
  // the script gives today's Deno that API before loading the router.
  const script = `
const timers = new Map();
let next = 1;
const realSet = globalThis.setTimeout, realClear = globalThis.clearTimeout;
globalThis.setTimeout = (fn, ms, ...args) => {
  const id = next++;
  timers.set(id, realSet(() => { timers.delete(id); fn(...args); }, ms));
  return id;
};
globalThis.clearTimeout = (id) => { realClear(timers.get(id)); timers.delete(id); };
Object.defineProperty(Deno, "unrefTimer", {
  value: (id) => timers.get(id)?.unref(),
  configurable: true,
});
const { createRouter } = await import(${MOD});
const router = createRouter({ healthCheckInterval: 100, healthCheckTimeout: 50 })
  .register("deaf", ${DEAF});
await new Promise((resolve) => setTimeout(resolve, 250));
console.log("done", typeof setTimeout(() => {}, 0));
`;
  const result = await run(Deno.execPath(), {
    args: ["eval", "--no-lock", script],
    timeoutMs: 20_000,
  });
  assert.equal(result.out.trim(), "done number", result.err);
  assert.equal(result.code, 0);
});

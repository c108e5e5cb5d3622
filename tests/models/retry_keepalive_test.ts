// Deno-only: a retry's backoff keeps the process alive. A script whose only
// pending work is the router waiting before its retry must get its answer,
// not exit silently mid-wait (the backoff once ran on the router's unref'd
// timers, meant for background polls; `deno test` then reported "Promise
// resolution is still pending").
import assert from "node:assert/strict";
import { run } from "../_bounded.ts";

const SCRIPT = `
import { AdapterError, createRouter, ErrorCode } from ${
  JSON.stringify(new URL("../../src/models/mod.ts", import.meta.url).href)
};
let calls = 0;
const flaky = {
  metadata: { name: "flaky", provider: "test" },
  execute() {
    calls++;
    if (calls === 1) {
      return Promise.reject(new AdapterError({ code: ErrorCode.PROVIDER_ERROR, message: "busy", statusCode: 503 }));
    }
    return Promise.resolve({ message: { role: "assistant", content: "ok" }, finishReason: "stop", metadata: {} });
  },
  async *executeStream() {},
};
const router = createRouter({ maxRetries: 1, retryBaseDelay: 200, retryMaxDelay: 400 })
  .register("flaky", flaky);
// Not awaited at top level, as in a script calling main(): only pending
// timers and I/O keep the process alive then.
router.execute({ messages: [{ role: "user", content: "hi" }] })
  .then((answer) => console.log(answer.message.content, calls));
`;

Deno.test("retry: the backoff wait keeps a script alive until its answer", async () => {
  const result = await run(Deno.execPath(), {
    args: ["eval", "--no-lock", SCRIPT],
    timeoutMs: 30_000,
  });
  assert.equal(result.err.includes("still pending"), false, result.err);
  assert.equal(result.out.trim(), "ok 2", result.err);
  assert.equal(result.code, 0);
});

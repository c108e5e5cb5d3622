// The fetch-code reader run on pasted code in a bounded subprocess: a
// reader that never ends on some input then fails its test in seconds
// instead of hanging the suite (Deno only).
import assert from "node:assert/strict";
import { run } from "../_bounded.ts";

/**
 * The URL `parseCode` reads from each of `cases`, in order, read by a fresh
 * Deno process that is killed after 20 s; asserts that it exited cleanly.
 */
export async function urlsReadInSubprocess(cases: string[]): Promise<string[]> {
  const source = new URL("../../src/convert/fetch.ts", import.meta.url).href;
  const script = `import { parseCode } from ${JSON.stringify(source)};
for (const code of ${JSON.stringify(cases)}) console.log(parseCode(code).url);`;
  const result = await run(Deno.execPath(), {
    args: ["eval", "--no-lock", script],
    timeoutMs: 20_000,
  });
  assert.equal(result.code, 0, result.err);
  return result.out.trim().split("\n");
}

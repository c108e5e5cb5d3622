// Under a package runner the command watches the runner's parent too (npx
// above `deno task`), read from /proc: while both stay it keeps serving, and
// when the grandparent changes it drains. Checked in-process, the /proc
// file served by the runtime double, so that the test holds where /proc is
// not readable too.
import assert from "node:assert/strict";
import { withTimeout } from "../_bounded.ts";
import { gatewayCommand } from "../../src/cli/gateway.ts";
import { runtimeDouble } from "./_runtime_double.ts";

const BOUND_MS = 15_000;
const PARENT = 4242;

/** The runner's /proc stat line; its command name holds `) ` as a real one may. */
function stat(ppid: number): string {
  return `${PARENT} (sh) -c npx x) S ${ppid} ${PARENT} ${PARENT} 0 -1 4194560`;
}

// Bug: the grandparent taken as gone whenever one was read (`&&`→`||`), so
// under `npx deno task start` the gateway drains and stops a second after it
// started; or the grandparent's change never seen.
Deno.test("switchyard gateway: under a runner whose own parent stays it keeps serving, and drains when that parent changes", async () => {
  let looks = 0;
  let looked = () => {};
  const files: Record<string, string> = { [`/proc/${PARENT}/stat`]: stat(77) };
  const { runtime, out, listening, stop } = runtimeDouble(
    { PORT: "0", INIT_CWD: "/srv" },
    {
      files,
      ppid: () => {
        looks++;
        looked();
        return PARENT;
      },
    },
  );
  const status = gatewayCommand([], runtime);
  const stopped = status.then(() => "stopped" as const);
  try {
    await withTimeout(listening, BOUND_MS, "the command did not listen");
    // The first call is the start's; each later one is a look (1 s apart).
    for (let i = 0; i < 10 && looks < 3; i++) {
      const next = await withTimeout(
        Promise.race([
          new Promise<"looked">((resolve) => looked = () => resolve("looked")),
          stopped,
        ]),
        BOUND_MS,
        "the runner watch never looked",
      );
      assert.equal(next, "looked", `it stopped:\n${out.join("\n")}`);
    }
    assert.ok(looks >= 3, `looks: ${looks}`);
    assert.ok(
      !out.some((line) => line.includes("runner gone")),
      out.join("\n"),
    );
    // npx exits: the runner is re-parented, its parent pid changes.
    files[`/proc/${PARENT}/stat`] = stat(1);
    assert.equal(
      await withTimeout(status, BOUND_MS, "the grandparent's change not seen"),
      0,
    );
    assert.ok(
      out.includes(
        "switchyard: runner gone: draining 0 connection(s), up to 25000 ms",
      ),
      out.join("\n"),
    );
    assert.equal(out.at(-1), "switchyard: stopped");
  } finally {
    // A failing check leaves the command serving: stop it (a no-op once it
    // has returned).
    stop();
    await withTimeout(status, BOUND_MS, "the command did not stop");
  }
});

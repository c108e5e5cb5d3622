// `runGateway` embedded in a program under Node (Node 20 on PATH; skipped
// outside CI when it is missing), the command bundled as the npm package
// ships it: once it has drained and returned, Ctrl-C ends the program as
// it would without it. Node's signal listeners are removed by other code
// than Deno's (process.off), so Deno's run of this test does not cover it.
import assert from "node:assert/strict";
import { withTimeout } from "../_bounded.ts";
import { needs, programPath } from "../_programs.ts";
import { bundleCli } from "./_node_bundle.ts";
import { startCli } from "./_spawn.ts";

const CLI = new URL("../../src/cli/mod.ts", import.meta.url);
const ignore = needs("runGateway embedded under Node", "node").ignore;
const EXIT_MS = 15_000;

const PROGRAM = `
const { runGateway } = await import("./cli.mjs");
const status = await runGateway(process.argv.slice(2));
console.log("runGateway returned " + status);
setInterval(() => {}, 60_000);
console.log("lingering");
`;

// Bug: the stop listeners stay on `process` after runGateway returns, so
// Ctrl-C is swallowed, or answered with "SIGINT again" and status 1.
Deno.test({
  name:
    "runGateway under Node: afterwards, Ctrl-C ends the program as it would without it",
  ignore,
  async fn() {
    const dir = await Deno.makeTempDir();
    try {
      await bundleCli(CLI, dir);
      await Deno.writeTextFile(`${dir}/program.mjs`, PROGRAM);
      const program = await startCli(
        [],
        {},
        dir,
        [`${dir}/program.mjs`],
        programPath("node"),
      );
      try {
        program.child.kill("SIGTERM");
        await program.line(/^lingering$/m);
        program.child.kill("SIGINT");
        const status = await withTimeout(
          program.status,
          EXIT_MS,
          `SIGINT did not end the program; it printed:\n${program.stdout()}\n${program.stderr()}`,
        );
        assert.equal(status.signal, "SIGINT", program.stderr());
        assert.match(program.stdout(), /^runGateway returned 0$/m);
      } finally {
        await program.stop();
      }
    } finally {
      await Deno.remove(dir, { recursive: true });
    }
  },
});

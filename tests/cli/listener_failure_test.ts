// `switchyard gateway` when its listener gives up on its own (Linux or any
// POSIX sh with ulimit; Deno only): started with a low file-descriptor limit
// and sent more connections than it may hold, the listener's accept fails
// and the server stops. The command must not then exit 0 as after a clean
// stop: a supervisor that restarts on failure would leave the port dead.
import assert from "node:assert/strict";
import { stopChild, withTimeout } from "../_bounded.ts";
import { cleanEnv } from "../examples/_serve_process.ts";

const CLI = new URL("../../src/cli/mod.ts", import.meta.url).pathname;
const BOUND_MS = 20_000;
/** Far more connections than the limit leaves descriptors for. */
const CONNECTIONS = 400;

// Bug: the command reads the server's end as a clean stop: it exits 0 with
// no word (or, with the branch's return dropped, reports a drain that
// nobody asked for).
Deno.test({
  name:
    "switchyard gateway: a listener that stops accepting on its own is one line on stderr and status 1",
  ignore: Deno.build.os === "windows",
  async fn() {
    const child = new Deno.Command("sh", {
      args: [
        "-c",
        'ulimit -n 256 && exec "$0" run -A --unstable-no-legacy-abort "$1" gateway',
        Deno.execPath(),
        CLI,
      ],
      clearEnv: true,
      env: cleanEnv({ PORT: "0" }),
      stdin: "null",
      stdout: "piped",
      stderr: "piped",
    }).spawn();
    const decoder = new TextDecoder();
    let out = "";
    const reader = child.stdout.getReader();
    const errText = new Response(child.stderr).text();
    const conns: Deno.Conn[] = [];
    try {
      let port: number | undefined;
      while (port === undefined) {
        const { value, done } = await withTimeout(
          reader.read(),
          BOUND_MS,
          `no listening line: ${out}`,
        );
        if (done) throw new Error(`exited before listening: ${out}`);
        out += decoder.decode(value);
        const match = /listening on http:\/\/127\.0\.0\.1:(\d+)\//.exec(out);
        if (match) port = Number(match[1]);
      }
      for (let i = 0; i < CONNECTIONS; i++) {
        try {
          conns.push(
            await withTimeout(
              Deno.connect({ hostname: "127.0.0.1", port }),
              BOUND_MS,
              "connect",
            ),
          );
        } catch {
          break; // refused: the listener is gone already
        }
      }
      for (const conn of conns.splice(0)) conn.close();
      const status = await withTimeout(
        child.status,
        BOUND_MS,
        `it kept running after ${CONNECTIONS} connections: ${out}`,
      );
      for (;;) {
        const { value, done } = await withTimeout(
          reader.read(),
          BOUND_MS,
          "stdout did not end",
        );
        if (done) break;
        out += decoder.decode(value);
      }
      const err = await errText;
      assert.equal(status.code, 1, `stdout: ${out}\nstderr: ${err}`);
      assert.match(
        err,
        /^switchyard: the server stopped accepting connections on its own \(out of file descriptors\?\); exiting with status 1$/m,
      );
      assert.doesNotMatch(out, /draining/);
    } finally {
      for (const conn of conns) conn.close();
      reader.releaseLock();
      await stopChild(child, 5_000);
      await child.stdout.cancel().catch(() => {});
      await errText.catch(() => {});
    }
  },
});

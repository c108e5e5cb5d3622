// `npx -y deno@2.9.6 task start`, the README's quick start, stopped the way
// systemd, Docker or Kubernetes stop what they started: SIGTERM to the
// process they started, `npx`, alone. npx exits without passing the signal
// on; the server must notice its runner is gone, drain and exit, leaving no
// process behind (Deno only; Linux, where the runner above `deno task` is
// read from /proc).
import assert from "node:assert/strict";
import { fetchSignal, withTimeout } from "../_bounded.ts";
import { waitUntil } from "../_timeout.ts";
import { cleanEnv, ROOT } from "../examples/_serve_process.ts";

const START_MS = 120_000; // npx may fetch Deno first
const EXIT_MS = 20_000;
const LISTENING = /^switchyard: listening on (http:\/\/\S+?)\/ /m;

/** The pids whose parent is `pid`, from /proc. */
function childrenOf(pid: number): number[] {
  const found: number[] = [];
  for (const entry of Deno.readDirSync("/proc")) {
    if (!/^\d+$/.test(entry.name)) continue;
    try {
      const stat = Deno.readTextFileSync(`/proc/${entry.name}/stat`);
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      if (ppid === pid) found.push(Number(entry.name));
    } catch {
      // Gone meanwhile.
    }
  }
  return found;
}

/** Every process below `pid`, now. */
function descendantsOf(pid: number): number[] {
  const all: number[] = [];
  const queue = [pid];
  while (queue.length > 0) {
    for (const child of childrenOf(queue.shift()!)) {
      all.push(child);
      queue.push(child);
    }
  }
  return all;
}

/** Whether `pid` still runs (a zombie has exited). */
function running(pid: number): boolean {
  try {
    const stat = Deno.readTextFileSync(`/proc/${pid}/stat`);
    return stat.slice(stat.lastIndexOf(")") + 2)[0] !== "Z";
  } catch {
    return false;
  }
}

Deno.test({
  name:
    "npx -y deno@2.9.6 task start: SIGTERM to npx alone drains the server and leaves no process",
  ignore: Deno.build.os !== "linux",
  async fn() {
    const npx = new Deno.Command("npx", {
      args: ["-y", "deno@2.9.6", "task", "start"],
      cwd: ROOT,
      clearEnv: true, // cleanEnv passes the whole environment but the settings
      env: cleanEnv({ PORT: "0" }),
      stdin: "null",
      stdout: "piped",
      stderr: "piped",
    }).spawn();
    const stderr = new Response(npx.stderr).text();
    const reader = npx.stdout.pipeThrough(new TextDecoderStream()).getReader();
    let out = "";
    let below: number[] = [];
    try {
      let origin: string | undefined;
      while (origin === undefined) {
        const { value, done } = await withTimeout(
          reader.read(),
          START_MS,
          `no listening line; stdout: ${out}`,
        );
        if (done) throw new Error(`exited early: ${out} ${await stderr}`);
        out += value;
        origin = LISTENING.exec(out)?.[1];
      }
      const health = await fetch(`${origin}/healthz`, {
        signal: fetchSignal(),
      });
      assert.equal(health.status, 200);
      await health.body?.cancel();
      below = descendantsOf(npx.pid);
      assert.ok(below.length >= 2, `deno task and the server: ${below}`);

      npx.kill("SIGTERM");
      await withTimeout(npx.status, EXIT_MS, "npx exits on SIGTERM");
      // The pipe ends once nothing below npx holds it: the server is gone.
      for (;;) {
        const { value, done } = await withTimeout(
          reader.read(),
          EXIT_MS,
          `the server outlived npx; it printed: ${out}`,
        );
        if (done) break;
        out += value;
      }
      assert.match(out, /^switchyard: runner gone: draining/m);
      assert.match(out, /^switchyard: stopped$/m);
      await waitUntil(
        () => below.every((pid) => !running(pid)),
        `left running: ${below.filter(running)}`,
      );
    } finally {
      for (const pid of [...below, npx.pid].filter(running)) {
        try {
          Deno.kill(pid, "SIGKILL");
        } catch {
          // Gone meanwhile.
        }
      }
      await withTimeout(npx.status, EXIT_MS, "npx after SIGKILL");
      reader.releaseLock();
      await npx.stdout.cancel().catch(() => {});
      await withTimeout(stderr, EXIT_MS, "stderr");
    }
  },
});

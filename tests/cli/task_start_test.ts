// `deno task start` (the playground and the gateway) is the command too:
// `--help` prints help instead of serving, and SIGTERM drains (Deno only).
import assert from "node:assert/strict";
import { fetchSignal, withTimeout } from "../_bounded.ts";
import { spawnCli, startCli, TASK_START } from "./_spawn.ts";
import { startUpstream } from "./_upstream.ts";

const EXIT_MS = 15_000;

Deno.test("deno task start --help prints the help and serves nothing", async () => {
  // A taken port: a server started by mistake would fail with status 2.
  const taken = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  try {
    const port = String((taken.addr as Deno.NetAddr).port);
    const help = spawnCli(["--help"], { PORT: port }, undefined, TASK_START);
    const status = await withTimeout(help.status, EXIT_MS, "--help exits");
    await help.stop();
    assert.equal(status.code, 0, help.stderr());
    assert.match(help.stdout(), /^Usage: switchyard gateway/m);
    assert.doesNotMatch(help.stdout(), /listening/);
  } finally {
    taken.close();
  }
});

Deno.test("deno task start: SIGTERM lets a slow stream finish, then exits 0; with nothing in flight it exits at once", async () => {
  const upstream = startUpstream();
  const dir = await Deno.makeTempDir();
  try {
    await Deno.writeTextFile(
      `${dir}/gw.json`,
      JSON.stringify({
        backends: [{
          name: "up",
          provider: "vllm",
          baseURL: `${upstream.origin}/v1`,
          models: ["m-1"],
        }],
      }),
    );
    const task = await startCli(
      [],
      { SWITCHYARD_CONFIG: `${dir}/gw.json`, SWITCHYARD_DRAIN_MS: "60000" },
      undefined,
      TASK_START,
    );
    try {
      const response = await fetch(`${task.origin}/v1/chat/completions`, {
        method: "POST",
        body: JSON.stringify({
          model: "m-1",
          stream: true,
          messages: [{ role: "user", content: "hi" }],
        }),
        signal: fetchSignal(),
      });
      assert.equal(response.status, 200);
      await withTimeout(upstream.streaming, EXIT_MS, "the stream started");
      task.child.kill("SIGTERM"); // to `deno task`, which passes it on
      await task.line(/^switchyard: SIGTERM: draining 1 connection/m);
      upstream.release();
      const text = await withTimeout(response.text(), EXIT_MS, "the stream");
      assert.match(text, /" last"/);
      assert.match(text, /data: \[DONE\]/);
      const status = await withTimeout(task.status, EXIT_MS, "exit");
      assert.equal(
        status.code,
        0,
        `${JSON.stringify(status)} ${task.stderr()}`,
      );
    } finally {
      upstream.release();
      await task.stop();
    }

    const idle = await startCli(
      [],
      { SWITCHYARD_DRAIN_MS: "600000" },
      undefined,
      TASK_START,
    );
    try {
      idle.child.kill("SIGTERM");
      const status = await withTimeout(idle.status, EXIT_MS, "exit when idle");
      assert.equal(
        status.code,
        0,
        `${JSON.stringify(status)} ${idle.stderr()}`,
      );
    } finally {
      await idle.stop();
    }
  } finally {
    await upstream.close();
    await Deno.remove(dir, { recursive: true });
  }
});

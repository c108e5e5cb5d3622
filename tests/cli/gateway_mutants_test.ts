// `switchyard gateway` behaviour the mutation sample (seed 20261129, area
// cli) found unguarded, run as a user runs it (Deno only, a subprocess).
import assert from "node:assert/strict";
import { fetchSignal, withTimeout } from "../_bounded.ts";
import { CLI, spawnCli, startCli } from "./_spawn.ts";
import { startUpstream } from "./_upstream.ts";

/** A bound on an exit that must come on its own, far below a drain bound. */
const EXIT_MS = 15_000;

// Bug: the warning for a backend host Deno may not reach is dropped, or
// given for the in-process backends (no host) instead of the remote one:
// requests to that backend would then fail and fall back with no word why.
Deno.test("switchyard gateway: under a narrow --allow-net, the startup names the backend host it may not reach", async () => {
  const dir = await Deno.makeTempDir();
  try {
    await Deno.writeTextFile(
      `${dir}/gw.json`,
      JSON.stringify({
        backends: [
          {
            name: "far",
            provider: "vllm",
            baseURL: "http://models.invalid:8000/v1",
            models: ["m"],
          },
          { name: "local", provider: "echo" },
        ],
      }),
    );
    const cli = await startCli(
      ["gateway", "--config", "gw.json"],
      {},
      dir,
      [
        "run",
        "--allow-read",
        "--allow-env",
        "--allow-sys",
        "--allow-net=127.0.0.1",
        "--unstable-no-legacy-abort",
        CLI,
      ],
    );
    try {
      const out = cli.stdout();
      const warnings = out.split("\n").filter((line) =>
        line.startsWith("switchyard: warning: no network permission")
      );
      assert.deepEqual(warnings, [
        "switchyard: warning: no network permission for models.invalid:8000 (backend far); add it to --allow-net or requests to this backend fail and fall back.",
      ], out);
    } finally {
      await cli.stop();
    }
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

// Bug: a second signal while draining exits 1 without saying why: the
// operator cannot tell a forced exit from a crash.
Deno.test("switchyard gateway: a second SIGTERM while a stream drains says so on stderr and exits 1 at once", async () => {
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
    const cli = await startCli(
      ["gateway", "-c", "gw.json", "--drain-ms", "600000"],
      {},
      dir,
    );
    try {
      const response = await fetch(`${cli.origin}/v1/chat/completions`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({
          model: "m-1",
          stream: true,
          messages: [{ role: "user", content: "hi" }],
        }),
        signal: fetchSignal(),
      });
      assert.equal(response.status, 200);
      await withTimeout(upstream.streaming, EXIT_MS, "the stream started");
      cli.child.kill("SIGTERM");
      await cli.line(/^switchyard: SIGTERM: draining 1 connection/m);
      cli.child.kill("SIGTERM");
      const status = await withTimeout(
        cli.status,
        EXIT_MS,
        "exit on the second signal, the drain bound far away",
      );
      assert.equal(status.code, 1);
      assert.match(
        cli.stderr(),
        /^switchyard: SIGTERM again: exiting without waiting$/m,
      );
      await response.body?.cancel().catch(() => {});
    } finally {
      upstream.release();
      await cli.stop();
    }
  } finally {
    await upstream.close();
    await Deno.remove(dir, { recursive: true });
  }
});

// Bug: a port already in use (Deno's AddrInUse) is reported with the
// runtime's raw message instead of saying what to do about it. (The fresh
// draw's `||`→`&&` there shows only on Node: Deno's error has both.)
Deno.test("switchyard gateway: a port in use is one line that says to set PORT, status 2", async () => {
  const taken = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  try {
    const cli = spawnCli(["gateway"], {
      PORT: String((taken.addr as Deno.NetAddr).port),
    });
    try {
      const status = await withTimeout(cli.status, EXIT_MS, "exit");
      assert.equal(status.code, 2, cli.stderr());
      assert.match(
        cli.stderr(),
        /the port is in use; set PORT to another port, or PORT=0 for a free one/,
      );
    } finally {
      await cli.stop();
    }
  } finally {
    taken.close();
  }
});

// Bug (fresh draw, seed 20261130): the PORT variable is ignored and the
// gateway listens on its default port.
Deno.test("switchyard gateway: listens on the port PORT names", async () => {
  const probe = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const port = (probe.addr as Deno.NetAddr).port;
  probe.close();
  const cli = await startCli(["gateway"], { PORT: String(port) });
  try {
    assert.equal(new URL(cli.origin).port, String(port));
    const health = await fetch(`${cli.origin}/healthz`, {
      signal: fetchSignal(),
    });
    assert.equal(health.status, 200);
    await health.body?.cancel();
  } finally {
    await cli.stop();
  }
});

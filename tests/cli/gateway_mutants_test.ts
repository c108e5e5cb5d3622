// `switchyard gateway` behaviour the mutation sample (seed 20261129, area
// cli) found unguarded, run as a user runs it (Deno only, a subprocess).
import assert from "node:assert/strict";
import { CLI, startCli } from "./_spawn.ts";

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

// `switchyard gateway` run as a user runs it (Deno only): a config file in
// the user's own directory, the startup summary, a request through to a
// loopback upstream, and the drain on SIGTERM and SIGINT.
import assert from "node:assert/strict";
import { fetchSignal, withTimeout } from "../_bounded.ts";
import { spawnCli, startCli } from "./_spawn.ts";
import { startUpstream } from "./_upstream.ts";

/** A bound on an exit that must come on its own, far below a drain bound. */
const EXIT_MS = 15_000;

/** A config with comments and a trailing comma, pointing at `origin`. */
function configText(origin: string): string {
  return `{
  // the user's own OpenAI-compatible server
  "backends": [
    { "name": "up", "provider": "vllm", "baseURL": "${origin}/v1", "models": ["m-1", "m-2"], },
  ],
  /* no keys: loopback only */
}
`;
}

async function chat(origin: string, model: string, stream = false) {
  return await fetch(`${origin}/v1/chat/completions`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      model,
      stream,
      messages: [{ role: "user", content: "hi" }],
    }),
    signal: fetchSignal(),
  });
}

Deno.test("switchyard gateway: a relative --config is read from the caller's directory; the summary says what is served", async () => {
  const upstream = startUpstream();
  const dir = await Deno.makeTempDir();
  try {
    await Deno.writeTextFile(`${dir}/gw.json`, configText(upstream.origin));
    const cli = await startCli(["gateway", "--config", "gw.json"], {}, dir);
    try {
      const out = cli.stdout();
      const real = await Deno.realPath(dir);
      assert.ok(
        out.includes(`switchyard: config file: ${dir}/gw.json`) ||
          out.includes(`switchyard: config file: ${real}/gw.json`),
        out,
      );
      assert.match(
        out,
        /^switchyard: backends from the config file: up \(vllm\)$/m,
      );
      assert.match(
        out,
        new RegExp(
          `^switchyard:   up: vllm at ${upstream.origin}/v1; default model m-1; models m-1, m-2$`,
          "m",
        ),
      );
      assert.match(out, /^switchyard: keys: off /m);
      assert.match(out, /^switchyard: state: local to this process/m);

      const response = await chat(cli.origin, "m-2");
      assert.equal(response.status, 200);
      assert.equal(
        (await response.json()).choices[0].message.content,
        "hello from upstream",
      );
      assert.deepEqual(upstream.models, ["m-2"]);
      const health = await fetch(`${cli.origin}/healthz`, {
        signal: fetchSignal(),
      });
      assert.deepEqual(await health.json(), { status: "ok" });
    } finally {
      const status = await cli.stop();
      assert.equal(status.code, 0, cli.stderr());
    }
  } finally {
    await upstream.close();
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("switchyard gateway: under a task runner SWITCHYARD_CONFIG is read from INIT_CWD, and a missing file names the absolute path", async () => {
  const upstream = startUpstream();
  const dir = await Deno.makeTempDir();
  const elsewhere = await Deno.makeTempDir();
  try {
    await Deno.writeTextFile(`${dir}/gw.json`, configText(upstream.origin));
    // Run from another directory, as `deno task` runs from the project root.
    const cli = await startCli(
      ["gateway"],
      { SWITCHYARD_CONFIG: "gw.json", INIT_CWD: dir },
      elsewhere,
    );
    try {
      assert.match(
        cli.stdout(),
        /^switchyard: backends from the config file: up \(vllm\)$/m,
      );
    } finally {
      assert.equal((await cli.stop()).code, 0);
    }

    const missing = spawnCli(["gateway", "--config", "nope.json"], {}, dir);
    const status = await withTimeout(missing.status, EXIT_MS, "missing config");
    await missing.stop();
    assert.equal(status.code, 2);
    assert.equal(
      missing.stderr(),
      `switchyard: ${dir}/nope.json: cannot read the config file: it does not exist (nope.json is read from the directory the command ran in, ${dir})\n`,
    );
  } finally {
    await upstream.close();
    await Deno.remove(dir, { recursive: true });
    await Deno.remove(elsewhere, { recursive: true });
  }
});

Deno.test("switchyard gateway: OPENAI_BASE_URL with OPENAI_MODEL serves that model when a request names the backend", async () => {
  const upstream = startUpstream();
  try {
    const cli = await startCli(["gateway"], {
      OPENAI_API_KEY: "sk-test",
      OPENAI_BASE_URL: `${upstream.origin}/v1`,
      OPENAI_MODEL: "served-model",
    });
    try {
      assert.match(
        cli.stdout(),
        /^switchyard: {3}openai: openai at .*; default model served-model$/m,
      );
      const response = await chat(cli.origin, "openai");
      assert.equal(response.status, 200, await response.clone().text());
      await response.body?.cancel();
      assert.deepEqual(upstream.models, ["served-model"]);
    } finally {
      assert.equal((await cli.stop()).code, 0);
    }
  } finally {
    await upstream.close();
  }
});

for (
  const [signal, listener] of [
    ["SIGTERM", "bounded"],
    ["SIGINT", "bounded"],
    // Deno.serve's own shutdown, through the same drain.
    ["SIGTERM", "deno-serve"],
  ] as const
) {
  Deno.test(`switchyard gateway --listener ${listener}: ${signal} lets a stream in flight finish, then exits 0`, async () => {
    const upstream = startUpstream();
    const dir = await Deno.makeTempDir();
    try {
      await Deno.writeTextFile(`${dir}/gw.json`, configText(upstream.origin));
      const cli = await startCli(
        [
          "gateway",
          "-c",
          "gw.json",
          "--drain-ms",
          "60000",
          "--listener",
          listener,
        ],
        {},
        dir,
      );
      try {
        const response = await chat(cli.origin, "m-1", true);
        assert.equal(response.status, 200);
        const reader = response.body!.pipeThrough(new TextDecoderStream())
          .getReader();
        let text = "";
        await withTimeout(upstream.streaming, EXIT_MS, "the stream started");
        while (!text.includes("first")) {
          const { value, done } = await withTimeout(
            reader.read(),
            EXIT_MS,
            "first chunk",
          );
          if (done) break;
          text += value;
        }
        cli.child.kill(signal);
        await cli.line(
          new RegExp(`^switchyard: ${signal}: draining 1 connection`, "m"),
        );
        // New connections are refused while draining.
        await assert.rejects(
          fetch(`${cli.origin}/healthz`, { signal: fetchSignal(5_000) }),
        );
        upstream.release();
        for (;;) {
          const { value, done } = await withTimeout(
            reader.read(),
            EXIT_MS,
            "rest of the stream",
          );
          if (done) break;
          text += value;
        }
        assert.match(text, /" last"/);
        assert.match(text, /data: \[DONE\]/);
        const status = await withTimeout(
          cli.status,
          EXIT_MS,
          "exit after the drain",
        );
        assert.equal(status.code, 0, cli.stderr());
        assert.match(cli.stdout(), /^switchyard: stopped$/m);
      } finally {
        upstream.release();
        await cli.stop();
      }
    } finally {
      await upstream.close();
      await Deno.remove(dir, { recursive: true });
    }
  });
}

Deno.test("switchyard gateway: SIGTERM with nothing in flight exits 0 without waiting for the drain bound", async () => {
  // A drain bound far longer than the test's own bound: exiting within the
  // test's bound shows the command did not sit out the drain.
  const cli = await startCli(["gateway", "--drain-ms", "600000"]);
  try {
    // An idle keep-alive connection must not hold the drain either.
    const warm = await fetch(`${cli.origin}/healthz`, {
      signal: fetchSignal(),
    });
    await warm.body?.cancel();
    cli.child.kill("SIGTERM");
    const status = await withTimeout(
      cli.status,
      EXIT_MS,
      "exit with nothing in flight",
    );
    assert.equal(status.code, 0);
  } finally {
    await cli.stop();
  }
});

Deno.test("switchyard gateway: past the drain bound the stream is cut and the exit status is 1", async () => {
  const upstream = startUpstream();
  const dir = await Deno.makeTempDir();
  try {
    await Deno.writeTextFile(`${dir}/gw.json`, configText(upstream.origin));
    const cli = await startCli(
      ["gateway", "-c", "gw.json", "--drain-ms", "200"],
      {},
      dir,
    );
    try {
      const response = await chat(cli.origin, "m-1", true);
      await withTimeout(upstream.streaming, EXIT_MS, "the stream started");
      cli.child.kill("SIGTERM");
      const status = await withTimeout(
        cli.status,
        EXIT_MS,
        "exit at the bound",
      );
      assert.equal(status.code, 1);
      assert.match(
        cli.stderr(),
        /^switchyard: 1 connection\(s\) still open after 200 ms; closing them$/m,
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

Deno.test("switchyard gateway: every request's log line reaches stdout before the exit on SIGTERM, in order", async () => {
  // The log lines are gathered and written in batches: the ones gathered
  // when the signal comes must still be written, before "stopped".
  const upstream = startUpstream();
  const dir = await Deno.makeTempDir();
  try {
    await Deno.writeTextFile(`${dir}/gw.json`, configText(upstream.origin));
    const cli = await startCli(["gateway", "-c", "gw.json"], {}, dir);
    try {
      const ids: string[] = [];
      for (let i = 0; i < 25; i++) {
        const response = await chat(cli.origin, i % 2 ? "m-1" : "M-2");
        ids.push(response.headers.get("x-request-id") ?? "");
        await response.body?.cancel();
      }
      cli.child.kill("SIGTERM");
      const status = await withTimeout(cli.status, EXIT_MS, "exit");
      assert.equal(status.code, 0, cli.stderr());
      await cli.stop();
      const lines = cli.stdout().split("\n");
      const logged = lines.filter((line) => line.startsWith("{"))
        .map((line) => JSON.parse(line).request_id);
      assert.deepEqual(logged, ids);
      const last = lines.findLastIndex((line) => line.startsWith("{"));
      assert.ok(last < lines.indexOf("switchyard: stopped"), cli.stdout());
    } finally {
      await cli.stop();
    }
  } finally {
    await upstream.close();
    await Deno.remove(dir, { recursive: true });
  }
});

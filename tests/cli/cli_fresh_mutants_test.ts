// Behaviour the command's fresh mutation draws (seed 20261160 on, area cli)
// found unguarded: each test names the planted bug it catches. The Node
// runtime is checked in-process: a fresh copy of the runtime module is
// loaded while `Deno` is hidden, so it builds the runtime it builds on Node
// (Deno's node:fs stands in for Node's, with the same error codes).
import assert from "node:assert/strict";
import type { FileError } from "../../src/cli/_runtime.ts";
import { summaryLines } from "../../src/cli/_summary.ts";
import { planGateway } from "../../src/gateway/from_config.ts";
import { gatewayCommand } from "../../src/cli/gateway.ts";
import { convertCommand } from "../../src/cli/convert.ts";
import { LineBuffer } from "../../src/cli/_line_buffer.ts";
import { fetchSignal, withTimeout } from "../_bounded.ts";
import { waitUntil } from "../_timeout.ts";
import { needs } from "../_programs.ts";
import { startRedis } from "../models/stores/_redis_server.ts";
import { runtimeDouble } from "./_runtime_double.ts";
import { runtimeModuleWith } from "./_runtime_as.ts";

/** The runtime module as Node loads it: no `Deno` global while it loads. */
const asOnNode = () => runtimeModuleWith();

// Bug (seed 20261160, `_runtime.ts:229`, "ENOENT" emptied): on Node a
// missing file reads as unreadable, so `switchyard convert nope.http` and
// `--config nope.json` say "cannot read …: ENOENT: …" where Deno says
// "no such file".
Deno.test("the Node runtime reports a missing file as missing, and a directory as unreadable", async () => {
  const runtime = await (await asOnNode()).currentRuntime();
  assert.equal(runtime.name, "node");
  const dir = await Deno.makeTempDir();
  try {
    const missing = `${dir}/nope.http`;
    for (const read of [runtime.readFile, runtime.readFileSync]) {
      const error = await (async () => {
        try {
          await read(missing);
        } catch (error) {
          return error;
        }
      })();
      assert.ok(error instanceof Error && error.name === "FileError");
      const file = error as FileError;
      assert.equal(file.code, "NOT_FOUND");
      assert.equal(file.message, `no such file: ${missing}`);
      assert.equal(file.path, missing);
      const unreadable = await (async () => {
        try {
          await read(dir);
        } catch (error) {
          return error as FileError;
        }
      })();
      assert.equal(unreadable?.code, "UNREADABLE");
      assert.match(unreadable?.message ?? "", /^cannot read .+: \S/);
    }
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

// Bug (seed 20261160, `_runtime.ts:272`, the Node `exit`'s flush dropped):
// log lines gathered in the last 100 ms are lost when the process exits on
// Node. Today's one caller (a second Ctrl-C) writes a line with `err` just
// before, which flushes too; the runtime's contract, which any new exit
// path relies on, is that `out`, `err` and `exit` each write them first.
Deno.test("the Node runtime writes the gathered log lines before it exits", async () => {
  const runtime = await (await asOnNode()).currentRuntime();
  // deno-lint-ignore no-explicit-any
  const process = (globalThis as any).process;
  const written: string[] = [];
  const write = process.stdout.write;
  const exit = process.exit;
  process.stdout.write = (text: string) => written.push(`stdout ${text}`);
  process.exit = (code: number) => {
    written.push(`exit ${code}`);
    throw new Error("exited");
  };
  try {
    runtime.log('{"event":"request","status":200}');
    runtime.log('{"event":"request","status":503}');
    assert.throws(() => runtime.exit(1), /exited/);
  } finally {
    process.stdout.write = write;
    process.exit = exit;
  }
  assert.deepEqual(written, [
    'stdout {"event":"request","status":200}\n{"event":"request","status":503}\n',
    "exit 1",
  ]);
});

// Bug (seed 20261160, `_summary.ts:53`, `> 0` → `> 1`): a backend that
// serves exactly one model has no "models" part in the startup summary, so
// the operator cannot see which name reaches it.
Deno.test("the startup summary names the models each backend serves, one model included", async () => {
  const config = JSON.stringify({
    backends: [
      {
        name: "one",
        provider: "vllm",
        baseURL: "http://127.0.0.1:8001/v1",
        models: ["m-1"],
      },
      {
        name: "two",
        provider: "vllm",
        baseURL: "http://127.0.0.1:8002/v1",
        models: ["m-2", "m-3"],
      },
      { name: "none", provider: "vllm", baseURL: "http://127.0.0.1:8003/v1" },
    ],
  });
  const plan = await planGateway(
    (name) => name === "SWITCHYARD_CONFIG" ? "/etc/gw.json" : undefined,
    () => config,
  );
  const lines = summaryLines(plan, "/etc/gw.json", undefined);
  const line = (name: string) =>
    lines.find((l) => l.startsWith(`switchyard:   ${name}: `)) ?? "";
  assert.match(line("one"), /; models m-1$/, lines.join("\n"));
  assert.match(line("two"), /; models m-2, m-3$/, lines.join("\n"));
  assert.doesNotMatch(line("none"), /models/, lines.join("\n"));
});

// Bug (seed 20261160, `gateway.ts:392`, the `timeoutMs === undefined`
// test inverted): the config's `redis.timeoutMs` is dropped, so the fleet
// and the shared rate limits wait the default 100 ms for a stalled Redis
// whatever the operator set. The warning names the bound it used.
Deno.test({
  name:
    "switchyard gateway: the config's redis.timeoutMs bounds the router's and the rate limits' Redis calls",
  ignore: needs("the command's Redis timeout", "redis-server").ignore,
  async fn() {
    const redis = await startRedis();
    const key = "sk-timeout-0123456789";
    const config = JSON.stringify({
      redis: { url: `redis://127.0.0.1:${redis.port}`, timeoutMs: 250 },
      keys: [{ id: "team", key: "$TEAM_KEY", rpm: 600 }],
    });
    const { runtime, out, listening, stop } = runtimeDouble(
      { PORT: "0", TEAM_KEY: key },
      { files: { "/srv/gw.json": config } },
    );
    const status = gatewayCommand(["--config", "gw.json"], runtime);
    try {
      await withTimeout(listening, 20_000, "the command did not listen");
      const origin = /listening on (http:\/\/\S+?)\/? /.exec(
        out.find((line) => line.startsWith("switchyard: listening on")) ?? "",
      )?.[1];
      assert.ok(origin, out.join("\n"));
      redis.pause();
      try {
        const answer = await fetch(`${origin}/v1/chat/completions`, {
          method: "POST",
          headers: {
            "content-type": "application/json",
            authorization: `Bearer ${key}`,
          },
          body: JSON.stringify({
            model: "echo",
            messages: [{ role: "user", content: "Redis is stalled" }],
          }),
          signal: fetchSignal(),
        });
        assert.equal(answer.status, 200, await answer.clone().text());
        await answer.body?.cancel();
        const warning = (code: string) =>
          out.find((line) => line.includes(`"code":"${code}"`));
        await waitUntil(
          () =>
            warning("store-unavailable") !== undefined &&
            warning("rate-limit-store-unavailable") !== undefined,
          `both stores' warnings: ${out.join("\n")}`,
        );
        for (
          const code of ["store-unavailable", "rate-limit-store-unavailable"]
        ) {
          assert.match(warning(code)!, /no answer within 250 ms/, code);
        }
      } finally {
        redis.resume();
      }
    } finally {
      stop();
      assert.equal(await withTimeout(status, 20_000, "no drain"), 0);
      await redis.stop();
    }
  },
});

// Bug (seed 20261160, `convert.ts:472`, `?? String(error)` dropped or made
// `||`): a failure that is no input error (here stdout refusing the answer,
// as a closed pipe does) must still be one line on stderr naming its
// reason, status 70. It printed "undefined" for a thrown non-Error, and
// nothing after "internal error: " for an Error without a message (fixed:
// the message, or the value's own text when the message is empty).
Deno.test("switchyard convert: an internal failure is one line naming its reason, status 70", async () => {
  const cases: [unknown, string][] = [
    [new Error("Broken pipe (os error 32)"), "Broken pipe (os error 32)"],
    [new TypeError(""), "TypeError"],
    ["stdout closed", "stdout closed"],
  ];
  for (const [thrown, reason] of cases) {
    const { runtime, out } = runtimeDouble({});
    const failing = {
      ...runtime,
      out: () => {
        throw thrown;
      },
    };
    const status = await convertCommand(
      ["--to", "curl", "GET https://api.example.com/ HTTP/1.1"],
      failing,
    );
    assert.equal(status, 70, out.join("\n"));
    assert.deepEqual(out, [`error: internal error: ${reason}`]);
  }
});

// The same contract on Deno (`_runtime.ts:192`, the Deno `exit`'s flush).
Deno.test("the Deno runtime writes the gathered log lines before it exits", async () => {
  const { currentRuntime } = await import("../../src/cli/_runtime.ts");
  const runtime = await currentRuntime();
  assert.equal(runtime.name, "deno");
  const written: string[] = [];
  const stdout = Deno.stdout as unknown as Record<string, unknown>;
  const exit = Deno.exit;
  stdout.writeSync = (bytes: Uint8Array) => {
    written.push(`stdout ${new TextDecoder().decode(bytes)}`);
    return bytes.byteLength;
  };
  Deno.exit = ((code: number) => {
    written.push(`exit ${code}`);
    throw new Error("exited");
  }) as typeof Deno.exit;
  try {
    runtime.log('{"event":"request","status":200}');
    assert.throws(() => runtime.exit(2), /exited/);
  } finally {
    delete stdout.writeSync;
    Deno.exit = exit;
  }
  assert.deepEqual(written, [
    'stdout {"event":"request","status":200}\n',
    "exit 2",
  ]);
});

// Bug (planted by hand, `_line_buffer.ts:41`, `>=` → `>`): gathered lines
// that reach the bound exactly wait for the timer instead of going out at
// once ("a flush when the gathered text reaches this length").
Deno.test("LineBuffer: lines that reach the bound exactly are written at once", () => {
  const writes: string[] = [];
  let scheduled = 0;
  const logs = new LineBuffer(
    {
      write: (text) => void writes.push(text),
      later: () => {
        scheduled++;
        return () => {};
      },
    },
    10,
    60_000,
  );
  logs.add("abcd"); // 5 with its newline
  assert.deepEqual(writes, []);
  assert.equal(scheduled, 1);
  logs.add("efgh"); // 10: the bound
  assert.deepEqual(writes, ["abcd\nefgh\n"]);
});

// The startup summary's lines about keys, the admin API, the shared state
// and the response cache, for the settings an operator checks there (planted
// by hand: each `??` default, count and branch of `_summary.ts`, which only
// the command's subprocess tests reached before).
Deno.test("the startup summary: keys, admin paths, shared state and the response cache, as configured", async () => {
  const vars: Record<string, string> = {
    SWITCHYARD_CONFIG: "/etc/gw.json",
    K1: "sk-aaaaaaaaaaaaaaaa1",
    K2: "sk-bbbbbbbbbbbbbbbb2",
    ADMIN: "sk-admin-cccccccccccc",
  };
  const lines = async (
    config: unknown,
    redis?: { where: string; connected: boolean },
    configPath: string | undefined = "/etc/gw.json",
  ) => {
    const plan = await planGateway(
      (name) => vars[name],
      () => JSON.stringify(config),
    );
    return summaryLines(plan, configPath, redis).filter((line) =>
      !line.startsWith("switchyard:   ") && !/local test backends/.test(line)
    );
  };
  const where = "redis://127.0.0.1:6379";
  const EVERY_ROUTE =
    "every route but /metrics, /healthz and /readyz needs one";
  assert.deepEqual(
    await lines({ admin: { key: "$ADMIN" } }, { where, connected: true }),
    [
      "switchyard: config file: /etc/gw.json",
      `switchyard: keys: on (none in the config yet: create them through the admin API; ${EVERY_ROUTE})`,
      "switchyard: admin API at /admin, console at /console (both need the admin key)",
      `switchyard: shared state on Redis ${where}`,
    ],
  );
  assert.deepEqual(
    await lines({
      keys: [{ id: "a", key: "$K1" }],
      admin: { key: "$ADMIN", path: "/ops", consolePath: "/ui" },
      cache: { ttlSeconds: 60, maxBytes: 1000, enabled: false },
    }, { where, connected: false }),
    [
      "switchyard: config file: /etc/gw.json",
      `switchyard: keys: on (1 key; ${EVERY_ROUTE})`,
      "switchyard: admin API at /ops, console at /ui (both need the admin key)",
      `switchyard: shared state on Redis ${where} (not answering yet: running on local state until it does)`,
      "switchyard: response cache: in memory, at most 1000 bytes; answers kept 60s; for keys with cache: true and requests sending x-switchyard-cache-ttl",
    ],
  );
  assert.deepEqual(
    await lines({
      keys: [{ id: "a", key: "$K1" }, { id: "b", key: "$K2" }],
      cache: {},
    }),
    [
      "switchyard: config file: /etc/gw.json",
      `switchyard: keys: on (2 keys; ${EVERY_ROUTE})`,
      "switchyard: state: local to this process (REDIS_URL or the config's redis shares it across instances)",
      "switchyard: response cache: in memory, at most 67108864 bytes; answers kept 3600s; for every chat request but keys with cache: false",
    ],
  );
  assert.deepEqual(
    await lines(
      {
        cache: { store: "shared", namespace: "n1" },
        redis: { url: "redis://127.0.0.1:6379" },
      },
      { where, connected: true },
    ),
    [
      "switchyard: config file: /etc/gw.json",
      "switchyard: keys: off (anyone who reaches the port may call; loopback only)",
      `switchyard: shared state on Redis ${where}`,
      "switchyard: response cache: shared on Redis (namespace n1); answers kept 3600s; for every chat request but keys with cache: false",
    ],
  );
  // A ttl of 0 (nothing stored unless a request sends its own ttl) is
  // shown as 0, not as the default 3600.
  assert.match(
    (await lines({ cache: { ttlSeconds: 0 } })).at(-1) ?? "",
    /; answers kept 0s; /,
  );
  const bare = await planGateway(() => undefined, () => "");
  assert.equal(
    summaryLines(bare, undefined, undefined)[0],
    "switchyard: config file: none (--config FILE or SWITCHYARD_CONFIG names one)",
  );
});

// Bug (planted by hand, `gateway.ts:140`, `ignoreBOM: false` → `true`; the
// draw of seed 20261161 holds it): a config file saved with a byte order mark
// (Notepad's "UTF-8 with BOM") is refused, the mark read as its first
// character.
Deno.test("switchyard gateway: a config file starting with a byte order mark is read", async () => {
  const config = new Uint8Array([
    0xef,
    0xbb,
    0xbf,
    ...new TextEncoder().encode('{ "keys": [] }'),
  ]);
  const { runtime, out, listening, stop } = runtimeDouble(
    { PORT: "0" },
    { files: { "/srv/gw.json": config } },
  );
  const status = gatewayCommand(["--config", "gw.json"], runtime);
  const started = await withTimeout(
    Promise.race([listening.then(() => "listening"), status]),
    20_000,
    "the command neither listened nor ended",
  );
  stop();
  assert.equal(started, "listening", out.join("\n"));
  assert.equal(await withTimeout(status, 20_000, "no drain"), 0);
  assert.ok(
    out.includes("switchyard: config file: /srv/gw.json"),
    out.join("\n"),
  );
});

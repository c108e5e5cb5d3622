// What the cli area's fresh draw of seed 20261163 left unguarded, checked
// in-process with the runtime double.
import assert from "node:assert/strict";
import { fetchSignal, withTimeout } from "../_bounded.ts";
import { CONVERT_HELP, convertCommand } from "../../src/cli/convert.ts";
import { gatewayCommand } from "../../src/cli/gateway.ts";
import type { Gateway } from "../../src/gateway/gateway_types.ts";
import { createEchoAdapter } from "../../src/models/testing.ts";
import { needs } from "../_programs.ts";
import { connect, startRedis } from "../models/stores/_redis_server.ts";
import { runtimeDouble } from "./_runtime_double.ts";
import { summaryLines } from "../../src/cli/_summary.ts";
import { planGateway } from "../../src/gateway/from_config.ts";

const BOUND_MS = 20_000;

const CURL = "curl https://api.example/v1/items -d 'a=1'";

// Bug (seed 20261163, `convert.ts`, the `return 0` after the help dropped):
// `switchyard convert --help` printed the help, then converted whatever it
// was given (the argument, piped stdin, else the built-in sample) as well.
Deno.test("switchyard convert --help prints the help alone and converts nothing", async () => {
  const inputs: [string[], Uint8Array | undefined][] = [
    [["--help"], undefined],
    [["-h"], new TextEncoder().encode(CURL)],
    [["--help", "--to", "curl", CURL], undefined],
    [["--to", "http", "-h", "-"], new TextEncoder().encode(CURL)],
  ];
  for (const [args, stdin] of inputs) {
    const double = runtimeDouble({}, stdin ? { stdin } : {});
    assert.equal(await convertCommand(args, double.runtime), 0, String(args));
    assert.deepEqual(double.out, [CONVERT_HELP], String(args));
  }
});

/**
 * Runs `switchyard gateway` in-process until it listens, then closes its
 * listener under the server (its accept then fails with BadResource, as
 * when the runtime drops it): the server stops on its own. Returns the
 * command's status, what it printed and the gateway it served.
 */
async function listenerGone(
  vars: Record<string, string>,
  files: Record<string, string> = {},
  args: string[] = [],
) {
  const double = runtimeDouble({ PORT: "0", ...vars }, { files });
  const realListen = Deno.listen;
  const listeners: Deno.Listener[] = [];
  // deno-lint-ignore no-explicit-any
  (Deno as any).listen = (options: any) => {
    const listener = realListen(options);
    listeners.push(listener);
    return listener;
  };
  let served: Gateway | undefined;
  let outcome: Promise<number>;
  try {
    outcome = gatewayCommand(args, double.runtime, {
      wrap: (gateway) => (served = gateway),
    });
    await withTimeout(
      Promise.race([outcome, double.listening]),
      BOUND_MS,
      "the command did not listen",
    );
  } finally {
    Deno.listen = realListen;
  }
  assert.equal(listeners.length, 1, double.out.join("\n"));
  assert.ok(served, "the gateway was served");
  listeners[0].close();
  const status = await withTimeout(outcome, BOUND_MS, "the command went on");
  assert.equal(status, 1);
  assert.ok(
    double.out.includes(
      "switchyard: the server stopped accepting connections on its own; exiting with status 1",
    ),
    double.out.join("\n"),
  );
  return { out: double.out, gateway: served };
}

// Bug (planted by hand beside the seed 20261163 survivor below:
// `gateway.dispose()` dropped where the listener went away on its own): the
// command returned status 1 with the gateway's router still running, its
// health checks' timer keeping the process of a program built on
// `runGateway` alive (the test's op sanitizer reports that timer too).
Deno.test("switchyard gateway: a listener gone on its own exits 1 with the gateway disposed, its health checks stopped", async () => {
  const config = JSON.stringify({
    backends: [{ name: "e", provider: "echo" }],
    healthChecks: { intervalMs: 60_000 },
  });
  const { gateway } = await listenerGone({}, { "/srv/gw.json": config }, [
    "--config",
    "gw.json",
  ]);
  assert.throws(
    () => gateway.router.register("late", createEchoAdapter()),
    (error: Error) => /disposed/i.test(error.message),
  );
});

// Bug (seed 20261163, `gateway.ts`, `await shared?.close()` dropped where
// the listener went away on its own): the command returned status 1 with
// its Redis connection still open, keeping an embedding program alive and
// a client on the operator's Redis (the resource sanitizer reports it too).
Deno.test({
  name:
    "switchyard gateway with Redis: a listener gone on its own exits 1 with its Redis connection closed",
  ignore: needs("the command's shared state on Redis", "redis-server").ignore,
  async fn() {
    const redis = await startRedis();
    const admin = await connect(redis.port);
    try {
      const clients = async () =>
        String(await admin.command(["CLIENT", "LIST"])).trim().split("\n")
          .length;
      const before = await clients();
      const { out } = await listenerGone({
        REDIS_URL: `redis://127.0.0.1:${redis.port}`,
      });
      assert.ok(
        out.includes(
          `switchyard: shared state on Redis redis://127.0.0.1:${redis.port}`,
        ),
        out.join("\n"),
      );
      // Redis sees the close a moment after the client sent it.
      let after = await clients();
      for (let i = 0; i < 50 && after !== before; i++) {
        await new Promise((resolve) => setTimeout(resolve, 20));
        after = await clients();
      }
      assert.equal(after, before, "the command's Redis client is gone");
    } finally {
      await admin.close();
      await redis.stop();
    }
  },
});

// Bugs (planted by hand in `_redis.ts`, the rules' condition-inverted and
// dropped-default mutants of the prefix): the config's `redis.prefix` not
// handed to the store, or a prefix of "undefined:" where none is given: two
// fleets on one Redis would share breakers and rate limits, or a fleet's
// keys move from under its default `switchyard:` namespace on upgrade.
Deno.test({
  name:
    "switchyard gateway with Redis: its keys live under the config's redis.prefix, else under switchyard:",
  ignore: needs("the command's shared state on Redis", "redis-server").ignore,
  async fn() {
    const redis = await startRedis();
    const admin = await connect(redis.port);
    const secret = "sk-prefix-0123456789";
    try {
      for (const prefix of ["fleet-a", undefined]) {
        await admin.command(["FLUSHALL"]);
        const config = JSON.stringify({
          keys: [{ id: "team", key: "$TEAM_KEY", rpm: 60 }],
          redis: { url: "$REDIS_URL", ...(prefix ? { prefix } : {}) },
        });
        const double = runtimeDouble({
          PORT: "0",
          TEAM_KEY: secret,
          REDIS_URL: `redis://127.0.0.1:${redis.port}`,
        }, { files: { "/srv/gw.json": config } });
        const status = gatewayCommand(["-c", "gw.json"], double.runtime);
        try {
          await withTimeout(double.listening, BOUND_MS, "no listening line");
          const origin = /listening on (http:\/\/\S+?)\/ /.exec(
            double.out.find((line) => line.includes("listening on")) ?? "",
          )?.[1];
          assert.ok(origin, double.out.join("\n"));
          const answer = await fetch(`${origin}/v1/chat/completions`, {
            method: "POST",
            headers: {
              "content-type": "application/json",
              authorization: `Bearer ${secret}`,
            },
            body: JSON.stringify({
              model: "echo",
              messages: [{ role: "user", content: "hi" }],
            }),
            signal: fetchSignal(),
          });
          assert.equal(answer.status, 200, await answer.text());
        } finally {
          double.stop();
          assert.equal(await withTimeout(status, BOUND_MS, "no drain"), 0);
        }
        const keys = (await admin.command(["KEYS", "*"])) as string[];
        assert.ok(keys.length > 0, "the rate limit is counted in Redis");
        const namespace = `${prefix ?? "switchyard"}:`;
        assert.deepEqual(
          keys.filter((key) => !key.startsWith(namespace)),
          [],
          `every key under ${namespace}`,
        );
      }
    } finally {
      await admin.close();
      await redis.stop();
    }
  },
});

// Bug (planted by hand: `removeListeners()` dropped after the drain): the
// second-signal handler outlived the command, so a program built on
// `runGateway` that goes on after it returns (to serve again, or to finish
// its own work) was killed with status 1 by its next SIGTERM, as if it were
// the operator's second one.
Deno.test("switchyard gateway: a stop signal after the command returned is not taken as a second one", async () => {
  const double = runtimeDouble({ PORT: "0" });
  const status = gatewayCommand([], double.runtime);
  await withTimeout(
    Promise.race([status, double.listening]),
    BOUND_MS,
    "the command did not listen",
  );
  double.stop();
  assert.equal(await withTimeout(status, BOUND_MS, "no drain"), 0);
  assert.equal(double.out.at(-1), "switchyard: stopped");
  const printed = double.out.length;
  // The double's exit throws: a handler left behind fails here.
  double.stop();
  assert.deepEqual(double.out.slice(printed), []);
});

// Bug (planted by hand: `configPath ? … : …` inverted in the summary's
// local-backends line): an operator whose config file names no backends was
// told to set SWITCHYARD_CONFIG, which they had done, and one with no config
// was told their config names none.
Deno.test("switchyard gateway's summary says why it runs on the local test backends: no config, or a config naming none", async () => {
  const env = (vars: Record<string, string>) => (name: string) => vars[name];
  const none = summaryLines(
    await planGateway(env({}), () => ""),
    undefined,
    undefined,
  );
  assert.equal(
    none[1],
    "switchyard: no OPENAI_API_KEY, ANTHROPIC_API_KEY, GEMINI_API_KEY, OLLAMA_HOST or SWITCHYARD_CONFIG set: the gateway runs on deterministic local test backends (echo, mock).",
  );
  const empty = summaryLines(
    await planGateway(
      env({ SWITCHYARD_CONFIG: "/srv/gw.json" }),
      () => '{ "keys": [] }',
    ),
    "/srv/gw.json",
    undefined,
  );
  assert.equal(empty[0], "switchyard: config file: /srv/gw.json");
  assert.equal(
    empty[1],
    "switchyard: the config names no backends and no OPENAI_API_KEY, ANTHROPIC_API_KEY, GEMINI_API_KEY or OLLAMA_HOST is set: the gateway runs on deterministic local test backends (echo, mock).",
  );
  assert.deepEqual(empty.slice(2, 4), [
    "switchyard:   echo: echo (in-process test backend); default model echo",
    "switchyard:   mock: mock (in-process test backend); default model mock",
  ]);
});

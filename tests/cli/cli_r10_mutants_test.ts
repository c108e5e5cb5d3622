// What the cli area's fresh draw of seed 20261162 left unguarded: an empty
// `--config` (refused naming the flag, as an empty `--port` is), the
// runtime check on a host whose `process` is a bundler's shim, and which
// help `--help <command>` and `help <command>` print.
import assert from "node:assert/strict";
import { run } from "../_bounded.ts";
import { StartupError } from "../../src/cli/_startup_error.ts";
import { CLI } from "./_spawn.ts";
import { start } from "./_start_in_process.ts";

const CONFIG = { "/srv/gw.json": '{ "keys": [] }' };

// Bug (seed 20261162, `gateway.ts:260`, `flag("config") ?? …` → `||`): an
// empty `--config ''` (a script's unset `--config "$CONF"`) silently fell
// back to SWITCHYARD_CONFIG, or to no config at all (before this round the
// command also served with no config): it is refused naming the flag, as
// `--port ''` is. An empty SWITCHYARD_CONFIG still means unset.
Deno.test("switchyard gateway: an empty --config is refused naming it, an empty SWITCHYARD_CONFIG is unset", async () => {
  const envs: Record<string, string>[] = [{}, {
    SWITCHYARD_CONFIG: "/srv/gw.json",
  }];
  for (const vars of envs) {
    const { listened, error, out } = await start(vars, CONFIG, [
      "--config",
      "",
    ]);
    assert.equal(listened, false, out.join("\n"));
    assert.ok(error instanceof StartupError, String(error));
    assert.equal(error.message, '--config must name a config file, got ""');
  }
  const unset = await start({ SWITCHYARD_CONFIG: "" }, CONFIG);
  assert.equal(unset.listened, true, String(unset.error));
  assert.ok(
    unset.out.some((line) => line.startsWith("switchyard: config file: none")),
    unset.out.join("\n"),
  );
  const given = await start({ SWITCHYARD_CONFIG: "/srv/gw.json" }, CONFIG);
  assert.equal(given.listened, true, String(given.error));
  assert.ok(
    given.out.includes("switchyard: config file: /srv/gw.json"),
    given.out.join("\n"),
  );
});

// Bug (seed 20261162, `_runtime.ts:286`, `process?.versions?.node` →
// `process?.versions.node`): on a host that is neither Deno nor Node but has
// a bundler's `process` shim (`{ env: {} }`, no `versions`), the command
// died on a TypeError deep inside instead of saying what it runs on.
Deno.test("the runtime check names Deno and Node on a host whose process shim has no versions", async () => {
  // deno-lint-ignore no-explicit-any
  const scope = globalThis as any;
  assert.equal(typeof scope.process.versions.node, "string");
  const saved = { deno: scope.Deno, process: scope.process };
  delete scope.Deno;
  Object.defineProperty(scope, "process", {
    value: { env: {} },
    configurable: true,
    writable: true,
  });
  let module: typeof import("../../src/cli/_runtime.ts");
  try {
    module = await import(
      `../../src/cli/_runtime.ts?shim=${crypto.randomUUID()}`
    );
  } finally {
    scope.Deno = saved.deno;
    Object.defineProperty(scope, "process", {
      value: saved.process,
      configurable: true,
      writable: true,
    });
  }
  await assert.rejects(module.currentRuntime(), {
    name: "Error",
    message: "switchyard runs on Deno or Node 20+",
  });
});

async function cli(args: string[]) {
  const result = await run(Deno.execPath(), {
    args: ["run", "-A", CLI, ...args],
  });
  return { code: result.code, out: result.out, err: result.err };
}

// Bug (seed 20261162, `mod.ts:112`, `name === "help" && …` → `||`):
// `--help <word>` printed that command's help where the top help documents
// `--help` as "this help"; and `help constructor` (any key an object
// inherits) printed "undefined" — now the top help, as for an unknown topic.
Deno.test("switchyard help: help <command> is that command's help; --help <word> and help <non-command> the top help", async () => {
  for (const args of [["help", "convert"], ["help", "gateway"]]) {
    const result = await cli(args);
    assert.equal(result.code, 0, result.err);
    assert.match(result.out, new RegExp(`^Usage: switchyard ${args[1]}`));
  }
  for (
    const args of [
      ["--help", "gateway"],
      ["-h", "convert"],
      ["help", "constructor"],
      ["help", "nope"],
    ]
  ) {
    const result = await cli(args);
    assert.equal(result.code, 0, `${args.join(" ")}: ${result.err}`);
    assert.match(result.out, /^Usage: switchyard <command>/, args.join(" "));
    assert.match(result.out, /^ {2}gateway /m);
  }
});

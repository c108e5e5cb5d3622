// The `switchyard` command's top level (Deno only): help, version, unknown
// commands, and `--help` never starting a server.
import assert from "node:assert/strict";
import { run } from "../_bounded.ts";
import { cleanEnv } from "../examples/_serve_process.ts";
import { CLI } from "./_spawn.ts";
import { VERSION } from "../../src/cli/_version.ts";

async function cli(args: string[], vars: Record<string, string> = {}) {
  const result = await run(Deno.execPath(), {
    args: ["run", "-A", CLI, ...args],
    env: cleanEnv(vars),
    clearEnv: true,
  });
  return { code: result.code, out: result.out, err: result.err };
}

Deno.test("switchyard --version prints deno.json's version", async () => {
  const config = JSON.parse(
    await Deno.readTextFile(new URL("../../deno.json", import.meta.url)),
  );
  assert.equal(VERSION, config.version);
  for (const flag of ["--version", "-V"]) {
    const result = await cli([flag]);
    assert.equal(result.code, 0);
    assert.equal(result.out, `switchyard ${config.version}\n`);
  }
});

Deno.test("switchyard --help lists the commands; <command> --help prints its help and serves nothing", async () => {
  const top = await cli(["--help"]);
  assert.equal(top.code, 0);
  assert.match(top.out, /^Usage: switchyard <command>/);
  assert.match(top.out, /^ {2}gateway /m);
  assert.match(top.out, /^ {2}convert /m);
  // A taken port: were --help to start a server, it would fail with status 2.
  const taken = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  try {
    const port = String((taken.addr as Deno.NetAddr).port);
    for (
      const args of [["gateway", "--help"], ["gateway", "-h"], [
        "help",
        "gateway",
      ]]
    ) {
      const result = await cli(args, { PORT: port });
      assert.equal(result.code, 0, `${args.join(" ")}: ${result.err}`);
      assert.match(result.out, /^Usage: switchyard gateway/);
      assert.match(result.out, /--config/);
      assert.doesNotMatch(result.out, /listening/);
    }
  } finally {
    taken.close();
  }
  const convert = await cli(["convert", "--help"]);
  assert.equal(convert.code, 0);
  assert.match(convert.out, /^Usage: switchyard convert/);
});

Deno.test("switchyard: an unknown command or option is one line and status 2", async () => {
  const unknown = await cli(["serve"]);
  assert.equal(unknown.code, 2);
  assert.equal(
    unknown.err,
    'switchyard: unknown command "serve"; commands: gateway, convert (see switchyard --help)\n',
  );
  const option = await cli(["gateway", "--conifg", "x.json"]);
  assert.equal(option.code, 2);
  assert.equal(
    option.err,
    'switchyard: unknown option "--conifg" (see switchyard gateway --help)\n',
  );
  const port = await cli(["gateway", "--port", "http"]);
  assert.equal(port.code, 2);
  assert.equal(
    port.err,
    'switchyard: --port must be an integer from 0 to 65535, got "http"\n',
  );
});

// Every value flag of `switchyard gateway`, and `switchyard convert --file`,
// given an empty value, on Deno and on Node (the command bundled as the npm
// package ships it; Node 20 on PATH, skipped outside CI when it is missing):
// each is refused in one line naming the flag, status 2. A script's `--host "$ADDR"` with ADDR unset must not
// quietly fall back to the HOST variable or to loopback.
import assert from "node:assert/strict";
import { run } from "../_bounded.ts";
import { cleanEnv } from "../examples/_serve_process.ts";
import { needs, programPath } from "../_programs.ts";
import { bundleCli } from "./_node_bundle.ts";

const CLI = new URL("../../src/cli/mod.ts", import.meta.url);
const BOUND_MS = 30_000;
const nodeIgnore = needs("the command's empty flags on Node", "node").ignore;

/** Runs `switchyard ...args` with `vars` on one runtime. */
type Cli = (
  args: string[],
  vars: Record<string, string>,
) => Promise<{ code: number; err: string }>;

/**
 * The refusals, with an environment in which the command would not serve if
 * it ignored them: a HOST beyond loopback without keys (refused for that), or
 * no HOST and a PORT already taken (cannot listen) — never a server left
 * running by a planted bug.
 */
async function checkEmptyFlags(cli: Cli) {
  const gateway: Cli = (args, vars) => cli(["gateway", ...args], vars);
  const taken = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  try {
    const port = String((taken.addr as Deno.NetAddr).port);
    const cases: [string[], string][] = [
      [["--host", ""], '--host must name a listen address, got ""'],
      [["--host="], '--host must name a listen address, got ""'],
      [["--port", ""], '--port must be an integer from 0 to 65535, got ""'],
      [["-p", ""], '--port must be an integer from 0 to 65535, got ""'],
      [
        ["--drain-ms="],
        '--drain-ms must be an integer from 0 to 3600000, got ""',
      ],
      [["--config", ""], '--config must name a config file, got ""'],
      [["-c", ""], '--config must name a config file, got ""'],
      [
        ["--listener", ""],
        '--listener must be one of bounded, deno-serve, got ""',
      ],
    ];
    const envs: Record<string, string>[] = [
      { HOST: "0.0.0.0", PORT: port },
      { PORT: port },
    ];
    for (const [args, message] of cases) {
      for (const vars of envs) {
        const result = await gateway(args, vars);
        const what = `${JSON.stringify(args)} with ${JSON.stringify(vars)}`;
        assert.equal(result.code, 2, `${what}: ${result.err}`);
        assert.equal(result.err, `switchyard: ${message}\n`, what);
      }
    }
    // The variables' own empty values still mean unset: an empty HOST is
    // loopback, so the taken port is what stops it.
    const unset = await gateway(["--drain-ms", "5"], { HOST: "", PORT: port });
    assert.equal(unset.code, 2, unset.err);
    assert.match(
      unset.err,
      new RegExp(`^switchyard: cannot listen on 127\\.0\\.0\\.1:${port}: `),
    );
  } finally {
    taken.close();
  }
  // Bug: `switchyard convert --file ''` read the directory it ran in and
  // failed on that ("cannot read /tmp: Is a directory").
  for (const args of [["--file", ""], ["--file="], ["-f", ""]]) {
    const result = await cli(["convert", ...args], {});
    assert.equal(result.code, 2, `${args}: ${result.err}`);
    assert.equal(
      result.err.split("\n")[0],
      'error: --file must name a file ("-" reads stdin), got ""',
      String(args),
    );
  }
}

// Bug: `--host ''` read as "no --host" (`flag("host") ? …`), so the gateway
// listened on $HOST, or on 127.0.0.1, instead of refusing the flag.
Deno.test("switchyard gateway and convert on Deno: an empty flag value is refused naming the flag", async () => {
  await checkEmptyFlags(async (args, vars) => {
    const result = await run(Deno.execPath(), {
      args: ["run", "-A", CLI.pathname, ...args],
      clearEnv: true,
      env: cleanEnv(vars),
      timeoutMs: BOUND_MS,
    });
    return { code: result.code, err: result.err };
  });
});

// `node bin.mjs gateway …`, as the package's bin calls main.
const ENTRY = `
const { main } = await import("./cli.mjs");
globalThis.process.exit(await main(globalThis.process.argv.slice(2)));
`;

// The same bug on Node, whose runtime reads the arguments and the
// environment its own way.
Deno.test({
  name:
    "switchyard gateway and convert on Node: an empty flag value is refused naming the flag",
  ignore: nodeIgnore,
  async fn() {
    const dir = await Deno.makeTempDir();
    try {
      await bundleCli(CLI, dir);
      await Deno.writeTextFile(`${dir}/bin.mjs`, ENTRY);
      await checkEmptyFlags(async (args, vars) => {
        const result = await run(programPath("node"), {
          args: [`${dir}/bin.mjs`, ...args],
          cwd: dir,
          clearEnv: true,
          env: cleanEnv(vars),
          timeoutMs: BOUND_MS,
        });
        return { code: result.code, err: result.err };
      });
    } finally {
      await Deno.remove(dir, { recursive: true });
    }
  },
});

// parseGatewayConfig's result belongs to createGatewayFromConfig. Handed to
// createGateway instead, it fails at once: a type error when type-checked,
// a GatewayConfigError naming createGatewayFromConfig at run time (it used
// to be `TypeError: .for is not iterable`, deep in the router).
import assert from "node:assert/strict";
import {
  createGateway,
  createGatewayFromConfig,
  GatewayConfigError,
  type GatewayOptions,
  parseGatewayConfig,
} from "../../src/gateway/mod.ts";
import { createEchoAdapter } from "../../src/models/testing.ts";
import { run } from "../_bounded.ts";

const CONFIG = `{
  // two backends, as a config file names them
  "backends": [
    { "name": "local", "provider": "echo" },
    { "name": "other", "provider": "mock" },
  ],
}`;
const MOD = new URL("../../src/gateway/mod.ts", import.meta.url).href;

Deno.test("createGateway(parseGatewayConfig(...)) fails at once, naming createGatewayFromConfig", async () => {
  const config = await parseGatewayConfig(CONFIG, () => undefined);
  assert.throws(
    () => createGateway(config as unknown as GatewayOptions),
    (error: unknown) => {
      assert.ok(error instanceof GatewayConfigError, String(error));
      assert.equal(error.code, "INVALID_CONFIG");
      assert.equal(error.field, "backends[0]");
      assert.match(error.message, /createGatewayFromConfig\(config, env\)/);
      return true;
    },
  );
  // Any other entry that is no [name, adapter] pair, anywhere in the list.
  assert.throws(
    () =>
      createGateway({
        backends: [["echo", createEchoAdapter()], ["broken", {}]],
      } as unknown as GatewayOptions),
    (error: unknown) =>
      error instanceof GatewayConfigError &&
      error.field === "backends[1]" &&
      /must be a \[name, adapter\] pair/.test(error.message),
  );
  // The function meant for it serves the config's backends.
  const gateway = createGatewayFromConfig(config);
  try {
    const models = await gateway(new Request("http://localhost/v1/models"));
    const ids = (await models.json()).data.map((m: { id: string }) => m.id);
    assert.ok(ids.includes("local") && ids.includes("other"), String(ids));
  } finally {
    gateway.dispose();
  }
});

/** `deno check` of `source` in a temporary file: its exit code and stderr. */
async function check(source: string): Promise<{ code: number; err: string }> {
  const dir = await Deno.makeTempDir();
  try {
    const file = `${dir}/program.ts`;
    await Deno.writeTextFile(file, source);
    const result = await run(Deno.execPath(), {
      args: ["check", "--no-config", "--no-lock", file],
      cwd: dir,
    });
    return {
      code: result.code,
      err: new TextDecoder().decode(result.stderr),
    };
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

Deno.test("deno check: createGateway refuses parseGatewayConfig's result; createGatewayFromConfig takes it", async () => {
  const program = (call: string) =>
    `import { ${call}, parseGatewayConfig } from ${JSON.stringify(MOD)};\n` +
    `const config = await parseGatewayConfig("{}", () => undefined);\n` +
    `${call}(config).dispose();\n`;
  const wrong = await check(program("createGateway"));
  assert.notEqual(wrong.code, 0, "the mistake type-checks");
  assert.match(wrong.err, /TS2345/);
  assert.match(wrong.err, /BackendConfig/);
  const right = await check(program("createGatewayFromConfig"));
  assert.equal(right.code, 0, right.err);
});

// The one-line error a gateway config is refused with: the config tests
// assert what the operator is told (the field named, the reason), so a
// config accepted, or refused with another kind of error, fails them here.
import assert from "node:assert/strict";
import {
  GatewayConfigError,
  parseGatewayConfig,
} from "../../src/gateway/mod.ts";

/**
 * The message of the GatewayConfigError `config` (an object, written as
 * JSON, or the file's text) is refused with, `env` resolving its "$VAR"s.
 */
export async function configProblem(
  config: unknown,
  env: (name: string) => string | undefined = () => undefined,
): Promise<string> {
  const text = typeof config === "string" ? config : JSON.stringify(config);
  const error = await parseGatewayConfig(text, env).then(
    () => assert.fail(`accepted ${text}`),
    (e: unknown) => e,
  );
  assert.ok(error instanceof GatewayConfigError, String(error));
  assert.ok(!error.message.includes("\n"), "one line");
  return error.message;
}

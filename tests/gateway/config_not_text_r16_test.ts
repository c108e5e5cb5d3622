// parseGatewayConfig is typed to take the file's text; a JavaScript caller
// that hands it the object it already parsed gets the config's own error,
// naming the file, not a TypeError from inside the reader.
import assert from "node:assert/strict";
import {
  GatewayConfigError,
  parseGatewayConfig,
} from "../../src/gateway/mod.ts";

const env = () => undefined;

Deno.test("config: an object, null or a Uint8Array instead of the file's text is INVALID_CONFIG naming the file", async () => {
  const cases: Array<[unknown, string]> = [
    [{ backends: [] }, "object"],
    [null, "null"],
    [new TextEncoder().encode("{}"), "object"],
    [undefined, "undefined"],
  ];
  for (const [given, kind] of cases) {
    const error = await parseGatewayConfig(given as string, env).then(
      () => assert.fail("accepted"),
      (e) => e,
    );
    assert.ok(error instanceof GatewayConfigError, String(error));
    assert.equal(error.code, "INVALID_CONFIG");
    assert.equal(error.field, "file");
    assert.match(error.message, new RegExp(`\\(got ${kind}\\)`));
    assert.match(error.message, /JSON\.stringify/);
  }
  // The same object as text still reads.
  const config = await parseGatewayConfig(
    JSON.stringify({ backends: [] }),
    env,
  );
  assert.deepEqual(config.backends, []);
});

// What a fresh mutation draw over the config reader showed the suite did not
// check: a config file whose document is whole but followed by a stray
// closing bracket is reported at that bracket, as an unexpected character,
// not as a file that ends too soon.
import { describe, it } from "../_harness.ts";
import assert from "node:assert/strict";
import {
  GatewayConfigError,
  parseGatewayConfig,
} from "../../src/gateway/mod.ts";

async function problem(text: string): Promise<string> {
  const error = await parseGatewayConfig(text, () => undefined).then(
    () => assert.fail(`accepted ${text}`),
    (e: unknown) => e,
  );
  assert.ok(error instanceof GatewayConfigError, String(error));
  return error.message;
}

describe("config: text after the document", () => {
  it("is reported where it starts", async () => {
    for (
      const [text, at] of [
        ['{"backends": []}\n]', "line 2 column 1"],
        ['{"backends": []} }', "line 1 column 18"],
        ['{"backends": []} x', "line 1 column 18"],
      ]
    ) {
      assert.equal(
        await problem(text),
        `config: file is not valid JSON: unexpected character at ${at}`,
        text,
      );
    }
  });

  it("a document cut short is reported at its end", async () => {
    assert.equal(
      await problem('{"backends": ['),
      "config: file is not valid JSON: unexpected end at line 1 column 15",
    );
  });
});

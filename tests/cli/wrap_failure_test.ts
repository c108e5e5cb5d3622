// A program built on the command (`runGateway(args, { wrap })`) whose wrap
// throws is told its own error, not that the address could not be listened
// on: the wrap runs before the listen, outside the listen's own failure.
import assert from "node:assert/strict";
import { StartupError } from "../../src/cli/_startup_error.ts";
import { gatewayCommand } from "../../src/cli/gateway.ts";
import { withTimeout } from "../_bounded.ts";
import { runtimeDouble } from "./_runtime_double.ts";

Deno.test("a wrap that throws ends the command with its own error, and nothing is left listening", async () => {
  const double = runtimeDouble({ PORT: "0" }, {});
  const broken = new TypeError("the app could not be built");
  let wrapped = 0;
  const error = await withTimeout(
    gatewayCommand([], double.runtime, {
      wrap: () => {
        wrapped++;
        throw broken;
      },
    }).then(() => undefined, (e: unknown) => e),
    20_000,
    "the command neither failed nor stopped",
  );
  assert.equal(wrapped, 1);
  assert.equal(error, broken);
  assert.ok(!(error instanceof StartupError));
  assert.equal(double.out.some((line) => /listening on/.test(line)), false);
});

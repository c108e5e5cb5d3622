// What the cli area's fresh draw of seed 20261163 left unguarded, checked
// in-process with the runtime double.
import assert from "node:assert/strict";
import { CONVERT_HELP, convertCommand } from "../../src/cli/convert.ts";
import { runtimeDouble } from "./_runtime_double.ts";

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

// What bugs planted by hand in the cli area's least-planted files showed
// unguarded: in the runtime (`_runtime.ts`), a Windows path on a lower-case
// drive taken as relative and an error line written ahead of the request
// log lines gathered before it; at the top level (`mod.ts`), a command name
// every object inherits (`constructor`) run as a command, a failure message
// of several lines printed on several, and a config error printed with its
// class name.
import assert from "node:assert/strict";
import { currentRuntime, resolvePath } from "../../src/cli/_runtime.ts";
import { main, runGateway } from "../../src/cli/mod.ts";
import { GatewayConfigError } from "../../src/gateway/mod.ts";

/**
 * Runs `body` with the Deno runtime's outputs caught: stdout's writes
 * (where gathered log lines go), `console.log` (its `out`) and
 * `console.error` (its `err`), in the order they happen.
 */
async function captured(
  body: (written: string[]) => Promise<void> | void,
): Promise<string[]> {
  const written: string[] = [];
  const writeSync = Deno.stdout.writeSync;
  const { log, error } = console;
  const text = new TextDecoder();
  Deno.stdout.writeSync = (bytes: Uint8Array) => {
    written.push(`stdout ${text.decode(bytes)}`);
    return bytes.length;
  };
  console.log = (line: string) => void written.push(`stdout ${line}\n`);
  console.error = (line: string) => void written.push(`stderr ${line}`);
  try {
    await body(written);
  } finally {
    Deno.stdout.writeSync = writeSync;
    Object.assign(console, { log, error });
  }
  return written;
}

// Bug (planted by hand: the drive pattern `[A-Za-z]` narrowed to `[A-Z]`):
// `--config c:\srv\gw.json`, as typed in a Windows shell, was read under the
// working directory (`C:/work/c:/srv/gw.json`), and a file under a base on
// a lower-case drive lost its drive.
Deno.test("resolvePath: a Windows path on a drive written in lower case is absolute", () => {
  assert.equal(resolvePath("C:\\work", "c:\\srv\\gw.json"), "c:\\srv\\gw.json");
  assert.equal(resolvePath("/srv", "d:/cfg/gw.json"), "d:/cfg/gw.json");
  assert.equal(resolvePath("c:\\work", "..\\gw.json"), "c:/gw.json");
  assert.equal(resolvePath("C:\\work", "C:\\srv\\gw.json"), "C:\\srv\\gw.json");
});

// Bug (planted by hand: `err`'s flush of the gathered log lines dropped):
// a failure line reached stderr before the request lines logged ahead of
// it, so an operator reading both streams together (a terminal, `2>&1`, a
// container's log) saw the failure before the requests that led to it; the
// runtime's contract is that `out`, `err` and `exit` each write them first.
Deno.test("the Deno runtime writes the gathered log lines before an error line", async () => {
  const runtime = await currentRuntime();
  assert.equal(runtime.name, "deno");
  await captured((written) => {
    try {
      runtime.log('{"event":"request","status":200}');
      runtime.log('{"event":"request","status":503}');
      runtime.err("switchyard: the listener failed");
      assert.deepEqual(written, [
        'stdout {"event":"request","status":200}\n{"event":"request","status":503}\n',
        "stderr switchyard: the listener failed",
      ]);
    } finally {
      // Cancels the flush timer when the lines are still gathered.
      runtime.flush();
    }
  });
});

// Bug (planted by hand in `mod.ts`: `Object.hasOwn(COMMANDS, name)` → `name
// in COMMANDS`): `switchyard constructor` (or `toString`, `__proto__`, any
// name an object inherits) was taken for a command and ended in "TypeError:
// COMMANDS[name].run is not a function" instead of the unknown-command line.
Deno.test("switchyard: a command name every object inherits is an unknown command", async () => {
  for (const name of ["constructor", "toString", "__proto__"]) {
    let status: number | undefined;
    const written = await captured(async () => {
      status = await main([name, "--help"]);
    });
    assert.equal(status, 2, name);
    assert.deepEqual(written, [
      `stderr switchyard: unknown command ${
        JSON.stringify(name)
      }; commands: gateway, convert (see switchyard --help)`,
    ]);
  }
});

// Bugs (planted by hand in `mod.ts`): the `g` flag dropped from the pattern
// that puts a failure on one line, so an embedding program's error of
// three lines (a wrap that throws while it builds its app) kept its last
// line break and the `switchyard: …` line a supervisor greps for ran on
// into a second; and GatewayConfigError left out of the errors printed as
// their message alone, so a config error raised in the wrap read
// "GatewayConfigError: config: …" where the command's own read "config: …".
Deno.test("runGateway: a failure in the wrap is one line, a config error's as the command prints its own", async () => {
  const failures = [
    new RangeError(
      "the app could not be built:\n  routes: 2\r\n  missing: /v1/x",
    ),
    new GatewayConfigError("app.routes[1]", "must start with /"),
  ];
  const expected = [
    "switchyard: RangeError: the app could not be built: routes: 2 missing: /v1/x",
    "switchyard: config: app.routes[1] must start with /",
  ];
  for (const [i, failure] of failures.entries()) {
    let status: number | undefined;
    const written = await captured(async () => {
      status = await runGateway(["--port", "0", "--host", "127.0.0.1"], {
        wrap: () => {
          throw failure;
        },
      });
    });
    assert.equal(status, 2);
    const errors = written.filter((line) => line.startsWith("stderr "));
    assert.deepEqual(errors, [`stderr ${expected[i]}`]);
  }
});

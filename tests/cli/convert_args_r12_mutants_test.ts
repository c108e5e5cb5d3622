// `switchyard convert -- INPUT`: after `--` the next argument is the input,
// whatever it starts with, as with every POSIX command; nothing after it is
// read as an option. A script passes untrusted text that way.
import assert from "node:assert/strict";
import { convertCommand } from "../../src/cli/convert.ts";
import { runtimeDouble } from "./_runtime_double.ts";

// Bug (seed 20261167, `convert.ts:165`, the push after `--` dropped): the
// input after `--` ignored, so the built-in sample (or piped stdin) was
// converted instead, exit 0, the user's text silently lost.
Deno.test("switchyard convert: the argument after -- is the input, even when it looks like an option", async () => {
  const given = runtimeDouble({});
  assert.equal(
    await convertCommand(
      ["--to", "curl", "--", "curl https://a.example/after-dashes"],
      given.runtime,
    ),
    0,
  );
  assert.deepEqual(given.out, ["curl 'https://a.example/after-dashes'"]);

  // `--pretty` after `--` is the input (which is no request), not the flag.
  const flagLike = runtimeDouble({});
  assert.equal(
    await convertCommand(["--to", "http", "--", "--pretty"], flagLike.runtime),
    1,
    flagLike.out.join("\n"),
  );
  assert.equal(flagLike.out.length, 1, flagLike.out.join("\n"));
  assert.match(
    flagLike.out[0],
    /^error \[INVALID_INPUT\] at offset 0: cannot tell what this is/,
  );

  // Two arguments after `--` are two inputs: refused as usage, status 2.
  const two = runtimeDouble({});
  assert.equal(
    await convertCommand(["--", "curl https://a.example/", "-v"], two.runtime),
    2,
  );
  assert.match(two.out.join("\n"), /^error: give the input as ONE argument/);
});

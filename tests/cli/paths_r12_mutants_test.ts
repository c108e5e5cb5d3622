// A relative `--file` or `--config` path is read from the directory the
// command ran in. `..` past the root stays at the root, as a shell's `cd`
// does: the path stays absolute, never becomes one relative to wherever the
// process happens to run.
import assert from "node:assert/strict";
import { resolvePath } from "../../src/cli/_runtime.ts";
import { convertCommand } from "../../src/cli/convert.ts";
import { runtimeDouble } from "./_runtime_double.ts";

// Bug: `..` pops the root segment too, so `../../etc/x` from `/w` reads
// `etc/x` relative to the process's working directory.
Deno.test("resolvePath: `..` past the root stays absolute, on POSIX and on a Windows drive", () => {
  assert.equal(resolvePath("/w", "../../etc/x"), "/etc/x");
  assert.equal(resolvePath("/", "../x"), "/x");
  assert.equal(resolvePath("C:\\w", "..\\..\\f"), "C:/f");
});

Deno.test("switchyard convert: --file with more `..` than the directory is deep reads from the root", async () => {
  const double = runtimeDouble({}, {
    files: { "/in.txt": "curl https://a.example/up" },
  });
  // The double runs the command in /srv.
  const status = await convertCommand(
    ["--to", "curl", "--file", "../../../in.txt"],
    double.runtime,
  );
  assert.equal(status, 0, double.out.join("\n"));
  assert.deepEqual(double.out, ["curl 'https://a.example/up'"]);
});

// What bugs planted by hand beside the cli area's draw of seed 20261169
// showed unguarded in `switchyard convert`'s default output (every form at
// once), checked in-process with the runtime double.
import assert from "node:assert/strict";
import { convertCommand } from "../../src/cli/convert.ts";
import { runtimeDouble } from "./_runtime_double.ts";

/** The lines of the section under `heading` in the default output. */
function section(output: string, heading: string): string[] {
  const lines = output.split("\n");
  const at = lines.indexOf(heading);
  assert.notEqual(at, -1, `${heading} in ${output}`);
  const end = lines.findIndex((line, i) => i > at && line.startsWith("# "));
  return lines.slice(at + 1, end === -1 ? undefined : end);
}

async function convertAll(input: string): Promise<string> {
  const double = runtimeDouble({});
  const status = await convertCommand(["--quiet", input], double.runtime);
  const output = double.out.join("\n");
  assert.equal(status, 0, output);
  return output;
}

// Bug (`convert.ts`, the `g` of `/\r\n/g` dropped where the raw HTTP section
// is written): only the request line's CRLF became a line feed; every header
// line after it kept a carriage return, so the output saved to a file or
// compared had mixed line ends. Each line of the section ends in LF alone,
// a header per line, the second and the last header included.
Deno.test("switchyard convert: the raw HTTP section of the default output has LF line ends on every line of a request", async () => {
  const output = await convertAll(
    "curl https://api.example/v1/items -H 'X-A: 1' -H 'X-B: 2' -d 'a=1'",
  );
  assert.ok(!output.includes("\r"), JSON.stringify(output));
  const raw = section(output, "# Raw HTTP");
  assert.equal(raw[0], "POST https://api.example/v1/items HTTP/1.1");
  for (const header of ["x-a: 1", "x-b: 2"]) {
    assert.ok(raw.includes(header), `${header} in ${JSON.stringify(raw)}`);
  }
  assert.equal(raw.at(-1), "a=1", "the body after an empty line");
  assert.equal(raw.at(-2), "");
});

// Bug (`convert.ts`, the same `g` dropped in the response's raw section).
Deno.test("switchyard convert: the raw HTTP section of a response's default output has LF line ends on every line", async () => {
  const output = await convertAll(
    "HTTP/1.1 200 OK\r\ncontent-type: text/plain\r\nx-a: 1\r\n\r\nhello",
  );
  assert.ok(!output.includes("\r"), JSON.stringify(output));
  const raw = section(output, "# Raw HTTP");
  assert.equal(raw[0], "HTTP/1.1 200 OK");
  for (const header of ["content-type: text/plain", "x-a: 1"]) {
    assert.ok(raw.includes(header), `${header} in ${JSON.stringify(raw)}`);
  }
  assert.equal(raw.at(-1), "hello");
});
